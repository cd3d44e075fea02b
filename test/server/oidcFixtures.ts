// Local identity providers for the OpenID Connect sign-ins: oidc-provider as Microsoft and as Google
// (test/fixtures/oidcIssuer.ts) knowing the app's callbacks under PUBLIC_URL, with the person who
// signs in chosen by the test; a browser that follows the redirects between the app and the
// provider; and a forging issuer (jose) whose ID tokens the test writes, for tokens of another
// issuer or audience, or expired.
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { closeServer, listen, MS_CLIENT, startOidcIssuer, type Claims, type LocalIssuer } from '../fixtures/oidcIssuer';
import { API, type Client } from './helpers';

export { GOOGLE_CLIENT, MS_CLIENT, TENANT, type Claims, type LocalIssuer } from '../fixtures/oidcIssuer';
export const OTHER_TENANT = 'b8d4e3a1-0000-4000-8000-00000000beef';
/** The app's PUBLIC_URL in these suites: the redirect URIs the providers know start with it. */
export const PUBLIC_URL = 'http://quipu.test/';
export const REDIRECT = { microsoft: `http://quipu.test${API}/callback-microsoft`, google: `http://quipu.test${API}/callback-google` };

/** oidc-provider as Microsoft (kind 'microsoft') or Google, sending the browser back to the app's callback under PUBLIC_URL. */
export function startIssuer(kind: 'microsoft' | 'google'): Promise<LocalIssuer> {
  return startOidcIssuer(kind, { redirectUri: () => REDIRECT[kind] });
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
