// The knowledge base's counters of migration 017 (answers and ratings per QnA, questions not
// found) counted from what the conversations recorded, with the rules a turn counts them by
// (conversation/usoRelleno.ts rebuildQnaUsage). From here on each turn keeps them.
import type { Kysely, Migration } from 'kysely';
import type { CounterFills } from '../migrationFills';
import type { Database } from '../schema';

export function usoQnaRelleno(fills: CounterFills): Migration {
  return { up: (db) => fills.qnaUsage(db).then(() => undefined), down };
}

async function down(db: Kysely<unknown>): Promise<void> {
  const typed = db as Kysely<Database>;
  for (const table of ['uso_qna', 'uso_kb'] as const) await typed.deleteFrom(table).execute();
}
