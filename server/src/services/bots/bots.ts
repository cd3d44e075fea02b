// Bots: who reaches a bot, its API shape, saving with the settings rules (checkMainParams) and
// encrypted extras, the paged list, deletion, and the audit row every change writes (ev 1).
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import { CHECKS } from '../../../../common/roles';
import type { Config } from '../../config';
import type { DB } from '../../db';
import type { Bool, BotTable } from '../../db/schema';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { sameTenant } from '../../auth/tenant';
import { BOT_DEFAULTS, BOT_MESSAGES, type Bot, type BotBody, type BotParams, type BotRow, type Diagram, type Extra, type ExtraEncInput } from '../../../../common/schemas/bots';
import type { Page, PageRequest } from '../../../../common/schemas/paging';
import { DEFAULT_QNA_BOT } from '../../../../common/schemas/qna';
import type { SessionUser } from '../../types';
import { EV, recordAudit, type AuditActor, type AuditTarget, type WriteContext } from '../auditoria';
import { checkDiagram, EMPTY_DIAGRAM, parseDiagram, withNodeAtRight } from './diagram';
import { FALLBACK_SKILL, insertFallbackSkill } from './fallbackSkill';
import { refuseNewBot, type BotLimits } from './limits';
import { checkFilters, checkSorts, containsText, fullOrder, idIn, idsFilter, planWindow } from '../../db/paging';
import { bindSecret, botExtraPlace, encryptSecret, readSecret } from '../../secrets';
import { internalLiteral, OUTBOUND_MESSAGES } from '../../net/outbound';

/** A bot as stored. */
export type BotRecord = Selectable<BotTable>;
export type BotNeed = 'read' | 'edit';

/** What a bot write needs: the database, the clock, the secrets key and the caps. */
export interface BotServices extends WriteContext {
  config: Pick<Config, 'now' | 'secretKey' | 'outboundAllow'> & BotLimits;
}

/** An encrypted extra as stored in bot.extrasEnc: the key and its ciphertext. */
interface StoredSecret {
  key: string;
  enc: string;
}

/** 403 unless the user may open bots at all, and edit them when `need` is 'edit'. */
export function assertBotRole(user: SessionUser, need: BotNeed): void {
  if (!CHECKS.botEditOrUser(user.flags) || (need === 'edit' && !user.flags.isBotEdit)) throw forbidden();
}

/**
 * The bot `idBot` within the user's reach: 403 for the role, 404 when missing or another company's
 * (with `missing`, the message of the record the caller was looking for through the bot). The
 * default QnA set's bot is the system admin's alone, whoever else shares its company.
 */
export async function findBotFor(db: DB, user: SessionUser, idBot: string, need: BotNeed, missing: string = BOT_MESSAGES.notFound): Promise<BotRecord> {
  assertBotRole(user, need);
  const row = await db.selectFrom('bot').selectAll().where('id', '=', idBot).executeTakeFirst();
  if (!row || !sameTenant(user, row.idE) || (row.id === DEFAULT_QNA_BOT && !user.flags.isAdmin)) throw notFound(missing);
  return row;
}

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  return text ? (JSON.parse(text) as T) : fallback;
}

/**
 * The API shape: JSON columns parsed, flags as booleans, encrypted extras as their keys only.
 * Given the key, a value this bot cannot read (encrypted with another key, or for another company,
 * bot or extra) is marked `retype`.
 */
export function toBot(row: BotRecord, key?: Buffer): Bot {
  const secrets = parseJson<StoredSecret[]>(row.extrasEnc, []);
  return {
    id: row.id,
    idE: row.idE,
    nm: row.nm,
    dsc: row.dsc,
    imp: !!row.imp,
    shared: !!row.shared,
    idClone: row.idClone,
    tsession: row.tsession,
    timeout: row.timeout,
    main: !!row.main,
    destroy: !!row.destroy,
    qna: !!row.qna,
    qnaExtrn: !!row.qnaExtrn,
    qnaUrl: row.qnaUrl,
    qnaCron: row.qnaCron,
    ttoken: row.ttoken,
    baseUrl: row.baseUrl,
    baseUrlRemoto: row.baseUrlRemoto,
    params: parseJson<BotParams>(row.params, {}),
    diagram: row.diagram ? parseDiagram(row.diagram) : EMPTY_DIAGRAM,
    extras: parseJson<Extra[]>(row.extras, []),
    extrasEnc: secrets.map((s) => {
      // A value from another installation, company, bot or extra is there but unreadable: not set, retype.
      const foreign = !!key && !!s.enc && readSecret(key, s.enc, botExtraPlace(row.idE, row.id, s.key)) === undefined;
      const view: Bot['extrasEnc'][number] = { key: s.key, set: !!s.enc && !foreign };
      if (foreign) view.retype = true;
      return view;
    }),
    version: row.version,
    msg: row.msg,
    fc: row.fc,
    rev: row.rev,
  };
}

/**
 * The plain values of a bot's encrypted extras, by key, for its webhooks; a value this bot cannot
 * read is left out.
 */
export function readBotSecrets(key: Buffer, idE: string, idBot: string, extrasEnc: ReadonlyArray<{ key: string; enc?: string | null }>): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const e of extrasEnc) {
    const value = readSecret(key, e.enc, botExtraPlace(idE, idBot, e.key));
    if (value !== undefined) plain[e.key] = value;
  }
  return plain;
}

/**
 * The audit row of a bot change: `Bot «nm»: <detail>`, in the bot's company. Deploys pass
 * EV.BOT_DESPLEGADO; `refs` are what the detail names by id.
 */
export async function recordBotEvent(
  db: DB,
  actor: AuditActor,
  bot: Pick<BotRecord, 'nm' | 'idE'>,
  detail: string,
  now: number,
  ev: number = EV.BOT_MODIFICADO,
  refs?: readonly AuditTarget[],
): Promise<string> {
  return recordAudit(db, actor, { ev, idE: bot.idE, val: `Bot «${bot.nm}»: ${detail}`, refs }, now);
}

/** Runs `work` in the caller's transaction, or in a new one. */
export function inTransaction<T>(db: DB, trx: DB | undefined, work: (trx: DB) => Promise<T>): Promise<T> {
  return trx ? work(trx) : db.transaction().execute(work);
}

// ---------------------------------------------------------------------------------------------
// Saving

export interface SaveBotOptions {
  /** Run inside this transaction (deploy, import) instead of a new one. */
  trx?: DB;
  /** Write the ev 1 row (default); false when the caller writes its own. */
  audit?: boolean;
}

type BotFields = Omit<BotRecord, 'id' | 'idE' | 'fc' | 'imp' | 'idClone' | 'version' | 'msg' | 'rev'>;

const FLAGS = ['shared', 'main', 'destroy', 'qna', 'qnaExtrn'] as const;
const TEXTS = ['dsc', 'qnaUrl', 'qnaCron', 'ttoken', 'baseUrl', 'baseUrlRemoto'] as const;
/** The columns a change is reported by, in the audit row; the diagram is named in Spanish. */
const AUDITED: ReadonlyArray<[keyof BotFields, string]> = [
  ['nm', 'nm'], ['dsc', 'dsc'], ['shared', 'shared'], ['tsession', 'tsession'], ['timeout', 'timeout'], ['main', 'main'],
  ['destroy', 'destroy'], ['qna', 'qna'], ['qnaExtrn', 'qnaExtrn'], ['qnaUrl', 'qnaUrl'], ['qnaCron', 'qnaCron'],
  ['ttoken', 'ttoken'], ['baseUrl', 'baseUrl'], ['baseUrlRemoto', 'baseUrlRemoto'], ['extras', 'extras'],
  ['extrasEnc', 'extrasEnc'], ['diagram', 'diagrama'],
];

const bool = (value: boolean): Bool => (value ? 1 : 0);
const text = (value: string | null | undefined): string | null => value?.trim() || null;

/** Creates (no id; isBotEdit only) or updates (id and the rev read) a bot; one transaction with its audit row. */
export async function saveBot(services: BotServices, user: SessionUser, body: BotBody, options: SaveBotOptions = {}): Promise<Bot> {
  assertBotRole(user, body.id ? 'read' : 'edit');
  return inTransaction(services.db, options.trx, (trx) =>
    body.id ? updateBot({ db: trx, config: services.config }, user, body.id, body, options) : createBot({ db: trx, config: services.config }, user, body, options),
  );
}

async function createBot({ db, config }: BotServices, user: SessionUser, body: BotBody, options: SaveBotOptions): Promise<Bot> {
  const idE = user.flags.isAdmin ? body.idE?.trim() || user.idE : user.idE;
  if (!(await db.selectFrom('empresa').select('id').where('id', '=', idE).executeTakeFirst())) throw badRequest('La empresa indicada no existe');
  await refuseNewBot(db, idE, config);
  const defaults: BotParams = { maxAttempt: BOT_DEFAULTS.maxAttempt, msgAttempt: BOT_DEFAULTS.msgAttempt, invalidOption: BOT_DEFAULTS.invalidOption };
  const params: BotParams = { ...defaults };
  for (const [k, v] of Object.entries(body.params ?? {})) if (v !== undefined) Object.assign(params, { [k]: v });
  const id = crypto.randomUUID();
  const fields = settings({ ...body, params }, {
    nm: '', dsc: null, shared: 0, tsession: BOT_DEFAULTS.tsession, timeout: null, main: 0, destroy: 0, qna: 0, qnaExtrn: 0,
    qnaUrl: null, qnaCron: null, ttoken: null, baseUrl: null, baseUrlRemoto: null,
    params: JSON.stringify(params), diagram: JSON.stringify(EMPTY_DIAGRAM), extras: '[]', extrasEnc: '[]',
  }, config.secretKey, { idE, id });
  checkBaseUrl(fields.baseUrl, null, config.outboundAllow);
  checkDiagram(parseDiagram(fields.diagram), new Set());
  const at = config.now();
  const fc = new Date(at).toISOString();
  await db.insertInto('bot').values({ id, idE, fc, ...fields, rev: 0 }).execute();
  // A new bot answers what it does not understand from its first message: it starts with a fallback skill, in its diagram.
  const fallback = await insertFallbackSkill(db, id, fc);
  await db.updateTable('bot').set({ diagram: JSON.stringify(withNodeAtRight(parseDiagram(fields.diagram), fallback)) }).where('id', '=', id).execute();
  if (options.audit !== false) await recordBotEvent(db, user, { nm: fields.nm, idE }, `creado con el skill «${FALLBACK_SKILL.nm}»`, at);
  return toBot(await db.selectFrom('bot').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), config.secretKey);
}

async function updateBot({ db, config }: BotServices, user: SessionUser, id: string, body: BotBody, options: SaveBotOptions): Promise<Bot> {
  const current = await findBotFor(db, user, id, 'read');
  if (body.rev === undefined) throw badRequest('rev: falta la revisión del bot que se leyó');
  if (body.rev !== current.rev) throw conflict(BOT_MESSAGES.stale);
  // Without isBotEdit only the diagram's positions are taken: every other field, and the links, stay.
  if (!user.flags.isBotEdit && body.diagram && linkSet(body.diagram) !== linkSet(parseDiagram(current.diagram))) throw forbidden(BOT_MESSAGES.linksNeedEdit);
  const fields: BotFields = user.flags.isBotEdit
    ? settings(body, current, config.secretKey, current)
    : { ...current, diagram: body.diagram ? JSON.stringify(body.diagram) : current.diagram };
  checkBaseUrl(fields.baseUrl, current.baseUrl, config.outboundAllow);
  if (fields.diagram !== current.diagram) await checkDiagramSkills(db, id, parseDiagram(fields.diagram));

  const result = await db
    .updateTable('bot')
    .set({ ...pickFields(fields), rev: sql`rev + 1` })
    .where('id', '=', id)
    .where('rev', '=', body.rev)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw conflict(BOT_MESSAGES.stale);
  if (options.audit !== false) await recordBotEvent(db, user, { nm: fields.nm, idE: current.idE }, changeList(current, fields), config.now());
  return toBot(await db.selectFrom('bot').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), config.secretKey);
}

/** The links of a diagram as one comparable text: which skill leads to which. */
function linkSet(diagram: Diagram): string {
  return [...new Set(diagram.edges.map((e) => `${e.source}>${e.target}`))].sort().join(' ');
}

/** Only the writable columns (a row read from the database carries the others too). */
function pickFields(fields: BotFields): BotFields {
  const out = {} as Record<string, unknown>;
  for (const [column] of AUDITED) out[column] = fields[column];
  for (const column of ['params'] as const) out[column] = fields[column];
  return out as unknown as BotFields;
}

/** Refuses a diagram naming skills that are not this bot's. */
export async function checkDiagramSkills(db: DB, idBot: string, diagram: Diagram): Promise<void> {
  if (diagram.nodes.length === 0 && diagram.edges.length === 0) return;
  const skills = await db.selectFrom('skill').select('id').where('idBot', '=', idBot).execute();
  checkDiagram(diagram, new Set(skills.map((s) => s.id)));
}

/** The bot's settings after `body` (a field left out keeps its value), checked by the settings rules. */
function settings(body: BotBody, current: BotFields, key: Buffer, bot: Pick<BotRecord, 'idE' | 'id'>): BotFields {
  const next: BotFields = { ...current, nm: body.nm.trim() };
  for (const flag of FLAGS) if (body[flag] !== undefined) next[flag] = bool(body[flag]);
  for (const field of TEXTS) if (body[field] !== undefined) next[field] = text(body[field]);
  if (body.tsession !== undefined) next.tsession = body.tsession;
  if (body.timeout !== undefined) next.timeout = body.timeout;
  if (body.params) next.params = JSON.stringify(body.params);
  if (body.diagram) next.diagram = JSON.stringify(body.diagram);
  if (body.extras) next.extras = JSON.stringify(checkExtras(body.extras));
  if (body.extrasEnc) next.extrasEnc = JSON.stringify(mergeSecrets(body.extrasEnc, parseJson<StoredSecret[]>(current.extrasEnc, []), key, bot));
  if (next.main) checkMainParams(parseJson<BotParams>(next.params, {}));
  return next;
}

/** A new baseUrl that is a literal internal address outside OUTBOUND_ALLOW is refused (one already stored is judged when called). */
function checkBaseUrl(baseUrl: string | null, before: string | null, allow: readonly string[]): void {
  const host = baseUrl && baseUrl !== before ? internalLiteral(baseUrl, allow) : undefined;
  if (host) throw new ApiError(400, OUTBOUND_MESSAGES.saved('URL base', host), undefined, 'baseUrl');
}

/** A main bot needs at least one attempt and both messages. `code` names the field. */
function checkMainParams(params: BotParams): void {
  if (params.maxAttempt === undefined || params.maxAttempt === null || params.maxAttempt < 1) {
    throw new ApiError(400, BOT_MESSAGES.minAttempts, 'params.maxAttempt');
  }
  for (const field of ['msgAttempt', 'invalidOption'] as const) {
    if (!params[field]?.trim()) throw new ApiError(400, BOT_MESSAGES.enterMessage, `params.${field}`);
  }
}

function checkExtras(extras: Extra[]): Extra[] {
  const keys = new Set<string>();
  return extras.map(({ key, val }) => {
    const k = key.trim();
    if (keys.has(k)) throw badRequest(`extras: la clave ${k} está repetida`);
    keys.add(k);
    return { key: k, val };
  });
}

/**
 * A value given is encrypted for this company, bot and key; a key without one keeps its stored
 * ciphertext (an unbound v1 one bound now); keys left out are removed.
 */
function mergeSecrets(items: ExtraEncInput[], stored: StoredSecret[], key: Buffer, bot: Pick<BotRecord, 'idE' | 'id'>): StoredSecret[] {
  const keys = new Set<string>();
  return items.map((item) => {
    const k = item.key.trim();
    if (keys.has(k)) throw badRequest(`extrasEnc: la clave ${k} está repetida`);
    keys.add(k);
    const place = botExtraPlace(bot.idE, bot.id, k);
    if (item.val !== undefined) return { key: k, enc: encryptSecret(key, item.val, place) };
    const kept = stored.find((s) => s.key === k && s.enc);
    if (!kept) throw badRequest(`extrasEnc: ingrese el valor de ${k}`);
    return { key: k, enc: bindSecret(key, kept.enc, place) };
  });
}

/** 'cambió nm, tsession, diagrama', or 'guardado sin cambios'; names only, never a value. */
function changeList(before: BotFields, after: BotFields): string {
  const names: string[] = [];
  for (const [column, label] of AUDITED) if (before[column] !== after[column]) names.push(label);
  const was = parseJson<Record<string, unknown>>(before.params, {});
  const now = parseJson<Record<string, unknown>>(after.params, {});
  for (const k of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (JSON.stringify(was[k] ?? null) !== JSON.stringify(now[k] ?? null)) names.push(`params.${k}`);
  }
  return names.length ? `cambió ${names.join(', ')}` : 'guardado sin cambios';
}

// ---------------------------------------------------------------------------------------------
// List and delete

export const BOT_SORTS = ['nm', 'dsc', 'imp', 'fc'] as const;
export const BOT_FILTERS = ['q'] as const;
export const BOT_PAGE_SIZE = 10;

/** POST /bot/search for one company: filters q (name or description contains) and ids. The default QnA set's bot is edited at /qnas, never listed. */
export async function searchBots(db: DB, idE: string, req: PageRequest): Promise<Page<BotRow>> {
  const sorts = checkSorts(req.sorted, BOT_SORTS);
  const filters = checkFilters(req.filtered, BOT_FILTERS);
  const { pageSize, offset } = planWindow(req, BOT_PAGE_SIZE);
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`${sql.ref('bot.idE')} = ${idE}`, sql<SqlBool>`${sql.ref('bot.id')} <> ${DEFAULT_QNA_BOT}`];
  const ids = idsFilter(req.filtered);
  if (ids) conditions.push(idIn('bot.id', ids));
  for (const f of filters) {
    conditions.push(sql<SqlBool>`(${containsText(sql.ref('bot.nm'), f.value)} or ${containsText(sql.ref('bot.dsc'), f.value)})`);
  }
  const where = sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
  let rows = db.selectFrom('bot').select(['id', 'nm', 'dsc', 'imp']).where(where);
  for (const t of fullOrder(sorts, { id: 'nm', desc: false })) rows = rows.orderBy(sql.ref(`bot.${t.id}`), t.desc ? 'desc' : 'asc');
  const [content, counted] = await Promise.all([
    rows.limit(pageSize).offset(offset).execute(),
    db.selectFrom('bot').select(sql<number>`count(*)`.as('n')).where(where).executeTakeFirst(),
  ]);
  const total = Number(counted?.n ?? 0);
  return { content: content.map((r) => ({ ...r, imp: !!r.imp })), totalElements: total, totalPages: Math.ceil(total / pageSize), totalExact: true };
}

/** GET /bots: id and name of one company's bots, by name (not the default QnA set's). */
export function listBotRefs(db: DB, idE: string): Promise<Array<{ id: string; nm: string; version: number }>> {
  return db.selectFrom('bot').select(['id', 'nm', 'version']).where('idE', '=', idE).where('id', '<>', DEFAULT_QNA_BOT).orderBy('nm').orderBy('id').execute();
}

/** Deletes a bot and everything under it (the tables cascade), with its audit row. isBotEdit only. */
export async function deleteBot({ db, config }: BotServices, user: SessionUser, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, id, 'edit');
    await trx.deleteFrom('bot').where('id', '=', id).execute();
    await recordBotEvent(trx, user, bot, 'eliminado', config.now());
  });
}
