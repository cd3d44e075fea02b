// The one HTTP client: API base, cookies, JSON, integrity headers on writes, a single retry after
// a stale-key 401, and the error decoding (the body's message, else the body itself, else
// 'Error desconocido'). No react-admin here: the public pages use it too.
import { SIGNED_METHODS, signRequest } from '../../common/integrity';
import { HttpError, NO_CONNECTION, decodeError } from './HttpError';
import type { ProgressStore } from './progress';

export interface HttpOptions {
  method?: string;
  /** The exact JSON text to send; omitted or '' sends no body and no Content-Type. */
  body?: string;
  /** In place of `body`: bytes sent and signed as they are (a multipart body), its Content-Type in `headers`. */
  bytes?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** 'blob' keeps a binary answer (spreadsheets) as a Blob. */
  responseType?: 'json' | 'blob';
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
  blob?: Blob;
}

/** ra-data-simple-rest style: full URL in, decoded answer out, HttpError on failure. */
export type HttpClient = <T = unknown>(url: string, options?: HttpOptions) => Promise<HttpResponse<T>>;

/** A JSON call of the API at `apiUrl`: the payload, when given, sent as JSON; the answer's JSON. */
export function jsonCaller(apiUrl: string, httpClient: HttpClient) {
  return async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown): Promise<T> =>
    (await httpClient<T>(`${apiUrl}${path}`, { method, body: payload === undefined ? undefined : JSON.stringify(payload) })).json;
}

export interface HttpTransport {
  fetchJson: HttpClient;
  /** GET /public/athena: keeps its signing key `k` (in memory only) and returns the answer. */
  refreshKey(): Promise<unknown>;
  /** The key that a sign-in returns in config.k replaces the pre-session one. */
  setKey(k: string | null): void;
}

export interface HttpClientConfig {
  apiUrl: string;
  progress?: ProgressStore;
  fetch?: typeof fetch;
}

/** A call that never got an answer (server down, no network) fails with a Spanish message too. */
async function reach(call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(NO_CONNECTION, 0, null);
  }
}

async function toHttpError(response: Response): Promise<HttpError> {
  const { message, body } = decodeError(await response.arrayBuffer(), response.headers.get('Content-Type'));
  return new HttpError(message, response.status, body);
}

async function toHttpResponse<T>(response: Response, responseType: HttpOptions['responseType']): Promise<HttpResponse<T>> {
  const { status, headers } = response;
  if (responseType === 'blob') return { status, headers, body: '', json: undefined as T, blob: await response.blob() };
  const body = await response.text();
  let json: unknown = undefined;
  if (body) {
    try {
      json = JSON.parse(body);
    } catch {
      json = body;
    }
  }
  return { status, headers, body, json: json as T };
}

export function createHttpClient({ apiUrl, progress, fetch: fetchFn }: HttpClientConfig): HttpTransport {
  const doFetch: typeof fetch = fetchFn ?? ((input, init) => globalThis.fetch(input, init));
  let key: string | null = null;
  let pendingKey: Promise<unknown> | null = null;

  function loadKey(): Promise<unknown> {
    // Concurrent stale-key failures share one athena call.
    pendingKey ??= (async () => {
      const response = await reach(() => doFetch(`${apiUrl}/public/athena`, { credentials: 'include', headers: { Accept: 'application/json' } }));
      if (!response.ok) throw await toHttpError(response);
      const { json } = await toHttpResponse<{ k?: string } | undefined>(response, 'json');
      key = json?.k ?? null;
      return json;
    })().finally(() => {
      pendingKey = null;
    });
    return pendingKey;
  }

  async function send(url: string, method: string, options: HttpOptions): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json', ...options.headers });
    const body = options.bytes ?? options.body ?? '';
    if (body && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    if (SIGNED_METHODS.has(method)) {
      if (key === null) await loadKey();
      const target = new URL(url, globalThis.location?.href ?? 'http://localhost/');
      const signed = signRequest(key ?? '', method, target.pathname + target.search, body);
      Object.entries(signed).forEach(([name, value]) => headers.set(name, value));
    }
    return reach(() => doFetch(url, { method, headers, body: body || undefined, credentials: 'include' }));
  }

  async function tracked<T>(work: () => Promise<T>): Promise<T> {
    progress?.start();
    try {
      return await work();
    } finally {
      progress?.done();
    }
  }

  const fetchJson: HttpClient = (url, options = {}) =>
    tracked(async () => {
      const method = (options.method ?? 'GET').toUpperCase();
      let response = await send(url, method, options);
      if (response.status === 401) {
        const error = await toHttpError(response);
        if (error.code !== 'INTEGRITY') throw error;
        // The key is stale: fetch a fresh one and try once more.
        await loadKey();
        response = await send(url, method, options);
      }
      if (!response.ok) throw await toHttpError(response);
      return toHttpResponse(response, options.responseType);
    });

  return {
    fetchJson,
    refreshKey: () => tracked(loadKey),
    setKey(k) {
      key = k;
    },
  };
}
