// Answers on WhatsApp: each message as `POST {WHATSAPP_API_BASE}/{phoneNumberId}/messages` with the
// channel's access token, or, with useChasqui, one post of the whole answer to the relay's https URL,
// signed like Meta signs its webhooks (X-Hub-Signature-256) with the channel's verify token, which
// the relay has from the exported configuration.
import { CANAL_MESSAGES, type CanalCfg } from '../../../../common/schemas/canales';
import type { ChatMessage } from '../../../../common/schemas/chat';
import { readCanalSecret } from '../../services/canales/canales';
import type { App } from '../../types';
import type { Recipient } from '../adapter';
import type { CanalRow } from '../../conversation';
import { toWhatsapp, type WhatsappContent } from './format';
import { hubSignature } from './verify';

export const WHATSAPP_TIMEOUT_MS = 15_000;

/** A Cloud API message to `to`. */
export const cloudMessage = (to: string, content: WhatsappContent) => ({ messaging_product: 'whatsapp', recipient_type: 'individual', to, ...content });

export async function sendCloud(app: App, canal: CanalRow, to: Recipient, messages: readonly ChatMessage[]): Promise<void> {
  const token = readCanalSecret(app, canal, 'accessToken');
  const phoneNumberId = (JSON.parse(canal.cfg || '{}') as CanalCfg).phoneNumberId;
  if (!token || !phoneNumberId) throw new Error('el canal de WhatsApp no tiene access token o phone number id');
  const url = `${app.config.whatsappApiBase}/${encodeURIComponent(phoneNumberId)}/messages`;
  for (const content of toWhatsapp(messages)) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(cloudMessage(to.id, content)),
      signal: AbortSignal.timeout(WHATSAPP_TIMEOUT_MS),
    });
    // One refused message (an image Meta cannot fetch) does not keep the rest from going out.
    if (!response.ok) app.log.warn(`WhatsApp rechazó un mensaje del canal ${canal.id}: ${response.status} ${(await response.text()).slice(0, 500)}`);
  }
}

/** What the relay receives: the channel, the recipient, the bot's messages and the same as Cloud API messages. */
export function relayBody(canal: Pick<CanalRow, 'id'>, to: Recipient, messages: readonly ChatMessage[]) {
  return { canal: canal.id, to: to.id, mensajes: messages, whatsapp: toWhatsapp(messages).map((content) => cloudMessage(to.id, content)) };
}

export async function sendRelay(app: App, canal: CanalRow, to: Recipient, messages: readonly ChatMessage[]): Promise<void> {
  const url = new URL(canal.chasquiUrl ?? '');
  if (url.protocol !== 'https:') throw new Error(CANAL_MESSAGES.chasquiHttps);
  const body = JSON.stringify(relayBody(canal, to, messages));
  const verifyToken = readCanalSecret(app, canal, 'verifyToken');
  // The relay's address is typed by a user: it goes through the outbound guard, and a redirect is an answer, not followed.
  const { response } = await app.outbound.fetch(url, {
    method: 'POST',
    headers: Object.entries({
      'content-type': 'application/json',
      ...(verifyToken ? { 'x-hub-signature-256': hubSignature(verifyToken, body) } : {}),
    }),
    body,
    signal: AbortSignal.timeout(WHATSAPP_TIMEOUT_MS),
    maxRedirects: 0,
    ca: app.config.relayCa,
  });
  await response.body?.cancel().catch(() => undefined);
  if (response.status < 200 || response.status >= 300) throw new Error(`el relay respondió ${response.status}`);
}
