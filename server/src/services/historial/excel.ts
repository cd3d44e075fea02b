// Spreadsheets of the history, written by exceljs's streaming writer as rows come (never the whole
// file in memory): the sheet of one client's messages (POST /session/excel) and what the reports share.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { excelFormat } from '../../../../common/fechas';
import type { DB } from '../../db';
import { clientChatSessions } from './sesiones';
import { wallClock, type BotRange } from './rango';

/** Day and time as the console shows them (dd/mm/yyyy hh:mm); the cell holds a real date. */
export const DATE_FORMAT = excelFormat('fechaHora');
/** Messages read per query: keyset pages, never a whole session or report at once. */
export const MESSAGE_BATCH = 10_000;

export type Sheet = ExcelJS.Worksheet;

export function workbookWriter(stream: Writable) {
  return new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
}

export interface ColumnSpec {
  header: string;
  width: number;
  date?: boolean;
}

// One style object per kind of cell, shared by every cell of that kind: exceljs knows a style it
// has seen by the object itself, and would otherwise describe each cell's own copy again.
const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: DATE_FORMAT };
const PLAIN_STYLE: Partial<ExcelJS.Style> = {};
const columnStyles = new WeakMap<Sheet, Partial<ExcelJS.Style>[]>();

/** A sheet with its Spanish headers; date columns carry a date format. */
export function addSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: ColumnSpec[]): Sheet {
  const sheet = book.addWorksheet(name);
  sheet.columns = columns.map((c, i) => ({ key: String(i), header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  columnStyles.set(sheet, columns.map((c) => (c.date ? DATE_STYLE : PLAIN_STYLE)));
  return sheet;
}

/** Writes a row of `values` to a sheet of addSheet, each cell in its column's style. */
export function addRow(sheet: Sheet, values: unknown[]): void {
  const styles = columnStyles.get(sheet) ?? [];
  const row = sheet.addRow(values);
  for (let i = 0; i < values.length; i++) row.getCell(i + 1).style = styles[i] ?? PLAIN_STYLE;
  row.commit();
}

/** Waits while the stream below asks the writer to wait, so a slow sink bounds what is buffered. */
export async function drained(stream: Writable): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

export interface MessageRow {
  idSesion: string;
  t: number;
  m: string;
  tipo: string;
  fc: string;
  seq: number;
  idSkill: string | null;
  score: number | null;
}

/** The bot's skill names by id, read once rather than joined to every message. */
export async function skillNames(db: DB, idBot: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('skill').select(['id', 'nm']).where('idBot', '=', idBot).execute();
  return new Map(rows.map((r) => [r.id, r.nm]));
}

/** The Skill and Puntaje cells of a message: the skill's name (its id if it was deleted since). */
export const skillCells = (m: MessageRow, names: Map<string, string>): unknown[] => [m.idSkill ? (names.get(m.idSkill) ?? m.idSkill) : '', m.score ?? ''];

/**
 * The messages of `sessions`, ordered by session id and position, `MESSAGE_BATCH` at a time: each
 * query starts after the last row of the one before (index idSesion, seq).
 */
export async function* messagesOf(db: DB, sessions: string[]): AsyncGenerator<MessageRow[]> {
  if (sessions.length === 0) return;
  let after: { idSesion: string; seq: number } | undefined;
  for (;;) {
    let query = db
      .selectFrom('chat_mensaje as m')
      .select(['m.idSesion', 'm.t', 'm.m', 'm.tipo', 'm.fc', 'm.seq', 'm.idSkill', 'm.score'])
      .where('m.idSesion', 'in', sessions);
    if (after) {
      const last = after;
      query = query.where(sql<boolean>`(m."idSesion", m.seq) > (${last.idSesion}, ${last.seq})`);
    }
    const rows = await query.orderBy('m.idSesion').orderBy('m.seq').limit(MESSAGE_BATCH).execute();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < MESSAGE_BATCH) return;
    const last = rows[rows.length - 1];
    after = { idSesion: last.idSesion, seq: Number(last.seq) };
  }
}

export const who = (t: number) => (Number(t) === 0 ? 'Bot' : 'Cliente');

/**
 * Sessions_{idClt}.xlsx: one row per message of the client's sessions active in the range, the
 * newest session first; skill and score only for whoever may open the bots.
 */
export async function writeClientWorkbook(db: DB, range: BotRange, idClt: string, skills: boolean, out: Writable): Promise<void> {
  const book = workbookWriter(out);
  const names = await skillNames(db, range.idBot);
  const sheet = addSheet(book, 'Mensajes', [
    { header: 'Sesión', width: 38 },
    { header: 'Inicio', width: 20, date: true },
    { header: 'Fecha', width: 20, date: true },
    { header: 'Quién', width: 10 },
    { header: 'Mensaje', width: 80 },
    { header: 'Tipo', width: 14 },
    ...(skills ? [{ header: 'Skill', width: 30 }, { header: 'Puntaje', width: 10 }] : []),
  ]);
  for (const session of await clientChatSessions(db, range, idClt)) {
    const inicio = wallClock(session.fi, range.timeZone);
    for await (const rows of messagesOf(db, [session.id])) {
      for (const r of rows) {
        const values: unknown[] = [session.id, inicio, wallClock(r.fc, range.timeZone), who(r.t), r.m, r.tipo];
        if (skills) values.push(...skillCells(r, names));
        addRow(sheet, values);
      }
      await drained(out);
    }
  }
  sheet.commit();
  await book.commit();
}
