// The counts migrations 014, 015 and 018 run over the recorded conversations. They count with the
// conversation's rules (conversation/usoRelleno.ts), a layer above this one, so whoever migrates
// hands them to migrate(): either counting at once (counterFills there), or owing them
// (owedFills), to be counted after the start as a job.
import { sql, type Kysely } from 'kysely';

export interface CounterFills {
  /** Migration 014: uso, uso_skill and chat_cliente_dia counted again from the recorded conversations. */
  usage(db: Kysely<unknown>): Promise<unknown>;
  /** Migration 015: uso_clientes made again from chat_cliente_dia. */
  clientSketches(db: Kysely<unknown>): Promise<unknown>;
  /** Migration 018: uso_qna and uso_kb counted again from the recorded turns and ratings. */
  qnaUsage(db: Kysely<unknown>): Promise<unknown>;
}

/** The counts, in the order they are done: the sketches of 'clientes' come from the client-days 'uso' counts. */
export const FILLS = ['uso', 'clientes', 'qna'] as const;
export type FillName = (typeof FILLS)[number];

/** A count a migration owes: the messages recorded before `corte` (ISO) are its own. */
export interface OwedFill {
  id: FillName;
  corte: string;
}

/** The counters each count makes. */
const COUNTERS: Record<FillName, string[]> = { uso: ['chat_cliente_dia', 'uso', 'uso_skill'], clientes: ['uso_clientes'], qna: ['uso_qna', 'uso_kb'] };

/**
 * Fills that only empty their counters, as the counts at once did first: each records that its
 * count is owed, with the instant of the migration as its cut, for the caller to write down once
 * migrate() has created its table (migration 024); every turn from the start on adds its own. A
 * database with no recorded message owes nothing.
 */
export function owedFills(now: () => number): CounterFills & { owed: OwedFill[] } {
  const owed: OwedFill[] = [];
  const owe = (id: FillName) => async (db: Kysely<unknown>) => {
    const { rows } = await sql`select 1 from chat_mensaje limit 1`.execute(db);
    if (rows.length === 0) return;
    for (const table of COUNTERS[id]) await sql`delete from ${sql.table(table)}`.execute(db);
    owed.push({ id, corte: new Date(now()).toISOString() });
  };
  return { owed, usage: owe('uso'), clientSketches: owe('clientes'), qnaUsage: owe('qna') };
}
