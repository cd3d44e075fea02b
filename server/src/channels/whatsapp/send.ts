// Answers on WhatsApp: each message as `POST {WHATSAPP_API_BASE}/{phoneNumberId}/messages` with the
// channel's access token, or, with useChasqui, one post of the whole answer to the relay's https URL,
// signed like Meta signs its webhooks (X-Hub-Signature-256) with the channel's verify token, which
// the relay has from the exported configuration.
import https from 'node:https';
import tls from 'node:tls';
import { CANAL_MESSAGES, type CanalCfg } from '../../schemas/canales';
import type { ChatMessage } from '../../schemas/chat';
import { readCanalSecret } from '../../services/canales';
import type { App } from '../../types';
import type { Recipient } from '../adapter';
import type { CanalRow } from '../inbound';
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
  const status = await postHttps(url, body, {
    'content-type': 'application/json',
    ...(verifyToken ? { 'x-hub-signature-256': hubSignature(verifyToken, body) } : {}),
  }, app.config.relayCa);
  if (status < 200 || status >= 300) throw new Error(`el relay respondió ${status}`);
}

/** One https POST; `ca` adds certificates to the system's (a relay with a private one). */
function postHttps(url: URL, body: string, headers: Record<string, string>, ca?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      timeout: WHATSAPP_TIMEOUT_MS,
      ...(ca ? { ca: [...tls.rootCertificates, ca] } : {}),
    }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('el relay no respondió a tiempo')));
    request.on('error', reject);
    request.end(body);
  });
}
