// WhatsApp (Cloud API): posts arrive at {API_BASE}/wh/whatsapp/{id} signed with the app secret
// (X-Hub-Signature-256); answers go out through the Cloud API, or through the channel's relay.
import type { CanalCfg } from '../../../../common/schemas/canales';
import { readCanalSecret } from '../../services/canales/canales';
import { PROVIDER_MESSAGES, type ChannelAdapter } from '../adapter';
import { readCloudWebhook, type StaleMessage } from './receive';
import { sendCloud, sendRelay } from './send';
import { checkHubSignature } from './verify';

export const whatsapp: ChannelAdapter = {
  kind: 'Whatsapp',

  async read(app, canal, input) {
    const appSecret = readCanalSecret(app, canal, 'whatsappAppSecret');
    if (!appSecret) return { kind: 'refused', status: 403, message: PROVIDER_MESSAGES.notConfigured };
    if (!checkHubSignature(appSecret, input.headers, input.rawBody)) return { kind: 'refused', status: 401, message: PROVIDER_MESSAGES.badSignature };
    const cfg = JSON.parse(canal.cfg || '{}') as CanalCfg;
    // A stale message is acknowledged with the rest (Meta expects 200) and not answered.
    const onStale = ({ id, sentAt }: StaleMessage) =>
      app.log.info(`WhatsApp: mensaje ${id} del canal ${canal.id} enviado el ${new Date(sentAt).toISOString()}, fuera de la ventana de duplicados: no se responde`);
    return { kind: 'messages', messages: readCloudWebhook(input.body, cfg.phoneNumberId, { now: app.config.now(), onStale }) };
  },

  send(app, canal, to, messages) {
    return canal.useChasqui ? sendRelay(app, canal, to, messages) : sendCloud(app, canal, to, messages);
  },
};
