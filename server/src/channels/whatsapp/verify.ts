// Meta's signature of every webhook post: X-Hub-Signature-256 = 'sha256=' + hex(HMAC-SHA256(app
// secret, raw body)); and the subscription handshake, which echoes hub.challenge only to a caller
// that knows the channel's verify token.
import type { IncomingHttpHeaders } from 'node:http';
import { header, hmacHex, sameSecret } from '../adapter';

export const hubSignature = (secret: string, rawBody: Buffer | string) => `sha256=${hmacHex(secret, rawBody)}`;

export function checkHubSignature(appSecret: string, headers: IncomingHttpHeaders, rawBody: Buffer): boolean {
  return sameSecret(header(headers, 'x-hub-signature-256'), hubSignature(appSecret, rawBody));
}

export interface HubQuery {
  'hub.mode'?: string;
  'hub.verify_token'?: string;
  'hub.challenge'?: string;
}

/** The challenge to echo, or undefined when the handshake is refused. */
export function hubChallenge(query: HubQuery, verifyToken: string | undefined): string | undefined {
  if (query['hub.mode'] !== 'subscribe' || query['hub.challenge'] === undefined) return undefined;
  return sameSecret(query['hub.verify_token'], verifyToken) ? query['hub.challenge'] : undefined;
}
