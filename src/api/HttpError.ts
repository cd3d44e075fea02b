// The error every failed call throws: the Spanish message to show, the status and the decoded body.

export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }

  /** The server's error code ({message, code}), e.g. 'SESSION' or 'INTEGRITY'. */
  get code(): string | undefined {
    const body = this.body as { code?: unknown } | null;
    return body && typeof body === 'object' && typeof body.code === 'string' ? body.code : undefined;
  }

  /** The field a 400 is about ({message, field}), as a form path such as 'buttons.0.title'. */
  get field(): string | undefined {
    const body = this.body as { field?: unknown } | null;
    return body && typeof body === 'object' && typeof body.field === 'string' ? body.field : undefined;
  }
}

export const UNKNOWN_ERROR = 'Error desconocido';
export const NO_CONNECTION = 'No se pudo conectar con el servidor';

/** The text to show for any failure: ours are Spanish already; anything else is unknown. */
export function messageOf(error: unknown): string {
  return error instanceof HttpError ? error.message : UNKNOWN_ERROR;
}

/**
 * The message is the body's `message`, or the body itself (also when the answer is
 * binary), otherwise 'Error desconocido'. An HTML error page is not a message.
 */
export function decodeError(bytes: ArrayBuffer, contentType: string | null): { message: string; body: unknown } {
  const text = new TextDecoder('utf-8').decode(bytes).trim();
  if (!text) return { message: UNKNOWN_ERROR, body: null };
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the text itself is the message
  }
  if (typeof body === 'object' && body !== null) {
    const message = (body as { message?: unknown }).message;
    return { message: typeof message === 'string' && message ? message : UNKNOWN_ERROR, body };
  }
  if (typeof body === 'string' && !contentType?.includes('html') && !text.startsWith('<')) {
    return { message: body || UNKNOWN_ERROR, body };
  }
  return { message: UNKNOWN_ERROR, body: text };
}
