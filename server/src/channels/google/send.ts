// Answers that missed the event's reply: spaces.messages.create at GOOGLE_CHAT_API_BASE, in the
// event's thread, as the channel's service account. Its JSON key signs a JWT (RS256; iss its
// client_email, aud its token_uri, the chat.bot scope) exchanged at token_uri for an access token
// (the jwt-bearer grant), kept until a minute before it expires. Every call goes through the
// outbound guard.
import { createHash } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import type { ChatMessage } from '../../../../common/schemas/chat';
import { readCanalSecret } from '../../services/canales/canales';
import type { App } from '../../types';
import type { CanalRow } from '../../conversation';
import type { Recipient } from '../adapter';
import { toGoogle } from './format';

export const CHAT_SCOPE = 'https://www.googleapis.com/auth/chat.bot';
export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
export const GOOGLE_TIMEOUT_MS = 15_000;
const ASSERTION_LIFETIME_S = 3600;
/** A token is renewed this long before Google says it expires. */
const RENEW_BEFORE_MS = 60_000;

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri: string;
  private_key_id?: string;
}

/** The service account of a JSON key, or undefined when a field it needs is missing. */
export function serviceAccount(json: string | undefined): ServiceAccount | undefined {
  if (!json) return undefined;
  try {
    const key = JSON.parse(json) as Partial<ServiceAccount>;
    if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string' || typeof key.token_uri !== 'string') return undefined;
    return { client_email: key.client_email, private_key: key.private_key, token_uri: key.token_uri, ...(typeof key.private_key_id === 'string' ? { private_key_id: key.private_key_id } : {}) };
  } catch {
    return undefined;
  }
}

/** Access tokens per app, by a digest of the key they were obtained with. */
const tokens = new WeakMap<App, Map<string, { token: string; until: number }>>();

/** The signed assertion the token endpoint exchanges. */
export async function assertion(account: ServiceAccount, now: number): Promise<string> {
  const key = await importPKCS8(account.private_key, 'RS256');
  const iat = Math.floor(now / 1000);
  return new SignJWT({ scope: CHAT_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) })
    .setIssuer(account.client_email)
    .setAudience(account.token_uri)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ASSERTION_LIFETIME_S)
    .sign(key);
}

async function accessToken(app: App, account: ServiceAccount): Promise<string> {
  const digest = createHash('sha256').update(JSON.stringify(account)).digest('base64url');
  const kept = tokens.get(app) ?? new Map<string, { token: string; until: number }>();
  tokens.set(app, kept);
  const now = app.config.now();
  const cached = kept.get(digest);
  if (cached && cached.until > now) return cached.token;
  const body = new URLSearchParams({ grant_type: JWT_BEARER, assertion: await assertion(account, now) }).toString();
  const { response } = await app.outbound.fetch(new URL(account.token_uri), {
    method: 'POST',
    headers: [['content-type', 'application/x-www-form-urlencoded']],
    body,
    signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
    maxRedirects: 0,
  });
  const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
  if (!response.ok || typeof answer.access_token !== 'string') throw new Error(`el token de la cuenta de servicio fue rechazado: ${response.status} ${String(answer.error ?? '')}`);
  const lifetime = typeof answer.expires_in === 'number' ? answer.expires_in * 1000 : 0;
  kept.set(digest, { token: answer.access_token, until: now + lifetime - RENEW_BEFORE_MS });
  return answer.access_token;
}

/** The answer as one message in the recipient's space, in its thread when it has one. */
export async function sendChat(app: App, canal: CanalRow, to: Recipient, messages: readonly ChatMessage[]): Promise<void> {
  const message = toGoogle(messages);
  if (!message.text && !message.cardsV2) return;
  const account = serviceAccount(readCanalSecret(app, canal, 'googleServiceAccount'));
  if (!account) throw new Error('el canal de Google Chat no tiene la clave JSON de su cuenta de servicio');
  const token = await accessToken(app, account);
  // The space's name was checked as spaces/{id} when the event was read.
  const url = new URL(`${app.config.googleChatApiBase}/${to.id}/messages`);
  if (to.thread) url.searchParams.set('messageReplyOption', 'REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD');
  const { response } = await app.outbound.fetch(url, {
    method: 'POST',
    headers: [['authorization', `Bearer ${token}`], ['content-type', 'application/json; charset=utf-8']],
    body: JSON.stringify({ ...message, ...(to.thread ? { thread: { name: to.thread } } : {}) }),
    signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
    maxRedirects: 0,
  });
  if (!response.ok) throw new Error(`spaces.messages.create respondió ${response.status}: ${(await response.text()).slice(0, 500)}`);
  await response.body?.cancel().catch(() => undefined);
}
