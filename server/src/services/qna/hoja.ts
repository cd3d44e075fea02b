// Reads an uploaded QnA spreadsheet (.xlsx or .xls) into rows, safely: the size is capped before
// reading, the format is decided by the content, and the parsing runs in a worker thread with a
// memory bound and a time limit, so a hostile file is refused without starving the instance.
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { runBounded } from '../../engine/boundedWorker';
import { HOJA_ILEGIBLE, HOJA_MEMORIA, HojaError, hojaLenta, hojaPesada, type QnaHoja } from './hojaFilas';

export { HojaError, rechazoTexto, type QnaFila, type QnaRechazo } from './hojaFilas';

/** What one import may use. */
export interface HojaLimits {
  /** The file's size. */
  maxBytes: number;
  /** Data rows (the header and wholly empty rows not counted). */
  maxRows: number;
  /** What an .xlsx's entries may inflate to, all together. */
  maxInflatedBytes: number;
  /** Past this the worker is terminated. */
  timeoutMs: number;
  /** The worker's old-generation heap (resourceLimits.maxOldGenerationSizeMb). */
  maxMemoryMb: number;
}

const EXTENSION = /\.(xlsx|xls|xlx)$/i;
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** A spreadsheet's kind by its first bytes: .xlsx (a zip) or .xls (an OLE2 file). */
export function sheetKind(data: Buffer): 'xlsx' | 'xls' | undefined {
  if (data.subarray(0, ZIP.length).equals(ZIP)) return 'xlsx';
  if (data.subarray(0, OLE2.length).equals(OLE2)) return 'xls';
  return undefined;
}

/** Sheet workers alive now (each ends with its read, or is terminated at its limit). */
const live = new Set<Worker>();
export const liveHojaWorkers = (): number => live.size;

/** The file's bytes, refused past `maxBytes` before more than that is read. */
async function load(file: Buffer | string, maxBytes: number): Promise<Buffer> {
  if (Buffer.isBuffer(file)) {
    if (file.length > maxBytes) throw new HojaError(hojaPesada(maxBytes));
    return file;
  }
  const handle = await open(file, 'r').catch(() => {
    throw new HojaError(HOJA_ILEGIBLE);
  });
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw new HojaError(hojaPesada(maxBytes));
    // One byte more than allowed tells a file that grew since its size was read.
    const data = Buffer.alloc(size + 1);
    let filled = 0;
    while (filled < data.length) {
      const { bytesRead } = await handle.read(data, filled, data.length - filled, filled);
      if (!bytesRead) break;
      filled += bytesRead;
    }
    if (filled > maxBytes) throw new HojaError(hojaPesada(maxBytes));
    return data.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/**
 * The rows of the file's first sheet: the good ones, and each refused one with its row, column and
 * reason. Throws HojaError, with the message the user reads, when the whole file is refused.
 */
export async function readQnaSheet(file: Buffer | string, fileName: string, limits: HojaLimits): Promise<QnaHoja> {
  if (!EXTENSION.test(fileName.trim())) throw new HojaError(HOJA_ILEGIBLE);
  const data = await load(file, limits.maxBytes);
  const kind = sheetKind(data);
  if (!kind) throw new HojaError(HOJA_ILEGIBLE);
  const folder = await mkdtemp(join(tmpdir(), 'quipu-hoja-'));
  try {
    return await inWorker(data, kind, folder, limits);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function inWorker(data: Buffer, kind: 'xlsx' | 'xls', folder: string, limits: HojaLimits): Promise<QnaHoja> {
  const answer = await runBounded<{ hoja?: QnaHoja; refused?: string }, { hoja?: QnaHoja; refused?: string }>({
    entry: new URL('./hojaWorker.mjs', import.meta.url),
    workerData: { data, kind, tmpdir: folder, limits: { maxRows: limits.maxRows, maxInflatedBytes: limits.maxInflatedBytes } },
    limits,
    live,
    answer: (m) => m,
    // A streaming reader left mid-file keeps the thread's loop busy: its answer is all we need.
    endAtAnswer: true,
    timeout: () => new HojaError(hojaLenta(limits.timeoutMs)),
    memory: () => new HojaError(HOJA_MEMORIA),
    failed: () => new HojaError(HOJA_ILEGIBLE),
    noAnswer: () => new HojaError(HOJA_ILEGIBLE),
  });
  if (answer.hoja) return answer.hoja;
  throw new HojaError(answer.refused ?? HOJA_ILEGIBLE);
}
