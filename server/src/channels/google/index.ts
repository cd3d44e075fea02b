// Google Chat: events arrive at {API_BASE}/wh/google/{id} with a bearer JWT that Chat signs for the
// channel's Cloud project number, from users of the channel's Workspace domain (idR). The answer is
// the event's reply when the bot gives it within GOOGLE_REPLY_WITHIN_MS; later, it goes out through
// the Chat API as the channel's service account.
import type { CanalCfg } from '../../../../common/schemas/canales';
import { PROVIDER_MESSAGES, type ChannelAdapter } from '../adapter';
import { toGoogle } from './format';
import { readChatEvent } from './receive';
import { sendChat } from './send';
import { checkChatToken } from './verify';

/** Chat waits 30 s for the reply; past this bound the answer goes through the API instead. */
export const GOOGLE_REPLY_WITHIN_MS = 8_000;

export const GOOGLE_MESSAGES = {
  notConfigured: 'El canal de Google Chat no tiene configurados el dominio de Google Workspace (Iniciar sesión) y el número de proyecto de Google Cloud',
  otherDomain: 'El evento viene de un usuario de otro dominio que el del canal',
} as const;

export const google: ChannelAdapter = {
  kind: 'Google',

  async read(app, canal, input) {
    const projectNumber = (JSON.parse(canal.cfg || '{}') as CanalCfg).projectNumber?.trim();
    const domain = canal.idR?.trim();
    if (!projectNumber || !domain) return { kind: 'refused', status: 403, message: GOOGLE_MESSAGES.notConfigured };
    const check = await checkChatToken(app, input.headers, projectNumber);
    if (check !== 'ok') return { kind: 'refused', status: 401, message: check === 'expired' ? PROVIDER_MESSAGES.staleSignature : PROVIDER_MESSAGES.badSignature };
    const reading = readChatEvent(input.body, domain);
    if (reading.kind === 'otherDomain') return { kind: 'refused', status: 403, message: GOOGLE_MESSAGES.otherDomain };
    return reading;
  },

  reply: { withinMs: GOOGLE_REPLY_WITHIN_MS, body: toGoogle },

  send: sendChat,
};
