// A report's file, written as a job: exceljs's streaming writer into a sink that keeps the file in
// the database in parts of about a megabyte as it goes, so memory stays bounded and any instance
// can serve the file.
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { channelCodeLabel } from '../../../../common/schemas/historial';
import type { DB } from '../../db';
import { containsText } from '../../db/paging';
import { addSheet, drained, messagesOf, who, workbookWriter, type Sheet } from './excel';
import { wallClock } from './rango';

/** Bytes per stored part. */
export const PART_BYTES = 1024 * 1024;
const SESSION_BATCH = 1_000;
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

  constructor(private readonly db: DB, private readonly idInforme: string) {
    super({ highWaterMark: PART_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
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
 * earlier and still going when it began), with their client, oldest first.
 */
export function reportSessions(db: DB, q: ReportQuery) {
  const lookback = new Date(Date.parse(q.from) - LOOKBACK_MS).toISOString();
  let query = db
    .selectFrom('chat_sesion as s')
    .innerJoin('chat_cliente as c', 'c.id', 's.idClt')
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
  if (q.name) {
    const name = q.name;
    query = query.where((eb) => containsText(eb.ref('c.nm'), name));
  }
  return query;
}

export interface Progress {
  total(rows: number): Promise<void>;
  progress(rows: number): Promise<void>;
}

type SessionRow = { id: string; idClt: string; fi: string; ff: string | null; red: number; nm: string | null };

/** Pages of the report's sessions, each query starting after the last row of the one before (index idBot, fi). */
async function* sessionPages(db: DB, q: ReportQuery): AsyncGenerator<SessionRow[]> {
  let after: { fi: string; id: string } | undefined;
  for (;;) {
    let query = reportSessions(db, q).select(['s.id', 's.idClt', 's.fi', 's.ff', 's.red', 'c.nm']);
    if (after) {
      const last = after;
      query = query.where((eb) => eb.or([eb('s.fi', '>', last.fi), eb.and([eb('s.fi', '=', last.fi), eb('s.id', '>', last.id)])]));
    }
    const rows = await query.orderBy('s.fi').orderBy('s.id').limit(SESSION_BATCH).execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ...r, red: Number(r.red) }));
    if (rows.length < SESSION_BATCH) return;
    after = rows[rows.length - 1];
  }
}

/** Writes the workbook of `q` into `out`: sheet 'Sesiones', and 'Mensajes' when completo. */
export async function writeReport(db: DB, q: ReportQuery, out: Writable, report: Progress): Promise<void> {
  const sessions = await db.selectFrom(reportSessions(db, q).select('s.id').as('t')).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  let total = Number(sessions?.n ?? 0);
  if (q.completo) {
    const messages = await db
      .selectFrom('chat_mensaje')
      .select(sql<number>`count(*)`.as('n'))
      .where('idSesion', 'in', reportSessions(db, q).select('s.id'))
      .executeTakeFirst();
    total += Number(messages?.n ?? 0);
  }
  await report.total(total);

  let written = 0;
  let reported = 0;
  const row = async (sheet: Sheet, values: unknown[]) => {
    sheet.addRow(values).commit();
    written += 1;
    if (written - reported >= PROGRESS_ROWS) {
      reported = written;
      await drained(out);
      await report.progress(written);
    }
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
  for await (const page of sessionPages(db, q)) {
    const counts = await db
      .selectFrom('chat_mensaje')
      .select(['idSesion', sql<number>`count(*)`.as('n')])
      .where('idSesion', 'in', page.map((s) => s.id))
      .groupBy('idSesion')
      .execute();
    const byId = new Map(counts.map((c) => [c.idSesion, Number(c.n)]));
    for (const s of page) await row(sesiones, [s.id, s.nm ?? s.idClt, channelCodeLabel(s.red), date(s.fi), date(s.ff), byId.get(s.id) ?? 0]);
  }
  sesiones.commit();

  if (q.completo) {
    const mensajes = addSheet(book, 'Mensajes', [
      { header: 'Sesión', width: 38 },
      { header: 'Cliente', width: 30 },
      { header: 'Fecha', width: 20, date: true },
      { header: 'Quién', width: 10 },
      { header: 'Mensaje', width: 80 },
      { header: 'Tipo', width: 14 },
      ...(q.skills ? [{ header: 'Skill', width: 30 }, { header: 'Puntaje', width: 10 }] : []),
    ]);
    for await (const page of sessionPages(db, q)) {
      const clients = new Map(page.map((s) => [s.id, s.nm ?? s.idClt]));
      for await (const messages of messagesOf(db, page.map((s) => s.id))) {
        for (const m of messages) {
          const values: unknown[] = [m.idSesion, clients.get(m.idSesion) ?? '', date(m.fc), who(m.t), m.m, m.tipo];
          if (q.skills) values.push(m.skill ?? m.idSkill ?? '', m.score ?? '');
          await row(mensajes, values);
        }
      }
    }
    mensajes.commit();
  }
  await book.commit();
  await report.progress(written);
}
