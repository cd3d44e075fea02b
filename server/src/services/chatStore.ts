// What a turn of a conversation reads and writes (services/chat.ts turnOnce): the live conversation
// with its client, and the turn's rows (client, session, messages, the conversation's new state,
// the unrecognised phrase) written all or nothing. The conversation's `rev` is compared and set, so
// of two instances answering the same conversation at once one writes and the other starts over.
//
// On PostgreSQL the turn is one statement (data-modifying CTEs, atomic like a transaction), one
// round trip instead of BEGIN, three to six statements and COMMIT. Each instance also keeps the
// conversations it last wrote, as it wrote them, so the next message of one skips reading it: the
// rev check refuses the write if another instance (or a deletion) changed it meanwhile, and the
// turn is then read again and run again (chat.ts reads, never keeps, the conversations of a bot
// whose turns may call a webhook or hand over to another bot, so nothing outside runs twice).
import type { Insertable } from 'kysely';
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../db';
import { placeholderRow, precompile, precompiledShapes, type Placeholders } from '../db/precompiled';
import type { ChatClienteTable, ChatMensajeTable, ChatSesionTable, ConversacionTable, FraseNrTable } from '../db/schema';
import { randomUUID } from 'node:crypto';
import { constraintViolation } from './dbErrors';

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

/** Everything one turn writes. */
export interface TurnWrite {
  /** A client seen for the first time. */
  client?: Row<ChatClienteTable>;
  /** The session that ended for idleness, with its end. */
  closeSesion?: { id: string; ff: string };
  /** The session this turn starts. */
  sesion?: Row<ChatSesionTable>;
  messages: Row<ChatMensajeTable>[];
  /** The new state of a conversation read at `rev`, or a new conversation. */
  conversation: { update: ConversationUpdate } | { insert: Row<ConversacionTable> };
  /** A phrase no skill recognised, for Monitoreo. */
  unrecognised?: Unrecognised;
}

/** Writes a turn all or nothing; StaleConversation when the conversation changed since it was read, or another instance started it. */
export async function writeTurn(db: DB, dialect: 'sqlite' | 'postgres', write: TurnWrite): Promise<void> {
  try {
    if (dialect === 'postgres') await writeTurnStatement(db, write);
    else await writeTurnTransaction(db, write);
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
    if (write.closeSesion) await CLOSE_SESION.execute(trx, write.closeSesion);
    if (write.sesion) await INSERT_SESION.execute(trx, write.sesion);
    if ('insert' in conversation) await INSERT_CONVERSATION.execute(trx, conversation.insert);
    await insertMessages(write.messages.length).execute(trx, write.messages);
    if (write.unrecognised) {
      const { idBot, f, fc } = write.unrecognised;
      const row = await UNRECOGNISED.takeFirst(trx, { idBot, f });
      if (row) await COUNT_UNRECOGNISED.execute(trx, { id: row.id, c: Number(row.c) + 1 });
      else await INSERT_UNRECOGNISED.execute(trx, { id: randomUUID(), idBot, f, c: 1, fc });
    }
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
const CLOSE_SESION = precompile((db, $: Placeholders<{ id: string; ff: string }>) => db.updateTable('chat_sesion').set({ ff: $('ff') }).where('id', '=', $('id')));
const CHAT_SESION_COLUMNS = ['id', 'idClt', 'idE', 'idBot', 'red', 'test', 'fi', 'ff'] as const;
const INSERT_SESION = precompile((db, $: Placeholders<Row<ChatSesionTable>>) => db.insertInto('chat_sesion').values(placeholderRow($, CHAT_SESION_COLUMNS)));
const CONVERSATION_COLUMNS = ['id', 'idE', 'idBot', 'idChannel', 'psi', 'idClt', 'idSesion', 'test', 'sesion', 'estado', 'ua', 'rev'] as const;
const INSERT_CONVERSATION = precompile((db, $: Placeholders<Row<ConversacionTable>>) => db.insertInto('conversacion').values(placeholderRow($, CONVERSATION_COLUMNS)));
const MESSAGE_COLUMNS = ['id', 'idSesion', 'idBot', 't', 'm', 'tipo', 'body', 'idSkill', 'score', 'fc', 'seq'] as const;
const insertMessages = precompiledShapes((rows: number) =>
  precompile((db, $: Placeholders<Row<ChatMensajeTable>[]>) =>
    db.insertInto('chat_mensaje').values(Array.from({ length: rows }, (_, i) => placeholderRow($, MESSAGE_COLUMNS, (messages) => messages[i]))),
  ),
);
const UNRECOGNISED = precompile((db, $: Placeholders<{ idBot: string; f: string }>) => db.selectFrom('frase_nr').select(['id', 'c']).where('idBot', '=', $('idBot')).where('f', '=', $('f')));
const COUNT_UNRECOGNISED = precompile((db, $: Placeholders<{ id: string; c: number }>) => db.updateTable('frase_nr').set({ c: $('c') }).where('id', '=', $('id')));
const INSERT_UNRECOGNISED = precompile((db, $: Placeholders<Row<FraseNrTable>>) => db.insertInto('frase_nr').values(placeholderRow($, ['id', 'idBot', 'f', 'c', 'fc'])));

/**
 * The turn as one PostgreSQL statement: every part is a data-modifying CTE, and on an existing
 * conversation each part writes only if the compare-and-set of `rev` did (`exists (select from
 * conv)`), so a stale turn writes nothing. Foreign keys are checked at the end of the statement.
 */
async function writeTurnStatement(db: DB, write: TurnWrite): Promise<void> {
  const { conversation } = write;
  const values: TurnValues = {
    ...write,
    ...conversation,
    messages: JSON.stringify(write.messages),
    ...(write.unrecognised ? { idUnrecognised: randomUUID() } : {}),
  };
  const shape = ['update' in conversation ? 'update' : 'insert', write.client && 'client', write.closeSesion && 'closeSesion', write.sesion && 'sesion', write.unrecognised && 'unrecognised'].filter(Boolean).join(' ');
  const { rows } = await turnStatement(shape).execute(db, values);
  if (Number(rows[0]?.n ?? 0) === 0) throw new StaleConversation();
}

/** A turn's values as the one statement takes them: its messages as one JSON text. */
interface TurnValues extends Omit<TurnWrite, 'conversation' | 'messages'> {
  update?: ConversationUpdate;
  insert?: Row<ConversacionTable>;
  messages: string;
  idUnrecognised?: string;
}

/** The turn's statement for a shape: `update` or `insert`, then the optional parts it writes (client, closeSesion, sesion, unrecognised). */
const turnStatement = precompiledShapes((shape: string) =>
  precompile((_db, $: Placeholders<TurnValues>) => {
    const has = new Set(shape.split(' '));
    // Placeholders for a part's values (the part is there in every turn of this shape).
    const of =
      <K extends keyof TurnValues>(part: K) =>
      <C extends keyof NonNullable<TurnValues[K]>>(column: C) =>
        $((v) => v[part]![column]);
    const parts: RawBuilder<unknown>[] = [];
    if (has.has('update')) {
      const u = of('update');
      parts.push(sql`conv as (update conversacion set estado = ${u('estado')}, ua = ${u('ua')}::bigint, "idSesion" = ${u('idSesion')}, rev = rev + 1 where id = ${u('id')} and rev = ${u('rev')}::int returning id)`);
    } else {
      const c = of('insert');
      parts.push(sql`conv as (insert into conversacion (id, "idE", "idBot", "idChannel", psi, "idClt", "idSesion", test, sesion, estado, ua, rev)
      values (${c('id')}, ${c('idE')}, ${c('idBot')}, ${c('idChannel')}, ${c('psi')}, ${c('idClt')}, ${c('idSesion')}, ${c('test')}::int, ${c('sesion')}, ${c('estado')}, ${c('ua')}::bigint, ${c('rev')}::int) returning id)`);
    }
    const written = sql`exists (select from conv)`;
    if (has.has('client')) {
      const c = of('client');
      parts.push(sql`clt as (insert into chat_cliente (id, "idE", "idChannel", psi, red, nm, test, "idU", fc) values (${c('id')}, ${c('idE')}, ${c('idChannel')}, ${c('psi')}, ${c('red')}::int, ${c('nm')}, ${c('test')}::int, ${c('idU')}, ${c('fc')}))`);
    }
    if (has.has('closeSesion')) {
      const c = of('closeSesion');
      parts.push(sql`closed as (update chat_sesion set ff = ${c('ff')} where id = ${c('id')} and ${written})`);
    }
    if (has.has('sesion')) {
      const s = of('sesion');
      parts.push(sql`ses as (insert into chat_sesion (id, "idClt", "idE", "idBot", red, test, fi, ff) select ${s('id')}, ${s('idClt')}, ${s('idE')}, ${s('idBot')}, ${s('red')}::int, ${s('test')}::int, ${s('fi')}, ${s('ff')}::text where ${written})`);
    }
    parts.push(sql`msg as (insert into chat_mensaje (id, "idSesion", "idBot", t, m, tipo, body, "idSkill", score, fc, seq)
    select r.id, r."idSesion", r."idBot", r.t, r.m, r.tipo, r.body, r."idSkill", r.score, r.fc, r.seq
    from json_to_recordset(${$('messages')}::json) as r(id text, "idSesion" text, "idBot" text, t int, m text, tipo text, body text, "idSkill" text, score real, fc text, seq int)
    where ${written})`);
    if (has.has('unrecognised')) {
      const n = of('unrecognised');
      parts.push(sql`nr as (update frase_nr set c = c + 1 where id = (select id from frase_nr where "idBot" = ${n('idBot')} and f = ${n('f')} limit 1) and ${written} returning id)`);
      parts.push(sql`nr_new as (insert into frase_nr (id, "idBot", f, c, fc) select ${$('idUnrecognised')}, ${n('idBot')}, ${n('f')}::text, 1, ${n('fc')} where ${written} and not exists (select from nr))`);
    }
    return sql<{ n: number }>`with ${sql.join(parts)} select count(*)::int as n from conv`;
  }),
);
