// The first sheet of an .xls (BIFF, read whole by SheetJS) as QnA rows. Runs in the import's worker
// thread, bounded by the file's size cap, its memory bound and its time limit.
import * as XLSX from '@e965/xlsx';
import { HOJA_ILEGIBLE, HojaError, HojaFilas, type QnaHoja } from './hojaFilas';
import type { LecturaLimits } from './hojaXlsx';

/** A SheetJS cell as the value `cellText` reads: an error as its code, the rest as its value. */
const sheetValue = (cell: XLSX.CellObject | undefined): unknown => (cell?.t === 'e' ? (cell.w ?? '#ERROR') : cell?.v);

export function readXls(data: Buffer, limits: LecturaLimits): QnaHoja {
  const workbook = XLSX.read(data, { type: 'buffer', dense: true, cellDates: true, UTC: true, sheets: 0, cellFormula: false, cellHTML: false, cellStyles: false });
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  if (!sheet) throw new HojaError(HOJA_ILEGIBLE);
  const rows = (sheet['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
  const filas = new HojaFilas(limits.maxRows);
  const header = rows[0] ?? [];
  filas.header((c) => sheetValue(header[c - 1]), header.length);
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    if (row) filas.row(r + 1, (c) => sheetValue(row[c - 1]));
  }
  return filas.result();
}
