// Companies (tenants): reading, saving with the rules of the company form, and deleting
// only when nothing hangs from them. Every change leaves an audit row (ev 5).
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DB } from '../../db';
import type { Bool, EmpresaTable } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { Empresa, EmpresaBody } from '../../../../common/schemas/empresas';
import type { SessionUser } from '../../types';
import { isAclEntry } from '../../../../common/schemas/acl';
import { DEFAULT_TS, isTimeZone } from '../../../../common/schemas/rules';
import { knownTimeZone } from '../../../../common/dias';
import { parseAclList } from '../../auth/acl';
import { changedFields, EV, recordAudit, type WriteContext } from '../auditoria';
import { constraintViolation, STALE_VERSION } from '../../db/errors';

/** A company as the API shows it (tokens only to a system admin and the company's administrator). */
export type EmpresaView = Static<typeof Empresa>;
export type EmpresaInput = Static<typeof EmpresaBody>;

type EmpresaRow = Omit<EmpresaTable, 'version'> & { version: number };

const TOKENS = ['tk1', 'tk2', 'tk3', 'tk4'] as const;
const TEXTS = ['dir', 'tel', 'c', 'razon', 'cs', 'csA', 'csE', 'consulta'] as const;
export { DEFAULT_TS };

/** The tokens are shown to a system admin and to the company's own administrator only. */
export function toView(row: EmpresaRow, showTokens: boolean): EmpresaView {
  const view: EmpresaView = {
    ...row,
    activo: !!row.activo,
    audit: !!row.audit,
    acl: !!row.acl,
    liveAgent: !!row.liveAgent,
    tg: !!row.tg,
    aclList: parseAclList(row.aclList),
  };
  if (!showTokens) for (const tk of TOKENS) delete view[tk];
  return view;
}

/**
 * The time zone a company's channel hours, days and its bots' dates are read in, from its stored
 * empresa.tz: its own when this runtime knows it, else the server's (`fallback`, CHAT_TIME_ZONE).
 */
export const companyZone = (stored: string | null | undefined, fallback: string): string => knownTimeZone(stored) ?? fallback;

/** companyZone of company `idE`, read on its own: where no query at hand already reads empresa.tz. */
export async function companyTimeZone(app: { db: DB; config: { chatTimeZone: string } }, idE: string): Promise<string> {
  const row = await app.db.selectFrom('empresa').select('tz').where('id', '=', idE).executeTakeFirst();
  return companyZone(row?.tz, app.config.chatTimeZone);
}

/** The time zone of company `idE`. */
export type TimeZoneOf = (idE: string) => string;

/** companyZone of every company at once, read in one query: for a count over all companies. */
export async function companyTimeZones(db: DB, fallback: string): Promise<TimeZoneOf> {
  const rows = await db.selectFrom('empresa').select(['id', 'tz']).execute();
  const zones = new Map(rows.map((r) => [r.id, companyZone(r.tz, fallback)]));
  return (idE) => zones.get(idE) ?? fallback;
}

export function seesTokens(user: SessionUser): boolean {
  return user.flags.isAdmin || user.flags.isCompania;
}

/** Every company for a system admin; their own for anyone else. */
export async function listCompanies(db: DB, user: SessionUser): Promise<EmpresaView[]> {
  let query = db.selectFrom('empresa').selectAll().orderBy('nm').orderBy('id');
  if (!user.flags.isAdmin) query = query.where('id', '=', user.idE);
  return (await query.execute()).map((row) => toView(row, seesTokens(user)));
}

/** One company: any for a system admin, only their own for anyone else (404 otherwise). */
export async function getCompany(db: DB, user: SessionUser, id: string): Promise<EmpresaView> {
  if (!user.flags.isAdmin && id !== user.idE) throw notFound('Empresa no encontrada');
  const row = await db.selectFrom('empresa').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Empresa no encontrada');
  return toView(row, seesTokens(user));
}

export { isAclEntry };

const FIELD_LABELS: Partial<Record<keyof EmpresaTable, string>> = {
  nm: 'nombre',
  ruc: 'RUC',
  activo: 'activa',
  audit: 'auditoría',
  dir: 'dirección',
  tel: 'teléfono',
  c: 'contacto',
  razon: 'razón social',
  cs: 'cs',
  csA: 'csA',
  csE: 'csE',
  consulta: 'consulta',
  ff: 'fecha de fin',
  acl: 'ACL',
  aclList: 'lista ACL',
  liveAgent: 'agente en vivo',
  tg: 'Telegram',
  ts: 'duración de sesión',
  tz: 'zona horaria',
  tk1: 'token 1',
  tk2: 'token 2',
  tk3: 'token 3',
  tk4: 'token 4',
};

const blankToNull = (value: string | null | undefined) => (value ?? '').trim() || null;
const bool = (value: boolean | undefined, fallback: boolean): Bool => ((value ?? fallback) ? 1 : 0);
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** The stored columns of a valid form, or a 400 naming the first wrong field. */
function validated(input: EmpresaInput): Omit<EmpresaTable, 'id' | 'fc' | 'version'> {
  // nm, ruc and the tokens are required by the schema (schemas/empresas.ts), blanks included.
  const nm = input.nm.trim();
  const ruc = input.ruc.trim();

  const ts = input.ts ?? DEFAULT_TS;
  if (!Number.isInteger(ts) || ts < 1) throw badRequest('Duración de sesión: debe ser un número entero mayor o igual a 1');

  const aclList = (input.aclList ?? []).map((entry) => entry.trim());
  aclList.forEach((entry, i) => {
    if (!isAclEntry(entry)) throw badRequest(`La entrada ${i + 1} de la lista ACL ('${entry}') no es una dirección IP/máscara válida`);
  });

  const tokens = TOKENS.map((tk) => input[tk].trim());

  const ff = blankToNull(input.ff);
  if (ff && (!DATE.test(ff) || Number.isNaN(new Date(ff).getTime()))) throw badRequest('Fecha de fin no válida: use AAAA-MM-DD');

  const tz = blankToNull(input.tz);
  if (tz && !isTimeZone(tz)) throw badRequest(`Zona horaria no válida: '${tz}'; use un nombre como America/Lima`);

  const texts = Object.fromEntries(TEXTS.map((k) => [k, blankToNull(input[k])])) as Record<(typeof TEXTS)[number], string | null>;
  return {
    nm,
    ruc,
    ...texts,
    activo: bool(input.activo, true),
    audit: bool(input.audit, false),
    acl: bool(input.acl, false),
    liveAgent: bool(input.liveAgent, false),
    tg: bool(input.tg, false),
    aclList: JSON.stringify(aclList),
    ts,
    tz,
    ff,
    tk1: tokens[0],
    tk2: tokens[1],
    tk3: tokens[2],
    tk4: tokens[3],
  };
}

/** Creates (no id) or updates (id) a company; system admin only (checked by the route). */
export async function saveCompany({ db, config }: WriteContext, actor: SessionUser, input: EmpresaInput): Promise<EmpresaView> {
  const fields = validated(input);
  const now = config.now();
  if (!input.id) {
    const row: EmpresaRow = { id: crypto.randomUUID(), ...fields, fc: new Date(now).toISOString(), version: 1 };
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('empresa').values(row).execute();
      await recordAudit(trx, actor, { ev: EV.EMPRESA, idE: row.id, val: `Empresa creada: ${row.nm} (RUC ${row.ruc})` }, now);
    });
    return toView(row, true);
  }

  const id = input.id;
  const current = await db.selectFrom('empresa').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound('Empresa no encontrada');
  if (input.version === undefined) throw badRequest('version: falta la versión del registro');
  // Sessions need an active company: this would sign the caller out for good.
  if (id === actor.idE && !fields.activo) throw badRequest('No puede desactivar su propia empresa');
  const changed = changedFields(current, fields, FIELD_LABELS);
  const saved = await db.transaction().execute(async (trx) => {
    // fc is kept: the creation date is the server's.
    const result = await trx
      .updateTable('empresa')
      .set({ ...fields, version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', input.version as number)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw conflict(STALE_VERSION);
    await recordAudit(trx, actor, { ev: EV.EMPRESA, idE: id, val: `Empresa modificada: ${fields.nm} ${changed}` }, now);
    return trx.selectFrom('empresa').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
  return toView(saved, true);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export async function deleteCompany({ db, config }: WriteContext, actor: SessionUser, id: string): Promise<void> {
  const company = await db.selectFrom('empresa').select(['id', 'nm']).where('id', '=', id).executeTakeFirst();
  if (!company) throw notFound('Empresa no encontrada');
  const count = async (table: 'usuario' | 'bot') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('idE', '=', id).executeTakeFirst())?.n ?? 0);
  const [usuarios, bots] = [await count('usuario'), await count('bot')];
  if (usuarios || bots) {
    throw conflict(`No se puede eliminar la empresa: tiene ${plural(usuarios, 'usuario', 'usuarios')} y ${plural(bots, 'bot', 'bots')} asociados`);
  }
  try {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('empresa').where('id', '=', id).execute();
      await recordAudit(trx, actor, { ev: EV.EMPRESA, idE: id, val: `Empresa eliminada: ${company.nm}` }, config.now());
    });
  } catch (error) {
    // Records of other areas (channels, ...) that point at the company.
    if (constraintViolation(error) === 'foreignKey') throw conflict('No se puede eliminar la empresa: tiene registros asociados');
    throw error;
  }
}
