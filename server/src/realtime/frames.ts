// STOMP 1.2 frames: an incremental parser of the bytes a WebSocket delivers (several frames in one
// message, or one frame split across messages) with size limits, and the serialiser.
import { STOMP_MESSAGES } from './messages';

export interface StompFrame {
  command: string;
  /** A repeated header keeps its first value (STOMP 1.2). No prototype: a header may be named anything. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface FrameLimits {
  /** Bytes of one frame, command and headers included. */
  maxFrameBytes: number;
  maxHeaders: number;
  /** Bytes of the command and header lines of one frame. */
  maxHeaderBytes: number;
}

export const DEFAULT_LIMITS: FrameLimits = { maxFrameBytes: 64 * 1024, maxHeaders: 32, maxHeaderBytes: 8 * 1024 };

export interface StompErrorOptions {
  /** The ERROR frame's body; the message again when not given. */
  detail?: string;
  /** The receipt the failing frame asked for, echoed as receipt-id. */
  receipt?: string;
  /** More headers for the ERROR frame (version, on a version mismatch). */
  headers?: Record<string, string>;
}

/** A fault in what the peer sent or asked for: `message` is the ERROR frame's header. */
export class StompError extends Error {
  readonly detail: string;
  readonly receipt?: string;
  readonly headers: Record<string, string>;

  constructor(message: string, options: StompErrorOptions = {}) {
    super(message);
    this.detail = options.detail ?? message;
    this.receipt = options.receipt;
    this.headers = options.headers ?? {};
  }
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const COMMAND = /^[A-Z]+$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** CONNECT, STOMP and CONNECTED do not escape their headers (STOMP 1.2, for 1.0 compatibility). */
function escapes(command: string): boolean {
  return command !== 'CONNECT' && command !== 'STOMP' && command !== 'CONNECTED';
}

export function escapeHeader(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/:/g, '\\c');
}

export function unescapeHeader(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.?)/gs, (_, next: string) => {
    switch (next) {
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      case '\\':
        return '\\';
      default:
        throw new StompError(STOMP_MESSAGES.badEscape, { detail: `${STOMP_MESSAGES.badEscape}: \\${next}` });
    }
  });
}

/** Feed it the bytes as they come; it returns each frame once complete. Heart-beats (bare EOLs) yield nothing. */
export class FrameParser {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly limits: FrameLimits = DEFAULT_LIMITS) {}

  /** The frames completed by `chunk`; throws a StompError when the bytes break the protocol or a limit. */
  push(chunk: Buffer | string): StompFrame[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    const buf = this.pending.length === 0 ? bytes : Buffer.concat([this.pending, bytes]);
    const frames: StompFrame[] = [];
    let pos = 0;
    for (;;) {
      pos = skipEols(buf, pos);
      if (pos >= buf.length || buf[pos] === CR) break;
      const parsed = this.frameAt(buf, pos);
      if (!parsed) break;
      frames.push(parsed.frame);
      pos = parsed.end;
    }
    // Copied, so a small remainder does not pin a large message's memory.
    this.pending = pos >= buf.length ? Buffer.alloc(0) : Buffer.from(buf.subarray(pos));
    return frames;
  }

  /** The frame starting at `start` and where the next begins, or null when its bytes have not all arrived. */
  private frameAt(buf: Buffer, start: number): { frame: StompFrame; end: number } | null {
    const { maxFrameBytes, maxHeaders, maxHeaderBytes } = this.limits;
    const lines: string[] = [];
    let lineStart = start;
    let bodyStart = -1;
    while (bodyStart < 0) {
      const eol = buf.indexOf(LF, lineStart);
      if (eol < 0) {
        if (buf.length - start > maxHeaderBytes) throw tooLarge('las cabeceras', maxHeaderBytes);
        return null;
      }
      if (eol + 1 - start > maxHeaderBytes) throw tooLarge('las cabeceras', maxHeaderBytes);
      const lineEnd = eol > lineStart && buf[eol - 1] === CR ? eol - 1 : eol;
      if (lineEnd === lineStart && lines.length > 0) {
        bodyStart = eol + 1;
        break;
      }
      lines.push(decode(buf, lineStart, lineEnd));
      if (lines.length - 1 > maxHeaders) throw new StompError(STOMP_MESSAGES.tooManyHeaders, { detail: `${STOMP_MESSAGES.tooManyHeaders}: el máximo es ${maxHeaders}` });
      lineStart = eol + 1;
    }

    const [command, ...headerLines] = lines;
    if (!COMMAND.test(command)) throw new StompError(STOMP_MESSAGES.malformed, { detail: `${STOMP_MESSAGES.malformed}: comando «${command.slice(0, 40)}»` });
    const headers = parseHeaders(command, headerLines);
    const receipt = headers.receipt;

    let bodyEnd: number;
    const length = headers['content-length'];
    if (length !== undefined) {
      if (!/^\d{1,10}$/.test(length)) throw new StompError(STOMP_MESSAGES.badContentLength, { receipt });
      bodyEnd = bodyStart + Number(length);
      if (bodyEnd - start > maxFrameBytes) throw tooLarge('la trama', maxFrameBytes, receipt);
      if (buf.length <= bodyEnd) return null;
      if (buf[bodyEnd] !== NUL) throw new StompError(STOMP_MESSAGES.missingNul, { receipt });
    } else {
      bodyEnd = buf.indexOf(NUL, bodyStart);
      if (bodyEnd < 0) {
        if (buf.length - start > maxFrameBytes) throw tooLarge('la trama', maxFrameBytes, receipt);
        return null;
      }
      if (bodyEnd - start > maxFrameBytes) throw tooLarge('la trama', maxFrameBytes, receipt);
    }
    return { frame: { command, headers, body: Buffer.from(buf.subarray(bodyStart, bodyEnd)) }, end: bodyEnd + 1 };
  }
}

/** Past any EOLs at `pos` (heart-beats, or padding after a frame); stops before a CR whose LF has not arrived. */
function skipEols(buf: Buffer, pos: number): number {
  while (pos < buf.length) {
    if (buf[pos] === LF) pos += 1;
    else if (buf[pos] === CR && pos + 1 < buf.length) {
      if (buf[pos + 1] !== LF) throw new StompError(STOMP_MESSAGES.malformed);
      pos += 2;
    } else break;
  }
  return pos;
}

function tooLarge(what: string, limit: number, receipt?: string): StompError {
  return new StompError(STOMP_MESSAGES.tooLarge, { detail: `${STOMP_MESSAGES.tooLarge}: ${what} admite como máximo ${limit} bytes`, receipt });
}

function decode(buf: Buffer, from: number, to: number): string {
  try {
    return utf8.decode(buf.subarray(from, to));
  } catch {
    throw new StompError(STOMP_MESSAGES.notUtf8);
  }
}

function parseHeaders(command: string, lines: string[]): Record<string, string> {
  const headers: Record<string, string> = Object.create(null);
  const unescape = escapes(command) ? unescapeHeader : (text: string) => text;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) throw new StompError(STOMP_MESSAGES.malformed, { detail: `${STOMP_MESSAGES.malformed}: cabecera sin «:»` });
    const name = unescape(line.slice(0, colon));
    if (!Object.hasOwn(headers, name)) headers[name] = unescape(line.slice(colon + 1));
  }
  return headers;
}

/** The frame as text: escaped headers (but for CONNECT and CONNECTED), content-length for a body, the NUL. */
export function serializeFrame(command: string, headers: Record<string, string | undefined>, body = ''): string {
  const escape = escapes(command) ? escapeHeader : (text: string) => text;
  let text = command + '\n';
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && name !== 'content-length') text += `${escape(name)}:${escape(value)}\n`;
  }
  if (body !== '') text += `content-length:${Buffer.byteLength(body, 'utf8')}\n`;
  return `${text}\n${body}\0`;
}
