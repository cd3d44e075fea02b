// The default QnA set: the bot 'jedai' of the platform admin's company holds it, created with the
// built-in set (porDefectoQnas.ts) the first time it is needed, and 'Cargar QnA por Defecto' copies
// its current QnAs, their tags by name and their answers into a bot.
import { PostgresAdapter } from 'kysely';
import type { DB } from '../../db';
import { badRequest } from '../../errors';
import { DEFAULT_QNA_BOT, DEFAULT_QNA_BOT_NAME, GLOBAL_TAG, QNA_MESSAGES, QNA_TIPO } from '../../../../common/schemas/qna';
import { DEFAULT_RED, SKILL_DEFAULTS } from '../../../../common/schemas/skillRules';
import { parseList, parseObject } from '../../db/storedJson';
import type { SessionUser } from '../../types';
import { findBotFor, recordBotEvent, type BotServices } from '../bots/bots';
import { refuseQnasOverLimits } from '../bots/limits';
import { DEFAULT_QNAS, DEFAULT_TAGS } from './porDefectoQnas';
import { ensureTag, tagKey } from './tags';

/** Rows per INSERT or IN list: well within what one statement may bind on either database. */
const SLICE = 100;

function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(items.slice(i, i + SLICE));
  return out;
}

/** A question's name as compared when copying: no accents, lowercase, single spaces. */
const nameKey = tagKey;

/** The cfg of a new QnA: every skill option at its default, and its tags. */
function qnaCfg(tagsKb: string[]): string {
  const { tipo: _tipo, frases: _frases, ...options } = structuredClone(SKILL_DEFAULTS);
  return JSON.stringify({ ...options, tagsKb });
}

/** The platform admin's company: the first ROLE_ADMIN's, else the demo's 'Administración'. */
async function platformCompany(trx: DB): Promise<string> {
  const admin = await trx.selectFrom('usuario').select('idE').where('rol', '=', 'ROLE_ADMIN').orderBy('fc').orderBy('id').executeTakeFirst();
  if (admin) return admin.idE;
  const company = await trx.selectFrom('empresa').select('id').where('nm', '=', 'Administración').orderBy('fc').executeTakeFirst();
  if (!company) throw new Error('No hay empresa de administración para el bot de QnA por defecto');
  return company.id;
}

/**
 * Creates the bot 'jedai' with the built-in set when it does not exist yet, in one transaction.
 * Two requests may race: the id is unique, so the second insert does nothing and writes nothing more.
 */
export async function ensureDefaultBot({ db, config }: BotServices, user: SessionUser): Promise<void> {
  if (await db.selectFrom('bot').select('id').where('id', '=', DEFAULT_QNA_BOT).executeTakeFirst()) return;
  await db.transaction().execute(async (trx) => {
    const idE = await platformCompany(trx);
    const at = config.now();
    const fc = new Date(at).toISOString();
    const inserted = await trx
      .insertInto('bot')
      .values({ id: DEFAULT_QNA_BOT, idE, nm: DEFAULT_QNA_BOT_NAME, dsc: 'Preguntas y respuestas por defecto', fc, qna: 1 })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    const codes = new Map<string, string>();
    for (const nm of DEFAULT_TAGS) codes.set(nm, (await ensureTag(trx, DEFAULT_QNA_BOT, nm)).sg);
    const skills = DEFAULT_QNAS.map((q) => ({
      id: crypto.randomUUID(), idBot: DEFAULT_QNA_BOT, nm: q.nm, dsc: null, tipo: QNA_TIPO,
      frases: JSON.stringify(q.frases), cfg: qnaCfg([codes.get(q.tag) ?? GLOBAL_TAG]), fc, fa: fc, origen: 0, rev: 0,
    }));
    for (const part of slices(skills)) await trx.insertInto('skill').values(part).execute();
    const acciones = DEFAULT_QNAS.map((q, i) => ({
      id: crypto.randomUUID(), idBot: DEFAULT_QNA_BOT, idSkill: skills[i].id, type: 'TEXT', ord: 0,
      cfg: JSON.stringify({ red: [...DEFAULT_RED], text: [...q.respuesta], unique: false }), rev: 0,
    }));
    for (const part of slices(acciones)) await trx.insertInto('accion').values(part).execute();
    await recordBotEvent(trx, user, { nm: DEFAULT_QNA_BOT_NAME, idE }, `creado con ${skills.length} QnA por defecto`, at);
  });
}

/** Before the admin opens the default set's bot: it exists. */
export async function whenDefaultBot(services: BotServices, user: SessionUser, idBot: string): Promise<void> {
  if (idBot === DEFAULT_QNA_BOT && user.flags.isAdmin) await ensureDefaultBot(services, user);
}

/**
 * GET /skill/jedai: copies the default set's current QnAs into the bot, but those whose name the
 * bot already has (so a second load adds nothing). Each copy keeps its variants, its tags (by
 * name: created in the bot when missing) and its actions, and counts as made by an import (origen 1).
 */
export async function loadDefaultQnas(services: BotServices, user: SessionUser, idBot: string): Promise<{ msg: string; nuevos: number }> {
  const { db, config } = services;
  await findBotFor(db, user, idBot, 'edit');
  if (idBot === DEFAULT_QNA_BOT) throw badRequest(QNA_MESSAGES.porDefectoEnSiMismo);
  await ensureDefaultBot(services, user);
  return db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, idBot, 'edit');
    // Two loads into one bot at once: the second waits here, then finds the first one's names.
    if (trx.getExecutor().adapter instanceof PostgresAdapter) await trx.selectFrom('bot').select('id').where('id', '=', bot.id).forUpdate().execute();
    const have = new Set((await trx.selectFrom('skill').select('nm').where('idBot', '=', bot.id).where('tipo', '=', QNA_TIPO).execute()).map((r) => nameKey(r.nm)));
    const source = await trx
      .selectFrom('skill')
      .select(['id', 'nm', 'dsc', 'frases', 'cfg'])
      .where('idBot', '=', DEFAULT_QNA_BOT)
      .where('tipo', '=', QNA_TIPO)
      .orderBy('fc')
      .orderBy('id')
      .execute();
    const copied = source.filter((s) => {
      const key = nameKey(s.nm);
      if (have.has(key)) return false;
      have.add(key);
      return true;
    });
    const at = config.now();
    if (copied.length === 0) return { msg: QNA_MESSAGES.cargadas(0), nuevos: 0 };
    const variantes = copied.reduce((n, s) => n + parseList(s.frases).length, 0);
    await refuseQnasOverLimits(trx, bot.id, config, { qnas: copied.length, variantes });

    // Tags by name: the default set's codes become the bot's own.
    const names = new Map((await trx.selectFrom('tag_kb').select(['sg', 'nm']).where('idBot', '=', DEFAULT_QNA_BOT).execute()).map((t) => [t.sg, t.nm]));
    const codes = new Map<string, string>([[GLOBAL_TAG, GLOBAL_TAG]]);
    const tagsOf = async (cfg: Record<string, unknown>): Promise<string[]> => {
      const out: string[] = [];
      const list = Array.isArray(cfg.tagsKb) ? cfg.tagsKb.filter((sg): sg is string => typeof sg === 'string') : [GLOBAL_TAG];
      for (const sg of list) {
        const nm = names.get(sg);
        if (!codes.has(sg) && nm !== undefined) codes.set(sg, (await ensureTag(trx, bot.id, nm)).sg);
        const code = codes.get(sg);
        if (code && !out.includes(code)) out.push(code);
      }
      return out.length ? out : [GLOBAL_TAG];
    };

    const fc = new Date(at).toISOString();
    const ids = new Map<string, string>();
    const rows = [];
    for (const s of copied) {
      const cfg = parseObject(s.cfg);
      const id = crypto.randomUUID();
      ids.set(s.id, id);
      // The results menu's skill is one of the default set's bot.
      rows.push({ id, idBot: bot.id, nm: s.nm, dsc: s.dsc, tipo: QNA_TIPO, frases: s.frases, cfg: JSON.stringify({ ...cfg, tagsKb: await tagsOf(cfg), kbResultsMenu: null }), fc, fa: fc, origen: 1, rev: 0 });
    }
    for (const part of slices(rows)) await trx.insertInto('skill').values(part).execute();
    for (const part of slices(copied.map((s) => s.id))) {
      const acciones = await trx.selectFrom('accion').select(['idSkill', 'type', 'ord', 'cfg']).where('idSkill', 'in', part).execute();
      if (acciones.length === 0) continue;
      await trx
        .insertInto('accion')
        .values(acciones.map((a) => ({ id: crypto.randomUUID(), idBot: bot.id, idSkill: ids.get(a.idSkill) as string, type: a.type, ord: a.ord, cfg: a.cfg, rev: 0 })))
        .execute();
    }
    await recordBotEvent(trx, user, bot, `agregó ${copied.length} QnA por defecto`, at);
    return { msg: QNA_MESSAGES.cargadas(copied.length), nuevos: copied.length };
  });
}
