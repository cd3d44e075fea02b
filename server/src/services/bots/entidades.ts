// A bot's entities: keyword lists, or a regular expression compiled here so
// a bad one is refused with the engine's own reason, and one the linear-time engine cannot run
// (engine/patterns.ts) with the construct named. Every change writes ev 1 with the change.
import type { Selectable } from 'kysely';
import type { DB } from '../../db';
import type { EntidadTable } from '../../db/schema';
import { patternRefusal, refusalMessage } from '../../engine/patterns';
import { ApiError, badRequest, notFound } from '../../errors';
import { BOT_MESSAGES, type Entidad, type EntidadBody } from '../../../../common/schemas/bots';
import { ENTITY_PATHS } from '../../../../common/schemas/rules';
import type { FieldInput, Problem } from '../../../../common/schemas/skillRules';
import type { SessionUser } from '../../types';
import { findBotFor, recordBotEvent, type BotNeed, type BotServices } from './bots';

export type EntidadRecord = Selectable<EntidadTable>;

export const DUPLICATE_ENTITY = 'Ya existe una entidad con ese nombre';
export const BAD_REGEX = 'Expresión regular no válida';

export function toEntidad(row: EntidadRecord): Entidad {
  return {
    id: row.id,
    idBot: row.idBot,
    nm: row.nm,
    dsc: row.dsc,
    rgx: !!row.rgx,
    format: row.format,
    keywords: JSON.parse(row.keywords) as string[],
    type: row.type,
    paths: JSON.parse(row.paths) as Entidad['paths'],
  };
}

/**
 * The expression as the engine reads it: with the `u` flag, so `\p{L}` and accented letters
 * behave, and so a pattern is read one way only (one that compiles only without `u`, like `\:`,
 * is refused with JavaScript's reason rather than matched differently later). One the linear-time
 * engine cannot run (a backreference, a lookahead) is refused naming the construct.
 */
export function compileEntityRegex(format: string): RegExp {
  let re: RegExp;
  try {
    re = new RegExp(format, 'u');
  } catch (error) {
    throw badRequest(`${BAD_REGEX}: ${(error as Error).message}`);
  }
  const refusal = patternRefusal(format);
  if (refusal !== undefined) throw new ApiError(400, refusalMessage(refusal), undefined, 'format');
  return re;
}

/** A `{{nombre}}` in a MATCHES value: filled from memory, as literal text, when the condition runs. */
const PLACEHOLDER = /\{\{\s*[^{}]+?\s*\}\}/g;

/**
 * What the skill editor's shared rules cannot see in the MATCHES / MATCHES_NOT values of `fields`
 * (requirement fields, action conditions): an expression the linear-time engine cannot run. The
 * problems name the field as those rules do ('Campo 1, valor').
 */
export function conditionPatternProblems(fields: readonly FieldInput[] | null | undefined, path: string, label: string): Problem[] {
  const problems: Problem[] = [];
  (fields ?? []).forEach((f, i) => {
    if (f.op !== 'MATCHES' && f.op !== 'MATCHES_NOT') return;
    const value = f.value?.trim() ?? '';
    const pattern = value.replace(PLACEHOLDER, '(?:)');
    // One JavaScript refuses is the shared rules' to report.
    if (!value || !compilesInJavaScript(pattern)) return;
    const refusal = patternRefusal(pattern);
    if (refusal !== undefined) problems.push({ field: `${path}.${i}.value`, message: refusalMessage(refusal), label: `${label} ${i + 1}, valor` });
  });
  return problems;
}

function compilesInJavaScript(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Trimmed, without blanks, without repeats (case-insensitive, the first spelling kept). */
export function cleanKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of keywords) {
    const word = raw.trim();
    const folded = word.toLocaleLowerCase('es');
    if (word && !seen.has(folded)) {
      seen.add(folded);
      out.push(word);
    }
  }
  return out;
}

/** An entity within the user's reach: 404 'Entidad no encontrada' when missing or of another company's bot. */
async function findEntityFor(db: DB, user: SessionUser, id: string, need: BotNeed) {
  const row = await db.selectFrom('entidad').selectAll().where('id', '=', id).executeTakeFirst();
  // The role is checked first, so a role without bots gets 403 whether the entity exists or not.
  const bot = await findBotFor(db, user, row?.idBot ?? '', need, BOT_MESSAGES.entityNotFound);
  if (!row) throw notFound(BOT_MESSAGES.entityNotFound);
  return { row, bot };
}

export async function listEntities(db: DB, user: SessionUser, idBot: string): Promise<Entidad[]> {
  await findBotFor(db, user, idBot, 'read');
  const rows = await db.selectFrom('entidad').selectAll().where('idBot', '=', idBot).orderBy('nm').orderBy('id').execute();
  return rows.map(toEntidad);
}

/** Creates (no id) or replaces (id) an entity of the bot; isBotEdit only. */
export async function saveEntity({ db, config }: BotServices, user: SessionUser, body: EntidadBody): Promise<Entidad> {
  const nm = body.nm.trim();
  const rgx = !!body.rgx;
  const format = rgx ? body.format?.trim() ?? '' : '';
  if (rgx && !format) throw badRequest('format: ingrese la expresión regular');
  if (rgx) compileEntityRegex(format);
  const fields = {
    nm,
    dsc: body.dsc?.trim() || null,
    rgx: rgx ? 1 : 0,
    format: rgx ? format : null,
    keywords: JSON.stringify(rgx ? [] : cleanKeywords(body.keywords ?? [])),
    type: body.type?.trim() || null,
    paths: JSON.stringify(ENTITY_PATHS),
  } as const;

  return db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, body.idBot, 'edit');
    const current = body.id ? (await findEntityFor(trx, user, body.id, 'edit')).row : undefined;
    if (current && current.idBot !== bot.id) throw notFound(BOT_MESSAGES.entityNotFound);
    const sameName = await trx.selectFrom('entidad').select(['id', 'nm']).where('idBot', '=', bot.id).execute();
    if (sameName.some((e) => e.id !== current?.id && e.nm.toLocaleLowerCase('es') === nm.toLocaleLowerCase('es'))) throw badRequest(DUPLICATE_ENTITY);

    const at = config.now();
    const id = current?.id ?? crypto.randomUUID();
    if (current) await trx.updateTable('entidad').set(fields).where('id', '=', id).execute();
    else await trx.insertInto('entidad').values({ id, idBot: bot.id, ...fields }).execute();
    const detail = current ? `modificó la entidad «${nm}» (${entityChanges(current, fields)})` : `creó la entidad «${nm}»`;
    await recordBotEvent(trx, user, bot, detail, at);
    return toEntidad(await trx.selectFrom('entidad').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  });
}

function entityChanges(before: EntidadRecord, after: Omit<EntidadRecord, 'id' | 'idBot'>): string {
  const names = (['nm', 'dsc', 'rgx', 'format', 'keywords', 'type'] as const).filter((k) => before[k] !== after[k]);
  return names.length ? `cambió ${names.join(', ')}` : 'sin cambios';
}

export async function deleteEntity({ db, config }: BotServices, user: SessionUser, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { row, bot } = await findEntityFor(trx, user, id, 'edit');
    await trx.deleteFrom('entidad').where('id', '=', id).execute();
    await recordBotEvent(trx, user, bot, `eliminó la entidad «${row.nm}»`, config.now());
  });
}
