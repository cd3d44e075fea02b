// The server's log: pino's JSON lines for a log collector, or one readable Spanish line per event in
// a terminal (LOG_FORMAT and LOG_LEVEL, config.ts). Requests are logged at debug level in both.
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * Fastify's request lines, one level down: each answered request is one debug line with its method,
 * address, status and time (its arrival a trace line), so that a terminal at the default level shows
 * the server's steps, warnings and errors rather than every call. A request that fails stays an error.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.trace({ req: request }, 'solicitud recibida');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'la solicitud falló');
    else reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'solicitud respondida');
  }
}

/** What pino writes to: anything with a write(line) (pino's DestinationStream). */
export interface LineSink {
  write(line: string): unknown;
}

/** Fastify's logger options for this configuration; `out` replaces standard output (tests). */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>, out?: LineSink): NonNullable<FastifyServerOptions['logger']> {
  if (config.logFormat === 'texto') return { level: config.logLevel, stream: textDestination(out ?? process.stdout) };
  return out ? { level: config.logLevel, stream: out } : { level: config.logLevel };
}

/** A pino destination that writes each JSON line to `out` as textLine shows it. */
export function textDestination(out: LineSink): LineSink {
  return { write: (line: string) => out.write(`${textLine(line)}\n`) };
}

const PREFIXES: Record<number, string> = { 40: 'Aviso', 50: 'Error', 60: 'Error fatal' };

/** pino's own fields, and those a request line shows in its own way. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'reqId', 'msg', 'err', 'req', 'res', 'responseTime']);

/**
 * One of pino's JSON lines as a terminal shows it: the message, with 'Aviso:' or 'Error:' before a
 * warning or an error; a request as 'GET /api/bots 200 (3 ms)'; other fields in parentheses; an
 * error's cause after a colon, and under an error its stack, indented.
 */
export function textLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const level = Number(entry.level);
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  const err = entry.err as { message?: string; stack?: string } | undefined;
  let text = typeof entry.msg === 'string' ? entry.msg : '';
  if (req?.method && res?.statusCode !== undefined && level < 40) {
    text = `${req.method} ${req.url} ${res.statusCode} (${Math.round(Number(entry.responseTime ?? 0))} ms)`;
  } else if (req?.method) {
    text = `${text}: ${req.method} ${req.url}${res?.statusCode !== undefined ? ` ${res.statusCode}` : ''}`;
  }
  const fields = Object.entries(entry).filter(([key]) => !SHOWN_APART.has(key));
  if (fields.length > 0) text += ` (${fields.map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`).join(', ')})`;
  if (err?.message && !text.includes(err.message)) text += `: ${err.message}`;
  const prefix = PREFIXES[level];
  text = prefix ? `${prefix}: ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
  if (level >= 50 && err?.stack) text += `\n${err.stack.replace(/^/gm, '    ')}`;
  return text;
}
