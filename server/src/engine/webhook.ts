// A skill's webhook (the WEB_HOOK action): the request filled from memory, sent through
// the outbound guard (internal addresses refused, redirects checked hop by hop), and the JSON
// answer mapped back into memory. Never throws: a failure is a result with a Spanish `error`.
import { randomUUID } from 'node:crypto';
import { OutboundRefused, type OutboundGuard } from '../net/outbound';
import type { KeyValue, ResponseMapping } from '../../../common/schemas/skills';
import { fillTemplateWith, readPath } from './template';
import { fileMediaType, type AdmittedFile } from './attachments';

export interface WebhookRequest {
  /** '' = POST. */
  method: string;
  url: string;
  headers: KeyValue[];
  fields: KeyValue[];
  resp: ResponseMapping[];
  /** Given (the action's `files`): the request goes as multipart/form-data with these files. */
  files?: ReadonlyArray<Pick<AdmittedFile, 'name' | 'type' | 'bytes'>>;
}

/** The part of a multipart webhook request that holds the body the fields make. */
export const FIELDS_PART = 'datos';
/** The name of each file's part. */
export const FILES_PART = 'files';

/**
 * The multipart/form-data body: the fields' body as it would go alone in the field FIELDS_PART (a
 * plain field, so a receiver reads it as a value and not as a file), then each file in a part
 * FILES_PART with its name and media type.
 */
async function multipart(body: string, files: NonNullable<WebhookRequest['files']>): Promise<{ bytes: Uint8Array; type: string }> {
  const form = new FormData();
  form.append(FIELDS_PART, body);
  for (const file of files) form.append(FILES_PART, new Blob([new Uint8Array(file.bytes)], { type: fileMediaType(file.type) }), file.name);
  // The platform's encoder writes the parts and the boundary; the bytes can be sent again on a redirect.
  const encoded = new Response(form);
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') ?? 'multipart/form-data' };
}

export interface WebhookOptions {
  timeoutMs: number;
  /** Resolves a URL starting with '/'. */
  baseUrl?: string;
  /** Max response bytes, default 1 MiB. */
  maxBytes?: number;
  /** The bot's encrypted extras, decrypted: `{{secreto.nombre}}` in header and field values and the URL's query. */
  secrets?: Readonly<Record<string, string>>;
  /** Every call goes through it. */
  outbound: OutboundGuard;
}

/** How a secret shows in what the call reports (the URL, an error). */
export const SECRET_MASK = '••••';

export interface WebhookResult {
  /** As called (after templates; query string included for GET). */
  method: string;
  url: string;
  /** null when no answer (timeout, refused, DNS). */
  status: number | null;
  ms: number;
  error?: string;
  /** Headers of the action that were not sent (Host, X-Forwarded-For, hop-by-hop ones). */
  droppedHeaders?: string[];
  /** Memory values mapped from `resp` (k → value at path of the JSON answer). */
  memory: Record<string, unknown>;
}

export const DEFAULT_MAX_BYTES = 1024 * 1024;

export const WEBHOOK_ERRORS = {
  timeout: (ms: number) => `Tiempo de espera agotado (${ms} ms)`,
  status: (status: number) => `El servidor respondió ${status}`,
  connect: (detail: string) => `No se pudo conectar: ${detail}`,
  notJson: 'La respuesta no es JSON',
  tooLarge: 'Respuesta demasiado grande',
  badUrl: (url: string) => `Dirección no válida: ${url || '(vacía)'}`,
  scheme: 'Solo se admiten direcciones http o https',
} as const;

class WebhookError extends Error {
  constructor(message: string, readonly status: number | null = null) {
    super(message);
  }
}

/**
 * The URL with memory values: a value placed after the scheme and host ('https://api/x/{{id}}?q={{q}}')
 * is encoded as a URL part; one that makes the address itself ('{{base}}/x', 'https://{{host}}/') is not.
 */
function fillUrl(url: string, memory: Readonly<Record<string, unknown>>, secret: SecretFill): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  const lead = /^\{\{[^{}]*\}\}/.exec(url);
  const rawUntil = authority ? authority[0].length : url.startsWith('/') ? 0 : lead ? lead[0].length : url.length;
  // A secret goes only into the query, never into the address it would be sent to.
  const query = url.indexOf('?');
  return fillTemplateWith(url, memory, (value, offset) => (offset < rawUntil ? value : encodeURIComponent(value)), (name, offset) => (query >= 0 && offset > query ? secret(name) : undefined));
}

type SecretFill = (name: string) => string | undefined;

function resolveUrl(raw: string, baseUrl: string | undefined): URL {
  let url: URL;
  try {
    url = raw.startsWith('/') && baseUrl ? new URL(raw, baseUrl) : new URL(raw);
  } catch {
    throw new WebhookError(WEBHOOK_ERRORS.badUrl(raw));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookError(WEBHOOK_ERRORS.scheme);
  return url;
}

/** Why a connection failed, in Spanish where the reason is a common one. */
function connectDetail(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'conexión rechazada',
    ENOTFOUND: 'no se encontró el servidor',
    EAI_AGAIN: 'no se encontró el servidor',
    ECONNRESET: 'la conexión se cortó',
    EHOSTUNREACH: 'el servidor no es alcanzable',
    ENETUNREACH: 'la red no es alcanzable',
    CERT_HAS_EXPIRED: 'el certificado del servidor venció',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'el certificado del servidor no es de confianza',
  };
  const reason = cause?.code ? reasons[cause.code] : undefined;
  return reason ?? cause?.message ?? (error as Error).message;
}

type Answer = Awaited<ReturnType<OutboundGuard['fetch']>>['response'];

async function readLimited(response: Answer, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new WebhookError(WEBHOOK_ERRORS.tooLarge, response.status);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new WebhookError(WEBHOOK_ERRORS.tooLarge, response.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function callWebhook(req: WebhookRequest, memory: Readonly<Record<string, unknown>>, options: WebhookOptions): Promise<WebhookResult> {
  const method = (req.method.trim() || 'POST').toUpperCase();
  const started = performance.now();
  const secrets = options.secrets ?? {};
  const real: SecretFill = (name) => (Object.prototype.hasOwnProperty.call(secrets, name) ? secrets[name] : undefined);
  // What is reported shows a stand-in where a secret went, turned into the mask once the URL is written out.
  const standIn = `s${randomUUID().replace(/-/g, '')}`;
  const shown: SecretFill = (name) => (real(name) === undefined ? undefined : standIn);
  const masked = (text: string) => text.split(standIn).join(SECRET_MASK);
  // An error may quote what was sent (a header value refused): no secret's value in it.
  const scrubbed = (text: string) => Object.values(secrets).reduce((out, value) => (value ? out.split(value).join(SECRET_MASK) : out), masked(text));
  const fill = (text: string, secret: SecretFill) => fillTemplateWith(text, memory, (v) => v, secret);
  let url = fillUrl(req.url.trim(), memory, shown);
  let status: number | null = null;
  let dropped: string[] = [];
  const done = (extra: Partial<WebhookResult>): WebhookResult => ({
    method, url: masked(url), status, ms: Math.round(performance.now() - started), memory: {},
    ...(dropped.length ? { droppedHeaders: dropped } : {}), ...extra, ...(extra.error ? { error: scrubbed(extra.error) } : {}),
  });
  try {
    const shownTarget = resolveUrl(url, options.baseUrl);
    const target = resolveUrl(fillUrl(req.url.trim(), memory, real), options.baseUrl);
    const fields = req.fields.filter((f) => f.k.trim()).map((f) => [f.k.trim(), fill(f.v, real), fill(f.v, shown)] as const);
    const headers = new Headers();
    for (const h of req.headers) if (h.k.trim()) headers.set(h.k.trim(), fill(h.v, real));
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');

    let body: string | Uint8Array | undefined;
    if (method === 'GET' || method === 'HEAD') {
      for (const [k, v, s] of fields) {
        target.searchParams.append(k, v);
        shownTarget.searchParams.append(k, s);
      }
    } else if (/application\/x-www-form-urlencoded/i.test(headers.get('content-type')!)) {
      body = new URLSearchParams(fields.map(([k, v]): [string, string] => [k, v])).toString();
    } else {
      body = JSON.stringify(Object.fromEntries(fields.map(([k, v]) => [k, v])));
    }
    // With files, a request that has a body sends it and the files as multipart; a GET has none to carry them.
    if (req.files && typeof body === 'string') {
      const form = await multipart(body, req.files);
      body = form.bytes;
      headers.set('content-type', form.type);
    }
    url = shownTarget.toString();

    const signal = AbortSignal.timeout(options.timeoutMs);
    let response: Answer;
    try {
      ({ response, dropped } = await options.outbound.fetch(target, { method, headers, body, signal }));
    } catch (error) {
      if (error instanceof OutboundRefused) throw new WebhookError(error.message);
      if (signal.aborted) throw new WebhookError(WEBHOOK_ERRORS.timeout(options.timeoutMs));
      throw new WebhookError(WEBHOOK_ERRORS.connect(connectDetail(error)));
    }
    status = response.status;
    if (status >= 400) {
      await response.body?.cancel().catch(() => undefined);
      return done({ error: WEBHOOK_ERRORS.status(status) });
    }
    let text: string;
    try {
      text = await readLimited(response, options.maxBytes ?? DEFAULT_MAX_BYTES);
    } catch (error) {
      if (error instanceof WebhookError) throw error;
      if (signal.aborted) throw new WebhookError(WEBHOOK_ERRORS.timeout(options.timeoutMs), status);
      throw new WebhookError(WEBHOOK_ERRORS.connect(connectDetail(error)), status);
    }
    const mappings = req.resp.filter((r) => r.k.trim());
    if (!mappings.length) return done({});
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return done({ error: WEBHOOK_ERRORS.notJson });
    }
    const mapped: Record<string, unknown> = {};
    for (const r of mappings) {
      const value = readPath(json, r.path);
      if (value !== undefined) mapped[r.k.trim()] = value;
    }
    return done({ memory: mapped });
  } catch (error) {
    if (error instanceof WebhookError) {
      if (error.status !== null) status = error.status;
      return done({ error: error.message });
    }
    return done({ error: WEBHOOK_ERRORS.connect((error as Error).message) });
  }
}
