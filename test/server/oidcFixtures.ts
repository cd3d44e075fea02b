// Local identity providers for the OpenID Connect sign-ins: oidc-provider as Microsoft (a
// multi-tenant authority, `{base}/common/v2.0`, publishing its issuer as `{base}/{tenantid}/v2.0`)
// and as Google, with the person who signs in chosen by the test; a browser that follows the
// redirects between the app and the provider; and a forging issuer (jose) whose ID tokens the test
// writes, for tokens of another issuer or audience, or expired.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import type { LightMyRequestResponse } from 'fastify';
import { API, type Client } from './helpers';

export const MS_CLIENT = { id: 'quipu-microsoft', secret: 'secreto-microsoft-de-prueba' };
export const GOOGLE_CLIENT = { id: 'quipu-google', secret: 'secreto-google-de-prueba' };
/** The tenant of the Microsoft provider's issuer. */
export const TENANT = '6f1c2e7a-4b1d-4c55-9a51-0c2f3b1d9e01';
export const OTHER_TENANT = 'b8d4e3a1-0000-4000-8000-00000000beef';
/** The app's PUBLIC_URL in these suites: the redirect URIs the providers know start with it. */
export const PUBLIC_URL = 'http://quipu.test/';
export const REDIRECT = { microsoft: `http://quipu.test${API}/callback-microsoft`, google: `http://quipu.test${API}/callback-google` };

export type Claims = Record<string, unknown>;

export interface LocalIssuer {
  /** http://127.0.0.1:port */
  base: string;
  /** What the app is configured with (MICROSOFT_AUTHORITY, GOOGLE_ISSUER). */
  authority: string;
  /** The accounts by id; `signInAs` names the one the next login interaction signs in. */
  accounts: Map<string, Claims>;
  signInAs: string;
  close(): Promise<void>;
}

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closeServer = (server: http.Server) => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
});

/** oidc-provider as Microsoft (kind 'microsoft') or Google, with its own signing keys. */
export async function startIssuer(kind: 'microsoft' | 'google'): Promise<LocalIssuer> {
  // Made once the server listens: its issuer names the port.
  const made: { provider?: Provider } = {};
  const accounts = new Map<string, Claims>();
  const issuer: LocalIssuer = { base: '', authority: '', accounts, signInAs: '', close: async () => undefined };
  const { server, base } = await listen(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      // Microsoft's common authority publishes its issuer with the tenant as a template.
      if (kind === 'microsoft' && url.pathname === '/common/v2.0/.well-known/openid-configuration') {
        const own = await fetch(`${base}/.well-known/openid-configuration`).then((r) => r.json() as Promise<Record<string, unknown>>);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ...own, issuer: `${base}/{tenantid}/v2.0` }));
        return;
      }
      if (url.pathname.startsWith('/interaction/')) {
        await finishInteraction(made.provider!, issuer, req, res);
        return;
      }
      made.provider!.callback()(req, res);
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  const client = kind === 'microsoft' ? MS_CLIENT : GOOGLE_CLIENT;
  const configuration: Configuration = {
    clients: [{
      client_id: client.id,
      client_secret: client.secret,
      redirect_uris: [REDIRECT[kind]],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    }],
    scopes: ['openid', 'offline_access', 'email', 'profile', 'Files.Read.All', 'Sites.Read.All'],
    claims: { openid: ['sub', 'tid', 'hd'], email: ['email', 'email_verified', 'preferred_username'], profile: ['name'] },
    // The claims of the scopes asked for go in the ID token, as Microsoft's and Google's do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Microsoft hands a new refresh token with each refresh.
    rotateRefreshToken: true,
    cookies: { keys: ['claves-de-prueba'] },
    findAccount: async (_ctx, sub) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: async () => ({ sub, ...claims }) } : undefined;
    },
  };
  const iss = kind === 'microsoft' ? `${base}/${TENANT}/v2.0` : base;
  const provider = (made.provider = new Provider(iss, configuration));
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider', error));
  issuer.base = base;
  issuer.authority = kind === 'microsoft' ? `${base}/common/v2.0` : base;
  issuer.close = () => closeServer(server);
  return issuer;
}

/** Signs in `issuer.signInAs` and grants every scope asked for, as a person clicking through would. */
async function finishInteraction(provider: Provider, issuer: LocalIssuer, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: issuer.signInAs } }, { mergeWithLastSubmission: false });
    return;
  }
  const accountId = details.session!.accountId;
  const grant = details.grantId ? (await provider.Grant.find(details.grantId))! : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope));
  await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

/** A browser between the app (its Client) and a provider: follows the provider's redirects, with its own cookies there. */
export class Browser {
  private readonly providerCookies = new Map<string, string>();

  constructor(readonly app: Client) {}

  /**
   * Opens `path` of the app (a sign-in link) and follows the redirects through the provider until
   * the browser leaves it for the app's callback; answers the callback's address, not yet opened.
   */
  async toCallback(path: string): Promise<string> {
    const start = await this.app.get(path);
    if (start.statusCode !== 302) throw new Error(`${path}: ${start.statusCode} ${start.body}`);
    return this.throughProvider(String(start.headers.location));
  }

  /** Follows the provider's redirects from `address` until one leads back to the app. */
  async throughProvider(address: string): Promise<string> {
    let next = address;
    for (let hop = 0; hop < 20; hop++) {
      if (next.startsWith('http://quipu.test')) return next;
      const response = await fetch(next, { redirect: 'manual', headers: { cookie: [...this.providerCookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        const value = pair.slice(at + 1);
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.providerCookies.delete(pair.slice(0, at));
        else this.providerCookies.set(pair.slice(0, at), value);
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`${next}: ${response.status} ${await response.text()}`);
      next = new URL(location, next).toString();
    }
    throw new Error('demasiadas redirecciones');
  }

  /** Opens the app's callback address (as the browser arrives from the provider). */
  callback(address: string): Promise<LightMyRequestResponse> {
    const url = new URL(address);
    return this.app.get(`${url.pathname}${url.search}`);
  }

  /** A whole sign-in: the link, the provider, the callback; answers the callback's response. */
  async signIn(path: string): Promise<LightMyRequestResponse> {
    return this.callback(await this.toCallback(path));
  }
}

/** The Spanish reason a redirect carries in ?error (base64 of UTF-8), or undefined. */
export function errorOf(location: string | undefined): string | undefined {
  const encoded = location ? new URL(location, PUBLIC_URL).searchParams.get('error') : null;
  return encoded === null ? undefined : Buffer.from(encoded, 'base64').toString('utf8');
}

/** An issuer that signs whatever ID token the test writes (next), to show what the app refuses. */
export interface ForgingIssuer {
  base: string;
  next: (nonce: string) => Claims;
  close(): Promise<void>;
}

export async function startForgingIssuer(): Promise<ForgingIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let nonce = '';
  const forging: ForgingIssuer = { base: '', next: () => ({}), close: async () => undefined };
  const { server, base } = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer: base, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, jwks_uri: `${base}/jwks`, response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'] }));
    } else if (url.pathname === '/jwks') {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else if (url.pathname === '/authorize') {
      nonce = url.searchParams.get('nonce') ?? '';
      res.statusCode = 302;
      res.setHeader('location', `${url.searchParams.get('redirect_uri')}?code=forjado&state=${encodeURIComponent(url.searchParams.get('state') ?? '')}`);
      res.end();
    } else if (url.pathname === '/token') {
      const now = Math.floor(Date.now() / 1000);
      const claims = { iss: base, aud: MS_CLIENT.id, sub: 'forjado', iat: now, exp: now + 600, nonce, ...forging.next(nonce) };
      const idToken = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(privateKey);
      res.end(JSON.stringify({ access_token: 'acceso', token_type: 'Bearer', expires_in: 3600, id_token: idToken }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  forging.base = base;
  forging.close = () => closeServer(server);
  return forging;
}
