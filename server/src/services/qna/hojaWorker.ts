// Reads an uploaded QnA sheet off the main thread and answers its rows, or the Spanish reason the
// whole file is refused; anything else a hostile file makes a reader throw means it is unreadable.
import { parentPort, workerData } from 'node:worker_threads';
import { HOJA_ILEGIBLE, HojaError } from './hojaFilas';
import type { LecturaLimits } from './hojaXlsx';

const { data, kind, limits, tmpdir } = workerData as { data: Uint8Array; kind: 'xlsx' | 'xls'; limits: LecturaLimits; tmpdir: string };
// exceljs keeps a sheet it cannot parse yet in a temporary file: in this read's own folder, which
// the main thread removes when the worker is gone, even when it was terminated mid-read.
process.env.TMPDIR = tmpdir;
const file = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
try {
  // Each reader loads only its own library (exceljs alone takes a third of a second).
  const hoja = kind === 'xlsx' ? await (await import('./hojaXlsx')).readXlsx(file, limits) : (await import('./hojaXls')).readXls(file, limits);
  parentPort!.postMessage({ hoja });
} catch (error) {
  parentPort!.postMessage({ refused: error instanceof HojaError ? error.message : HOJA_ILEGIBLE });
}
