// The QnA sheet's columns and rows: the header matched by name, each cell turned into text, each
// row checked against the QnA's limits. Shared by the .xlsx and the .xls readers.
import { QNA_MESSAGES } from '../../../../common/schemas/qna';

/** One good row of the sheet: a new QnA (uid null) or an update of an existing one. */
export interface QnaFila {
  /** The row's number as Excel shows it (the header is row 1). */
  fila: number;
  uid: string | null;
  nm: string;
  frases: string[];
  tags: string[];
  respuesta: string;
}

/** A refused row: its number, the column at fault and why, in Spanish. */
export interface QnaRechazo {
  fila: number;
  columna: string;
  motivo: string;
}

export interface QnaHoja {
  filas: QnaFila[];
  rechazos: QnaRechazo[];
}

/** A whole file refused; its message is what the user reads. */
export class HojaError extends Error {}

const count = new Intl.NumberFormat('es', { maximumFractionDigits: 2 });

export const HOJA_ILEGIBLE = QNA_MESSAGES.noSePuedeLeer;
export const HOJA_EXPANDIDA = 'El archivo se expande más de lo permitido';
export const HOJA_MEMORIA = 'La lectura del archivo superó la memoria permitida';
export const hojaPesada = (maxBytes: number) => `El archivo supera el máximo de ${count.format(maxBytes / 1024 / 1024)} MB`;
export const hojaLarga = (maxRows: number) => `El archivo tiene más de ${count.format(maxRows)} filas`;
export const hojaLenta = (timeoutMs: number) => `La lectura del archivo superó el tiempo máximo de ${count.format(timeoutMs / 1000)} s`;
export const hojaSinColumnas = (faltan: string[]) =>
  faltan.length === 1 ? `Falta la columna ${faltan[0]}` : `Faltan las columnas ${faltan.join(', ')}`;

/** 'Fila 7, columna pregunta: campo requerido'. */
export const rechazoTexto = (r: QnaRechazo) => `Fila ${r.fila}, columna ${r.columna}: ${r.motivo}`;

export const COLUMNAS = ['uid', 'pregunta', 'variantes', 'tags', 'respuesta'] as const;
export type Columna = (typeof COLUMNAS)[number];
const REQUERIDAS: Columna[] = ['pregunta', 'respuesta'];

export const MAX_UID = 64;
export const MAX_PREGUNTA = 200;
export const MAX_VARIANTE = 500;
export const MAX_VARIANTES = 200;
export const MAX_TAG = 64;
export const MAX_RESPUESTA = 2000;

/** A header or a value compared without case, accents or extra spaces. */
const folded = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Length as a person counts characters (an emoji is one). */
const chars = (s: string) => [...s].length;

const two = (n: number) => String(n).padStart(2, '0');

/** A date as a Spanish sheet shows it: 15/01/2024, with the time only when it has one. */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const day = `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  const [h, m, s] = [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
  if (!h && !m && !s) return day;
  return `${day} ${two(h)}:${two(m)}${s ? `:${two(s)}` : ''}`;
}

/**
 * A cell's value as text: strings, numbers (to Excel's 15 significant digits), booleans as a Spanish
 * Excel shows them, dates, rich text, hyperlinks, a formula's cached result and an error's code.
 */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(Number(v.toPrecision(15))) : '';
  if (typeof v === 'boolean') return v ? 'VERDADERO' : 'FALSO';
  if (v instanceof Date) return dateText(v);
  if (typeof v !== 'object') return '';
  const o = v as { richText?: Array<{ text?: unknown }>; text?: unknown; result?: unknown; error?: unknown };
  if (Array.isArray(o.richText)) return o.richText.map((run) => cellText(run.text)).join('');
  if ('text' in o) return cellText(o.text);
  if ('result' in o) return cellText(o.result);
  if (typeof o.error === 'string') return o.error;
  return '';
}

/** A cell's text with its line breaks as \n and no spaces around it. */
const clean = (v: unknown) => cellText(v).replace(/\r\n?/g, '\n').trim();

/** The parts of a list cell, trimmed, blanks and repeats (without case or accents) dropped. */
function parts(text: string, separator: RegExp): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(separator)) {
    const part = raw.trim();
    const key = folded(part);
    if (!part || seen.has(key)) continue;
    seen.add(key);
    out.push(part);
  }
  return out;
}

/**
 * Collects the sheet's rows: first the header (row 1), then each data row. Refuses the whole file
 * when a required column is missing or the rows pass the cap; a bad row is only set aside.
 */
export class HojaFilas {
  private readonly columns = new Map<Columna, number>();
  private readonly filas: QnaFila[] = [];
  private readonly rechazos: QnaRechazo[] = [];
  private rows = 0;

  constructor(private readonly maxRows: number) {}

  /** Row 1: `at(c)` is the value of column c (1-based); `width` is its last column. */
  header(at: (column: number) => unknown, width: number): void {
    const byName = new Map<string, Columna>(COLUMNAS.map((c) => [c, c]));
    for (let c = 1; c <= width; c++) {
      const name = byName.get(folded(cellText(at(c))));
      if (name && !this.columns.has(name)) this.columns.set(name, c);
    }
    const faltan = REQUERIDAS.filter((c) => !this.columns.has(c));
    if (faltan.length) throw new HojaError(hojaSinColumnas(faltan));
  }

  /** A data row; `fila` is its number as Excel shows it. */
  row(fila: number, at: (column: number) => unknown): void {
    const text = (c: Columna) => {
      const column = this.columns.get(c);
      return column === undefined ? '' : clean(at(column));
    };
    const [uid, pregunta, variantes, tags, respuesta] = COLUMNAS.map(text);
    if (!uid && !pregunta && !variantes && !tags && !respuesta) return;
    if (++this.rows > this.maxRows) throw new HojaError(hojaLarga(this.maxRows));

    const before = this.rechazos.length;
    const refuse = (columna: Columna, motivo: string) => this.rechazos.push({ fila, columna, motivo });
    const longer = (max: number) => `supera ${count.format(max)} caracteres`;

    if (chars(uid) > MAX_UID) refuse('uid', longer(MAX_UID));
    if (!pregunta) refuse('pregunta', 'campo requerido');
    else if (chars(pregunta) > MAX_PREGUNTA) refuse('pregunta', longer(MAX_PREGUNTA));
    const frases = parts(variantes, /\n|\|/);
    if (frases.length > MAX_VARIANTES) refuse('variantes', `tiene más de ${MAX_VARIANTES} variantes`);
    else if (frases.some((f) => chars(f) > MAX_VARIANTE)) refuse('variantes', `una variante ${longer(MAX_VARIANTE)}`);
    const etiquetas = parts(tags, /,/);
    if (etiquetas.some((t) => chars(t) > MAX_TAG)) refuse('tags', `un tag ${longer(MAX_TAG)}`);
    if (!respuesta) refuse('respuesta', 'campo requerido');
    else if (chars(respuesta) > MAX_RESPUESTA) refuse('respuesta', longer(MAX_RESPUESTA));

    if (this.rechazos.length > before) return;
    this.filas.push({ fila, uid: uid === '-' || !uid ? null : uid, nm: pregunta, frases, tags: etiquetas, respuesta });
  }

  /** True once a header has been read. */
  get started(): boolean {
    return this.columns.size > 0;
  }

  result(): QnaHoja {
    return { filas: this.filas, rechazos: this.rechazos };
  }
}
