// The counters of migration 013 filled from the conversations recorded before them, each company
// in its own time zone (else the chat's default one), so the history and the dashboard show the
// past too. From here on the conversation store keeps them in each turn.
import type { Kysely } from 'kysely';
import { DEFAULT_CHAT_TIME_ZONE } from '../../config';
import type { Database } from '../schema';
import { companyTimeZones, rebuildUsage } from '../usoRelleno';

export async function up(db: Kysely<unknown>): Promise<void> {
  const typed = db as Kysely<Database>;
  // A server started with its own CHAT_TIME_ZONE keeps using it for companies without one.
  await rebuildUsage(typed, await companyTimeZones(typed, process.env.CHAT_TIME_ZONE || DEFAULT_CHAT_TIME_ZONE));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const typed = db as Kysely<Database>;
  for (const table of ['chat_cliente_dia', 'uso', 'uso_skill'] as const) await typed.deleteFrom(table).execute();
}
