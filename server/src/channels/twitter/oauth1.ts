// OAuth 1.0a (RFC 5849) HMAC-SHA1 signatures, as X signs user-context calls: the consumer key and
// secret of the app, the access token and secret of the account. A JSON body is not signed (only
// form-encoded bodies are part of the signature base string).
import { createHmac, randomBytes } from 'node:crypto';

export interface OAuth1Keys {
  consumerKey: string;
  consumerSecret: string;
  token: string;
  tokenSecret: string;
}

/** RFC 3986 percent-encoding: every byte but unreserved characters. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The signature base string: method, the address without query, and every parameter sorted by encoded name and value. */
export function baseString(method: string, url: string, params: ReadonlyArray<readonly [string, string]>): string {
  const address = new URL(url);
  const all = [...params, ...[...address.searchParams.entries()]].map(([k, v]) => [percentEncode(k), percentEncode(v)] as const);
  all.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const normalized = all.map(([k, v]) => `${k}=${v}`).join('&');
  return [method.toUpperCase(), percentEncode(`${address.protocol}//${address.host}${address.pathname}`), percentEncode(normalized)].join('&');
}

export function hmacSha1(consumerSecret: string, tokenSecret: string, base: string): string {
  return createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`).update(base).digest('base64');
}

/** The oauth_* parameters of one request; `nonce` and `timestamp` given only by tests. */
export function oauthParams(keys: OAuth1Keys, nonce = randomBytes(24).toString('hex'), timestamp = Math.floor(Date.now() / 1000)): Array<[string, string]> {
  return [
    ['oauth_consumer_key', keys.consumerKey],
    ['oauth_nonce', nonce],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(timestamp)],
    ['oauth_token', keys.token],
    ['oauth_version', '1.0'],
  ];
}

/**
 * The Authorization header of `method url` signed with `keys`; `formParams` are a form-encoded
 * body's fields (none for JSON).
 */
export function authorization(keys: OAuth1Keys, method: string, url: string, formParams: ReadonlyArray<readonly [string, string]> = [], oauth = oauthParams(keys)): string {
  const signature = hmacSha1(keys.consumerSecret, keys.tokenSecret, baseString(method, url, [...oauth, ...formParams]));
  const fields = [...oauth, ['oauth_signature', signature]].map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`);
  return `OAuth ${fields.join(', ')}`;
}

/** The fields of an OAuth Authorization header (for checking one, as the tests' fake X does). */
export function parseAuthorization(header: string | undefined): Record<string, string> | undefined {
  if (!header?.startsWith('OAuth ')) return undefined;
  const fields: Record<string, string> = {};
  for (const part of header.slice(6).split(',')) {
    const match = /^\s*([^=\s]+)="([^"]*)"\s*$/.exec(part);
    if (!match) return undefined;
    fields[decodeURIComponent(match[1])] = decodeURIComponent(match[2]);
  }
  return fields;
}
