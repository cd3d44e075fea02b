// The counts a migration owes a recorded history (db/migrationFills.ts), done a page at a time
// while live turns write the same counters: each page counts only what was recorded before the
// count's cut (every later turn counted itself) and ADDS its counts to the rows there are, by the
// store's own sums (usoStore.ts), so nothing is deleted and nothing the turns wrote is lost. A
// page is read first, then written, with its cursor, in one short transaction (pageWrite); the
// caller writes the cursor, so a page is counted once or not at all.
//
// The one imprecision is that of the count at start it replaces: a chat session open across the
// upgrade. Its turns after the cut are counted live without what the session reached before (a
// conversation recorded before the counters carries no mark), so a skill it had reached already
// may count it again as arriving (llegan) and as where it ends (terminan).
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { addPoint, emptySketch, mergeSketch } from '../db/hll';
import type { Database } from '../db/schema';
import type { TimeZoneOf } from '../services/empresas/empresas';
import { clientOfDay, quarterClock, type Clock, type UsoKbRow, type UsoQnaRow } from './uso';
import { clientDaysAfter, clientMessages, clientsAfter, countClients, QnaTotals, sessionMessages, sessionsAfter, UsageTotals, type ClientDayKey } from './usoRelleno';
import { CLIENTE_DIA_KEY, CLIENTE_DIA_SUMS, USO_KB_KEY, USO_KB_SUMS, USO_KEY, USO_QNA_KEY, USO_QNA_SUMS, USO_SKILL_KEY, USO_SKILL_SUMS, USO_SUMS } from './usoStore';

type Db = Kysely<Database>;

/** A page read: where the next one starts, how many rows it read, whether the count has ended, and its counts' writes. */
export interface FillPage {
  cursor: string;
  read: number;
  done: boolean;
  /** Adds the page's counts, inside the caller's transaction. */
  write(trx: Db): Promise<void>;
}

/** How many clients, client-days and chat sessions a page reads: each page's write stays short (SQLite's one writer). */
export interface PageSizes {
  clients: number;
  clientDays: number;
  sessions: number;
}
// On SQLite a page's read runs on the event loop: 200 clients (about 2,400 messages) held it some
// 120 ms on a loaded machine, so a page reads a quarter of that.
export const PAGE_SIZES: PageSizes = { clients: 50, clientDays: 1_000, sessions: 100 };

const CHUNK = 400;
const byKey = <T>(key: (row: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/**
 * Rows added in chunks, in key order (as a turn's statement writes them, so a page and a turn on
 * PostgreSQL wait for each other rather than lock each other out).
 */
async function addRows(trx: Db, table: 'uso' | 'chat_cliente_dia' | 'uso_skill' | 'uso_qna' | 'uso_kb', key: readonly string[], rows: readonly object[]): Promise<void> {
  const ordered = [...rows].sort(byKey((r) => key.map((k) => String((r as Record<string, unknown>)[k])).join('\u0000')));
  for (let i = 0; i < ordered.length; i += CHUNK) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one insert for five tables: each row is its table's own
    const insert = trx.insertInto(table).values(ordered.slice(i, i + CHUNK) as any);
    if (table === 'uso') await insert.onConflict((oc) => oc.columns(USO_KEY).doUpdateSet(USO_SUMS)).execute();
    else if (table === 'uso_skill') await insert.onConflict((oc) => oc.columns(USO_SKILL_KEY).doUpdateSet(USO_SKILL_SUMS)).execute();
    else if (table === 'uso_qna') await insert.onConflict((oc) => oc.columns(USO_QNA_KEY).doUpdateSet(USO_QNA_SUMS)).execute();
    else if (table === 'uso_kb') await insert.onConflict((oc) => oc.columns(USO_KB_KEY).doUpdateSet(USO_KB_SUMS)).execute();
    else {
      // A turn's row there is came later than the history's: its last message and its name stay.
      await insert.onConflict((oc) => oc.columns(CLIENTE_DIA_KEY).doUpdateSet({
        ...CLIENTE_DIA_SUMS,
        ultimo: sql<string>`case when "excluded"."ultimo" > "chat_cliente_dia"."ultimo" then "excluded"."ultimo" else "chat_cliente_dia"."ultimo" end`,
        nm: sql<string | null>`coalesce("chat_cliente_dia"."nm", "excluded"."nm")`,
      })).execute();
    }
  }
}

/** Migration 014's count, by clients in the order of their id: the cursor is the last client's id. */
export async function usagePage(db: Db, cursor: string, corte: string, timeZoneOf: TimeZoneOf, clock: Clock = quarterClock(), size = PAGE_SIZES.clients): Promise<FillPage> {
  const clients = await clientsAfter(db, cursor ? (JSON.parse(cursor) as string) : '', size);
  if (clients.length === 0) return { cursor, read: 0, done: true, write: async () => undefined };
  const messages = await clientMessages(db, clients, corte);
  const totals = new UsageTotals();
  countClients(totals, clients, messages, timeZoneOf, clock);
  return {
    cursor: JSON.stringify(clients[clients.length - 1].id),
    read: messages.length,
    done: false,
    write: async (trx) => {
      await addRows(trx, 'uso', USO_KEY, [...totals.uso.values()]);
      await addRows(trx, 'chat_cliente_dia', CLIENTE_DIA_KEY, [...totals.days.values()]);
      await addRows(trx, 'uso_skill', USO_SKILL_KEY, [...totals.skills.values()]);
    },
  };
}

/**
 * Migration 015's count, after 014's: the client-days in key order, each client added to its
 * day's and channel's sketch. A sketch merges by each register's highest rank, so a client a turn
 * added already, or a client-day a turn wrote after the cut, changes nothing.
 */
export async function sketchPage(db: Db, cursor: string, size = PAGE_SIZES.clientDays): Promise<FillPage> {
  const rows = await clientDaysAfter(db, cursor ? (JSON.parse(cursor) as ClientDayKey) : undefined, size);
  if (rows.length === 0) return { cursor, read: 0, done: true, write: async () => undefined };
  const sketches = new Map<string, Database['uso_clientes']>();
  for (const r of rows) {
    const { reg, rank, ...key } = clientOfDay(r);
    const id = `${key.idBot} ${key.dia} ${key.idChannel}`;
    let sketch = sketches.get(id);
    if (!sketch) sketches.set(id, (sketch = { ...key, hll: emptySketch() }));
    addPoint(sketch.hll, { reg, rank });
  }
  const last = rows[rows.length - 1];
  const ordered = [...sketches.values()].sort(byKey((s) => `${s.idBot}\u0000${s.dia}\u0000${s.idChannel}`));
  return {
    cursor: JSON.stringify({ idBot: last.idBot, dia: last.dia, idClt: last.idClt } satisfies ClientDayKey),
    read: rows.length,
    done: false,
    write: (trx) => mergeSketches(trx, ordered),
  };
}

/** Each sketch merged into the row there is, or written as a new one. */
async function mergeSketches(trx: Db, sketches: readonly Database['uso_clientes'][]): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    // Only the registers set, raised by hll_max (migration 015) in the row there is.
    for (const s of sketches) {
      const regs: number[] = [];
      const ranks: number[] = [];
      s.hll.forEach((rank, reg) => {
        if (rank === 0) return;
        regs.push(reg);
        ranks.push(rank);
      });
      await sql`insert into uso_clientes ("idBot", dia, "idChannel", "idE", red, hll)
        values (${s.idBot}, ${s.dia}, ${s.idChannel}, ${s.idE}, ${s.red}, hll_max(null, ${regs}::int[], ${ranks}::int[]))
        on conflict ("idBot", dia, "idChannel") do update set hll = hll_max(uso_clientes.hll, ${regs}::int[], ${ranks}::int[])`.execute(trx);
    }
    return;
  }
  // SQLite: the transaction holds the one connection, so the row read is the row replaced.
  for (const s of sketches) {
    const there = await trx.selectFrom('uso_clientes').select('hll').where('idBot', '=', s.idBot).where('dia', '=', s.dia).where('idChannel', '=', s.idChannel).executeTakeFirst();
    if (there) mergeSketch(s.hll, there.hll);
    await trx.insertInto('uso_clientes').values(s).onConflict((oc) => oc.columns(['idBot', 'dia', 'idChannel']).doUpdateSet({ hll: sql<Uint8Array>`"excluded"."hll"` })).execute();
  }
}

type QnaCursor = { fase: 'sesiones' | 'calificaciones'; after: string };

/**
 * Migration 018's count: the chat sessions in the order of their id, each turn recorded before the
 * cut counted by rebuildQnaUsage's rules; then the ratings given before the cut, in the order of
 * their id. `known` holds the QnAs and unanswered questions (QnaTotals.of), read once for many pages.
 */
export async function qnaPage(db: Db, cursor: string, corte: string, known: QnaTotals, sizes: PageSizes = PAGE_SIZES): Promise<FillPage> {
  const at: QnaCursor = cursor ? (JSON.parse(cursor) as QnaCursor) : { fase: 'sesiones', after: '' };
  const totals = known.empty();
  const written = (next: QnaCursor, read: number): FillPage => ({
    cursor: JSON.stringify(next),
    read,
    done: false,
    write: async (trx) => {
      await addRows(trx, 'uso_qna', USO_QNA_KEY, [...totals.qnas.values()] satisfies UsoQnaRow[]);
      await addRows(trx, 'uso_kb', USO_KB_KEY, [...totals.notFound.values()] satisfies UsoKbRow[]);
    },
  });
  if (at.fase === 'sesiones') {
    const sessions = await sessionsAfter(db, at.after, sizes.sessions);
    if (sessions.length === 0) return written({ fase: 'calificaciones', after: '' }, 0);
    const messages = await sessionMessages(db, sessions, corte);
    totals.countSessions(messages);
    return written({ fase: 'sesiones', after: sessions[sessions.length - 1] }, messages.length);
  }
  const ratings = await db
    .selectFrom('qna_calificacion as c')
    .innerJoin('chat_sesion as s', 's.id', 'c.idSesion')
    .select(['c.id', 'c.idBot', 'c.idE', 'c.dia', 'c.idQna', 'c.ok'])
    .where('s.test', '=', 0)
    .where('c.fc', '<', corte)
    .where('c.id', '>', at.after)
    .orderBy('c.id')
    .limit(sizes.sessions)
    .execute();
  if (ratings.length === 0) return { cursor, read: 0, done: true, write: async () => undefined };
  totals.addRatings(ratings.map(({ idBot, idE, dia, idQna, ok }) => ({ idBot, idE, dia, idQna, ok: Number(ok), bad: 1 - Number(ok) })));
  return written({ fase: 'calificaciones', after: ratings[ratings.length - 1].id }, 0);
}
