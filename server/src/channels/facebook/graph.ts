// Calls to Meta's Graph API at GRAPH_API_BASE. Tokens travel in the Authorization header, never in
// the address (addresses end up in logs); Graph's refusals become GraphError with Graph's message.
import { FACEBOOK_MESSAGES } from '../../../../common/schemas/facebook';
import type { App } from '../../types';
import { PROVIDER_MESSAGES } from '../adapter';

export const GRAPH_TIMEOUT_MS = 15_000;

export class GraphError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}

export interface GraphCall {
  token?: string;
  query?: Record<string, string>;
  /** Sent as a form (Graph's own examples for subscribed_apps). */
  form?: Record<string, string>;
  json?: unknown;
}

/** Graph's answer as JSON; GraphError when Graph refuses or does not answer. */
export async function graph<T = Record<string, unknown>>(app: App, method: 'GET' | 'POST' | 'DELETE', path: string, call: GraphCall = {}): Promise<T> {
  const url = new URL(`${app.config.graphApiBase}${path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = {};
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body: string | undefined;
  if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  } else if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS) });
  } catch (error) {
    app.log.warn(`Facebook no respondió a ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    throw new GraphError(PROVIDER_MESSAGES.unreachable('Facebook'));
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = {};
  }
  if (!response.ok) {
    const reason = (data as { error?: { message?: unknown } }).error?.message;
    throw new GraphError(FACEBOOK_MESSAGES.graphError(typeof reason === 'string' ? reason.slice(0, 300) : `HTTP ${response.status}`), response.status);
  }
  return data as T;
}
