// Every call the Teams adapter makes (Bot Framework's OpenID configuration and keys, the token
// endpoint, the Bot Connector service, a file's address) goes through the outbound guard: an
// address a configuration or an activity names can never reach an internal one. Redirects are
// answers, never followed.
import type { App } from '../../types';

export const TEAMS_TIMEOUT_MS = 15_000;
/** The largest JSON document read from Microsoft (a configuration, a key set, a token). */
export const MAX_JSON_BYTES = 512 * 1024;

/** Microsoft did not answer, or answered something that is not what was asked. */
export class MicrosoftUnreachable extends Error {}

export interface TeamsCall {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** The response of a call through the guard; connection failures and refusals throw MicrosoftUnreachable. */
export async function teamsFetch(app: App, url: string, call: TeamsCall = {}) {
  try {
    const { response } = await app.outbound.fetch(new URL(url), {
      method: call.method ?? 'GET',
      headers: Object.entries(call.headers ?? {}),
      body: call.body,
      signal: AbortSignal.timeout(TEAMS_TIMEOUT_MS),
      maxRedirects: 0,
    });
    return response;
  } catch (error) {
    throw new MicrosoftUnreachable(`${new URL(url).host}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A JSON object from `url`; anything but a 2xx with a JSON object of at most MAX_JSON_BYTES throws MicrosoftUnreachable. */
export async function teamsJson(app: App, url: string, call: TeamsCall = {}): Promise<Record<string, unknown>> {
  const response = await teamsFetch(app, url, call);
  const text = await response.text();
  if (response.status < 200 || response.status >= 300) throw new MicrosoftUnreachable(`${new URL(url).host} respondió ${response.status}: ${text.slice(0, 300)}`);
  if (text.length > MAX_JSON_BYTES) throw new MicrosoftUnreachable(`${new URL(url).host} respondió un documento demasiado grande`);
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Reported below, as any answer that is not an object.
  }
  throw new MicrosoftUnreachable(`${new URL(url).host} no respondió un objeto JSON`);
}
