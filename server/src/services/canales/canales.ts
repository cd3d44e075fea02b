// Channels: who reaches a channel, its API shape, its write-only provider secrets (AES-256-GCM
// with SECRET_KEY), the provider settings adapters keep, and the audit row (ev 3) every change
// writes in the change's own transaction.
import { sql, type Selectable, type Updateable } from 'kysely';
import { randomUUID } from 'node:crypto';
import { CHECKS } from '../../../../common/roles';
import type { Config } from '../../config';
import type { DB } from '../../db';
import type { CanalTable } from '../../db/schema';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { sameTenant, scopeIdE } from '../../auth/tenant';
import { BOT_MESSAGES } from '../../../../common/schemas/bots';
import { CANAL_KINDS, CANAL_MESSAGES, SECRET_NAMES, UNLINK, type Canal, type CanalBody, type CanalCfg, type CanalKind, type SecretName } from '../../../../common/schemas/canales';
import type { SessionUser } from '../../types';
import { EV, recordAudit, type AuditActor } from '../auditoria';
import { internalLiteral, OUTBOUND_MESSAGES } from '../../net/outbound';
import { CANAL_RULE_MESSAGES, canalFields, editableCfg, type CanalFields } from './rules';
import { bindSecret, canalSecretPlace, encryptSecret, readSecret } from '../../secrets';

/** A channel as stored. */
export type CanalRecord = Selectable<CanalTable>;

/** What a channel write needs: the database, the clock and the secrets key (the app has all three). */
export interface CanalServices {
  db: DB;
  config: Pick<Config, 'now' | 'secretKey' | 'outboundAllow'>;
}

/** Secrets to write: a value is encrypted and stored, '' removes it, null or undefined keeps it. */
export type SecretPatch = Partial<Record<SecretName, string | null | undefined>>;

/** A change an adapter (or the routes) makes to a stored channel besides the editor's own save. */
export interface CanalChange {
  secretos?: SecretPatch;
  /** Merged into the stored settings; a null value removes that setting. */
  cfg?: Partial<CanalCfg>;
  activo?: boolean;
  idR?: string | null;
  email?: string | null;
}

export interface CanalWriteOptions {
  /** Run inside this transaction instead of a new one. */
  trx?: DB;
  /** With a detail, the ev 3 row of this change is written in the same transaction. */
  actor?: AuditActor;
  /** The audit detail ('conectado a Telegram'); needs `actor`. */
  detail?: string;
}

const parse = <T>(text: string | null | undefined, fallback: T): T => (text ? (JSON.parse(text) as T) : fallback);

/** 403 unless the user has channel access (the admin or compania role, or showChannels). */
export function assertChannelAccess(user: SessionUser): void {
  if (!CHECKS.channel(user.flags)) throw forbidden();
}

/**
 * The channel `id` within the user's reach: 403 without channel access, 404 'Canal no encontrado'
 * when missing or another company's (ROLE_ADMIN reaches every company).
 */
export async function findCanalFor(db: DB, user: SessionUser, id: string): Promise<CanalRecord> {
  assertChannelAccess(user);
  const row = await db.selectFrom('canal').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !sameTenant(user, row.idE)) throw notFound(CANAL_MESSAGES.notFound);
  return row;
}

/** The channel by id, whoever asks (webhooks, the widget's public routes); undefined when missing. */
export function canalById(db: DB, id: string): Promise<CanalRecord | undefined> {
  return db.selectFrom('canal').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The name of the linked bot, or null. */
export async function botNameOf(db: DB, idBot: string | null): Promise<string | null> {
  if (!idBot) return null;
  const bot = await db.selectFrom('bot').select('nm').where('id', '=', idBot).executeTakeFirst();
  return bot?.nm ?? null;
}

/** The channel a secret belongs to: its company and id. */
type CanalPlace = Pick<CanalRecord, 'idE' | 'id'>;

/**
 * Which secrets are stored, as `{name: true}`; never a value. Given the key, a value this channel
 * cannot read (encrypted with another key, or for another company, channel or name) does not count as set.
 */
export function secretFlags(canal: CanalPlace & Pick<CanalRecord, 'secretos'>, key?: Buffer): Record<string, boolean> {
  const stored = parse<Record<string, string>>(canal.secretos, {});
  const flags: Record<string, boolean> = {};
  for (const [name, cipher] of Object.entries(stored)) {
    if (cipher && (!key || readSecret(key, cipher, canalSecretPlace(canal.idE, canal.id, name)) !== undefined)) flags[name] = true;
  }
  return flags;
}

/** The API shape (schemas/canales.ts Canal): JSON columns parsed, flags as booleans, secrets as flags only. */
export function toCanal(row: CanalRecord, botName: string | null, key?: Buffer): Canal {
  return {
    id: row.id,
    name: row.name,
    red: row.red,
    dsc: row.dsc,
    activo: !!row.activo,
    idE: row.idE,
    idR: row.idR,
    b: row.b,
    bot: row.b ? botName : null,
    porHora: !!row.porHora,
    hi: row.hi,
    hf: row.hf,
    msgFueraHora: row.msgFueraHora,
    liveAgent: !!row.liveAgent,
    email: row.email,
    useChasqui: !!row.useChasqui,
    chasquiUrl: row.chasquiUrl,
    excluir: parse<Canal['excluir']>(row.excluir, []),
    web: parse<Canal['web']>(row.web, null),
    cfg: parse<CanalCfg>(row.cfg, {}),
    secretos: secretFlags(row, key),
    rev: row.rev,
  };
}

/**
 * The plain value of one stored secret, or undefined when it is not set or cannot be read (it was
 * encrypted with another key, for another channel or name, or altered).
 */
export function readCanalSecret(app: { config: Pick<Config, 'secretKey'> }, row: CanalPlace & Pick<CanalRecord, 'secretos'>, name: SecretName): string | undefined {
  const cipher = parse<Record<string, string>>(row.secretos, {})[name];
  return readSecret(app.config.secretKey, cipher, canalSecretPlace(row.idE, row.id, name));
}

/**
 * The `secretos` column of `canal` after `patch`: values encrypted for this company, channel and
 * name, '' removed, null or undefined kept (an unbound v1 value bound now).
 */
export function encryptCanalSecrets(key: Buffer, canal: CanalPlace, stored: string, patch: SecretPatch): string {
  const next = parse<Record<string, string>>(stored, {});
  for (const [name, cipher] of Object.entries(next)) if (cipher) next[name] = bindSecret(key, cipher, canalSecretPlace(canal.idE, canal.id, name));
  for (const name of SECRET_NAMES) {
    const value = patch[name];
    if (value === undefined || value === null) continue;
    if (value === '') delete next[name];
    else next[name] = encryptSecret(key, value, canalSecretPlace(canal.idE, canal.id, name));
  }
  return JSON.stringify(next);
}

/** The `cfg` column after merging `patch`; a null value removes that setting. */
export function mergeCanalCfg(stored: string, patch: Partial<CanalCfg>): string {
  const next = parse<Record<string, unknown>>(stored, {});
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete next[name];
    else next[name] = value;
  }
  return JSON.stringify(next);
}

/** `Canal Web «Chat del sitio»: <detail>`: the detail of a channel's ev 3 row. */
export function canalEventText(canal: Pick<CanalRecord, 'name' | 'dsc'>, detail: string): string {
  return `Canal ${canal.name} «${canal.dsc}»: ${detail}`;
}

/**
 * The audit row (ev 3, Canales) of a channel change, in the channel's company. Written whatever the
 * company's audit flag says, as bot changes are; pass the change's transaction as `db`.
 */
export function recordCanalEvent(db: DB, actor: AuditActor, canal: Pick<CanalRecord, 'name' | 'dsc' | 'idE'>, detail: string, now: number): Promise<string> {
  return recordAudit(db, actor, { ev: EV.CANALES, idE: canal.idE, val: canalEventText(canal, detail) }, now);
}

/** Runs `work` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: DB, trx: DB | undefined, work: (trx: DB) => Promise<T>): Promise<T> {
  return trx ? work(trx) : db.transaction().execute(work);
}

/**
 * Applies `change` to the stored channel `id` and writes the ev 3 row when `options` name an actor
 * and a detail. The row is read inside the transaction and written only if its secrets and
 * settings are still the ones read (else read again), so two writers never lose each other's
 * values. The rev stays: it guards what the editor saves, which these columns are not (an editor
 * open meanwhile can still save). Answers the new row; 404 when the channel is gone.
 */
export async function updateCanal(services: CanalServices, id: string, change: CanalChange, options: CanalWriteOptions = {}): Promise<CanalRecord> {
  const { db, config } = services;
  return inTransaction(db, options.trx, async (trx) => {
    for (let attempt = 0; ; attempt += 1) {
      const current = await trx.selectFrom('canal').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) throw notFound(CANAL_MESSAGES.notFound);
      const set: Updateable<CanalTable> = {};
      if (change.secretos) set.secretos = encryptCanalSecrets(config.secretKey, current, current.secretos, change.secretos);
      if (change.cfg) set.cfg = mergeCanalCfg(current.cfg, change.cfg);
      if (change.activo !== undefined) set.activo = change.activo ? 1 : 0;
      if (change.idR !== undefined) set.idR = change.idR;
      if (change.email !== undefined) set.email = change.email;
      if (Object.keys(set).length > 0) {
        const result = await trx
          .updateTable('canal')
          .set(set)
          .where('id', '=', id)
          .where('secretos', '=', current.secretos)
          .where('cfg', '=', current.cfg)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) {
          if (attempt < 5) continue;
          throw conflict(CANAL_MESSAGES.stale);
        }
      }
      if (options.actor && options.detail) await recordCanalEvent(trx, options.actor, current, options.detail, config.now());
      return trx.selectFrom('canal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    }
  });
}

/** Stores provider secrets of a channel (merged: null keeps, '' removes); answers the new row. */
export function writeCanalSecrets(services: CanalServices, row: Pick<CanalRecord, 'id'>, patch: SecretPatch, options: CanalWriteOptions = {}): Promise<CanalRecord> {
  return updateCanal(services, row.id, { secretos: patch }, options);
}

/** Stores non-secret provider settings of a channel (merged: null removes); answers the new row. */
export function patchCanalCfg(services: CanalServices, row: Pick<CanalRecord, 'id'>, patch: Partial<CanalCfg>, options: CanalWriteOptions = {}): Promise<CanalRecord> {
  return updateCanal(services, row.id, { cfg: patch }, options);
}

// ---------------------------------------------------------------------------------------------
// The routes' work: list, save, delete, link, activate. Each change is one transaction with its ev 3 row.

/**
 * GET /ch?idE: the channels of one company (ROLE_ADMIN names any; everyone else always gets their
 * own), each with its bot's name, by display name and then id.
 */
export async function listCanales(services: CanalServices, user: SessionUser, idE?: string | null): Promise<Canal[]> {
  assertChannelAccess(user);
  const company = scopeIdE(user, idE) ?? user.idE;
  const rows = await services.db
    .selectFrom('canal')
    .leftJoin('bot', 'bot.id', 'canal.b')
    .selectAll('canal')
    .select('bot.nm as botNm')
    .where('canal.idE', '=', company)
    .execute();
  rows.sort((a, b) => a.dsc.localeCompare(b.dsc, 'es', { sensitivity: 'base' }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows.map(({ botNm, ...row }) => toCanal(row, botNm, services.config.secretKey));
}

/** GET /ch?id. */
export async function getCanal(services: CanalServices, user: SessionUser, id: string): Promise<Canal> {
  const row = await findCanalFor(services.db, user, id);
  return toCanal(row, await botNameOf(services.db, row.b), services.config.secretKey);
}

async function answer(services: CanalServices, db: DB, id: string): Promise<Canal> {
  const row = await db.selectFrom('canal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toCanal(row, await botNameOf(db, row.b), services.config.secretKey);
}

/** What a save changed, by column and secret name (never a value): 'cambió dsc, web, secretos: token'. */
function changeList(before: CanalRecord, after: CanalFields, cfg: string, secretos: string): string {
  const names: string[] = (Object.keys(after) as (keyof CanalFields)[]).filter((k) => before[k] !== after[k]);
  if (before.cfg !== cfg) names.push('cfg');
  const was = parse<Record<string, string>>(before.secretos, {});
  const now = parse<Record<string, string>>(secretos, {});
  const secrets = SECRET_NAMES.filter((n) => was[n] !== now[n]);
  if (secrets.length) names.push(`secretos: ${secrets.join(', ')}`);
  return names.length ? `cambió ${names.join(', ')}` : 'guardado sin cambios';
}

/** A new relay URL that is a literal internal address outside OUTBOUND_ALLOW is refused (one already stored is judged when called). */
function checkRelayUrl(url: string | null, before: string | null, allow: readonly string[]): void {
  const host = url && url !== before ? internalLiteral(url, allow) : undefined;
  if (host) throw new ApiError(400, OUTBOUND_MESSAGES.saved('URL del relay', host), undefined, 'chasquiUrl');
}

/**
 * POST /ch/web: creates (no id: active, with a new id, in the user's company or, for ROLE_ADMIN,
 * the one named) or saves (id and the rev read; 409 when stale) a channel of any kind. The kind
 * is fixed once created; the bot link, activation, tenant id and authorized e-mail change through
 * their own calls, never through a save. Secrets are merged (write-only).
 */
export async function saveCanal(services: CanalServices, user: SessionUser, body: CanalBody): Promise<Canal> {
  assertChannelAccess(user);
  const { db, config } = services;
  return db.transaction().execute(async (trx) => {
    if (!body.id) {
      const idE = user.flags.isAdmin ? body.idE?.trim() || user.idE : user.idE;
      const empresa = await trx.selectFrom('empresa').select(['id', 'tg']).where('id', '=', idE).executeTakeFirst();
      if (!empresa) throw badRequest('La empresa indicada no existe');
      if (body.name === 'Telegram' && !empresa.tg) throw new ApiError(400, CANAL_MESSAGES.telegramDisabled, undefined, 'name');
      const fields = canalFields(body, body.name);
      checkRelayUrl(fields.chasquiUrl, null, config.outboundAllow);
      const id = randomUUID();
      const at = config.now();
      const row = {
        id, idE, name: body.name, red: CANAL_KINDS[body.name as CanalKind].red, activo: 1 as const, idR: null, b: null, email: null, ...fields,
        cfg: mergeCanalCfg('{}', editableCfg(body)),
        secretos: encryptCanalSecrets(config.secretKey, { idE, id }, '{}', body.secretos ?? {}),
        uc: user.usuario, fc: new Date(at).toISOString(), rev: 0,
      };
      await trx.insertInto('canal').values(row).execute();
      await recordCanalEvent(trx, user, row, 'creado', at);
      return answer(services, trx, id);
    }
    const current = await findCanalFor(trx, user, body.id);
    if (body.name !== current.name) throw new ApiError(400, CANAL_RULE_MESSAGES.fixedKind, undefined, 'name');
    if (body.rev === undefined || body.rev === null) throw new ApiError(400, 'Falta la revisión del canal que se leyó (rev)', undefined, 'rev');
    if (body.rev !== current.rev) throw conflict(CANAL_MESSAGES.stale);
    const fields = canalFields(body, current.name);
    checkRelayUrl(fields.chasquiUrl, current.chasquiUrl, config.outboundAllow);
    const cfg = mergeCanalCfg(current.cfg, editableCfg(body));
    const secretos = body.secretos ? encryptCanalSecrets(config.secretKey, current, current.secretos, body.secretos) : current.secretos;
    const result = await trx
      .updateTable('canal')
      .set({ ...fields, cfg, secretos, rev: sql<number>`rev + 1` })
      .where('id', '=', current.id)
      .where('rev', '=', body.rev)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw conflict(CANAL_MESSAGES.stale);
    await recordCanalEvent(trx, user, { ...current, dsc: fields.dsc }, changeList(current, fields, cfg, secretos), config.now());
    return answer(services, trx, current.id);
  });
}

/** DELETE /ch and /ch/web: the channel and its provider deliveries (they cascade). */
export async function deleteCanal(services: CanalServices, user: SessionUser, id: string): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const canal = await findCanalFor(trx, user, id);
    await trx.deleteFrom('canal').where('id', '=', id).execute();
    await recordCanalEvent(trx, user, canal, 'eliminado', services.config.now());
  });
}

/** POST /ch/suscribe: links the channel to a bot of the channel's company, or unlinks it with 'blk'. */
export async function linkCanal(services: CanalServices, user: SessionUser, id: string, idB: string): Promise<Canal> {
  return services.db.transaction().execute(async (trx) => {
    const canal = await findCanalFor(trx, user, id);
    let b: string | null = null;
    let detail: string;
    if (idB === UNLINK) {
      const was = await botNameOf(trx, canal.b);
      detail = was ? `desvinculado del bot «${was}»` : 'desvinculado';
    } else {
      const bot = await trx.selectFrom('bot').select(['id', 'nm', 'idE']).where('id', '=', idB).executeTakeFirst();
      if (!bot || bot.idE !== canal.idE) throw notFound(BOT_MESSAGES.notFound);
      b = bot.id;
      detail = `vinculado al bot «${bot.nm}»`;
    }
    await trx.updateTable('canal').set({ b }).where('id', '=', id).execute();
    await recordCanalEvent(trx, user, canal, detail, services.config.now());
    return answer(services, trx, id);
  });
}

/** POST /ch/active: activates or deactivates the channel. */
export async function setCanalActive(services: CanalServices, user: SessionUser, id: string, active: boolean): Promise<Canal> {
  return services.db.transaction().execute(async (trx) => {
    const canal = await findCanalFor(trx, user, id);
    await trx.updateTable('canal').set({ activo: active ? 1 : 0 }).where('id', '=', id).execute();
    await recordCanalEvent(trx, user, canal, active ? 'activado' : 'desactivado', services.config.now());
    return answer(services, trx, id);
  });
}
