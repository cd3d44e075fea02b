// The counters of migration 013 filled from the conversations recorded before them, each company
// in its own time zone (else the chat's default one), so the history and the dashboard show the
// past too (a count of the conversation's, db/migrationFills.ts). From here on the conversation
// store keeps them in each turn.
import type { Kysely, Migration } from 'kysely';
import type { CounterFills } from '../migrationFills';
import type { Database } from '../schema';

export function usoRelleno(fills: CounterFills): Migration {
  return { up: (db) => up(db, fills), down };
}

async function up(db: Kysely<unknown>, fills: CounterFills): Promise<void> {
  await fills.usage(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  const typed = db as Kysely<Database>;
  for (const table of ['chat_cliente_dia', 'uso', 'uso_skill'] as const) await typed.deleteFrom(table).execute();
}
