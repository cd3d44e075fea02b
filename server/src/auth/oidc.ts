// The OpenID Connect client of 'Ingresar con Microsoft' and of the Teams and Google Chat channels'
// sign-ins (openid-client): discovery, the authorisation code with PKCE, and the refresh of a kept
// token. Every call to the provider (discovery, token, JWKS) goes through app.outbound, so an issuer
// cannot point the server at an internal address. State and nonce are single-use and bound to the
// browser: the state's row names the session row of the browser that started, and is spent by the
// first callback from that browser.
import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import { decodeJwt } from 'jose';
import type { Selectable } from 'kysely';
import type { Config } from '../config';
import type { OidcEstadoTable } from '../db/schema';
import { OutboundRefused } from '../net/outbound';
import type { App } from '../types';

export type OidcProvider = 'microsoft' | 'google';

/** How long an authorisation sent to the provider may take to come back. */
export const OIDC_STATE_TTL_MS = 10 * 60_000;
/** How long discovered metadata (and the keys fetched with it) are kept. */
const METADATA_TTL_MS = 60 * 60_000;
/** The tenant's place in the issuer of an authority serving many tenants (Microsoft's common, organizations). */
const TENANT = '{tenantid}';

export const OIDC_NAMES: Record<OidcProvider, string> = { microsoft: 'Microsoft', google: 'Google' };

export const OIDC_MESSAGES = {
  notConfigured: (provider: OidcProvider) => `El ingreso con ${OIDC_NAMES[provider]} no está configurado en este servidor`,
  badState: (provider: OidcProvider) => `La autorización de ${OIDC_NAMES[provider]} no es válida o ya se usó. Vuelva a intentarlo.`,
  expired: (provider: OidcProvider) => `La autorización de ${OIDC_NAMES[provider]} venció. Vuelva a intentarlo.`,
  denied: (provider: OidcProvider, reason: string) => `${OIDC_NAMES[provider]} no autorizó el ingreso: ${reason}`,
  badToken: (provider: OidcProvider) => `${OIDC_NAMES[provider]} entregó una identidad que no es válida para este servidor`,
  unreachable: (provider: OidcProvider) => `${OIDC_NAMES[provider]} no respondió. Intente nuevamente en unos minutos.`,
  badIssuer: (provider: OidcProvider) => `${OIDC_NAMES[provider]} publica un emisor distinto del configurado`,
} as const;

/** A refusal of the flow; its message is the Spanish reason shown to the person. */
export class OidcRefused extends Error {}

export interface OidcSettings {
  provider: OidcProvider;
  issuer: string;
  clientId: string;
  clientSecret?: string;
}

/** The provider's settings, or undefined when this server has no client id for it. */
export function oidcSettings(config: Pick<Config, 'microsoftAuthority' | 'microsoftClientId' | 'microsoftClientSecret' | 'googleIssuer' | 'googleClientId' | 'googleClientSecret'>, provider: OidcProvider): OidcSettings | undefined {
  const settings = provider === 'microsoft'
    ? { issuer: config.microsoftAuthority, clientId: config.microsoftClientId, clientSecret: config.microsoftClientSecret }
    : { issuer: config.googleIssuer, clientId: config.googleClientId, clientSecret: config.googleClientSecret };
  return settings.clientId ? { provider, issuer: settings.issuer, clientId: settings.clientId, clientSecret: settings.clientSecret } : undefined;
}

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Whether the issuer a provider publishes is the configured one. A multi-tenant authority publishes
 * its issuer with `{tenantid}` where the tenant goes (Microsoft's `common`): the configured address
 * then matches with any one path segment there.
 */
export function issuerMatches(published: string, configured: string): boolean {
  const a = withoutSlash(published);
  const b = withoutSlash(configured);
  if (!a.includes(TENANT)) return a === b;
  const [before, after] = a.split(TENANT, 2);
  return b.length > before.length + after.length && b.startsWith(before) && b.endsWith(after) && !b.slice(before.length, b.length - after.length).includes('/');
}

/**
 * The issuer a token of tenant `tid` must carry: Microsoft's documented rule, the published issuer
 * with `{tenantid}` replaced by the token's `tid`. Undefined for a tid that cannot name a tenant.
 */
export function tenantIssuer(published: string, tid: unknown): string | undefined {
  if (typeof tid !== 'string' || !/^[A-Za-z0-9._-]{1,100}$/.test(tid)) return undefined;
  return published.replace(TENANT, tid);
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** openid-client's fetch: every call through the outbound guard, redirects answered as they come. */
function outboundFetch(app: App): client.CustomFetch {
  return async (url, options) => {
    const body = options.body === undefined || options.body === null ? undefined : String(options.body);
    const { response } = await app.outbound.fetch(new URL(url), { method: options.method, headers: Object.entries(options.headers), body, signal: options.signal, maxRedirects: 0 });
    const content = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
    return new Response(content, { status: response.status, statusText: response.statusText, headers: new Headers([...response.headers]) });
  };
}

interface Discovered {
  metadata: client.ServerMetadata;
  jwks?: client.ExportedJWKSCache;
  at: number;
}

const discovered = new WeakMap<App, Map<string, Discovered>>();

/** The provider's metadata, fetched through the guard and kept an hour; its issuer must be the configured one. */
async function discover(app: App, settings: OidcSettings): Promise<Discovered> {
  let byIssuer = discovered.get(app);
  if (!byIssuer) discovered.set(app, (byIssuer = new Map()));
  const now = app.config.now();
  const kept = byIssuer.get(settings.issuer);
  if (kept && now - kept.at < METADATA_TTL_MS && now >= kept.at) return kept;
  let metadata: client.ServerMetadata;
  try {
    const response = await outboundFetch(app)(`${withoutSlash(settings.issuer)}/.well-known/openid-configuration`, { method: 'GET', headers: { accept: 'application/json' }, body: undefined, redirect: 'manual' });
    if (!response.ok) throw new OidcRefused(OIDC_MESSAGES.unreachable(settings.provider));
    metadata = (await response.json()) as client.ServerMetadata;
  } catch (failure) {
    throw refusalOf(app, settings.provider, failure);
  }
  if (typeof metadata?.issuer !== 'string' || !issuerMatches(metadata.issuer, settings.issuer)) throw new OidcRefused(OIDC_MESSAGES.badIssuer(settings.provider));
  const entry: Discovered = { metadata, at: now };
  byIssuer.set(settings.issuer, entry);
  return entry;
}

/** A client configuration for one exchange: the server's clock (config.now) judges token times. */
function configuration(app: App, settings: OidcSettings, entry: Discovered, metadata: client.ServerMetadata, fetch: client.CustomFetch): client.Configuration {
  const config = new client.Configuration(metadata, settings.clientId, {
    ...(settings.clientSecret ? { client_secret: settings.clientSecret } : {}),
    [client.clockSkew]: Math.round((app.config.now() - Date.now()) / 1000),
  });
  config[client.customFetch] = fetch;
  if (new URL(metadata.issuer).protocol === 'http:') client.allowInsecureRequests(config);
  if (entry.jwks) client.setJwksCache(config, entry.jwks);
  return config;
}

/** Stops the first pass over a multi-tenant issuer once the token response is in hand. */
class TokenResponseKept extends Error {}

/**
 * Runs one grant (`run` makes the token request and checks the answer, ID token included). For an
 * issuer with `{tenantid}` the token response is fetched once, in a first pass that cannot know the
 * tenant yet (`first` true: an authorisation response's `iss` is left for the second), and then
 * checked against the issuer its `tid` names: the same checks as any other, signature, audience,
 * expiry, nonce and the authorisation response's `iss` included.
 */
async function grant<T>(app: App, settings: OidcSettings, run: (config: client.Configuration, first: boolean) => Promise<T>): Promise<T> {
  const entry = await discover(app, settings);
  const viaGuard = outboundFetch(app);
  const keepKeys = (config: client.Configuration) => {
    entry.jwks = client.getJwksCache(config) ?? entry.jwks;
  };
  if (!entry.metadata.issuer.includes(TENANT)) {
    const config = configuration(app, settings, entry, entry.metadata, viaGuard);
    try {
      return await run(config, false);
    } finally {
      keepKeys(config);
    }
  }
  const tokenEndpoint = entry.metadata.token_endpoint && new URL(entry.metadata.token_endpoint).href;
  const isTokenEndpoint = (url: string) => new URL(url).href === tokenEndpoint;
  let kept: { status: number; headers: [string, string][]; body: ArrayBuffer } | undefined;
  const first: client.CustomFetch = async (url, options) => {
    const response = await viaGuard(url, options);
    if (!isTokenEndpoint(url)) return response;
    kept = { status: response.status, headers: [...response.headers], body: await response.arrayBuffer() };
    throw new TokenResponseKept();
  };
  try {
    await run(configuration(app, settings, entry, { ...entry.metadata, authorization_response_iss_parameter_supported: false }, first), true);
  } catch (error) {
    if (!(error instanceof TokenResponseKept) && !(error instanceof client.ClientError && error.cause instanceof TokenResponseKept)) throw error;
  }
  if (!kept) throw new OidcRefused(OIDC_MESSAGES.unreachable(settings.provider));
  const answer = kept;
  let tid: unknown;
  try {
    const body = JSON.parse(Buffer.from(answer.body).toString('utf8')) as { id_token?: unknown };
    tid = typeof body.id_token === 'string' ? decodeJwt(body.id_token).tid : undefined;
  } catch {
    tid = undefined;
  }
  const issuer = tenantIssuer(entry.metadata.issuer, tid);
  const replay: client.CustomFetch = async (url, options) =>
    isTokenEndpoint(url) ? new Response(answer.body, { status: answer.status, headers: new Headers(answer.headers) }) : viaGuard(url, options);
  // Without a tenant the answer is judged as in the first pass: an error stays the provider's, an ID
  // token without tid cannot match the template, and a refresh without an ID token names no issuer.
  const config = issuer
    ? configuration(app, settings, entry, { ...entry.metadata, issuer }, replay)
    : configuration(app, settings, entry, { ...entry.metadata, authorization_response_iss_parameter_supported: false }, replay);
  try {
    return await run(config, !issuer);
  } finally {
    keepKeys(config);
  }
}

export const stateId = (state: string) => createHash('sha256').update(state).digest('hex');

export interface OidcStart {
  /** The session row of the browser that starts. */
  idSesion: string;
  redirectUri: string;
  scope: string;
  /** A channel's sign-in: the channel, the user, and 'files' for the files' authorisation. */
  idCanal?: string;
  idU?: string;
  tipo?: string;
  /** Extra parameters of the authorisation request (prompt). */
  extra?: Record<string, string>;
}

/** Records a new authorisation and answers the provider's address the browser goes to. */
export async function startOidc(app: App, settings: OidcSettings, start: OidcStart): Promise<string> {
  const entry = await discover(app, settings);
  const config = configuration(app, settings, entry, entry.metadata, outboundFetch(app));
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verificador = client.randomPKCECodeVerifier();
  const now = app.config.now();
  await app.db.deleteFrom('oidc_estado').where('expira', '<', now).execute();
  await app.db
    .insertInto('oidc_estado')
    .values({
      id: stateId(state), idSesion: start.idSesion, proveedor: settings.provider, nonce, verificador,
      idCanal: start.idCanal ?? null, idU: start.idU ?? null, tipo: start.tipo ?? null, expira: now + OIDC_STATE_TTL_MS,
    })
    .execute();
  return client.buildAuthorizationUrl(config, {
    redirect_uri: start.redirectUri,
    scope: start.scope,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verificador),
    code_challenge_method: 'S256',
    ...start.extra,
  }).href;
}

/** An authorisation under way, as its row keeps it. */
export type OidcEstado = Selectable<OidcEstadoTable>;

/** What a callback came to: the ID token's checked claims, and the refresh token when one came. */
export interface OidcTokens {
  claims: client.IDToken;
  refreshToken?: string;
}

/**
 * Spends the authorisation a callback's `state` names, as long as it is this browser's (`idSesion`)
 * and this provider's: deleted on first use, so a second callback with it finds nothing. Refuses
 * (OidcRefused) when there is none or it expired.
 */
export async function spendOidcState(app: App, provider: OidcProvider, query: URLSearchParams, idSesion: string | undefined): Promise<OidcEstado> {
  const state = query.get('state');
  if (!state || !idSesion) throw new OidcRefused(OIDC_MESSAGES.badState(provider));
  const estado = await app.db
    .deleteFrom('oidc_estado')
    .where('id', '=', stateId(state))
    .where('idSesion', '=', idSesion)
    .where('proveedor', '=', provider)
    .returningAll()
    .executeTakeFirst();
  if (!estado) throw new OidcRefused(OIDC_MESSAGES.badState(provider));
  if (app.config.now() > Number(estado.expira)) throw new OidcRefused(OIDC_MESSAGES.expired(provider));
  return estado;
}

/**
 * Exchanges the callback's code of the spent authorisation `estado` and checks the ID token
 * (signature, issuer, audience, expiry, nonce); `query` is the callback's query string, without
 * anything this server added. Refusals throw OidcRefused.
 */
export async function exchangeOidcCode(app: App, settings: OidcSettings, redirectUri: string, query: URLSearchParams, estado: OidcEstado): Promise<OidcTokens> {
  const provider = settings.provider;
  const error = query.get('error');
  if (error) throw new OidcRefused(OIDC_MESSAGES.denied(provider, (query.get('error_description') ?? error).slice(0, 200)));
  const callbackUrl = new URL(redirectUri);
  callbackUrl.search = query.toString();
  try {
    const withoutIss = new URL(callbackUrl);
    withoutIss.searchParams.delete('iss');
    const tokens = await grant(app, settings, (config, first) =>
      client.authorizationCodeGrant(config, first ? withoutIss : callbackUrl, { pkceCodeVerifier: estado.verificador, expectedState: query.get('state') ?? '', expectedNonce: estado.nonce, idTokenExpected: true }),
    );
    const claims = tokens.claims();
    if (!claims) throw new OidcRefused(OIDC_MESSAGES.badToken(provider));
    return { claims, ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}) };
  } catch (failure) {
    throw refusalOf(app, provider, failure);
  }
}

/**
 * A fresh access token from a kept refresh token (the refresh_token grant at the provider's token
 * endpoint, through the guard), with the new refresh token when the provider rotated it.
 */
export async function refreshOidc(app: App, settings: OidcSettings, refreshToken: string, scope: string): Promise<{ accessToken: string; refreshToken?: string; expiresIn?: number }> {
  try {
    const tokens = await grant(app, settings, (config) => client.refreshTokenGrant(config, refreshToken, { scope }));
    return { accessToken: tokens.access_token, ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}), ...(tokens.expires_in !== undefined ? { expiresIn: tokens.expires_in } : {}) };
  } catch (failure) {
    throw refusalOf(app, settings.provider, failure);
  }
}

/** The Spanish refusal of a failed exchange; what the provider or the library said goes to the log only. */
function refusalOf(app: App, provider: OidcProvider, failure: unknown): OidcRefused {
  if (failure instanceof OidcRefused) return failure;
  if (failure instanceof OutboundRefused) return new OidcRefused(failure.message);
  const cause = (failure as { cause?: unknown })?.cause;
  if (cause instanceof OutboundRefused) return new OidcRefused(cause.message);
  app.log.warn(`OpenID Connect (${OIDC_NAMES[provider]}): ${failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure)}`);
  if (failure instanceof client.ResponseBodyError) return new OidcRefused(OIDC_MESSAGES.denied(provider, failure.error));
  if (failure instanceof client.AuthorizationResponseError) return new OidcRefused(OIDC_MESSAGES.denied(provider, failure.error));
  const code = (failure as { code?: unknown })?.code;
  if (failure instanceof TypeError || code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT') return new OidcRefused(OIDC_MESSAGES.unreachable(provider));
  return new OidcRefused(OIDC_MESSAGES.badToken(provider));
}
