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
import { clientOfDay, quarterClock, usageOfTurn, type ClienteDiaRow, type UsageWrite, type UsoKbRow, type UsoQnaRow, type UsoRow, type UsoSkillRow } from './uso';

const PAGE = 500;
const WRITE_CHUNK = 500;

interface MessageRow {
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
class UsageTotals {
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
    const clients = await db.selectFrom('chat_cliente').select(['id', 'idChannel', 'nm']).where('test', '=', 0).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    if (clients.length === 0) break;
    after = clients[clients.length - 1].id;
    const clientOf = new Map(clients.map((c) => [c.id, c]));
    const messages: MessageRow[] = await db
      .selectFrom('chat_mensaje as m')
      .innerJoin('chat_sesion as s', 's.id', 'm.idSesion')
      .select(['s.idClt', 'm.idBot', 'm.idSesion', 's.idE', 's.red', 'm.t', 'm.idSkill', 'm.fc'])
      .where('s.idClt', 'in', clients.map((c) => c.id))
      .where('s.test', '=', 0)
      .orderBy('s.idClt').orderBy('m.idBot').orderBy('m.fc').orderBy('s.fi').orderBy('m.seq')
      .execute();
    read += messages.length;

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
    await insertChunks(db, 'chat_cliente_dia', [...totals.days.values()]);
  }
  await insertChunks(db, 'uso', [...totals.uso.values()]);
  await insertChunks(db, 'uso_skill', [...totals.skills.values()]);
  return read;
}

const SKETCH_PAGE = 5_000;
const SKETCH_CHUNK = 50;

/**
 * Empties uso_clientes and makes it again from chat_cliente_dia: each client of a bot's day added
 * to the sketch of that day and of the client's channel. Read in the key's order (bot, day,
 * client), so memory holds one day's sketches; answers how many client-days it read.
 */
export async function rebuildClientSketches(db: Kysely<Database>): Promise<number> {
  await db.deleteFrom('uso_clientes').execute();
  type Key = { idBot: string; dia: string; idClt: string };
  let after: Key | undefined;
  let read = 0;
  let day = '';
  let sketches = new Map<string, Database['uso_clientes']>();
  const flush = async () => {
    const rows = [...sketches.values()];
    for (let i = 0; i < rows.length; i += SKETCH_CHUNK) await db.insertInto('uso_clientes').values(rows.slice(i, i + SKETCH_CHUNK)).execute();
    sketches = new Map();
  };
  for (;;) {
    let page = db
      .selectFrom('chat_cliente_dia as d')
      .innerJoin('chat_cliente as c', 'c.id', 'd.idClt')
      .select(['d.idBot', 'd.dia', 'd.idClt', 'd.idE', 'd.red', 'c.idChannel']);
    if (after) page = page.where(sql<boolean>`(d."idBot", d.dia, d."idClt") > (${after.idBot}, ${after.dia}, ${after.idClt})`);
    const rows = await page.orderBy('d.idBot').orderBy('d.dia').orderBy('d.idClt').limit(SKETCH_PAGE).execute();
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
  const qnaIds = new Set((await db.selectFrom('skill').select('id').where('tipo', '=', 2).execute()).map((r) => r.id));
  const unanswered = new Set((await db.selectFrom('qna_nf').select(['idBot', 'idSkill', 'txt']).execute()).map((r) => `${r.idBot} ${r.idSkill} ${r.txt}`));
  const clock = quarterClock();
  const qnas = new Map<string, UsoQnaRow>();
  const qnaRow = (base: { idBot: string; idE: string; dia: string }, idQna: string) => {
    const key = `${base.idBot} ${base.dia} ${idQna}`;
    return qnas.get(key) ?? qnas.set(key, { ...base, idQna, n: 0, ok: 0, bad: 0 }).get(key)!;
  };
  const notFound = new Map<string, UsoKbRow>();

  type Row = { idSesion: string; idBot: string; idE: string; t: number; m: string; idSkill: string | null; fc: string };
  const countTurn = (turn: Row[]) => {
    const [asked] = turn;
    if (asked.t !== 1) return;
    const base = { idBot: asked.idBot, idE: asked.idE, dia: clock(Date.parse(asked.fc), timeZoneOf(asked.idE)).dia };
    const from = new Set(turn.filter((r) => r.t === 0 && r.idSkill).map((r) => r.idSkill!));
    const answered = [...from].filter((id) => qnaIds.has(id));
    for (const idQna of answered) qnaRow(base, idQna).n += 1;
    const question = asked.m.trim().slice(0, 1000);
    if (answered.length === 0 && [...from].some((idSkill) => unanswered.has(`${asked.idBot} ${idSkill} ${question}`))) {
      const key = `${base.idBot} ${base.dia}`;
      (notFound.get(key) ?? notFound.set(key, { ...base, nf: 0 }).get(key)!).nf += 1;
    }
  };

  let read = 0;
  let after = '';
  for (;;) {
    const sessions = await db.selectFrom('chat_sesion').select('id').where('test', '=', 0).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    if (sessions.length === 0) break;
    after = sessions[sessions.length - 1].id;
    const messages: Row[] = await db
      .selectFrom('chat_mensaje as m')
      .innerJoin('chat_sesion as s', 's.id', 'm.idSesion')
      .select(['m.idSesion', 'm.idBot', 's.idE', 'm.t', 'm.m', 'm.idSkill', 'm.fc'])
      .where('m.idSesion', 'in', sessions.map((r) => r.id))
      .orderBy('m.idSesion').orderBy('m.seq')
      .execute();
    read += messages.length;
    let turn: Row[] = [];
    for (const row of messages) {
      if (turn.length > 0 && (row.t === 1 || row.idSesion !== turn[0].idSesion)) {
        countTurn(turn);
        turn = [];
      }
      turn.push(row);
    }
    if (turn.length > 0) countTurn(turn);
  }

  const ratings = await db
    .selectFrom('qna_calificacion as c')
    .innerJoin('chat_sesion as s', 's.id', 'c.idSesion')
    .select(['c.idBot', 'c.idE', 'c.dia', 'c.idQna', sql<number>`sum(c.ok)`.as('ok'), sql<number>`count(*) - sum(c.ok)`.as('bad')])
    .where('s.test', '=', 0)
    .groupBy(['c.idBot', 'c.idE', 'c.dia', 'c.idQna'])
    .execute();
  for (const r of ratings) {
    const row = qnaRow(r, r.idQna);
    row.ok += Number(r.ok);
    row.bad += Number(r.bad);
  }
  await insertChunks(db, 'uso_qna', [...qnas.values()]);
  await insertChunks(db, 'uso_kb', [...notFound.values()]);
  return read;
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
