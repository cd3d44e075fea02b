// Bot Framework's token on each activity (Authorization: Bearer <JWT>): signed with a key of the
// set whose address (jwks_uri) the OpenID configuration at BOTFRAMEWORK_OPENID_URL gives, issued by
// that configuration's issuer, for the channel's app id (audience), not expired (five minutes of
// clock skew, as Bot Framework allows), with a key endorsed for the activity's channel when the key
// lists endorsements, and vouching (its serviceurl claim) for the serviceUrl the answer will go to.
// The configuration and the keys are kept for KEYS_TTL_MS; a token signed with a key not in the set
// fetches the set again, but not more often than every REFETCH_FLOOR_MS, so a stream of forged
// tokens cannot make this server fetch on every request.
import { errors, importJWK, jwtVerify, type JWK, type JWTVerifyGetKey } from 'jose';
import type { IncomingHttpHeaders } from 'node:http';
import type { App } from '../../types';
import { header } from '../adapter';
import { MicrosoftUnreachable, teamsJson } from './api';

export const KEYS_TTL_MS = 12 * 60 * 60_000;
export const REFETCH_FLOOR_MS = 5 * 60_000;
export const CLOCK_SKEW_S = 5 * 60;
/** What Bot Framework signs its tokens with. */
export const TOKEN_ALGORITHMS = ['RS256'];

export type TokenCheck = 'ok' | 'missing' | 'bad' | 'expired' | 'serviceUrl';

interface OpenIdConfig {
  issuer: string;
  jwksUri: string;
}

type EndorsedKey = JWK & { endorsements?: unknown };

interface Kept<T> {
  value: T;
  at: number;
}

/** What one app keeps of Bot Framework's configuration and keys, for the configuration's address it was read from. */
class BotFrameworkKeys {
  private config?: Kept<OpenIdConfig>;
  private keys?: Kept<Map<string, EndorsedKey>>;
  /** The fetch under way: requests arriving meanwhile wait for it instead of fetching again. */
  private pendingConfig?: Promise<OpenIdConfig>;
  private pendingKeys?: Promise<Map<string, EndorsedKey>>;

  constructor(readonly source: string) {}

  openIdConfig(app: App): Promise<OpenIdConfig> {
    if (this.config && app.config.now() - this.config.at < KEYS_TTL_MS) return Promise.resolve(this.config.value);
    this.pendingConfig ??= this.fetchConfig(app).finally(() => (this.pendingConfig = undefined));
    return this.pendingConfig;
  }

  /** The key `kid`, fetching the set when it is old, or when it lacks the key and was fetched before the floor. */
  async key(app: App, kid: string | undefined): Promise<EndorsedKey | undefined> {
    const now = app.config.now();
    const known = kid !== undefined ? this.keys?.value.get(kid) : undefined;
    if (this.keys && now - this.keys.at < KEYS_TTL_MS && (known || now - this.keys.at < REFETCH_FLOOR_MS)) return known;
    this.pendingKeys ??= this.fetchKeys(app).finally(() => (this.pendingKeys = undefined));
    const keys = await this.pendingKeys;
    return kid !== undefined ? keys.get(kid) : undefined;
  }

  private async fetchConfig(app: App): Promise<OpenIdConfig> {
    const { issuer, jwks_uri: jwksUri } = await teamsJson(app, this.source);
    if (typeof issuer !== 'string' || !issuer || typeof jwksUri !== 'string' || !URL.canParse(jwksUri)) {
      throw new MicrosoftUnreachable('la configuración OpenID de Bot Framework no trae issuer ni jwks_uri');
    }
    this.config = { value: { issuer, jwksUri }, at: app.config.now() };
    return this.config.value;
  }

  private async fetchKeys(app: App): Promise<Map<string, EndorsedKey>> {
    const { jwksUri } = await this.openIdConfig(app);
    const document = await teamsJson(app, jwksUri);
    const list = Array.isArray(document.keys) ? (document.keys as EndorsedKey[]) : [];
    const keys = new Map(list.filter((k) => k && typeof k === 'object' && typeof k.kid === 'string').map((k) => [k.kid!, k]));
    this.keys = { value: keys, at: app.config.now() };
    return keys;
  }
}

const kept = new WeakMap<App, BotFrameworkKeys>();

function keysOf(app: App): BotFrameworkKeys {
  let keys = kept.get(app);
  if (!keys || keys.source !== app.config.botframeworkOpenidUrl) kept.set(app, (keys = new BotFrameworkKeys(app.config.botframeworkOpenidUrl)));
  return keys;
}

/** A key not in the set, not endorsed for the channel, or not one to verify signatures with. */
class UnusableKey extends Error {}

export interface Expected {
  appId: string;
  serviceUrl: string;
  /** The activity's channelId ('msteams'), which the key's endorsements must include when it has any. */
  channelId?: string;
}

/**
 * The verdict on the request's token. Throws MicrosoftUnreachable when the configuration or the
 * keys cannot be read, which says nothing about the token.
 */
export async function checkBotFrameworkToken(app: App, headers: IncomingHttpHeaders, expected: Expected): Promise<TokenCheck> {
  const token = /^Bearer\s+(\S+)$/i.exec(header(headers, 'authorization') ?? '')?.[1];
  if (!token) return 'missing';
  const keys = keysOf(app);
  const { issuer } = await keys.openIdConfig(app);
  const getKey: JWTVerifyGetKey = async ({ kid, alg }) => {
    const jwk = await keys.key(app, kid);
    if (!jwk || (jwk.use !== undefined && jwk.use !== 'sig')) throw new UnusableKey();
    if (Array.isArray(jwk.endorsements) && expected.channelId && !jwk.endorsements.includes(expected.channelId)) throw new UnusableKey();
    return importJWK({ ...jwk, endorsements: undefined } as JWK, alg);
  };
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, getKey, {
      issuer,
      audience: expected.appId,
      algorithms: TOKEN_ALGORITHMS,
      clockTolerance: CLOCK_SKEW_S,
      currentDate: new Date(app.config.now()),
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    if (error instanceof MicrosoftUnreachable) throw error;
    if (error instanceof errors.JWTExpired) return 'expired';
    return 'bad';
  }
  // Bot Framework writes the claim in lower case; its documents spell it serviceUrl.
  const vouched = payload.serviceurl ?? payload.serviceUrl;
  return typeof vouched === 'string' && vouched === expected.serviceUrl ? 'ok' : 'serviceUrl';
}
