// Users of a company: the paged list, saving with the role rules of the user form,
// the first password mail, and deletion. Every change leaves an audit row (ev 4).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Static } from 'typebox';
import {
  assignableRoles,
  canEditRoleOf,
  canPickRole,
  canSetSso,
  GRANTABLE_FLAGS,
  isRol,
  mayGrantFlag,
  mayManageUserWithRole,
  newUserDefaultRole,
  ROLE_LABELS,
  type Rol,
} from '../../../../common/roles';
import type { Config } from '../../config';
import type { DB } from '../../db';
import type { UsuarioTable } from '../../db/schema';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { sameTenant } from '../../auth/tenant';
import { USER_NOT_FOUND, type UsuarioRecord } from '../../../../common/schemas/usuarios';
import { isEmail } from '../../../../common/schemas/rules';
import type { UsuarioBody } from '../../../../common/schemas/usuarios';
import type { SessionUser } from '../../types';
import { changedFields, EV, recordAudit, type WriteContext } from '../auditoria';
import { constraintViolation, STALE_VERSION } from '../../db/errors';
import { sendMail, smtpErrorMessage } from '../correo/transport';
import { checkFilters, idIn, idsFilter, checkSorts, containsText, ftsMatch, fullOrder, planWindow, textSearchPlan, type PageRequest, type SearchPlan } from '../../db/paging';
import { generatePassword, hashPassword } from '../auth/passwords';

export const USER_SORTS = ['nm', 'ap', 'usuario', 'a', 'uc', 'fc'] as const;
/** q is react-admin's search box: any of the three. */
export const USER_FILTERS = ['nm', 'ap', 'usuario', 'q'] as const;
export const USER_PAGE_SIZE = 5;

/** What the API shows of a user (the lookup's record): never the password hash, lock-out state or expiry. */
export type UsuarioView = Static<typeof UsuarioRecord>;

const VIEW_COLUMNS = ['id', 'usuario', 'idE', 'rol', 'nm', 'ap', 'a', 'uc', 'sso', 'pmHist', 'showChannels', 'fc', 'version'] as const;
type UsuarioRow = Pick<UsuarioTable, Exclude<(typeof VIEW_COLUMNS)[number], 'version'>> & { version: number };

export function toView(row: UsuarioRow): UsuarioView {
  return { ...row, a: !!row.a, sso: !!row.sso, pmHist: !!row.pmHist, showChannels: !!row.showChannels };
}

/** The queries of one users search; `idE` undefined means every company (system admin). */
export function planUserSearch(db: DB, idE: string | undefined, req: PageRequest): SearchPlan<UsuarioRow> {
  const sorts = checkSorts(req.sorted, USER_SORTS);
  const filters = checkFilters(req.filtered, USER_FILTERS);
  const { pageSize, offset, countLimit } = planWindow(req, USER_PAGE_SIZE);

  const conditions: Expression<SqlBool>[] = [];
  const ids = idsFilter(req.filtered);
  if (ids) conditions.push(idIn('usuario.id', ids));
  const matches: string[] = [];
  for (const f of filters) {
    const columns = f.id === 'q' ? (['nm', 'ap', 'usuario'] as const) : [f.id];
    const likes = columns.map((c) => containsText(sql.ref(`usuario.${c}`), f.value));
    conditions.push(likes.length === 1 ? likes[0] : sql<SqlBool>`(${sql.join(likes, sql` or `)})`);
    const match = ftsMatch(db, columns, f.value);
    if (match) matches.push(match);
  }

  return textSearchPlan<UsuarioRow>(db, {
    table: 'usuario',
    idE,
    conditions,
    matches,
    order: fullOrder(sorts, { id: 'fc', desc: true }),
    window: { pageSize, offset, countLimit },
    fetch: (ids) => db.selectFrom('usuario').select(VIEW_COLUMNS).where('id', 'in', ids),
  });
}

function roleLabel(rol: string): string {
  return isRol(rol) ? ROLE_LABELS[rol] : rol;
}

/** A user of the caller's reach: 404 for another company's user, as for a missing one. */
async function reachableUser(db: DB, actor: SessionUser, id: string) {
  const row = await db.selectFrom('usuario').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !sameTenant(actor, row.idE)) throw notFound(USER_NOT_FOUND);
  assertMayManage(actor, row.rol);
  return row;
}

function assertMayManage(actor: SessionUser, rol: string) {
  if (!mayManageUserWithRole(actor, actor.flags, rol)) throw forbidden(`No tiene permiso para modificar un usuario con rol ${roleLabel(rol)}`);
}

/** Refuses switching on a flag the editor does not hold itself (a flag already on may stay on). */
function assertGrantable(actor: SessionUser, fields: Pick<UsuarioTable, 'pmHist' | 'showChannels'>, current?: Pick<UsuarioTable, 'pmHist' | 'showChannels'>) {
  for (const flag of GRANTABLE_FLAGS) {
    if (fields[flag] && !current?.[flag] && !mayGrantFlag(actor, actor.flags, flag)) {
      throw forbidden(`No puede otorgar ${FIELD_LABELS[flag]}: usted no tiene ese permiso`);
    }
  }
}

export type UsuarioInput = Static<typeof UsuarioBody>;

export const SSO_REFUSED = 'Solo el administrador del sistema y los administradores de usuarios de la empresa pueden cambiar el acceso con Microsoft';

/**
 * The sso a save ends with: the system admin and the company's user admins set it; for anyone else
 * an omitted sso keeps the stored one, and a different one is refused.
 */
function resolveSso(actor: SessionUser, requested: boolean | undefined, stored: number | undefined): 0 | 1 {
  if (canSetSso(actor.flags)) return requested ? 1 : 0;
  const kept = stored ? 1 : 0;
  if (requested === undefined || (requested ? 1 : 0) === kept) return kept;
  throw forbidden(SSO_REFUSED);
}

const FIELD_LABELS: Partial<Record<keyof UsuarioTable, string>> = {
  usuario: 'correo',
  idE: 'empresa',
  rol: 'rol',
  nm: 'nombre',
  ap: 'apellido',
  a: 'activo',
  sso: 'acceso con Microsoft',
  pmHist: 'acceso a historial',
  showChannels: 'acceso a canales',
};

/** The role a save ends with, refusing what the caller may not assign in the user form. */
function resolveRole(actor: SessionUser, requested: string | null | undefined, current: Rol | undefined, targetId: string | undefined): Rol {
  const flags = actor.flags;
  const fallback = current ?? newUserDefaultRole(flags);
  if (!requested || requested === fallback) return fallback;
  if (!isRol(requested)) throw badRequest(`rol: el rol '${requested}' no existe`);
  if (!canPickRole(flags)) throw forbidden('No tiene permiso para asignar roles');
  if (current && !canEditRoleOf(flags, actor.id, targetId)) throw forbidden('No puede cambiar su propio rol');
  if (!assignableRoles(flags).includes(requested)) throw forbidden(`No tiene permiso para asignar el rol ${ROLE_LABELS[requested]}`);
  return requested;
}

function required(value: string | undefined | null, message: string): string {
  const text = (value ?? '').trim();
  if (!text) throw badRequest(message);
  return text;
}

async function ensureFreeLogin(db: DB, login: string, exceptId?: string) {
  let query = db.selectFrom('usuario').select('id').where('usuario', '=', login);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw badRequest(`Ya existe un usuario con el correo ${login}`);
}

export interface Services extends WriteContext {
  config: Pick<Config, 'dataDir' | 'brandName' | 'now'>;
  /** scrypt cost of the first password's hash. */
  passwordCost: number;
  /** Where a mail that failed but stops nothing is told (the app's logger). */
  log?: { warn(message: string): void };
}

/** Creates (no id) or updates (id) a user; returns the stored record. */
export async function saveUser(services: Services, actor: SessionUser, input: UsuarioInput): Promise<UsuarioView> {
  const { db } = services;
  // nm, ap and usuario are required by the schema (schemas/usuarios.ts), blanks included.
  const nm = input.nm.trim();
  const ap = input.ap.trim();
  // Only a system admin chooses the company; everyone else works in their own.
  const idE = actor.flags.isAdmin ? required(input.idE, 'Ingrese una empresa') : actor.idE;
  const login = input.usuario.trim().toLowerCase();
  if (!isEmail(login)) throw badRequest('Ingrese un email válido');
  if (!(await db.selectFrom('empresa').select('id').where('id', '=', idE).executeTakeFirst())) {
    throw badRequest('La empresa indicada no existe');
  }

  const fields = {
    usuario: login,
    idE,
    nm,
    ap,
    a: (input.a ?? true) ? 1 : 0,
    sso: input.sso ? 1 : 0,
    pmHist: input.pmHist ? 1 : 0,
    showChannels: input.showChannels ? 1 : 0,
  } as const;

  try {
    if (input.id) return await updateUser(services, actor, input.id, input, fields);
    return await createUser(services, actor, input, fields);
  } catch (error) {
    if (constraintViolation(error) === 'unique') throw badRequest(`Ya existe un usuario con el correo ${login}`);
    throw error;
  }
}

type UserFields = Pick<UsuarioTable, 'usuario' | 'idE' | 'nm' | 'ap' | 'a' | 'sso' | 'pmHist' | 'showChannels'>;

async function createUser({ db, config, passwordCost, log }: Services, actor: SessionUser, input: UsuarioInput, fields: UserFields): Promise<UsuarioView> {
  const rol = resolveRole(actor, input.rol, undefined, undefined);
  assertMayManage(actor, rol);
  assertGrantable(actor, fields);
  const sso = resolveSso(actor, input.sso, undefined);
  await ensureFreeLogin(db, fields.usuario);

  const id = crypto.randomUUID();
  const at = config.now();
  const now = new Date(at).toISOString();
  const password = generatePassword();
  const row = {
    id,
    ...fields,
    sso,
    rol,
    uc: actor.usuario,
    fc: now,
    pwd: await hashPassword(password, passwordCost),
    // Expired from the start: the first sign-in leads to renewal.
    pwdExpira: now,
    bloqueoHasta: null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('usuario').values(row).execute();
    await recordAudit(trx, actor, { ev: EV.USUARIO, idE: fields.idE, val: `Usuario creado: ${fields.usuario} (rol ${roleLabel(rol)})` }, at);
  });

  const greeting = [`Hola ${fields.nm} ${fields.ap}:`, '', `Se creó su cuenta de ${config.brandName}.`, `Usuario: ${fields.usuario}`, ''];
  if (sso) {
    // Who signs in with Microsoft has no password to be told: the mail only says how to enter, and
    // without it the account still works.
    const text = [...greeting, 'Ingrese con «Ingresar con Microsoft», con su cuenta de Microsoft de ese mismo correo.'].join('\n');
    await sendMail(db, config, { to: fields.usuario, subject: `Su cuenta de ${config.brandName}`, text }).catch((error: unknown) =>
      log?.warn(`No se pudo avisar a ${fields.usuario} de su cuenta nueva: ${smtpErrorMessage(error)}`),
    );
    return toView({ ...row, version: 1 });
  }
  try {
    await sendMail(db, config, {
      to: fields.usuario,
      subject: `Su cuenta de ${config.brandName}`,
      text: [...greeting, `Contraseña inicial: ${password}`, '', 'Al ingresar por primera vez se le pedirá cambiar la contraseña.'].join('\n'),
    });
  } catch (error) {
    // Without the mail nobody knows the password: undo the creation, and say so in the log.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('usuario').where('id', '=', id).execute();
      const val = `Usuario eliminado: ${fields.usuario} (no se pudo enviar la contraseña inicial)`;
      await recordAudit(trx, actor, { ev: EV.USUARIO, idE: fields.idE, val }, config.now());
    });
    throw new ApiError(502, `No se pudo enviar la contraseña inicial a ${fields.usuario}: ${smtpErrorMessage(error)}`);
  }
  return toView({ ...row, version: 1 });
}

async function updateUser({ db, config }: WriteContext, actor: SessionUser, id: string, input: UsuarioInput, fields: UserFields): Promise<UsuarioView> {
  const current = await reachableUser(db, actor, id);
  if (input.version === undefined) throw badRequest('version: falta la versión del registro');
  const rol = resolveRole(actor, input.rol, isRol(current.rol) ? current.rol : undefined, id);
  assertMayManage(actor, rol);
  assertGrantable(actor, fields, current);
  if (id === actor.id && !fields.a) throw badRequest('No puede desactivar su propio usuario');
  await ensureFreeLogin(db, fields.usuario, id);

  const changes = { ...fields, sso: resolveSso(actor, input.sso, current.sso), rol };
  const changed = changedFields(current, changes, FIELD_LABELS);
  const saved = await db.transaction().execute(async (trx) => {
    // uc and fc are kept: a client cannot change who created the user nor when.
    const result = await trx
      .updateTable('usuario')
      .set({ ...changes, version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', input.version as number)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw conflict(STALE_VERSION);
    await recordAudit(trx, actor, { ev: EV.USUARIO, idE: fields.idE, val: `Usuario modificado: ${fields.usuario} ${changed}` }, config.now());
    return trx.selectFrom('usuario').select(VIEW_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
  });
  return toView(saved);
}

export async function deleteUser({ db, config }: WriteContext, actor: SessionUser, id: string): Promise<void> {
  if (id === actor.id) throw badRequest('No puede eliminar su propio usuario');
  const target = await reachableUser(db, actor, id);
  try {
    await db.transaction().execute(async (trx) => {
      // Its sessions end by themselves: the session plugin finds no user behind them.
      await trx.deleteFrom('usuario').where('id', '=', id).execute();
      await recordAudit(trx, actor, { ev: EV.USUARIO, idE: target.idE, val: `Usuario eliminado: ${target.usuario}` }, config.now());
    });
  } catch (error) {
    if (constraintViolation(error) === 'foreignKey') throw conflict('No se puede eliminar el usuario: tiene registros asociados');
    throw error;
  }
}
