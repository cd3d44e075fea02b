// 'Probar Skill' (POST /skill.test) and the bot's regression tests: a saved conversation with the
// skills that must answer each message, replayed against the working definition ('Probar todo') or
// the definition being deployed.
import { randomUUID } from 'node:crypto';
import type { DB } from '../../db';
import { badRequest, notFound } from '../../errors';
import { BOT_MESSAGES } from '../../../../common/schemas/bots';
import { CHAT_MESSAGES, type Prueba, type PruebaBody, type PruebaPaso, type PruebaResultado, type SkillTestAnswer, type SkillTestBody } from '../../../../common/schemas/chat';
import type { App, SessionUser } from '../../types';
import type { CompiledBot } from '../../engine/bundle';
import { matchTokens, prepareTokens, readMessage } from '../../engine/nlu/tokens';
import { ALL_CHANNELS, newState, runTurn, type ConversationState } from '../../engine/runtime';
import type { TokenInput } from '../../../../common/schemas/skillRules';
import { findBotFor } from './bots';
import { turnContext } from './turnContext';
import { findSkillFor } from './skills';

/** POST /skill.test: does the text reach this skill of the working definition, and which tokens match. */
export async function testSkill(app: App, user: SessionUser, body: SkillTestBody): Promise<SkillTestAnswer> {
  const skill = await findSkillFor(app.db, user, body.id, 'read');
  if (skill.idBot !== body.idBot) throw notFound(BOT_MESSAGES.skillNotFound);
  const bot = await app.bots.workingBot(app.db, body.idBot);
  const result = bot.matcher.match(body.text, { limit: 3, skillId: skill.id });
  const own = result.candidates.find((c) => c.skillId === skill.id);
  const wins = result.skillId === skill.id && (result.recognised || skill.tipo === 1);
  const winner = !wins && result.skillId && result.recognised ? result.candidates.find((c) => c.skillId === result.skillId) : undefined;
  const cfg = bot.skills.get(skill.id)?.cfg ?? {};
  const tokens = Array.isArray(cfg.tokens) ? (cfg.tokens as TokenInput[]) : [];
  const tokenResult = tokens.length ? matchTokens(readMessage(body.text), prepareTokens(tokens), cfg.tokenOrd === true) : undefined;
  return {
    match: wins,
    text: body.text,
    score: own?.score ?? 0,
    threshold: own?.threshold ?? 0,
    reason: own?.reason ?? 'umbral',
    winner: winner ? { id: winner.skillId, nm: winner.nm, score: winner.score } : null,
    result: (tokenResult?.tokens ?? []).map((t) => ({ match: t.text !== null, key: t.text ?? '', nm: t.nm, obl: t.obl })),
  };
}

const toPrueba = (row: { id: string; idBot: string; nm: string; pasos: string; red: number; fc: string }): Prueba => ({
  id: row.id,
  idBot: row.idBot,
  nm: row.nm,
  pasos: JSON.parse(row.pasos) as PruebaPaso[],
  red: Number(row.red),
  fc: row.fc,
});

export async function listPruebas(db: DB, user: SessionUser, idBot: string): Promise<Prueba[]> {
  await findBotFor(db, user, idBot, 'read');
  const rows = await db.selectFrom('prueba').selectAll().where('idBot', '=', idBot).orderBy('fc').orderBy('id').execute();
  return rows.map(toPrueba);
}

/** 'Guardar como prueba': a name and at least one message; skills named must be the bot's. */
export async function savePrueba(app: App, user: SessionUser, body: PruebaBody): Promise<Prueba> {
  const nm = body.nm.trim();
  if (!nm) throw badRequest(CHAT_MESSAGES.pruebaNombre);
  const pasos = body.pasos.filter((p) => (p.text ?? '').trim() || (p.postback ?? '').trim());
  if (!pasos.length) throw badRequest(CHAT_MESSAGES.pruebaSinPasos);
  const bot = await findBotFor(app.db, user, body.idBot, 'read');
  const known = new Set((await app.db.selectFrom('skill').select('id').where('idBot', '=', bot.id).execute()).map((s) => s.id));
  for (const paso of pasos) for (const id of paso.skills) if (!known.has(id)) throw badRequest(CHAT_MESSAGES.skillNoEncontrado);
  const row = { id: randomUUID(), idBot: bot.id, nm, pasos: JSON.stringify(pasos), red: body.red ?? ALL_CHANNELS, fc: new Date(app.config.now()).toISOString() };
  await app.db.insertInto('prueba').values(row).execute();
  return toPrueba(row);
}

export async function deletePrueba(db: DB, user: SessionUser, id: string): Promise<void> {
  const row = await db.selectFrom('prueba').select(['id', 'idBot']).where('id', '=', id).executeTakeFirst();
  await findBotFor(db, user, row?.idBot ?? '', 'read', CHAT_MESSAGES.pruebaNoEncontrada);
  if (!row) throw notFound(CHAT_MESSAGES.pruebaNoEncontrada);
  await db.deleteFrom('prueba').where('id', '=', id).execute();
}

/**
 * Replays tests against a bot of company `idE` (reading dates in `timeZone`; its webhooks get its
 * encrypted extras): each message in a fresh conversation, comparing the skills that ran.
 */
export async function replay(app: App, bot: CompiledBot, pruebas: readonly Prueba[], timeZone: string | null, idE?: string): Promise<PruebaResultado[]> {
  const names = (ids: readonly string[]) => ids.map((id) => ({ id, nm: bot.skills.get(id)?.nm ?? id }));
  const results: PruebaResultado[] = [];
  for (const prueba of pruebas) {
    let state: ConversationState = newState();
    const pasos: PruebaResultado['pasos'] = [];
    for (const paso of prueba.pasos) {
      const input = paso.postback !== undefined ? { postback: paso.postback } : { text: paso.text ?? '' };
      // A regression test stays within its bot.
      const turn = await runTurn(bot, state, input, turnContext(app, bot, { red: prueba.red, test: true, timeZone, idE, resolveBot: async () => undefined }));
      state = turn.state;
      const got = turn.debug.skills.map((s) => s.id);
      const ok = got.length === paso.skills.length && got.every((id, i) => id === paso.skills[i]);
      pasos.push({ input: paso.postback ?? paso.text ?? '', expected: names(paso.skills), got: turn.debug.skills, ok });
    }
    results.push({ id: prueba.id, nm: prueba.nm, ok: pasos.every((p) => p.ok), pasos });
  }
  return results;
}

/** POST /bot.pruebas.run: every saved test against the working definition. */
export async function runPruebas(app: App, user: SessionUser, idBot: string): Promise<PruebaResultado[]> {
  const pruebas = await listPruebas(app.db, user, idBot);
  const entry = await app.bots.botEntry(app.db, idBot);
  return replay(app, await app.bots.workingBot(app.db, idBot), pruebas, entry?.timeZone ?? null, entry?.bot.idE);
}
