// A delivery id taken by a turn still running is held by a lease (`hasta`, ms since the epoch) that
// the running instance renews; one whose lease ran out was left by an instance that died, and the
// provider's (or the widget's) retry takes it over. A delivery answered has no lease: a repeat is
// answered once.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('canal_entrega').addColumn('hasta', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('canal_entrega').dropColumn('hasta').execute();
}
