// The external QnA source: the bot's qnaUrl fetched through the outbound guard (internal addresses
// refused unless OUTBOUND_ALLOW names them, each redirect checked), within the import's size and a
// time limit. Its answer is an .xlsx or .xls (told by its content) or JSON rows with the template's
// columns, each row checked as a sheet's row is.
import { OutboundRefused, type OutboundGuard } from '../../net/outbound';
import { readQnaSheet, HojaError, sheetKind, type HojaLimits } from './hoja';
import { COLUMNAS, HojaFilas, hojaPesada, type QnaHoja } from './hojaFilas';

export const EXTERNA_TIMEOUT_MS = 30_000;

export const EXTERNA_MESSAGES = {
  prefijo: 'No se pudo leer el QnA externo',
  tiempo: (ms: number) => `no respondió en ${ms / 1000} s`,
  estado: (status: number) => `el servidor respondió ${status}`,
  conexion: 'no se pudo conectar',
  formato: 'la respuesta no es un Excel ni un JSON con filas',
} as const;

/** Why the source could not be read, as the import's error shows it. */
export class ExternaError extends Error {
  constructor(reason: string) {
    super(`${EXTERNA_MESSAGES.prefijo}: ${reason}`);
  }
}


/** The answer's bytes, refused past `maxBytes` before more is read. */
async function readLimited(body: ReadableStream<Uint8Array> | null, declared: number, maxBytes: number): Promise<Buffer> {
  if (declared > maxBytes) throw new ExternaError(hojaPesada(maxBytes));
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ExternaError(hojaPesada(maxBytes));
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return Buffer.concat(chunks);
}

/** A JSON cell as a sheet's: a list (variantes, tags) joined as the sheet writes it. */
function cell(column: (typeof COLUMNAS)[number], value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map(String).join(column === 'tags' ? ',' : '\n');
}

/** JSON rows [{uid, pregunta, variantes, tags, respuesta}], checked as a sheet's rows; row N is the N-th. */
export function jsonRows(text: string, maxRows: number): QnaHoja {
  let rows: unknown;
  try {
    rows = JSON.parse(text);
  } catch {
    throw new ExternaError(EXTERNA_MESSAGES.formato);
  }
  if (!Array.isArray(rows)) throw new ExternaError(EXTERNA_MESSAGES.formato);
  const hoja = new HojaFilas(maxRows);
  hoja.header((c) => COLUMNAS[c - 1], COLUMNAS.length);
  rows.forEach((row, i) => {
    const o = row !== null && typeof row === 'object' ? (row as Record<string, unknown>) : {};
    hoja.row(i + 1, (c) => cell(COLUMNAS[c - 1], o[COLUMNAS[c - 1]]));
  });
  return hoja.result();
}

/** The rows the source answers; any failure throws ExternaError with the reason in Spanish. */
export async function fetchExterna(outbound: OutboundGuard, url: string, limits: HojaLimits, timeoutMs = EXTERNA_TIMEOUT_MS): Promise<QnaHoja> {
  let target: URL;
  try {
    target = new URL(url.trim());
  } catch {
    throw new ExternaError(`la dirección ${url} no es válida`);
  }
  const signal = AbortSignal.timeout(timeoutMs);
  let data: Buffer;
  try {
    const { response } = await outbound.fetch(target, { method: 'GET', headers: [['accept', 'application/json, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/vnd.ms-excel']], signal });
    if (response.status >= 400 || response.status < 200) {
      await response.body?.cancel().catch(() => undefined);
      throw new ExternaError(EXTERNA_MESSAGES.estado(response.status));
    }
    data = await readLimited(response.body as ReadableStream<Uint8Array> | null, Number(response.headers.get('content-length') ?? 0), limits.maxBytes);
  } catch (error) {
    if (error instanceof ExternaError) throw error;
    if (error instanceof OutboundRefused) throw new ExternaError(error.message);
    if (signal.aborted) throw new ExternaError(EXTERNA_MESSAGES.tiempo(timeoutMs));
    throw new ExternaError(EXTERNA_MESSAGES.conexion);
  }
  try {
    const kind = sheetKind(data);
    if (kind) return await readQnaSheet(data, `externa.${kind}`, limits);
    return jsonRows(data.toString('utf8'), limits.maxRows);
  } catch (error) {
    if (error instanceof HojaError) throw new ExternaError(error.message);
    throw error;
  }
}
