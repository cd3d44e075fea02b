// Microsoft Teams: Bot Framework activities arrive at {API_BASE}/wh/teams/{id} with a token Bot
// Framework signs (verify.ts); only the channel's own Microsoft tenant (idR, set when the channel
// signs in) is answered; answers go back through the Bot Connector service (send.ts).
import { ApiError } from '../../errors';
import { readCanalSecret } from '../../services/canales/canales';
import { graphAccessToken } from '../../services/canales/inicioSesion';
import { PROVIDER_MESSAGES, type ChannelAdapter, type WebhookReading } from '../adapter';
import { MicrosoftUnreachable } from './api';
import { inboundTeamsFiles } from './files';
import { toTeams } from './format';
import { activityTenant, asActivity, isTeamsRecipient, readActivity } from './receive';
import { botFrameworkToken, postActivities } from './send';
import { checkBotFrameworkToken } from './verify';

export const TEAMS_MESSAGES = {
  notSignedIn: 'El canal de Teams no tiene iniciada la sesión con Microsoft',
  otherTenant: 'La actividad es de otro inquilino de Microsoft que el del canal',
} as const;

const refused = (status: 401 | 403, message: string): WebhookReading => ({ kind: 'refused', status, message });

export const teams: ChannelAdapter = {
  kind: 'Microsoft',

  async read(app, canal, input) {
    const appId = readCanalSecret(app, canal, 'msAppId');
    const password = readCanalSecret(app, canal, 'msAppPassword');
    if (!appId || !password) return refused(403, PROVIDER_MESSAGES.notConfigured);
    if (!canal.idR) return refused(403, TEAMS_MESSAGES.notSignedIn);
    const activity = asActivity(input.body);
    if (!activity?.serviceUrl) return refused(401, PROVIDER_MESSAGES.badSignature);
    let check;
    try {
      check = await checkBotFrameworkToken(app, input.headers, { appId, serviceUrl: activity.serviceUrl, channelId: activity.channelId });
    } catch (error) {
      if (!(error instanceof MicrosoftUnreachable)) throw error;
      // Without Bot Framework's keys nothing can be verified: a 5xx has Bot Framework send it again later.
      app.log.warn(`Teams: no se pudieron leer las claves de Bot Framework: ${error.message}`);
      throw new ApiError(502, PROVIDER_MESSAGES.unreachable('Bot Framework'));
    }
    if (check === 'expired') return refused(401, PROVIDER_MESSAGES.staleSignature);
    if (check !== 'ok') return refused(401, PROVIDER_MESSAGES.badSignature);
    if (activityTenant(activity)?.toLowerCase() !== canal.idR.toLowerCase()) return refused(403, TEAMS_MESSAGES.otherTenant);
    // A file is fetched with Graph's token (the channel's 'Autorizar archivos') on SharePoint and OneDrive, else with the bot's own.
    const files = inboundTeamsFiles(app, activity, { graph: () => graphAccessToken(app, canal), botFramework: () => botFrameworkToken(app, canal, appId, password) });
    return { kind: 'messages', messages: readActivity(activity, files) };
  },

  async send(app, canal, to, messages) {
    if (!isTeamsRecipient(to)) throw new Error('la respuesta de Teams no sabe a qué servicio ni actividad responder');
    const appId = readCanalSecret(app, canal, 'msAppId');
    const password = readCanalSecret(app, canal, 'msAppPassword');
    if (!appId || !password) throw new Error('el canal de Teams no tiene el id y la contraseña de la aplicación');
    const activities = toTeams(messages);
    if (!activities.length) return;
    await postActivities(app, canal, to, activities, await botFrameworkToken(app, canal, appId, password));
  },
};
