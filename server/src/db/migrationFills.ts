// The counts migrations 014, 015 and 018 run over the recorded conversations. They count with the
// conversation's rules (conversation/usoRelleno.ts), a layer above this one, so whoever migrates
// hands them to migrate().
import type { Kysely } from 'kysely';

export interface CounterFills {
  /** Migration 014: uso, uso_skill and chat_cliente_dia counted again from the recorded conversations. */
  usage(db: Kysely<unknown>): Promise<unknown>;
  /** Migration 015: uso_clientes made again from chat_cliente_dia. */
  clientSketches(db: Kysely<unknown>): Promise<unknown>;
  /** Migration 018: uso_qna and uso_kb counted again from the recorded turns and ratings. */
  qnaUsage(db: Kysely<unknown>): Promise<unknown>;
}
