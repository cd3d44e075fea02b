// The first sheet of an .xlsx as QnA rows, read by exceljs's streaming reader once the zip passed
// its checks. Runs in the import's worker thread.
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { HOJA_ILEGIBLE, HojaError, HojaFilas, type QnaHoja } from './hojaFilas';
import { checkZip } from './hojaZip';

/** What the worker's read may take: rows, and bytes the zip inflates to. */
export interface LecturaLimits {
  maxRows: number;
  maxInflatedBytes: number;
}

/**
 * exceljs's streaming reader (ExcelJS.stream.xlsx.WorkbookReader) on its own: the package's entry
 * loads the whole library, which costs each import's worker a third of a second, four times this.
 */
const WorkbookReader = createRequire(import.meta.url)('exceljs/lib/stream/xlsx/workbook-reader.js') as typeof ExcelJS.stream.xlsx.WorkbookReader;

/** What exceljs's streaming reader has and its typings leave out. */
interface SheetReader extends AsyncIterable<ExcelJS.Row> {
  name?: string;
}

export async function readXlsx(data: Buffer, limits: LecturaLimits): Promise<QnaHoja> {
  await checkZip(data, limits.maxInflatedBytes);
  const filas = new HojaFilas(limits.maxRows);
  // Styles are read for their number formats: a date cell then comes as a Date.
  const workbook = new WorkbookReader(Readable.from([data]), { styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  const model = workbook as unknown as { model?: { sheets?: Array<{ name: string }> } };
  let read = false;
  for await (const sheet of workbook as AsyncIterable<SheetReader>) {
    // The workbook's first sheet (its file name need not be sheet1.xml).
    const first = model.model?.sheets?.[0]?.name;
    if (read || (first !== undefined && sheet.name !== first)) continue;
    read = true;
    for await (const row of sheet) {
      const at = (c: number) => row.getCell(c).value;
      if (row.number === 1) filas.header(at, row.cellCount);
      else {
        if (!filas.started) filas.header(() => undefined, 0);
        filas.row(row.number, at);
      }
    }
  }
  if (!read) throw new HojaError(HOJA_ILEGIBLE);
  if (!filas.started) filas.header(() => undefined, 0);
  return filas.result();
}
