// The history's and the dashboard's counters counted again from the recorded conversations (a
// database recorded before the counters existed, and the demo history): each conversation's
// messages replayed as its turns through the rules a live turn counts with (uso.ts), and the rows
// summed as the store's upserts sum them. Clients are read in pages by id, each page with its
// messages in order, so memory holds one page and the counters, never the whole history. Days
// and hours are each company's; test conversations are not counted.
import { sql, type Kysely } from 'kysely';
import { DEFAULT_CHAT_TIME_ZONE } from '../config';
import { addPoint, emptySketch } from '../db/hll';
import type { CounterFills } from '../db/migrationFills';
import type { Database } from '../db/schema';
import type { UsageMark } from '../engine/turnTypes';
import { companyTimeZones, type TimeZoneOf } from '../services/empresas/empresas';
import { clientOfDay, quarterClock, usageOfTurn, type Clock, type ClienteDiaRow, type UsageWrite, type UsoKbRow, type UsoQnaRow, type UsoRow, type UsoSkillRow } from './uso';

const PAGE = 500;
const WRITE_CHUNK = 500;

export interface MessageRow {
  idClt: string;
  idBot: string;
  idSesion: string;
  idE: string;
  red: number;
  t: number;
  idSkill: string | null;
  fc: string;
}

/** Turns' counters summed by key, as the store's upserts add each turn's to the row there is. */
export class UsageTotals {
  readonly uso = new Map<string, UsoRow>();
  readonly skills = new Map<string, UsoSkillRow>();
  /** The clients' rows of the page being read. */
  days = new Map<string, ClienteDiaRow>();

  add(write: UsageWrite): void {
    const { uso, cliente } = write;
    const usoKey = `${uso.idBot} ${uso.dia} ${uso.hora} ${uso.idChannel}`;
    const usoRow = this.uso.get(usoKey);
    if (!usoRow) this.uso.set(usoKey, { ...uso });
    else {
      usoRow.ses += uso.ses;
      usoRow.clt += uso.clt;
      usoRow.msg += uso.msg;
    }
    const dayKey = `${cliente.idBot} ${cliente.dia} ${cliente.idClt}`;
    const day = this.days.get(dayKey);
    if (!day) this.days.set(dayKey, { ...cliente });
    else {
      day.ses += cliente.ses;
      day.msg += cliente.msg;
      if (cliente.ultimo > day.ultimo) day.ultimo = cliente.ultimo;
      day.nm = cliente.nm ?? day.nm;
    }
    for (const skill of write.skills) {
      const skillKey = `${skill.idBot} ${skill.dia} ${skill.idSkill}`;
      const row = this.skills.get(skillKey);
      if (!row) this.skills.set(skillKey, { ...skill });
      else {
        row.n += skill.n;
        row.llegan += skill.llegan;
        row.terminan += skill.terminan;
      }
    }
  }
}

/** A page of clients: their id, channel and name. */
export type ClientOfPage = { id: string; idChannel: string; nm: string | null };

/** The messages of `clients` (test conversations left out) in the order their turns are replayed; only those before `corte` (ISO) when given. */
export function clientMessages(db: Kysely<Database>, clients: readonly ClientOfPage[], corte?: string): Promise<MessageRow[]> {
  let query = db
    .selectFrom('chat_mensaje as m')
    .innerJoin('chat_sesion as s', 's.id', 'm.idSesion')
    .select(['s.idClt', 'm.idBot', 'm.idSesion', 's.idE', 's.red', 'm.t', 'm.idSkill', 'm.fc'])
    .where('s.idClt', 'in', clients.map((c) => c.id))
    .where('s.test', '=', 0);
  if (corte) query = query.where('m.fc', '<', corte);
  return query.orderBy('s.idClt').orderBy('m.idBot').orderBy('m.fc').orderBy('s.fi').orderBy('m.seq').execute();
}

/** The turns of a page's clients (`messages` as clientMessages orders them) counted into `totals`: its `days` become the page's client-days. */
export function countClients(totals: UsageTotals, clients: readonly ClientOfPage[], messages: readonly MessageRow[], timeZoneOf: TimeZoneOf, clock: Clock): void {
  const clientOf = new Map(clients.map((c) => [c.id, c]));
  totals.days = new Map();
  // One conversation (a client with a bot): its messages in order, a turn those of one chat session written at one instant.
  let conversation = '';
  let mark: UsageMark | undefined;
  let chatSession = '';
  let turn: MessageRow[] = [];
  const countTurn = () => {
    const [first] = turn;
    const client = clientOf.get(first.idClt);
    if (client) {
      const counted = usageOfTurn({
        idE: first.idE, idBot: first.idBot, idChannel: client.idChannel, red: first.red, idClt: first.idClt, nm: client.nm,
        timeZone: timeZoneOf(first.idE), now: Date.parse(first.fc), mark, newChatSession: first.idSesion !== chatSession, rows: turn,
      }, clock);
      totals.add(counted.write);
      mark = counted.mark;
    }
    chatSession = first.idSesion;
    turn = [];
  };
  for (const r of messages) {
    const key = `${r.idClt} ${r.idBot}`;
    if (turn.length > 0 && (key !== conversation || r.idSesion !== turn[0].idSesion || r.fc !== turn[0].fc)) countTurn();
    if (key !== conversation) {
      conversation = key;
      mark = undefined;
      chatSession = '';
    }
    turn.push(r);
  }
  if (turn.length > 0) countTurn();
}

/** The next page of clients after the id `after`, test clients left out. */
export function clientsAfter(db: Kysely<Database>, after: string, limit = PAGE): Promise<ClientOfPage[]> {
  return db.selectFrom('chat_cliente').select(['id', 'idChannel', 'nm']).where('test', '=', 0).where('id', '>', after).orderBy('id').limit(limit).execute();
}

/**
 * Empties the three counter tables and fills them from the recorded messages; answers how many
 * messages it read. The sketches of distinct clients follow from chat_cliente_dia: rebuildClientSketches.
 */
export async function rebuildUsage(db: Kysely<Database>, timeZoneOf: TimeZoneOf): Promise<number> {
  await db.deleteFrom('chat_cliente_dia').execute();
  await db.deleteFrom('uso').execute();
  await db.deleteFrom('uso_skill').execute();

  const clock = quarterClock();
  const totals = new UsageTotals();
  let read = 0;
  let after = '';
  for (;;) {
    const clients = await clientsAfter(db, after);
    if (clients.length === 0) break;
    after = clients[clients.length - 1].id;
    const messages = await clientMessages(db, clients);
    read += messages.length;
    countClients(totals, clients, messages, timeZoneOf, clock);
    await insertChunks(db, 'chat_cliente_dia', [...totals.days.values()]);
  }
  await insertChunks(db, 'uso', [...totals.uso.values()]);
  await insertChunks(db, 'uso_skill', [...totals.skills.values()]);
  return read;
}

const SKETCH_PAGE = 5_000;
const SKETCH_CHUNK = 50;

/** A client-day's key, the order the sketches are counted in. */
export type ClientDayKey = { idBot: string; dia: string; idClt: string };

/** Up to `limit` client-days after `after` (from the first without it), in key order, each with its client's channel. */
export function clientDaysAfter(db: Kysely<Database>, after: ClientDayKey | undefined, limit: number) {
  let page = db
    .selectFrom('chat_cliente_dia as d')
    .innerJoin('chat_cliente as c', 'c.id', 'd.idClt')
    .select(['d.idBot', 'd.dia', 'd.idClt', 'd.idE', 'd.red', 'c.idChannel']);
  if (after) page = page.where(sql<boolean>`(d."idBot", d.dia, d."idClt") > (${after.idBot}, ${after.dia}, ${after.idClt})`);
  return page.orderBy('d.idBot').orderBy('d.dia').orderBy('d.idClt').limit(limit).execute();
}

/**
 * Empties uso_clientes and makes it again from chat_cliente_dia: each client of a bot's day added
 * to the sketch of that day and of the client's channel. Read in the key's order (bot, day,
 * client), so memory holds one day's sketches; answers how many client-days it read.
 */
export async function rebuildClientSketches(db: Kysely<Database>): Promise<number> {
  await db.deleteFrom('uso_clientes').execute();
  let after: ClientDayKey | undefined;
  let read = 0;
  let day = '';
  let sketches = new Map<string, Database['uso_clientes']>();
  const flush = async () => {
    const rows = [...sketches.values()];
    for (let i = 0; i < rows.length; i += SKETCH_CHUNK) await db.insertInto('uso_clientes').values(rows.slice(i, i + SKETCH_CHUNK)).execute();
    sketches = new Map();
  };
  for (;;) {
    const rows = await clientDaysAfter(db, after, SKETCH_PAGE);
    for (const r of rows) {
      if (`${r.idBot} ${r.dia}` !== day) {
        await flush();
        day = `${r.idBot} ${r.dia}`;
      }
      const { reg, rank, ...key } = clientOfDay(r);
      let sketch = sketches.get(key.idChannel);
      if (!sketch) sketches.set(key.idChannel, (sketch = { ...key, hll: emptySketch() }));
      addPoint(sketch.hll, { reg, rank });
    }
    read += rows.length;
    if (rows.length < SKETCH_PAGE) break;
    after = rows[rows.length - 1];
  }
  await flush();
  return read;
}

/**
 * Empties uso_qna and uso_kb and counts them again from the recorded rows, by a live turn's rules
 * (uso.ts qnaCounts). Each chat session's messages are replayed in order, a turn from one user
 * message to the next: it answered a QnA once when one of its bot messages came from that QnA (a
 * skill of tipo 2; a rating's thanks come from no skill); it was a question not found when no QnA answered it, its user message is one of the bot's
 * unanswered questions (qna_nf: the same text, trimmed) and a bot message came from that question's
 * skill. Ratings are their own rows, with their day. What is no longer recorded is not counted
 * again: a deleted QnA, an unanswered question deleted or assigned in Monitoreo. Days are each
 * company's; test conversations are not counted. Answers how many messages it read.
 */
export async function rebuildQnaUsage(db: Kysely<Database>, timeZoneOf: TimeZoneOf): Promise<number> {
  await db.deleteFrom('uso_qna').execute();
  await db.deleteFrom('uso_kb').execute();
  const totals = await QnaTotals.of(db, timeZoneOf);
  let read = 0;
  let after = '';
  for (;;) {
    const sessions = await sessionsAfter(db, after);
    if (sessions.length === 0) break;
    after = sessions[sessions.length - 1];
    const messages = await sessionMessages(db, sessions);
    read += messages.length;
    totals.countSessions(messages);
  }

  const ratings = await db
    .selectFrom('qna_calificacion as c')
    .innerJoin('chat_sesion as s', 's.id', 'c.idSesion')
    .select(['c.idBot', 'c.idE', 'c.dia', 'c.idQna', sql<number>`sum(c.ok)`.as('ok'), sql<number>`count(*) - sum(c.ok)`.as('bad')])
    .where('s.test', '=', 0)
    .groupBy(['c.idBot', 'c.idE', 'c.dia', 'c.idQna'])
    .execute();
  totals.addRatings(ratings);
  await insertChunks(db, 'uso_qna', [...totals.qnas.values()]);
  await insertChunks(db, 'uso_kb', [...totals.notFound.values()]);
  return read;
}

/** A recorded message as the knowledge base's counts replay it. */
export type QnaMessageRow = { idSesion: string; idBot: string; idE: string; t: number; m: string; idSkill: string | null; fc: string };

/** The next page of chat sessions after the id `after`, test ones left out. */
export async function sessionsAfter(db: Kysely<Database>, after: string, limit = PAGE): Promise<string[]> {
  return (await db.selectFrom('chat_sesion').select('id').where('test', '=', 0).where('id', '>', after).orderBy('id').limit(limit).execute()).map((r) => r.id);
}

/** The messages of `sessions` in order; only those before `corte` (ISO) when given. */
export function sessionMessages(db: Kysely<Database>, sessions: readonly string[], corte?: string): Promise<QnaMessageRow[]> {
  let query = db
    .selectFrom('chat_mensaje as m')
    .innerJoin('chat_sesion as s', 's.id', 'm.idSesion')
    .select(['m.idSesion', 'm.idBot', 's.idE', 'm.t', 'm.m', 'm.idSkill', 'm.fc'])
    .where('m.idSesion', 'in', sessions);
  if (corte) query = query.where('m.fc', '<', corte);
  return query.orderBy('m.idSesion').orderBy('m.seq').execute();
}

/** The knowledge base's counters summed by key: rebuildQnaUsage's rules. */
export class QnaTotals {
  readonly qnas = new Map<string, UsoQnaRow>();
  readonly notFound = new Map<string, UsoKbRow>();
  private readonly clock = quarterClock();

  private constructor(
    /** The skills that are QnAs (tipo 2). */
    private readonly qnaIds: Set<string>,
    /** Each bot's unanswered questions: 'idBot idSkill text'. */
    private readonly unanswered: Set<string>,
    private readonly timeZoneOf: TimeZoneOf,
  ) {}

  static async of(db: Kysely<Database>, timeZoneOf: TimeZoneOf): Promise<QnaTotals> {
    const qnaIds = new Set((await db.selectFrom('skill').select('id').where('tipo', '=', 2).execute()).map((r) => r.id));
    const unanswered = new Set((await db.selectFrom('qna_nf').select(['idBot', 'idSkill', 'txt']).execute()).map((r) => `${r.idBot} ${r.idSkill} ${r.txt}`));
    return new QnaTotals(qnaIds, unanswered, timeZoneOf);
  }

  /** Totals of their own, with the same QnAs and unanswered questions (one page's). */
  empty(): QnaTotals {
    return new QnaTotals(this.qnaIds, this.unanswered, this.timeZoneOf);
  }

  private qnaRow(base: { idBot: string; idE: string; dia: string }, idQna: string): UsoQnaRow {
    const key = `${base.idBot} ${base.dia} ${idQna}`;
    return this.qnas.get(key) ?? this.qnas.set(key, { ...base, idQna, n: 0, ok: 0, bad: 0 }).get(key)!;
  }

  private countTurn(turn: QnaMessageRow[]): void {
    const [asked] = turn;
    if (asked.t !== 1) return;
    const base = { idBot: asked.idBot, idE: asked.idE, dia: this.clock(Date.parse(asked.fc), this.timeZoneOf(asked.idE)).dia };
    const from = new Set(turn.filter((r) => r.t === 0 && r.idSkill).map((r) => r.idSkill!));
    const answered = [...from].filter((id) => this.qnaIds.has(id));
    for (const idQna of answered) this.qnaRow(base, idQna).n += 1;
    const question = asked.m.trim().slice(0, 1000);
    if (answered.length === 0 && [...from].some((idSkill) => this.unanswered.has(`${asked.idBot} ${idSkill} ${question}`))) {
      const key = `${base.idBot} ${base.dia}`;
      (this.notFound.get(key) ?? this.notFound.set(key, { ...base, nf: 0 }).get(key)!).nf += 1;
    }
  }

  /** Whole chat sessions' messages, as sessionMessages orders them: a turn from one user message to the next. */
  countSessions(messages: readonly QnaMessageRow[]): void {
    let turn: QnaMessageRow[] = [];
    for (const row of messages) {
      if (turn.length > 0 && (row.t === 1 || row.idSesion !== turn[0].idSesion)) {
        this.countTurn(turn);
        turn = [];
      }
      turn.push(row);
    }
    if (turn.length > 0) this.countTurn(turn);
  }

  /** Ratings summed per bot, company, day and QnA. */
  addRatings(ratings: readonly { idBot: string; idE: string; dia: string; idQna: string; ok: number | string; bad: number | string }[]): void {
    for (const r of ratings) {
      const row = this.qnaRow(r, r.idQna);
      row.ok += Number(r.ok);
      row.bad += Number(r.bad);
    }
  }
}

/**
 * Migration 014's count: each company in its own time zone, else in CHAT_TIME_ZONE's, so a server
 * started with its own CHAT_TIME_ZONE keeps using it for companies without one.
 */
export async function refillUsage(db: Kysely<unknown>): Promise<void> {
  const typed = db as Kysely<Database>;
  await rebuildUsage(typed, await companyTimeZones(typed, process.env.CHAT_TIME_ZONE || DEFAULT_CHAT_TIME_ZONE));
}

/** The counts migrations 014 and 015 run, for migrate(). */
export const counterFills: CounterFills = {
  usage: refillUsage,
  clientSketches: (db) => rebuildClientSketches(db as Kysely<Database>),
  qnaUsage: async (db) => {
    const typed = db as Kysely<Database>;
    await rebuildQnaUsage(typed, await companyTimeZones(typed, process.env.CHAT_TIME_ZONE || DEFAULT_CHAT_TIME_ZONE));
  },
};

async function insertChunks<T extends 'chat_cliente_dia' | 'uso' | 'uso_skill' | 'uso_qna' | 'uso_kb'>(db: Kysely<Database>, table: T, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one insert for five tables: each row is its table's own
    await db.insertInto(table).values(rows.slice(i, i + WRITE_CHUNK) as any).execute();
  }
}
