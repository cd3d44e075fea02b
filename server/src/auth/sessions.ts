// Session store: session rows (creation, loading the signed-in user with the company, expiry,
// purging) and the cookie's names. Below the services, so the session plugin and the sign-in
// service share it.
import { createHash, randomBytes } from 'node:crypto';
import { deriveFlags, isRol } from '../../../common/roles';
import type { DB, DialectName } from '../db';
import { sql } from 'kysely';
import { groupedPerDatabase } from '../db/grouped';
import { precompile, type Placeholders } from '../db/precompiled';
import { rememberNonce } from './nonces';
import type { SesionTable } from '../db/schema';
import type { SessionUser } from '../types';

export const SESSION_COOKIE = 'quipu_sid';
/** The cookie's name under https: the browser then only takes it Secure, with Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/** A live session has its company's access list and end date checked again after this long. */
export const RECHECK_MS = 60_000;
/** ua is written at most this often, so a burst of requests costs one update. */
export const TOUCH_INTERVAL_MS = 15_000;
/** An anonymous pre-session lives this long without use. */
export const PRE_SESSION_IDLE_MS = 24 * 60 * 60 * 1000;

/** The row id for a cookie token: the database never holds a usable token. */
export function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Creates a session row (idU null for a pre-session) with a fresh signing key; returns the cookie token. */
export async function createSesion(db: DB, idU: string | null, now: number): Promise<{ token: string; sesion: SesionTable }> {
  const token = randomToken();
  // A sign-in has just checked the company, so a new session starts checked.
  const sesion: SesionTable = { id: tokenId(token), idU, k: randomToken(), fc: new Date(now).toISOString(), ua: now, checkedAt: idU ? now : null };
  await db.insertInto('sesion').values(sesion).execute();
  return { token, sesion };
}

export async function deleteSesion(db: DB, id: string): Promise<void> {
  await db.deleteFrom('sesion').where('id', '=', id).execute();
}

/** The user's and company's columns a session needs, aliased apart from the session's own. */
const USER_COLUMNS = [
  'u.id as uId', 'u.usuario', 'u.nm', 'u.ap', 'u.rol', 'u.idE', 'u.sso', 'u.pmHist', 'u.showChannels', 'u.a',
  'e.nm as empNm', 'e.audit', 'e.tg', 'e.liveAgent', 'e.ts', 'e.activo', 'e.tz',
] as const;

type UserRow = {
  uId: string | null;
  usuario: string | null;
  nm: string | null;
  ap: string | null;
  rol: string | null;
  idE: string | null;
  sso: unknown;
  pmHist: unknown;
  showChannels: unknown;
  a: unknown;
  empNm: string | null;
  audit: unknown;
  tg: unknown;
  liveAgent: unknown;
  ts: number | null;
  activo: unknown;
  tz: string | null;
};

/** The SessionUser of a joined user and company row, or null when they no longer allow a session. */
function sessionUserOf(row: UserRow, defaultMinutes: number): SessionUser | null {
  if (!row.uId || !row.a || !row.activo || !isRol(row.rol)) return null;
  const ts = Number(row.ts ?? 0);
  const emp = { id: row.idE!, nm: row.empNm!, audit: !!row.audit, tg: !!row.tg, liveAgent: !!row.liveAgent, ts: ts > 0 ? ts : defaultMinutes, tz: row.tz };
  const base = { rol: row.rol, pmHist: !!row.pmHist, showChannels: !!row.showChannels, sso: !!row.sso };
  return {
    id: row.uId,
    usuario: row.usuario!,
    nm: row.nm!,
    ap: row.ap!,
    idE: row.idE!,
    a: true,
    ...base,
    flags: deriveFlags(base, emp),
    emp,
  };
}

/**
 * The signed-in user with flags and company, or null when the user, its company or its role no
 * longer allows a session (deleted, deactivated).
 */
export async function loadSessionUser(db: DB, idU: string, defaultMinutes: number): Promise<SessionUser | null> {
  const row = await db.selectFrom('usuario as u').innerJoin('empresa as e', 'e.id', 'u.idE').select(USER_COLUMNS).where('u.id', '=', idU).executeTakeFirst();
  return row ? sessionUserOf(row, defaultMinutes) : null;
}

/**
 * The session row `id` with its signed-in user (as loadSessionUser gives it), in one query; `user`
 * is null for a pre-session and for a user who no longer allows a session (`userGone`).
 */
export async function loadSesion(db: DB, id: string, defaultMinutes: number): Promise<LoadedSesion | undefined> {
  const row = await SESION_BY_ID.takeFirst(db, { id });
  return row ? loadedSesion(row, defaultMinutes) : undefined;
}

export interface LoadedSesion {
  sesion: SesionTable;
  user: SessionUser | null;
  userGone: boolean;
}

/** The session's columns, aliased apart from its user's. */
const SESION_COLUMNS = ['s.id as sId', 's.idU as sIdU', 's.k as sK', 's.fc as sFc', 's.ua as sUa', 's.checkedAt as sCheckedAt', ...USER_COLUMNS] as const;

type SesionRow = UserRow & { sId: string; sIdU: string | null; sK: string; sFc: string; sUa: number; sCheckedAt: number | null };

// Every request with a session cookie reads its row, and every signed write records a nonce with it.
const SESION_BY_ID = precompile((db, $: Placeholders<{ id: string }>) =>
  db
    .selectFrom('sesion as s')
    .leftJoin('usuario as u', 'u.id', 's.idU')
    .leftJoin('empresa as e', 'e.id', 'u.idE')
    .select(SESION_COLUMNS)
    .where('s.id', '=', $('id')),
);

type NonceAndSesion = { nonce: string; now: number; id: string };

/**
 * PostgreSQL: the signed writes arriving together (db/grouped.ts) record their nonces and read
 * their sessions' rows in one statement. The inserts run whether or not the rows are there.
 */
const NONCES_AND_SESIONES = precompile((db, $: Placeholders<{ nonces: string[]; ts: number[]; ids: string[] }>) => {
  const sesiones = db
    .selectFrom('sesion as s')
    .leftJoin('usuario as u', 'u.id', 's.idU')
    .leftJoin('empresa as e', 'e.id', 'u.idE')
    .select(SESION_COLUMNS)
    .where(sql<boolean>`"s"."id" = any(${$('ids')}::text[])`);
  return sql<{ fresh: string[]; sesiones: SesionRow[] }>`with n as (
    insert into "nonce" ("nonce", "ts") select * from unnest(${$('nonces')}::text[], ${$('ts')}::bigint[]) on conflict ("nonce") do nothing returning "nonce")
    select (select coalesce(json_agg("nonce"), '[]'::json) from n) as fresh, (select coalesce(json_agg(r), '[]'::json) from (${sesiones}) r) as sesiones`;
});

const noncesAndSesionesOf = groupedPerDatabase(noncesAndSesiones);

async function noncesAndSesiones(db: DB, calls: NonceAndSesion[]): Promise<Array<{ fresh: boolean; row: SesionRow | undefined }>> {
  // A nonce twice in one group is new for its first call only.
  const first = new Map<string, number>();
  calls.forEach((c, i) => first.has(c.nonce) || first.set(c.nonce, i));
  const inserted = [...first.values()].map((i) => calls[i]);
  const { rows } = await NONCES_AND_SESIONES.execute(db, { nonces: inserted.map((c) => c.nonce), ts: inserted.map((c) => c.now), ids: [...new Set(calls.map((c) => c.id))] });
  const fresh = new Set(rows[0].fresh);
  const byId = new Map(rows[0].sesiones.map((r) => [r.sId, r]));
  return calls.map((c, i) => ({ fresh: first.get(c.nonce) === i && fresh.has(c.nonce), row: byId.get(c.id) }));
}

function loadedSesion(row: SesionRow, defaultMinutes: number): LoadedSesion {
  const sesion: SesionTable = { id: row.sId, idU: row.sIdU, k: row.sK, fc: row.sFc, ua: Number(row.sUa), checkedAt: row.sCheckedAt === null ? null : Number(row.sCheckedAt) };
  const user = sesion.idU ? sessionUserOf(row, defaultMinutes) : null;
  return { sesion, user, userGone: !!sesion.idU && !user };
}

/**
 * Records a signed write's nonce (false when it was already recorded, as rememberNonce) and reads
 * the session row `id` as loadSesion does: on PostgreSQL in one statement, so one round trip.
 */
export async function rememberNonceAndLoadSesion(db: DB, dialect: DialectName, nonce: string, now: number, id: string, defaultMinutes: number): Promise<{ fresh: boolean; found: LoadedSesion | undefined }> {
  if (dialect !== 'postgres') {
    const fresh = await rememberNonce(db, nonce, now);
    return { fresh, found: await loadSesion(db, id, defaultMinutes) };
  }
  // Without the session row the nonce does not matter.
  const { fresh, row } = await noncesAndSesionesOf(db).call({ nonce, now, id });
  return row ? { fresh, found: loadedSesion(row, defaultMinutes) } : { fresh: false, found: undefined };
}

/**
 * True when the row has been idle longer than allowed (the company's ts, or a day for a
 * pre-session), or a signed-in session is older than `maxHours` however active it was.
 */
export function sesionExpired(sesion: SesionTable, user: SessionUser | null, now: number, maxHours: number): boolean {
  const limit = user ? user.emp.ts * 60_000 : PRE_SESSION_IDLE_MS;
  if (now - Number(sesion.ua) > limit) return true;
  return !!user && now - Date.parse(sesion.fc) > maxHours * 3_600_000;
}

/** Records that the session's company was checked at `now`. */
export async function markChecked(db: DB, sesion: SesionTable, now: number): Promise<void> {
  await MARK_CHECKED.execute(db, { id: sesion.id, now });
  sesion.checkedAt = now;
}

export async function touchSesion(db: DB, sesion: SesionTable, now: number): Promise<void> {
  if (now - Number(sesion.ua) < TOUCH_INTERVAL_MS) return;
  await TOUCH.execute(db, { id: sesion.id, now });
  sesion.ua = now;
}

const MARK_CHECKED = precompile((db, $: Placeholders<{ id: string; now: number }>) => db.updateTable('sesion').set({ checkedAt: $('now') }).where('id', '=', $('id')));
const TOUCH = precompile((db, $: Placeholders<{ id: string; now: number }>) => db.updateTable('sesion').set({ ua: $('now') }).where('id', '=', $('id')));

/** Removes idle pre-sessions, and signed-in sessions past their company's idle limit or `maxHours` old. */
export async function purgeSesiones(db: DB, now: number, defaultMinutes: number, maxHours: number): Promise<void> {
  await db.deleteFrom('sesion').where('idU', 'is', null).where('ua', '<', now - PRE_SESSION_IDLE_MS).execute();
  // fc is an ISO instant, which sorts as text in time order.
  await db.deleteFrom('sesion').where('idU', 'is not', null).where('fc', '<', new Date(now - maxHours * 3_600_000).toISOString()).execute();
  const idle = await db
    .selectFrom('sesion as s')
    .leftJoin('usuario as u', 'u.id', 's.idU')
    .leftJoin('empresa as e', 'e.id', 'u.idE')
    .select(['s.id', 's.ua', 'e.ts'])
    .where('s.idU', 'is not', null)
    // No company allows less than a minute; rows fresher than that cannot be expired.
    .where('s.ua', '<', now - 60_000)
    .execute();
  const expired = idle.filter((r) => now - Number(r.ua) > (r.ts && r.ts > 0 ? r.ts : defaultMinutes) * 60_000).map((r) => r.id);
  for (let i = 0; i < expired.length; i += 500) {
    await db.deleteFrom('sesion').where('id', 'in', expired.slice(i, i + 500)).execute();
  }
}
