// What a turn of a conversation reads and writes (turn.ts turnOnce): the live conversation
// with its client, and the turn's rows (client, chat session, messages, the conversation's new state,
// the unrecognised phrase) written all or nothing. The conversation's `rev` is compared and set, so
// of two instances answering the same conversation at once one writes and the other starts over.
//
// On PostgreSQL the turn is one statement (data-modifying CTEs, atomic like a transaction), one
// round trip instead of BEGIN, three to six statements and COMMIT; under load, the turns that
// arrive while one is being written share the next statement, each still on its own rev. Each
// instance also keeps the conversations it last wrote, as it wrote them, so the next message of
// one skips reading it: the rev check refuses the write if another instance (or a deletion)
// changed it meanwhile, and the turn is then read again and run again (turn.ts reads, never keeps,
// the conversations of a bot with an action that calls out, a webhook or a handover to another
// bot, so nothing outside runs twice).
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db';
import { groupedPerDatabase } from '../db/grouped';
import { placeholderRow, precompile, precompiledShapes, type Placeholders } from '../db/precompiled';
import type { AdjuntoTable, ChatClienteTable, ChatMensajeTable, ChatSesionTable, ConversacionTable, FraseNrTable, QnaCalificacionTable, QnaNfTable } from '../db/schema';
import { randomUUID } from 'node:crypto';
import { constraintViolation } from '../db/errors';
import { phraseHash } from '../services/bots/frases';
import type { UsageWrite } from './uso';
import { usageParts, writeUsage } from './usoStore';

/** The conversation changed since it was read (another instance, or a deletion): read it again and retry. */
export class StaleConversation extends Error {}

/** A live conversation with what its turn needs of its client. */
export interface ConversationRow {
  id: string;
  idClt: string;
  idSesion: string | null;
  estado: string;
  ua: number;
  rev: number;
  idU: string | null;
  clientTest: number;
}

/** How many conversations an instance keeps as it last wrote them, and how many characters of state in all. */
export const KEPT_CONVERSATIONS = 20_000;
export const KEPT_STATE_CHARS = 32 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The conversations as this instance last wrote them, so a conversation's next turn skips reading it. */
    keptConversations: KeptConversations;
  }
}

/** The conversations this instance last wrote, least recently used dropped first. */
export class KeptConversations {
  private readonly entries = new Map<string, ConversationRow>();
  private chars = 0;
  constructor(
    private readonly capacity = KEPT_CONVERSATIONS,
    private readonly maxChars = KEPT_STATE_CHARS,
  ) {}

  get(key: string): ConversationRow | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, row: ConversationRow): void {
    this.forget(key);
    // A state bigger than a share of the budget is read again next time rather than kept.
    if (row.estado.length > this.maxChars / 64) return;
    this.entries.set(key, row);
    this.chars += row.estado.length;
    while (this.entries.size > this.capacity || this.chars > this.maxChars) this.forget(this.entries.keys().next().value!);
  }

  forget(key: string): void {
    const row = this.entries.get(key);
    if (!row) return;
    this.entries.delete(key);
    this.chars -= row.estado.length;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The client of a psi on a company's channel: who holds it (a test conversation's user). */
export interface ClientRow {
  id: string;
  idU: string | null;
  test: number;
}

/**
 * The live conversation of `psi` with the bot on the channel (with its client's holder) and, for a
 * conversation not started yet, the psi's client on the company's channel: one round trip either way.
 */
export async function readConversation(db: DB, at: { idBot: string; idE: string; idChannel: string; psi: string }): Promise<{ conversation?: ConversationRow; client?: ClientRow }> {
  const row = await READ_CONVERSATION.takeFirst(db, at);
  if (row?.id) {
    const { id, idClt, idSesion, estado, ua, rev, idU, clientTest } = row;
    return { conversation: { id, idClt: idClt!, idSesion, estado: estado!, ua: Number(ua), rev: Number(rev), idU, clientTest: Number(clientTest) } };
  }
  return row?.cltId ? { client: { id: row.cltId, idU: row.cltIdU, test: Number(row.cltTest) } } : {};
}

// One row always (from `one`), with the conversation's columns or nulls, and the client's.
const READ_CONVERSATION = precompile((db, $: Placeholders<{ idBot: string; idE: string; idChannel: string; psi: string }>) =>
  db
    .selectFrom(sql<{ x: number }>`(select 1 as x)`.as('one'))
    .leftJoin('conversacion as c', (j) => j.on('c.idBot', '=', $('idBot')).on('c.idChannel', '=', $('idChannel')).on('c.psi', '=', $('psi')))
    .leftJoin('chat_cliente as cc', 'cc.id', 'c.idClt')
    .leftJoin('chat_cliente as cl', (j) => j.on('cl.idE', '=', $('idE')).on('cl.idChannel', '=', $('idChannel')).on('cl.psi', '=', $('psi')))
    .select(['c.id', 'c.idClt', 'c.idSesion', 'c.estado', 'c.ua', 'c.rev', 'cc.idU', 'cc.test as clientTest', 'cl.id as cltId', 'cl.idU as cltIdU', 'cl.test as cltTest']),
);

/** A row with every column given (its statements are compiled once, for every column). */
type Row<T> = Required<Insertable<T>>;
type ConversationUpdate = { id: string; rev: number; estado: string; ua: number; idSesion: string };
type Unrecognised = { idBot: string; f: string; fc: string };
/** A question the knowledge base could not answer, for Monitoreo's KB panel. */
export type KbNotFound = { idBot: string; idE: string; idSkill: string; txt: string; fc: string };

/** Everything one turn writes. */
export interface TurnWrite {
  /** A client seen for the first time. */
  client?: Row<ChatClienteTable>;
  /** The chat session that ended for idleness, with its end. */
  closeChatSession?: { id: string; ff: string };
  /** The chat session this turn starts. */
  chatSession?: Row<ChatSesionTable>;
  messages: Row<ChatMensajeTable>[];
  /** The new state of a conversation read at `rev`, or a new conversation. */
  conversation: { update: ConversationUpdate } | { insert: Row<ConversacionTable> };
  /** A phrase no skill recognised, for Monitoreo. */
  unrecognised?: Unrecognised;
  /** What the turn adds to the history's and the dashboard's counters (none for a test conversation). */
  usage?: UsageWrite;
  kbNotFound?: KbNotFound;
  /** A rating of a QnA's answer (a real conversation's only). */
  rating?: Row<QnaCalificacionTable>;
  /** The files the client's message carried that its skill admitted. */
  files?: Row<AdjuntoTable>[];
  /** The channel's delivery this turn answers: settled with the turn, so a repeat after a crash is never answered again. */
  delivery?: { idCanal: string; clave: string };
}

/** Writes a turn all or nothing; StaleConversation when the conversation changed since it was read, or another instance started it. */
export async function writeTurn(db: DB, dialect: 'sqlite' | 'postgres', write: TurnWrite): Promise<void> {
  try {
    if (dialect === 'postgres') {
      await writeTurnStatement(db, write);
      // The files' bytes have no place in the grouped statement's JSON: they follow their written turn.
      if (write.files?.length) await db.insertInto('adjunto').values(write.files).execute();
    } else await writeTurnTransaction(db, write);
  } catch (error) {
    // Another instance started the same client or conversation, or deleted it, a moment ago: try again on theirs.
    throw constraintViolation(error) ? new StaleConversation() : error;
  }
}

/** The turn in one transaction (SQLite, where a statement is no round trip). The compare-and-set goes first, so nothing else is tried on a stale copy. */
async function writeTurnTransaction(db: DB, write: TurnWrite): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { conversation } = write;
    if ('update' in conversation) {
      const updated = await UPDATE_CONVERSATION.execute(trx, conversation.update);
      if (Number(updated.numAffectedRows) === 0) throw new StaleConversation();
    }
    if (write.client) await INSERT_CLIENT.execute(trx, write.client);
    if (write.closeChatSession) await CLOSE_CHAT_SESSION.execute(trx, write.closeChatSession);
    if (write.chatSession) await INSERT_CHAT_SESSION.execute(trx, write.chatSession);
    if ('insert' in conversation) await INSERT_CONVERSATION.execute(trx, conversation.insert);
    await insertMessages(write.messages.length).execute(trx, write.messages);
    if (write.files?.length) await trx.insertInto('adjunto').values(write.files).execute();
    if (write.delivery) await SETTLE_DELIVERY.execute(trx, write.delivery);
    if (write.unrecognised) {
      const { idBot, f, fc } = write.unrecognised;
      await COUNT_UNRECOGNISED.execute(trx, { id: randomUUID(), idBot, f, fh: phraseHash(f), c: 1, fc });
    }
    if (write.kbNotFound) await COUNT_KB_NOT_FOUND.execute(trx, { ...write.kbNotFound, id: randomUUID(), th: phraseHash(write.kbNotFound.txt), c: 1 });
    if (write.rating) await INSERT_RATING.execute(trx, write.rating);
    if (write.usage) await writeUsage(trx, write.usage);
  });
}

// The transaction's statements, compiled once (db/precompiled.ts); the messages' insert once per number of rows.
const UPDATE_CONVERSATION = precompile((db, $: Placeholders<ConversationUpdate>) =>
  db
    .updateTable('conversacion')
    .set({ estado: $('estado'), ua: $('ua'), idSesion: $('idSesion'), rev: $((u) => u.rev + 1) })
    .where('id', '=', $('id'))
    .where('rev', '=', $('rev')),
);
const CLIENT_COLUMNS = ['id', 'idE', 'idChannel', 'psi', 'red', 'nm', 'test', 'idU', 'fc'] as const;
const INSERT_CLIENT = precompile((db, $: Placeholders<Row<ChatClienteTable>>) => db.insertInto('chat_cliente').values(placeholderRow($, CLIENT_COLUMNS)));
const CLOSE_CHAT_SESSION = precompile((db, $: Placeholders<{ id: string; ff: string }>) => db.updateTable('chat_sesion').set({ ff: $('ff') }).where('id', '=', $('id')));
const CHAT_SESION_COLUMNS = ['id', 'idClt', 'idE', 'idBot', 'red', 'test', 'fi', 'ff'] as const;
const INSERT_CHAT_SESSION = precompile((db, $: Placeholders<Row<ChatSesionTable>>) => db.insertInto('chat_sesion').values(placeholderRow($, CHAT_SESION_COLUMNS)));
const CONVERSATION_COLUMNS = ['id', 'idE', 'idBot', 'idChannel', 'psi', 'idClt', 'idSesion', 'test', 'sesion', 'estado', 'ua', 'rev'] as const;
const INSERT_CONVERSATION = precompile((db, $: Placeholders<Row<ConversacionTable>>) => db.insertInto('conversacion').values(placeholderRow($, CONVERSATION_COLUMNS)));
const MESSAGE_COLUMNS = ['id', 'idSesion', 'idBot', 't', 'm', 'tipo', 'body', 'idSkill', 'score', 'fc', 'seq'] as const;
const insertMessages = precompiledShapes((rows: number) =>
  precompile((db, $: Placeholders<Row<ChatMensajeTable>[]>) =>
    db.insertInto('chat_mensaje').values(Array.from({ length: rows }, (_, i) => placeholderRow($, MESSAGE_COLUMNS, (messages) => messages[i]))),
  ),
);
/** A new text's row, or one more on the bot's row for that text (frase_nr_texto: one per text). */
const COUNT_UNRECOGNISED = precompile((db, $: Placeholders<Row<FraseNrTable>>) =>
  db
    .insertInto('frase_nr')
    .values(placeholderRow($, ['id', 'idBot', 'f', 'fh', 'c', 'fc']))
    .onConflict((oc) => oc.columns(['idBot', 'fh']).doUpdateSet({ c: sql<number>`"frase_nr"."c" + "excluded"."c"` })),
);

/** A new question's row, or one more on the row of that text and skill (qna_nf_texto: one per text and skill), asked last now. */
const COUNT_KB_NOT_FOUND = precompile((db, $: Placeholders<Row<QnaNfTable>>) =>
  db
    .insertInto('qna_nf')
    .values(placeholderRow($, ['id', 'idBot', 'idE', 'idSkill', 'txt', 'th', 'c', 'fc']))
    .onConflict((oc) => oc.columns(['idBot', 'idSkill', 'th']).doUpdateSet({ c: sql<number>`"qna_nf"."c" + "excluded"."c"`, fc: sql<string>`"excluded"."fc"` })),
);
const SETTLE_DELIVERY = precompile((db, $: Placeholders<{ idCanal: string; clave: string }>) =>
  db.updateTable('canal_entrega').set({ hasta: null }).where('idCanal', '=', $('idCanal')).where('clave', '=', $('clave')),
);
const INSERT_RATING = precompile((db, $: Placeholders<Row<QnaCalificacionTable>>) =>
  db.insertInto('qna_calificacion').values(placeholderRow($, ['id', 'idBot', 'idE', 'idQna', 'idSesion', 'ok', 'dia', 'fc'])),
);

/** What became of one turn of a group: written, stale (nothing written), or its own error. */
type Outcome = { written: boolean } | { error: unknown };

/**
 * PostgreSQL: the turns that arrive while another group is being written go together in one
 * statement (db/grouped.ts), each still all or nothing on its own compare-and-set. A group that fails
 * (a constraint another instance raced for) writes nothing, and its turns are then written one by one.
 */
async function writeTurnStatement(db: DB, write: TurnWrite): Promise<void> {
  const outcome = await turnGroupOf(db).call(write);
  if ('error' in outcome) throw outcome.error;
  if (!outcome.written) throw new StaleConversation();
}

const turnGroupOf = groupedPerDatabase(writeTurnGroup, 200);

async function writeTurnGroup(db: DB, writes: TurnWrite[]): Promise<Outcome[]> {
  const ids = new Set(writes.map(conversationId));
  if (writes.length > 1 && ids.size === writes.length) {
    try {
      return await writeTurns(db, writes);
    } catch {
      // One of them conflicts: each on its own, so only that one fails.
    }
  }
  // One after the other, as a single turn would have been written.
  const outcomes: Outcome[] = [];
  for (const write of writes) outcomes.push(await writeTurns(db, [write]).then(([outcome]) => outcome, (error: unknown) => ({ error })));
  return outcomes;
}

const conversationId = (write: TurnWrite) => ('update' in write.conversation ? write.conversation.update.id : write.conversation.insert.id);

/** Writes `writes` in one statement; tells, per turn, whether its compare-and-set held. */
async function writeTurns(db: DB, writes: TurnWrite[]): Promise<Outcome[]> {
  const rows = {
    upd: [] as unknown[], ins: [] as unknown[], clt: [] as unknown[], closed: [] as unknown[], ses: [] as unknown[], msg: [] as unknown[], nr: [] as unknown[],
    knf: [] as unknown[], kcal: [] as unknown[], ent: [] as unknown[], uso: [] as unknown[], ccd: [] as unknown[], usk: [] as unknown[], ucl: [] as unknown[], uqna: [] as unknown[], ukb: [] as unknown[],
  };
  for (const write of writes) {
    const conv = conversationId(write);
    const { conversation } = write;
    if ('update' in conversation) rows.upd.push(conversation.update);
    else rows.ins.push(conversation.insert);
    if (write.client) rows.clt.push(write.client);
    if (write.closeChatSession) rows.closed.push({ ...write.closeChatSession, conv });
    if (write.chatSession) rows.ses.push({ ...write.chatSession, conv });
    for (const message of write.messages) rows.msg.push({ ...message, conv });
    if (write.unrecognised) rows.nr.push({ ...write.unrecognised, fh: phraseHash(write.unrecognised.f), id: randomUUID(), conv });
    if (write.kbNotFound) rows.knf.push({ ...write.kbNotFound, th: phraseHash(write.kbNotFound.txt), id: randomUUID(), conv });
    if (write.rating) rows.kcal.push({ ...write.rating, conv });
    if (write.delivery) rows.ent.push({ ...write.delivery, conv });
    if (write.usage) {
      rows.uso.push({ ...write.usage.uso, conv });
      rows.ccd.push({ ...write.usage.cliente, conv });
      for (const skill of write.usage.skills) rows.usk.push({ ...skill, conv });
      if (write.usage.clientes) rows.ucl.push({ ...write.usage.clientes, conv });
      for (const qna of write.usage.qnas) rows.uqna.push({ ...qna, conv });
      if (write.usage.kb) rows.ukb.push({ ...write.usage.kb, conv });
    }
  }
  const json = Object.fromEntries(Object.entries(rows).map(([part, list]) => [part, JSON.stringify(list)])) as Record<keyof typeof rows, string>;
  const { rows: answer } = await TURNS.execute(db, json);
  const written = new Set(answer[0]?.written ?? []);
  return writes.map((write) => ({ written: written.has(conversationId(write)) }));
}

/**
 * The turns as one statement of data-modifying CTEs, every part a JSON array of rows. A turn's rows
 * are written only when its conversation was (`conv`): updated at the rev it was read at, or
 * inserted. Foreign keys are checked at the end of the statement.
 */
type TurnPart = 'upd' | 'ins' | 'clt' | 'closed' | 'ses' | 'msg' | 'nr' | 'knf' | 'kcal' | 'ent' | 'uso' | 'ccd' | 'usk' | 'ucl' | 'uqna' | 'ukb';
const TURNS = precompile((_db, $: Placeholders<Record<TurnPart, string>>) => {
  const rows = (part: TurnPart, columns: string) => sql`json_to_recordset(${$(part)}::json) as r(${sql.raw(columns)})`;
  const written = sql`r.conv in (select id from conv)`;
  return sql<{ written: string[] }>`with
    upd as (update conversacion c set estado = r.estado, ua = r.ua, "idSesion" = r."idSesion", rev = c.rev + 1
      from ${rows('upd', 'id text, rev int, estado text, ua bigint, "idSesion" text')} where c.id = r.id and c.rev = r.rev returning c.id),
    ins as (insert into conversacion (id, "idE", "idBot", "idChannel", psi, "idClt", "idSesion", test, sesion, estado, ua, rev)
      select r.id, r."idE", r."idBot", r."idChannel", r.psi, r."idClt", r."idSesion", r.test, r.sesion, r.estado, r.ua, r.rev
      from ${rows('ins', 'id text, "idE" text, "idBot" text, "idChannel" text, psi text, "idClt" text, "idSesion" text, test int, sesion text, estado text, ua bigint, rev int')} returning id),
    conv as (select id from upd union all select id from ins),
    clt as (insert into chat_cliente (id, "idE", "idChannel", psi, red, nm, test, "idU", fc)
      select r.id, r."idE", r."idChannel", r.psi, r.red, r.nm, r.test, r."idU", r.fc
      from ${rows('clt', 'id text, "idE" text, "idChannel" text, psi text, red int, nm text, test int, "idU" text, fc text')}),
    closed as (update chat_sesion s set ff = r.ff from ${rows('closed', 'id text, ff text, conv text')} where s.id = r.id and ${written}),
    ses as (insert into chat_sesion (id, "idClt", "idE", "idBot", red, test, fi, ff)
      select r.id, r."idClt", r."idE", r."idBot", r.red, r.test, r.fi, r.ff
      from ${rows('ses', 'id text, "idClt" text, "idE" text, "idBot" text, red int, test int, fi text, ff text, conv text')} where ${written}),
    msg as (insert into chat_mensaje (id, "idSesion", "idBot", t, m, tipo, body, "idSkill", score, fc, seq)
      select r.id, r."idSesion", r."idBot", r.t, r.m, r.tipo, r.body, r."idSkill", r.score, r.fc, r.seq
      from ${rows('msg', 'id text, "idSesion" text, "idBot" text, t int, m text, tipo text, body text, "idSkill" text, score real, fc text, seq int, conv text')} where ${written}),
    nr as (insert into frase_nr (id, "idBot", f, fh, c, fc)
      select min(r.id), r."idBot", min(r.f), r.fh, count(*)::int, min(r.fc)
      from ${rows('nr', 'id text, "idBot" text, f text, fh text, fc text, conv text')} where ${written} group by r."idBot", r.fh
      on conflict ("idBot", fh) do update set c = frase_nr.c + excluded.c),
    knf as (insert into qna_nf (id, "idBot", "idE", "idSkill", txt, th, c, fc)
      select min(r.id), r."idBot", min(r."idE"), r."idSkill", min(r.txt), r.th, count(*)::int, max(r.fc)
      from ${rows('knf', 'id text, "idBot" text, "idE" text, "idSkill" text, txt text, th text, fc text, conv text')} where ${written} group by r."idBot", r."idSkill", r.th
      on conflict ("idBot", "idSkill", th) do update set c = qna_nf.c + excluded.c, fc = greatest(qna_nf.fc, excluded.fc)),
    kcal as (insert into qna_calificacion (id, "idBot", "idE", "idQna", "idSesion", ok, dia, fc)
      select r.id, r."idBot", r."idE", r."idQna", r."idSesion", r.ok, r.dia, r.fc
      from ${rows('kcal', 'id text, "idBot" text, "idE" text, "idQna" text, "idSesion" text, ok int, dia text, fc text, conv text')} where ${written}),
    ent as (update canal_entrega e set hasta = null
      from ${rows('ent', '"idCanal" text, clave text, conv text')} where e."idCanal" = r."idCanal" and e.clave = r.clave and ${written}),
    ${usageParts(rows, written)}
    select coalesce(json_agg(id), '[]'::json) as written from conv`;
});
