// An audit row keeps what its detail names by id (a bot, a conversation's client or session) in
// `refs`, JSON [{tipo, id}], so the audit search can show each by its name as it is now. Rows
// written before name them only inside their text, in the three forms the server wrote: those
// get their refs here.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

type Tipo = 'bot' | 'cliente' | 'sesion';

const LEGACY: ReadonlyArray<{ like: string; pattern: RegExp; tipos: readonly Tipo[] }> = [
  { like: 'Conversación: sesión % del cliente %', pattern: /^Conversación: sesión (\S+) del cliente ([^\s,]+)/, tipos: ['sesion', 'cliente'] },
  { like: 'Exportar Excel: sesiones del cliente %', pattern: /^Exportar Excel: sesiones del cliente (\S+) del /, tipos: ['cliente'] },
  { like: '%: importado como copia de %', pattern: /: importado como copia de (\S+)$/, tipos: ['bot'] },
];

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auditoria').addColumn('refs', 'text').execute();
  await backfillLegacyRefs(db as Kysely<Database>);
}

/** Gives the rows that name things only inside their text the refs they would be written with now. */
export async function backfillLegacyRefs(typed: Kysely<Database>): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await typed
      .selectFrom('auditoria')
      .select(['id', 'idE', 'val'])
      .where('ev', 'in', [0, 1])
      .where('refs', 'is', null)
      .where((eb) => eb.or(LEGACY.map(({ like }) => eb('val', 'like', like))))
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;

    const found = rows.flatMap((row) => {
      for (const { pattern, tipos } of LEGACY) {
        const match = pattern.exec(row.val ?? '');
        if (match) return [{ row, refs: tipos.map((tipo, i) => ({ tipo, id: match[i + 1] })) }];
      }
      return [];
    });
    // A copy's source is named only if it was this company's bot: one from elsewhere was never deleted here.
    const sources = found.flatMap(({ refs }) => refs.filter((r) => r.tipo === 'bot').map((r) => r.id));
    const bots = sources.length ? await typed.selectFrom('bot').select(['id', 'idE']).where('id', 'in', sources).execute() : [];
    const named = found
      .map(({ row, refs }) => ({ id: row.id, refs: refs.filter((r) => r.tipo !== 'bot' || bots.some((b) => b.id === r.id && b.idE === row.idE)) }))
      .filter(({ refs }) => refs.length > 0);
    if (named.length === 0) continue;
    const cases = named.map(({ id, refs }) => sql`when ${id} then ${JSON.stringify(refs)}`);
    await typed
      .updateTable('auditoria')
      .set({ refs: sql<string>`case ${sql.ref('id')} ${sql.join(cases, sql` `)} end` })
      .where('id', 'in', named.map(({ id }) => id))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auditoria').dropColumn('refs').execute();
}
