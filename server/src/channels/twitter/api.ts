// The X API v2 calls the adapter makes, at TWITTER_API_BASE: the account (users/me) and the direct
// messages in the account's user context (OAuth 1.0a), the webhooks with the app's bearer token
// (OAuth 2.0 client credentials), and the Account Activity subscription of the account.
import type { App } from '../../types';
import { authorization, type OAuth1Keys } from './oauth1';

export const TWITTER_TIMEOUT_MS = 15_000;

/** X answered, refusing the call (4xx): `detail` is X's own reason. */
export class XRefused extends Error {
  constructor(readonly status: number, readonly detail: string) {
    super(`${status} ${detail}`);
  }
}

/** X did not answer, or answered 5xx. */
export class XUnreachable extends Error {}

/** A webhook as X's API v2 lists it. */
export interface XWebhook {
  id: string;
  url: string;
  valid: boolean;
  created_at?: string;
}

type Auth = { user: OAuth1Keys } | { bearer: string } | { basic: string };

/** X's reason in its error bodies: RFC 7807's detail or title, or the first of `errors`. */
function reasonOf(body: unknown): string {
  const b = body as { detail?: string; title?: string; errors?: Array<{ message?: string; detail?: string }> } | null;
  return b?.detail ?? b?.errors?.[0]?.message ?? b?.errors?.[0]?.detail ?? b?.title ?? 'sin detalle';
}

async function call(app: App, method: string, path: string, auth: Auth, body?: { json?: unknown; form?: Record<string, string> }): Promise<unknown> {
  const url = `${app.config.twitterApiBase}${path}`;
  const headers: Record<string, string> = {};
  const form = body?.form ? Object.entries(body.form) : [];
  if ('user' in auth) headers.authorization = authorization(auth.user, method, url, form);
  else if ('bearer' in auth) headers.authorization = `Bearer ${auth.bearer}`;
  else headers.authorization = `Basic ${auth.basic}`;
  let payload: string | undefined;
  if (body?.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body?.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    payload = new URLSearchParams(body.form).toString();
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, redirect: 'manual', signal: AbortSignal.timeout(TWITTER_TIMEOUT_MS) });
  } catch (error) {
    throw new XUnreachable(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.status >= 400 && response.status < 500) throw new XRefused(response.status, reasonOf(parsed));
  if (!response.ok) throw new XUnreachable(`${method} ${path}: ${response.status}`);
  return parsed;
}

const data = <T>(answer: unknown): T | undefined => (answer as { data?: T } | undefined)?.data;

/** The app's bearer token (OAuth 2.0 client credentials with the consumer key and secret). */
export async function appToken(app: App, consumerKey: string, consumerSecret: string): Promise<string> {
  const basic = Buffer.from(`${encodeURIComponent(consumerKey)}:${encodeURIComponent(consumerSecret)}`).toString('base64');
  const answer = (await call(app, 'POST', '/oauth2/token', { basic }, { form: { grant_type: 'client_credentials' } })) as { access_token?: string } | undefined;
  if (!answer?.access_token) throw new XUnreachable('POST /oauth2/token: sin access_token');
  return answer.access_token;
}

/** The account the access token is of. */
export async function usersMe(app: App, keys: OAuth1Keys): Promise<{ id: string; username?: string; name?: string }> {
  const me = data<{ id?: string; username?: string; name?: string }>(await call(app, 'GET', '/2/users/me', { user: keys }));
  if (!me?.id) throw new XUnreachable('GET /2/users/me: sin id');
  return { id: me.id, username: me.username, name: me.name };
}

export async function listWebhooks(app: App, bearer: string): Promise<XWebhook[]> {
  return data<XWebhook[]>(await call(app, 'GET', '/2/webhooks', { bearer })) ?? [];
}

/** Registers `url`; X runs the CRC against it at once. */
export async function createWebhook(app: App, bearer: string, url: string): Promise<XWebhook> {
  const created = data<XWebhook>(await call(app, 'POST', '/2/webhooks', { bearer }, { json: { url } }));
  if (!created?.id) throw new XUnreachable('POST /2/webhooks: sin id');
  return created;
}

/** Asks X to run the CRC again. */
export async function validateWebhook(app: App, bearer: string, webhookId: string): Promise<void> {
  await call(app, 'PUT', `/2/webhooks/${encodeURIComponent(webhookId)}`, { bearer });
}

export async function deleteWebhook(app: App, bearer: string, webhookId: string): Promise<void> {
  await call(app, 'DELETE', `/2/webhooks/${encodeURIComponent(webhookId)}`, { bearer });
}

/** Subscribes the account of `keys` to the webhook's Account Activity. */
export async function subscribe(app: App, keys: OAuth1Keys, webhookId: string): Promise<void> {
  await call(app, 'POST', `/2/account_activity/webhooks/${encodeURIComponent(webhookId)}/subscriptions/all`, { user: keys }, { json: {} });
}

export async function unsubscribe(app: App, bearer: string, webhookId: string, userId: string): Promise<void> {
  await call(app, 'DELETE', `/2/account_activity/webhooks/${encodeURIComponent(webhookId)}/subscriptions/${encodeURIComponent(userId)}/all`, { bearer });
}

/** A direct message from the account to `participant`. */
export async function sendDm(app: App, keys: OAuth1Keys, participant: string, text: string): Promise<void> {
  await call(app, 'POST', `/2/dm_conversations/with/${encodeURIComponent(participant)}/messages`, { user: keys }, { json: { text } });
}

/** A failure in words fit for the log. */
export const xFailure = (error: unknown): string => (error instanceof Error ? error.message : String(error));
