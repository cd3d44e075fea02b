// Bot export and import: the whole definition as one document, and its
// import as a copy (new ids, links to other bots cleared) or over the bot with the same id.
import type { DB } from '../../db';
import { badRequest, notFound } from '../../errors';
import { sameTenant } from '../../auth/tenant';
import { BOT_MESSAGES, DEPLOY_MESSAGES, EXPORT_FORMAT, EXPORT_VERSION, type BotDefinition, type BotExport, type ImportResult } from '../../../../common/schemas/bots';
import type { SessionUser } from '../../types';
import { loadDefinition, unlinkOtherBots, writeDefinition } from './definition';
import { describeChanges, diffDefinitions } from './diff';
import { assertBotRole, findBotFor, recordBotEvent, type BotServices } from './bots';
import { refuseDefinitionOverLimits, refuseNewBot } from './limits';
import { bindSecret, botExtraPlace, encryptedWith, isUnbound, keyId, readSecret } from '../../secrets';

/** GET /bot.export: the definition with the format marker; encrypted extras stay ciphertexts. */
export async function exportBot({ db, config }: BotServices, user: SessionUser, id: string): Promise<BotExport> {
  await findBotFor(db, user, id, 'read');
  return { format: EXPORT_FORMAT, v: EXPORT_VERSION, kid: keyId(config.secretKey), ...(await loadDefinition(db, id)) };
}

export interface ImportOptions {
  /** Keep every id and overwrite the bot with the same id (created with it when there is none). */
  replace?: boolean;
  /** With replace, an existing bot also takes the file's settings, parameters and extras. */
  replaceParams?: boolean;
  /** The company a system admin imports into (others always import into their own). */
  idE?: string | null;
}

const unreadable = (detail: string) => badRequest(`${BOT_MESSAGES.unreadable}: ${detail}`);

/** What the schema cannot say: ids unique per kind, children of skills in the file, a diagram of those skills. */
export function checkDocument(doc: BotDefinition): void {
  for (const [label, list] of [['skill', doc.skills], ['acción', doc.acciones], ['requerimiento', doc.requerimientos], ['entidad', doc.entidades]] as const) {
    const seen = new Set<string>();
    for (const { id } of list) {
      if (seen.has(id)) throw unreadable(`el id de ${label} ${id} está repetido`);
      seen.add(id);
    }
  }
  const skills = new Set(doc.skills.map((s) => s.id));
  for (const child of [...doc.acciones, ...doc.requerimientos]) {
    if (!skills.has(child.idSkill)) throw unreadable(`${child.id} pertenece a un skill que no está en el archivo (${child.idSkill})`);
  }
  for (const node of doc.bot.diagram.nodes) if (!skills.has(node.id)) throw unreadable(`el diagrama nombra un skill que no está en el archivo (${node.id})`);
  for (const edge of doc.bot.diagram.edges) {
    for (const end of [edge.source, edge.target]) if (!skills.has(end)) throw unreadable(`el enlace ${edge.id} une un skill que no está en el archivo (${end})`);
  }
}

const CHUNK = 500;

/** 400 when an id the file keeps is used by another bot's skill, action, requirement or entity. */
async function refuseForeignIds(trx: DB, idBot: string, doc: BotDefinition): Promise<void> {
  const tables = [['skill', doc.skills], ['accion', doc.acciones], ['requerimiento', doc.requerimientos], ['entidad', doc.entidades]] as const;
  for (const [table, rows] of tables) {
    const ids = rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const clash = await trx.selectFrom(table).select('id').where('id', 'in', ids.slice(i, i + CHUNK)).where('idBot', '!=', idBot).executeTakeFirst();
      if (clash) throw badRequest(DEPLOY_MESSAGES.idsInUse);
    }
  }
}

/**
 * The definition's encrypted extras as the bot `idBot` of company `idE` keeps them, and the keys to
 * type again. A value counts only where it was encrypted: a v2 value bound to this company, bot and
 * key (an unbound v1 one only when the file goes back over the same bot). Values of another
 * installation or place are kept unreadable (one of this key's v1 values, which would read
 * anywhere, is dropped); those of this bot are kept, bound.
 */
function landExtras(key: Buffer, def: BotDefinition, idE: string, idBot: string, sameBot: boolean): { def: BotDefinition; retype: string[] } {
  const retype: string[] = [];
  const extrasEnc = def.bot.extrasEnc.map((e) => {
    const place = botExtraPlace(idE, idBot, e.key);
    if (e.enc && (sameBot || !isUnbound(e.enc)) && readSecret(key, e.enc, place) !== undefined) return { key: e.key, enc: bindSecret(key, e.enc, place) };
    retype.push(e.key);
    return { key: e.key, enc: e.enc && isUnbound(e.enc) && encryptedWith(key, e.enc) ? null : e.enc };
  });
  return { def: { ...def, bot: { ...def.bot, extrasEnc } }, retype };
}

/**
 * POST /bot.export: imports `doc` (isBotEdit). Encrypted extras this bot cannot read (encrypted with
 * another key, or for another company or bot) are listed in `retype`: their values must be typed
 * again. Writes event 1 in the same transaction.
 */
export async function importBot({ db, config }: BotServices, user: SessionUser, doc: BotExport, options: ImportOptions): Promise<ImportResult> {
  assertBotRole(user, 'edit');
  const { format: _format, v: _v, kid: _kid, ...definition } = doc;
  checkDocument(definition);
  // Before anything is written: a file past the caps would cost every deploy of the bot.
  refuseDefinitionOverLimits(definition, config);
  const idE = user.flags.isAdmin ? options.idE?.trim() || user.idE : user.idE;
  const now = config.now();
  const fc = new Date(now).toISOString();

  return db.transaction().execute(async (trx) => {
    if (!(await trx.selectFrom('empresa').select('id').where('id', '=', idE).executeTakeFirst())) throw badRequest('La empresa indicada no existe');
    if (options.replace) {
      const id = definition.bot.id;
      const existing = await trx.selectFrom('bot').select(['id', 'idE', 'nm']).where('id', '=', id).executeTakeFirst();
      // Another company's bot is not there for this user: refuse rather than touch it.
      if (existing && !sameTenant(user, existing.idE)) throw notFound(DEPLOY_MESSAGES.replaceRefused);
      if (!existing) {
        await refuseNewBot(trx, idE, config);
        await trx.insertInto('bot').values({ id, idE, nm: definition.bot.nm, fc, imp: 1, idClone: definition.bot.idClone }).execute();
      }
      await refuseForeignIds(trx, id, definition);
      const settings = !existing || !!options.replaceParams;
      const before = existing && (await loadDefinition(trx, id));
      const landed = landExtras(config.secretKey, definition, existing?.idE ?? idE, id, !!existing);
      await writeDefinition(trx, id, landed.def, { keepIds: true, settings });
      const detail = before
        ? `importado sobre el bot${settings ? ' con sus parámetros' : ' (solo el flujo)'} (${describeChanges(diffDefinitions(before, await loadDefinition(trx, id)))})`
        : 'importado';
      await recordBotEvent(trx, user, { nm: existing && !settings ? existing.nm : definition.bot.nm, idE: existing?.idE ?? idE }, detail, now);
      return { id, message: BOT_MESSAGES.imported, retype: settings ? landed.retype : [] };
    }
    const id = crypto.randomUUID();
    await refuseNewBot(trx, idE, config);
    await trx.insertInto('bot').values({ id, idE, nm: definition.bot.nm, fc, imp: 1, idClone: definition.bot.id }).execute();
    const landed = landExtras(config.secretKey, definition, idE, id, false);
    await writeDefinition(trx, id, unlinkOtherBots(landed.def), { keepIds: false });
    // The source is named by its id; the log shows its name while it is this company's bot.
    const source = await trx.selectFrom('bot').select('id').where('id', '=', definition.bot.id).where('idE', '=', idE).executeTakeFirst();
    const refs = source ? [{ tipo: 'bot' as const, id: source.id }] : undefined;
    await recordBotEvent(trx, user, { nm: definition.bot.nm, idE }, `importado como copia de ${definition.bot.id}`, now, undefined, refs);
    return { id, message: BOT_MESSAGES.imported, retype: landed.retype };
  });
}
