// The QnA import's spreadsheet: good rows kept, bad ones named by row and column, .xlsx and .xls
// alike, and hostile files (not Excel, too big, too many rows, zip bombs, slow) refused in Spanish
// while the main thread keeps answering and no worker thread is left behind.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { HojaError, liveHojaWorkers, readQnaSheet, rechazoTexto, type HojaLimits } from '../../server/src/services/qna/hoja';
import { qnaTemplate } from '../../server/src/services/qna/plantilla';

const MB = 1024 * 1024;
const LIMITS: HojaLimits = { maxBytes: 10 * MB, maxRows: 20_000, maxInflatedBytes: 200 * MB, timeoutMs: 20_000, maxMemoryMb: 256 };
const HEADER = ['uid', 'pregunta', 'variantes', 'tags', 'respuesta'];

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('QnA');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function xls(rows: unknown[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows, { cellDates: true, UTC: true }), 'QnA');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** The whole-file refusal's message, or 'leída' when the file was read. */
const refusal = (read: Promise<unknown>) =>
  read.then(
    () => 'leída',
    (error: unknown) => (error instanceof HojaError ? error.message : `otro error: ${String(error)}`),
  );

/**
 * Runs `work`, watching the sheet workers alive meanwhile: its result, and the most seen at once. A
 * read on the main thread shows none (how long the main thread waits is the import bench's figure:
 * a timed assertion would depend on the machine's load).
 */
async function watchingThreads<T>(work: () => Promise<T>): Promise<{ result: T; threads: number }> {
  let threads = 0;
  const timer = setInterval(() => (threads = Math.max(threads, liveHojaWorkers())), 5);
  try {
    return { result: await work(), threads };
  } finally {
    clearInterval(timer);
  }
}

interface ZipEntry {
  name: string;
  /** Raw deflate; `text` deflated when absent. */
  deflated?: Buffer;
  text?: string;
  /** What the entry declares it inflates to, and its CRC. */
  size?: number;
  crc?: number;
}

/** A zip written by hand, so a test can make it declare what it likes. */
function zip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const plain = Buffer.from(entry.text ?? '');
    const body = entry.deflated ?? deflateRawSync(plain);
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc ?? crc32(plain), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.size ?? plain.length, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    local.copy(record, 8, 6, 26);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    central.push(record, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An .xlsx whose only sheet inflates to `megabytes` MB of spaces from a few hundred KB: one deflated
 * megabyte repeated (each piece ends on a sync flush, so the pieces join into one stream). With
 * `lying`, every entry declares 1 KB.
 */
function bomb(megabytes: number, lying: boolean): Buffer {
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`);
  const tail = Buffer.from('</sheetData></worksheet>');
  const spaces = Buffer.alloc(MB, ' ');
  const flushed = (b: Buffer) => deflateRawSync(b, { finishFlush: constants.Z_SYNC_FLUSH });
  const piece = flushed(spaces);
  let crc = crc32(head);
  for (let i = 0; i < megabytes; i++) crc = crc32(spaces, crc);
  const sheet: ZipEntry = {
    name: 'xl/worksheets/sheet1.xml',
    deflated: Buffer.concat([flushed(head), ...Array<Buffer>(megabytes).fill(piece), deflateRawSync(tail)]),
    size: lying ? 1024 : head.length + megabytes * MB + tail.length,
    crc: crc32(tail, crc),
  };
  return zip([
    { name: '[Content_Types].xml', text: `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>` },
    { name: '_rels/.rels', text: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', text: `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="QnA" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', text: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>` },
    sheet,
  ].map((entry) => (lying && entry !== sheet ? { ...entry, size: 1024 } : entry)));
}

/** `n` good data rows after the header. */
const manyRows = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => ['-', `¿Pregunta número ${i}?`, `variante ${i} a\nvariante ${i} b`, 'general', `Respuesta número ${i}, con algo de texto para que pese.`])];

describe('lectura de la hoja de QnA', () => {
  it.concurrent('lee las filas buenas de un .xlsx: uid - es nueva, variantes por línea o |, tags por comas, todo recortado', async ({ expect }) => {
    const buffer = await xlsx([
      HEADER,
      ['-', '  ¿Cuál es el horario?  ', '¿A qué hora abren?\n\n¿Hasta qué hora?| ¿a qué hora abren? ', ' horarios , sede,,Horarios', 'De 9 a 18.\nSábados de 9 a 13.'],
      ['qna-17', { richText: [{ text: '¿Dónde ' }, { font: { bold: true }, text: 'están?' }] }, null, '', { text: 'Ver el mapa', hyperlink: 'https://example.com/mapa' }],
      [42, { formula: '"¿Precio?"', result: '¿Precio?' }, 3.5, new Date(Date.UTC(2024, 0, 15)), { formula: '2+2', result: 4 }],
    ]);
    expect(await readQnaSheet(buffer, 'qna.xlsx', LIMITS)).toEqual({
      filas: [
        { fila: 2, uid: null, nm: '¿Cuál es el horario?', frases: ['¿A qué hora abren?', '¿Hasta qué hora?'], tags: ['horarios', 'sede'], respuesta: 'De 9 a 18.\nSábados de 9 a 13.' },
        { fila: 3, uid: 'qna-17', nm: '¿Dónde están?', frases: [], tags: [], respuesta: 'Ver el mapa' },
        { fila: 4, uid: '42', nm: '¿Precio?', frases: ['3.5'], tags: ['15/01/2024'], respuesta: '4' },
      ],
      rechazos: [],
    });
  });

  it.concurrent("una fila mala se informa con su fila y columna ('Fila 3, columna pregunta: campo requerido') y las buenas se conservan; una fila vacía se salta", async ({ expect }) => {
    const buffer = await xlsx([
      HEADER,
      ['-', '¿Buena?', '', '', 'Sí'],
      ['-', '', 'algo', '', 'Sin pregunta'],
      [],
      ['-', 'p'.repeat(201), '', '', 'r'.repeat(2001)],
      ['u'.repeat(65), '¿Variantes?', Array.from({ length: 201 }, (_, i) => `v${i}`).join('|'), 't'.repeat(65), 'ok'],
      ['-', '¿Variante larga?', 'v'.repeat(501), '', ''],
      [null, null, null, null, null],
      ['-', '¿Otra buena?', '', '', 'También'],
    ]);
    const { filas, rechazos } = await readQnaSheet(buffer, 'qna.xlsx', LIMITS);
    expect(filas.map((f) => [f.fila, f.nm])).toEqual([
      [2, '¿Buena?'],
      [9, '¿Otra buena?'],
    ]);
    expect(rechazos.map(rechazoTexto)).toEqual([
      'Fila 3, columna pregunta: campo requerido',
      'Fila 5, columna pregunta: supera 200 caracteres',
      'Fila 5, columna respuesta: supera 2000 caracteres',
      'Fila 6, columna uid: supera 64 caracteres',
      'Fila 6, columna variantes: tiene más de 200 variantes',
      'Fila 6, columna tags: un tag supera 64 caracteres',
      'Fila 7, columna variantes: una variante supera 500 caracteres',
      'Fila 7, columna respuesta: campo requerido',
    ]);
  });

  it.concurrent('lee un .xls (BIFF8), también con la extensión .xlx, como un .xlsx', async ({ expect }) => {
    const rows = [
      HEADER,
      ['-', '¿Horario?', 'a\nb|c', 'x, y', 'De 9 a 18'],
      ['', '', '', '', ''],
      ['qna-3', '', '', '', 'Sin pregunta'],
      [7, 2.5, new Date(Date.UTC(2024, 0, 15, 10, 30)), true, 'ok'],
    ];
    const expected = {
      filas: [
        { fila: 2, uid: null, nm: '¿Horario?', frases: ['a', 'b', 'c'], tags: ['x', 'y'], respuesta: 'De 9 a 18' },
        { fila: 5, uid: '7', nm: '2.5', frases: ['15/01/2024 10:30'], tags: ['VERDADERO'], respuesta: 'ok' },
      ],
      rechazos: [{ fila: 4, columna: 'pregunta', motivo: 'campo requerido' }],
    };
    const buffer = xls(rows);
    expect(await readQnaSheet(buffer, 'qna.xls', LIMITS)).toEqual(expected);
    expect(await readQnaSheet(buffer, 'QNA.XLX', LIMITS)).toEqual(expected);
  });

  it.concurrent('reconoce los encabezados en otro orden, con mayúsculas, acentos y espacios; ignora columnas ajenas', async ({ expect }) => {
    const buffer = await xlsx([
      [' RESPUESTA', 'Notas', 'Pregúnta', 'Tags ', 'VARIANTES', 'Uid'],
      ['Abrimos a las 9', 'no se importa', '¿Horario?', 'horarios', 'cuándo abren', '-'],
    ]);
    expect((await readQnaSheet(buffer, 'qna.xlsx', LIMITS)).filas).toEqual([
      { fila: 2, uid: null, nm: '¿Horario?', frases: ['cuándo abren'], tags: ['horarios'], respuesta: 'Abrimos a las 9' },
    ]);
  });

  it.concurrent('sin una columna requerida en la fila 1 rechaza el archivo', async ({ expect }) => {
    expect(await refusal(readQnaSheet(await xlsx([['uid', 'pregunta', 'variantes'], ['-', '¿Hola?', '']]), 'qna.xlsx', LIMITS))).toBe('Falta la columna respuesta');
    expect(await refusal(readQnaSheet(xls([[], HEADER, ['-', '¿Hola?', '', '', 'Hola']]), 'qna.xls', LIMITS))).toBe('Faltan las columnas pregunta, respuesta');
  });

  it.concurrent("un archivo de más del máximo se rechaza sin leerlo: 'El archivo supera el máximo de 1 MB'", async ({ expect }) => {
    const limits = { ...LIMITS, maxBytes: MB };
    const big = Buffer.concat([await xlsx(manyRows(2)), Buffer.alloc(MB)]);
    expect(await refusal(readQnaSheet(big, 'qna.xlsx', limits))).toBe('El archivo supera el máximo de 1 MB');
    const folder = await mkdtemp(join(tmpdir(), 'qna-hoja-test-'));
    try {
      await writeFile(join(folder, 'grande.xls'), big);
      expect(await refusal(readQnaSheet(join(folder, 'grande.xls'), 'grande.xls', limits))).toBe('El archivo supera el máximo de 1 MB');
      await writeFile(join(folder, 'justa.xlsx'), await xlsx(manyRows(2)));
      expect((await readQnaSheet(join(folder, 'justa.xlsx'), 'justa.xlsx', limits)).filas).toHaveLength(2);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it.concurrent("más filas con datos que el máximo rechaza el archivo: 'El archivo tiene más de 5 filas'", async ({ expect }) => {
    const limits = { ...LIMITS, maxRows: 5 };
    expect((await readQnaSheet(await xlsx([...manyRows(5), [], []]), 'qna.xlsx', limits)).filas).toHaveLength(5);
    expect(await refusal(readQnaSheet(await xlsx(manyRows(6)), 'qna.xlsx', limits))).toBe('El archivo tiene más de 5 filas');
    expect(await refusal(readQnaSheet(xls(manyRows(6)), 'qna.xls', limits))).toBe('El archivo tiene más de 5 filas');
  });

  it.concurrent("una bomba zip que declara sus tamaños se rechaza: 'El archivo se expande más de lo permitido'", async ({ expect }) => {
    const file = bomb(60, false);
    expect(file.length).toBeLessThan(MB);
    expect(await refusal(readQnaSheet(file, 'bomba.xlsx', { ...LIMITS, maxInflatedBytes: 30 * MB }))).toBe('El archivo se expande más de lo permitido');
  });

  it("un texto renombrado .xlsx, bytes al azar, otra extensión, un zip sin hoja o un .xlsx cortado: 'no se puede leer el archivo'", async () => {
    const good = await xlsx(manyRows(3));
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    const files: Array<[Buffer, string]> = [
      [Buffer.from('uid,pregunta,variantes,tags,respuesta\n-,¿Hola?,,,Hola\n'), 'qna.xlsx'],
      [random, 'qna.xls'],
      [good, 'qna.csv'],
      [good, 'qna.xlsx.txt'],
      [zip([{ name: 'nota.txt', text: 'hola' }]), 'qna.xlsx'],
      [good.subarray(0, good.length - 200), 'qna.xlsx'],
      [Buffer.concat([good.subarray(0, 8), random]), 'qna.xlsx'],
      [Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), random]), 'qna.xls'],
    ];
    for (const [file, name] of files) expect(await refusal(readQnaSheet(file, name, LIMITS))).toBe('no se puede leer el archivo');
    expect(liveHojaWorkers()).toBe(0);
  });

  it('una bomba zip que miente sus tamaños se rechaza por lo que de verdad expande, leída en otro hilo', async () => {
    const file = bomb(60, true);
    const { result, threads } = await watchingThreads(() => refusal(readQnaSheet(file, 'bomba.xlsx', { ...LIMITS, maxInflatedBytes: 30 * MB })));
    expect(result).toBe('El archivo se expande más de lo permitido');
    expect(threads).toBe(1);
    expect(liveHojaWorkers()).toBe(0);
  });

  describe('un .xls grande', () => {
    let big: Buffer;
    beforeAll(() => {
      big = xls(manyRows(15_000));
    });

    it('se lee en otro hilo mientras se rechaza por sus filas', async () => {
      const { result, threads } = await watchingThreads(() => refusal(readQnaSheet(big, 'grande.xls', { ...LIMITS, maxRows: 10_000 })));
      expect(result).toBe('El archivo tiene más de 10.000 filas');
      expect(threads).toBe(1);
      expect(liveHojaWorkers()).toBe(0);
    });

    it('pasado el tiempo máximo el hilo se termina: la promesa se rechaza y no queda hilo ni carpeta temporal', async () => {
      const folders = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('quipu-hoja-')).length;
      const before = await folders();
      const read = readQnaSheet(big, 'grande.xls', { ...LIMITS, timeoutMs: 300 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(liveHojaWorkers()).toBe(1);
      expect(await refusal(read)).toBe('La lectura del archivo superó el tiempo máximo de 0,3 s');
      expect(liveHojaWorkers()).toBe(0);
      expect(await folders()).toBe(before);
    });
  });

  it('un archivo que hace fallar al lector también termina su hilo', async () => {
    const good = await xlsx(manyRows(3));
    const corrupt = Buffer.from(good);
    corrupt.fill(0x55, 200, 600);
    const read = readQnaSheet(corrupt, 'qna.xlsx', LIMITS);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(liveHojaWorkers()).toBe(1);
    expect(await refusal(read)).toBe('no se puede leer el archivo');
    expect(liveHojaWorkers()).toBe(0);
  });
});

describe('plantilla de importación de QnA', () => {
  let template: Buffer;
  beforeAll(async () => {
    template = await qnaTemplate();
  });

  it.concurrent('tiene las columnas con una nota que explica cada una y la hoja Instrucciones', async ({ expect }) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['QnA', 'Instrucciones']);
    const header = workbook.worksheets[0].getRow(1);
    expect(HEADER.map((_, i) => header.getCell(i + 1).value)).toEqual(HEADER);
    const notes = HEADER.map((_, i) => header.getCell(i + 1).note);
    expect(notes.every((note) => typeof note === 'string' && note.length > 20)).toBe(true);
    expect(notes[0]).toContain('Escriba - para crear una QnA nueva');
  });

  it.concurrent('se importa tal cual: sus dos ejemplos son filas buenas de QnA nuevas', async ({ expect }) => {
    const { filas, rechazos } = await readQnaSheet(template, 'plantilla.xlsx', LIMITS);
    expect(rechazos).toEqual([]);
    expect(filas.map((f) => [f.fila, f.uid, f.nm, f.frases.length, f.tags])).toEqual([
      [2, null, '¿Cuál es el horario de atención?', 2, ['horarios']],
      [3, null, '¿Cómo recupero mi contraseña?', 2, ['cuenta', 'soporte']],
    ]);
  });
});
