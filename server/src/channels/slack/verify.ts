// Slack's request signature (v0): X-Slack-Signature = 'v0=' + hex(HMAC-SHA256(signing secret,
// 'v0:' + X-Slack-Request-Timestamp + ':' + raw body)), refused when the timestamp is more than five
// minutes away from this server's clock, so a captured request cannot be replayed later.
import type { IncomingHttpHeaders } from 'node:http';
import { header, hmacHex, sameSecret } from '../adapter';

export const SLACK_WINDOW_MS = 5 * 60_000;

export type SlackCheck = 'ok' | 'missing' | 'stale' | 'bad';

export function slackSignature(signingSecret: string, timestamp: string, rawBody: Buffer | string): string {
  return `v0=${hmacHex(signingSecret, Buffer.concat([Buffer.from(`v0:${timestamp}:`), Buffer.from(rawBody)]))}`;
}

export function checkSlackSignature(signingSecret: string, headers: IncomingHttpHeaders, rawBody: Buffer, now: number): SlackCheck {
  const timestamp = header(headers, 'x-slack-request-timestamp');
  const given = header(headers, 'x-slack-signature');
  if (!timestamp || !given) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp) * 1000) > SLACK_WINDOW_MS) return 'stale';
  return sameSecret(given, slackSignature(signingSecret, timestamp, rawBody)) ? 'ok' : 'bad';
}
