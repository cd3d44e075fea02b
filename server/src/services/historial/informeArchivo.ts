// A report's file, written as a job: exceljs's streaming writer into a sink that keeps the file in
// the database in parts of about a megabyte as it goes, so memory stays bounded and any instance
// can serve the file.
import { Writable } from 'node:stream';
import { SqliteAdapter, sql } from 'kysely';
import { channelCodeLabel } from '../../../../common/schemas/historial';
import type { DB } from '../../db';
import { containsText } from '../../db/paging';
import { localDay } from '../../../../common/dias';
import { addRow, addSheet, drained, messagesOf, skillCells, skillNames, who, workbookWriter, type Sheet } from './excel';
import { wallClock } from './rango';

/** Bytes per stored part. */
export const PART_BYTES = 1024 * 1024;
const SESSION_BATCH = 1_000;
/** Sessions whose rows (a few short fields each) a report keeps between its two sheets. */
const KEEP_SESSIONS = 50_000;
/** Rows between two progress updates. */
const PROGRESS_ROWS = 5_000;
/** How far before the range a session may have started: sessions end after the bot's idle minutes, far sooner. */
const LOOKBACK_MS = 24 * 3_600_000;

/** What a report was asked with, kept in informe.datos. */
export interface ReportQuery {
  idBot: string;
  timeZone: string;
  /** The range's instants [from, to), ISO-8601. */
  from: string;
  to: string;
  name: string | null;
  completo: boolean;
  /** Skill and score columns: the asker may open the bots. */
  skills: boolean;
}

/** Chunks buffered to PART_BYTES, each stored as the next informe_parte row before more is taken. */
export class PartsSink extends Writable {
  private chunks: Buffer[] = [];
  private size = 0;
  private n = 0;
  bytes = 0;

  /** The file passed `maxBytes`: nothing more is stored, and the writer is to stop. */
  full = false;

  constructor(
    private readonly db: DB,
    private readonly idInforme: string,
    private readonly maxBytes = Infinity,
  ) {
    super({ highWaterMark: PART_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    // Not a stream error, which the spreadsheet writer would not see: the job checks `full`.
    if (this.full || this.bytes + chunk.length > this.maxBytes) {
      this.full = true;
      return done();
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    this.bytes += chunk.length;
    if (this.size < PART_BYTES) return done();
    this.store().then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.store().then(() => done(), done);
  }

  private async store(): Promise<void> {
    if (this.size === 0) return;
    const datos = Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    this.size = 0;
    await this.db.insertInto('informe_parte').values({ idInforme: this.idInforme, n: this.n++, datos }).execute();
  }
}

/**
 * The report's sessions: those of the bot that were active in the range (started in it, or
 * earlier and still going when it began), of the clients whose name matches.
 */
export function reportChatSessions(db: DB, q: ReportQuery) {
  const lookback = new Date(Date.parse(q.from) - LOOKBACK_MS).toISOString();
  const query = db
    .selectFrom('chat_sesion as s')
    .where('s.idBot', '=', q.idBot)
    .where('s.test', '=', 0)
    .where('s.fi', '>=', lookback)
    .where('s.fi', '<', q.to)
    .where((eb) =>
      eb.or([
        eb('s.fi', '>=', q.from),
        eb('s.ff', '>=', q.from),
        eb.and([eb('s.ff', 'is', null), eb.exists(eb.selectFrom('chat_mensaje as x').select('x.id').whereRef('x.idSesion', '=', 's.id').where('x.fc', '>=', q.from))]),
      ]),
    );
  const name = q.name;
  if (!name) return query;
  return query.where((eb) => eb.exists(eb.selectFrom('chat_cliente as c').select('c.id').whereRef('c.id', '=', 's.idClt').where((w) => containsText(w.ref('c.nm'), name))));
}

export interface Progress {
  total(rows: number): Promise<void>;
  progress(rows: number): Promise<void>;
}

type ChatSessionRow = { id: string; idClt: string; fi: string; ff: string | null; red: number; nm: string | null };

/**
 * Pages of the report's sessions, each query starting after the last row of the one before (index
 * idBot, fi). That index ends in the rowid on SQLite: with it as the tie-break nothing is sorted.
 */
export async function* sessionPages(db: DB, q: ReportQuery): AsyncGenerator<ChatSessionRow[]> {
  const tie = db.getExecutor().adapter instanceof SqliteAdapter ? sql<string>`s.rowid` : sql<string>`s.id`;
  let after: { fi: string; tie: unknown } | undefined;
  for (;;) {
    let query = reportChatSessions(db, q).innerJoin('chat_cliente as c', 'c.id', 's.idClt').select(['s.id', 's.idClt', 's.fi', 's.ff', 's.red', 'c.nm', tie.as('tie')]);
    if (after) {
      const last = after;
      // A row value, which both databases read as one range of the index.
      query = query.where(sql<boolean>`(s.fi, ${tie}) > (${last.fi}, ${last.tie})`);
    }
    const rows = await query.orderBy('s.fi').orderBy(tie).limit(SESSION_BATCH).execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ id: r.id, idClt: r.idClt, fi: r.fi, ff: r.ff, red: Number(r.red), nm: r.nm }));
    if (rows.length < SESSION_BATCH) return;
    const last = rows[rows.length - 1];
    after = { fi: last.fi, tie: last.tie };
  }
}

/** Writes the workbook of `q` into `out`: sheet 'Sesiones', and 'Mensajes' when completo. */
export async function writeReport(db: DB, q: ReportQuery, out: Writable, report: Progress): Promise<void> {
  const sessions = await db.selectFrom(reportChatSessions(db, q).select('s.id').as('t')).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const chatSessionCount = Number(sessions?.n ?? 0);
  // The messages to write: first as the day counters have them, then exactly, once the
  // Sesiones sheet has counted each session's.
  let messageCount = q.completo ? await dayMessages(db, q) : 0;
  await report.total(chatSessionCount + messageCount);

  let written = 0;
  let reported = 0;
  /** Adds a row; true when it is time to report progress (and to let the file's sink catch up). */
  const row = (sheet: Sheet, values: unknown[]): boolean => {
    addRow(sheet, values);
    written += 1;
    if (written - reported < PROGRESS_ROWS) return false;
    reported = written;
    return true;
  };
  const progress = async () => {
    await drained(out);
    await report.progress(written);
  };
  const date = (iso: string | null) => wallClock(iso, q.timeZone);

  const book = workbookWriter(out);
  const sesiones = addSheet(book, 'Sesiones', [
    { header: 'Sesión', width: 38 },
    { header: 'Cliente', width: 30 },
    { header: 'Canal', width: 12 },
    { header: 'Inicio', width: 20, date: true },
    { header: 'Fin', width: 20, date: true },
    { header: 'Mensajes', width: 10 },
  ]);
  let counted = 0;
  // The pages are kept for the Mensajes sheet while they are few; past that they are read again.
  let kept: ChatSessionRow[][] | null = q.completo ? [] : null;
  let keptRows = 0;
  for await (const page of sessionPages(db, q)) {
    if (kept) {
      keptRows += page.length;
      if (keptRows <= KEEP_SESSIONS) kept.push(page);
      else kept = null;
    }
    const counts = await db
      .selectFrom('chat_mensaje')
      .select(['idSesion', sql<number>`count(*)`.as('n')])
      .where('idSesion', 'in', page.map((s) => s.id))
      .groupBy('idSesion')
      .execute();
    const byId = new Map(counts.map((c) => [c.idSesion, Number(c.n)]));
    for (const s of page) {
      const n = byId.get(s.id) ?? 0;
      counted += n;
      if (row(sesiones, [s.id, s.nm ?? s.idClt, channelCodeLabel(s.red), date(s.fi), date(s.ff), n])) await progress();
    }
  }
  sesiones.commit();

  if (q.completo) {
    messageCount = counted;
    await report.total(chatSessionCount + messageCount);
    const names = await skillNames(db, q.idBot);
    const mensajes = addSheet(book, 'Mensajes', [
      { header: 'Sesión', width: 38 },
      { header: 'Cliente', width: 30 },
      { header: 'Fecha', width: 20, date: true },
      { header: 'Quién', width: 10 },
      { header: 'Mensaje', width: 80 },
      { header: 'Tipo', width: 14 },
      ...(q.skills ? [{ header: 'Skill', width: 30 }, { header: 'Puntaje', width: 10 }] : []),
    ]);
    for await (const page of kept ?? sessionPages(db, q)) {
      const clients = new Map(page.map((s) => [s.id, s.nm ?? s.idClt]));
      for await (const messages of messagesOf(db, page.map((s) => s.id))) {
        let due = false;
        for (const m of messages) {
          const values: unknown[] = [m.idSesion, clients.get(m.idSesion) ?? '', date(m.fc), who(m.t), m.m, m.tipo];
          if (q.skills) values.push(...skillCells(m, names));
          due = row(mensajes, values) || due;
        }
        if (due) await progress();
      }
    }
    mensajes.commit();
  }
  await book.commit();
  // A session's messages may have grown since it was counted: the total is what was written.
  await report.total(written);
  await report.progress(written);
}

/** The bot's messages on the report's days as the day counters keep them (the name filter applied). */
async function dayMessages(db: DB, q: ReportQuery): Promise<number> {
  let query = db
    .selectFrom('chat_cliente_dia')
    .select(sql<number>`coalesce(sum(msg), 0)`.as('n'))
    .where('idBot', '=', q.idBot)
    .where('dia', '>=', localDay(Date.parse(q.from), q.timeZone))
    .where('dia', '<', localDay(Date.parse(q.to), q.timeZone));
  if (q.name) {
    const name = q.name;
    query = query.where((eb) => containsText(eb.ref('nm'), name));
  }
  return Number((await query.executeTakeFirst())?.n ?? 0);
}
