// Answers on Teams: each activity is POSTed to {serviceUrl}v3/conversations/{conversation}/activities/{replyToId}
// (Bot Connector's "reply to activity") with a bearer token the channel's app gets by client
// credentials (its id and password, scope https://api.botframework.com/.default) from the token
// endpoint that MICROSOFT_AUTHORITY's discovery document names. The serviceUrl is the one the
// activity's verified token vouched for. A token is kept per channel until shortly before it expires.
import { createHash } from 'node:crypto';
import type { App } from '../../types';
import type { CanalRow } from '../../conversation';
import { MicrosoftUnreachable, teamsFetch, teamsJson } from './api';
import type { TeamsActivity } from './format';
import type { TeamsRecipient } from './receive';

export const BOT_FRAMEWORK_SCOPE = 'https://api.botframework.com/.default';
/** A token is renewed this long before Microsoft says it expires. */
export const TOKEN_MARGIN_MS = 5 * 60_000;
export const ENDPOINT_TTL_MS = 12 * 60 * 60_000;
/**
 * The authorities that name no tenant. A multi-tenant bot's Bot Framework token comes from the
 * botframework.com tenant, as Bot Framework documents, so such an authority is read with
 * botframework.com in that place; an authority that names a tenant (a single-tenant bot) is used as is.
 */
export const TENANTLESS = new Set(['common', 'organizations', 'consumers']);
export const BOT_FRAMEWORK_TENANT = 'botframework.com';

/** The authority the app's Bot Framework token comes from. */
export function botFrameworkAuthority(authority: string): string {
  const url = new URL(authority);
  url.pathname = url.pathname.split('/').map((segment) => (TENANTLESS.has(segment.toLowerCase()) ? BOT_FRAMEWORK_TENANT : segment)).join('/');
  return url.toString().replace(/\/+$/, '');
}

interface Token {
  value: string;
  until: number;
}

/** What one app keeps: the token endpoint by authority, and each channel's token. */
interface Kept {
  endpoints: Map<string, { url: string; at: number }>;
  tokens: Map<string, Token>;
  pending: Map<string, Promise<Token>>;
}

const keptByApp = new WeakMap<App, Kept>();

function keptOf(app: App): Kept {
  let kept = keptByApp.get(app);
  if (!kept) keptByApp.set(app, (kept = { endpoints: new Map(), tokens: new Map(), pending: new Map() }));
  return kept;
}

async function tokenEndpoint(app: App, kept: Kept): Promise<string> {
  const authority = botFrameworkAuthority(app.config.microsoftAuthority);
  const known = kept.endpoints.get(authority);
  if (known && app.config.now() - known.at < ENDPOINT_TTL_MS) return known.url;
  const { token_endpoint: url } = await teamsJson(app, `${authority}/.well-known/openid-configuration`);
  if (typeof url !== 'string' || !URL.canParse(url)) throw new MicrosoftUnreachable('el documento de descubrimiento de Microsoft no trae token_endpoint');
  kept.endpoints.set(authority, { url, at: app.config.now() });
  return url;
}

/** The channel's token is kept under its app id and a digest of its password: a changed password asks anew. */
const tokenKey = (canal: Pick<CanalRow, 'id'>, appId: string, password: string) => `${canal.id}\n${appId}\n${createHash('sha256').update(password).digest('base64url')}`;

async function requestToken(app: App, kept: Kept, appId: string, password: string): Promise<Token> {
  const endpoint = await tokenEndpoint(app, kept);
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: appId, client_secret: password, scope: BOT_FRAMEWORK_SCOPE });
  const answer = await teamsJson(app, endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
  const seconds = Number(answer.expires_in);
  if (typeof answer.access_token !== 'string' || !answer.access_token) throw new MicrosoftUnreachable('Microsoft no entregó el token de Bot Framework');
  const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
  return { value: answer.access_token, until: app.config.now() + Math.max(0, lifetime - TOKEN_MARGIN_MS) };
}

/** The channel's Bot Framework token: the kept one while it lasts, else a new one (one request at a time per channel). */
export async function botFrameworkToken(app: App, canal: Pick<CanalRow, 'id'>, appId: string, password: string): Promise<string> {
  const kept = keptOf(app);
  const key = tokenKey(canal, appId, password);
  const token = kept.tokens.get(key);
  if (token && app.config.now() < token.until) return token.value;
  let pending = kept.pending.get(key);
  if (!pending) {
    pending = requestToken(app, kept, appId, password).finally(() => kept.pending.delete(key));
    kept.pending.set(key, pending);
  }
  const fresh = await pending;
  kept.tokens.set(key, fresh);
  return fresh.value;
}

/** Forgets the channel's tokens (the Bot Connector refused one). */
export function forgetToken(app: App, canal: Pick<CanalRow, 'id'>): void {
  const kept = keptOf(app);
  for (const key of kept.tokens.keys()) if (key.startsWith(`${canal.id}\n`)) kept.tokens.delete(key);
}

/** Bot Connector's address for replies to `to`. */
export function replyAddress(to: TeamsRecipient): string {
  const base = to.serviceUrl.endsWith('/') ? to.serviceUrl : `${to.serviceUrl}/`;
  return `${base}v3/conversations/${encodeURIComponent(to.id)}/activities/${encodeURIComponent(to.replyToId)}`;
}

/** Posts each activity in order; a refused one stops the rest (they would be refused the same way). */
export async function postActivities(app: App, canal: CanalRow, to: TeamsRecipient, activities: readonly TeamsActivity[], token: string): Promise<void> {
  const url = replyAddress(to);
  for (const activity of activities) {
    const response = await teamsFetch(app, url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...activity, conversation: { id: to.id }, replyToId: to.replyToId }),
    });
    const text = await response.text().catch(() => '');
    if (response.status === 401 || response.status === 403) forgetToken(app, canal);
    if (response.status < 200 || response.status >= 300) throw new Error(`Bot Connector respondió ${response.status}: ${text.slice(0, 300)}`);
  }
}
