// What the channel suites share: channels written straight to the database, their rows and audit
// rows, and who reaches a channel route.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { CanalTable } from '../../server/src/db/schema';
import { EV } from '../../common/schemas/rules';
import type { Account } from './adminFixtures';
import type { TestApp } from './helpers';

/** Inserts a channel of company idE (a web channel unless told); returns its id. */
export async function insertCanal(t: TestApp, idE: string, fields: Partial<Insertable<CanalTable>> = {}): Promise<string> {
  const id = randomUUID();
  await t.app.db
    .insertInto('canal')
    .values({ id, idE, name: 'Web', red: 3, dsc: `Canal ${id.slice(0, 8)}`, activo: 1, porHora: 0, liveAgent: 0, useChasqui: 0, fc: new Date(t.clock.now).toISOString(), ...fields })
    .execute();
  return id;
}

export function canalRow(t: TestApp, id: string) {
  return t.app.db.selectFrom('canal').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The ev 3 rows naming a channel by its display name, newest first. */
export function canalAudit(t: TestApp, dsc: string) {
  return t.app.db
    .selectFrom('auditoria')
    .selectAll()
    .where('ev', '=', EV.CANALES)
    .where('val', 'like', `Canal % «${dsc}»:%`)
    .orderBy('fc', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Channel access: admin, compania, or showChannels; usuario@ is a ROLE_USER with showChannels. */
export const CHANNEL_ACCOUNTS: readonly Account[] = ['admin', 'compania', 'usuario', 'otra'];

/**
 * What each demo account gets on a route that names a Demo Internacional channel: 200 with channel
 * access, 404 for otra@ (another company), 403 for everyone else.
 */
export function canalStatus(who: Account): number {
  if (who === 'otra') return 404;
  return CHANNEL_ACCOUNTS.includes(who) ? 200 : 403;
}
