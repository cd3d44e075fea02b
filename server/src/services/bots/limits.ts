// Caps on what one company can make the server store and train: phrases per skill, skills per
// bot, training phrases per bot (what a deploy's training time and memory grow with) and bots per
// company. A bot's QnAs (skills of tipo 2) are searched, not trained: they count against their own
// caps, QnAs per bot and question variants per bot, and not against the skill caps. Every save that can pass one refuses it with a 400 naming the limit and the count; a
// deploy checks the whole definition again, so a bot that passes a cap lowered later fails its
// deploy with the reason. Also the limits of one training in its worker thread.
import type { Config } from '../../config';
import { PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import type { BotDefinition } from '../../../../common/schemas/bots';
import { QNA_MESSAGES, QNA_TIPO } from '../../../../common/schemas/qna';
import type { TrainingLimits } from '../../engine/training';

export type BotLimits = Pick<Config, 'maxFrasesPorSkill' | 'maxSkillsPorBot' | 'maxFrasesPorBot' | 'maxBotsPorEmpresa' | 'maxQnasPorBot' | 'maxVariantesQnaPorBot'>;

export const LIMIT_MESSAGES = {
  skillPhrases: (n: number, max: number, nm?: string) => `El skill${nm ? ` «${nm}»` : ''} tiene ${n} frases; el máximo es ${max}`,
  botSkills: (n: number, max: number) => `El bot tiene ${n} skills; el máximo es ${max}`,
  botPhrases: (n: number, max: number) => `El bot tiene ${n} frases de entrenamiento en total; el máximo es ${max}`,
  companyBots: (n: number, max: number) => `La empresa ya tiene ${n} bots; el máximo es ${max}`,
  importSize: (mb: string, max: number) => `El archivo pesa ${mb} MB; el máximo es ${max} MB`,
} as const;

const refuse = (message: string, field?: string) => new ApiError(400, message, undefined, field);

/** The limits of one training in its worker thread. */
export function trainingLimits(config: Pick<Config, 'trainTimeoutSeconds' | 'trainMaxMemoryMb'>): TrainingLimits {
  return { timeoutMs: config.trainTimeoutSeconds * 1000, maxMemoryMb: config.trainMaxMemoryMb };
}

/** Every cap the whole definition passes, one Spanish line each (the deploy's validation, an import, a restore). */
export function definitionLimitProblems(def: Pick<BotDefinition, 'skills'>, limits: BotLimits): string[] {
  const problems: string[] = [];
  const skills = def.skills.filter((s) => s.tipo !== QNA_TIPO);
  const qnas = def.skills.filter((s) => s.tipo === QNA_TIPO);
  if (skills.length > limits.maxSkillsPorBot) problems.push(LIMIT_MESSAGES.botSkills(skills.length, limits.maxSkillsPorBot));
  let total = 0;
  for (const s of skills) {
    total += s.frases.length;
    if (s.frases.length > limits.maxFrasesPorSkill) problems.push(LIMIT_MESSAGES.skillPhrases(s.frases.length, limits.maxFrasesPorSkill, s.nm));
  }
  if (total > limits.maxFrasesPorBot) problems.push(LIMIT_MESSAGES.botPhrases(total, limits.maxFrasesPorBot));
  if (qnas.length > limits.maxQnasPorBot) problems.push(QNA_MESSAGES.maxQnas(qnas.length, limits.maxQnasPorBot));
  const variantes = qnas.reduce((n, s) => n + s.frases.length, 0);
  if (variantes > limits.maxVariantesQnaPorBot) problems.push(QNA_MESSAGES.maxVariantes(variantes, limits.maxVariantesQnaPorBot));
  return problems;
}

/** 400 with the first cap the definition passes. */
export function refuseDefinitionOverLimits(def: Pick<BotDefinition, 'skills'>, limits: BotLimits): void {
  const [first] = definitionLimitProblems(def, limits);
  if (first) throw refuse(first);
}

/** 400 when one skill would keep more phrases than allowed. */
export function refuseSkillPhrases(n: number, limits: BotLimits): void {
  if (n > limits.maxFrasesPorSkill) throw refuse(LIMIT_MESSAGES.skillPhrases(n, limits.maxFrasesPorSkill), 'frases');
}

/**
 * 400 when the bot would pass its caps once skill `idSkill` (a new one when not stored yet) holds
 * `frases` phrases: its skill count and its training phrases in total, or for a QnA (tipo 2; the
 * stored one when `tipo` is not given) the QnA caps. Inside the saving transaction.
 */
export async function refuseBotOverLimits(trx: DB, idBot: string, limits: BotLimits, skill: { id: string; frases: number; tipo?: number }): Promise<void> {
  refuseSkillPhrases(skill.frases, limits);
  const stored = await trx.selectFrom('skill').select('tipo').where('id', '=', skill.id).where('idBot', '=', idBot).executeTakeFirst();
  if ((skill.tipo ?? Number(stored?.tipo ?? 0)) === QNA_TIPO) {
    return refuseQnasOverLimits(trx, idBot, limits, { id: skill.id, qnas: stored?.tipo === QNA_TIPO ? 0 : 1, variantes: skill.frases });
  }
  const rows = await trx.selectFrom('skill').select(['id', 'frases']).where('idBot', '=', idBot).where('tipo', '<>', QNA_TIPO).execute();
  const others = rows.filter((r) => r.id !== skill.id);
  if (others.length === rows.length && rows.length + 1 > limits.maxSkillsPorBot) throw refuse(LIMIT_MESSAGES.botSkills(rows.length + 1, limits.maxSkillsPorBot));
  let total = skill.frases;
  for (const r of others) total += phraseCount(r.frases);
  if (total > limits.maxFrasesPorBot) throw refuse(LIMIT_MESSAGES.botPhrases(total, limits.maxFrasesPorBot), 'frases');
}

/**
 * 400 when the bot's QnAs plus `qnas` new ones would pass the QnA cap (judged only when QnAs are
 * added, so a bot over a lowered cap can still be changed), or their variants would, with the
 * stored QnA `id` (one being saved) holding `variantes` and the new ones the rest. Counted in SQL:
 * a bot may hold thousands of QnAs.
 */
export async function refuseQnasOverLimits(trx: DB, idBot: string, limits: BotLimits, change: { id?: string; qnas: number; variantes: number }): Promise<void> {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const length = postgres ? sql<number>`json_array_length(frases::json)` : sql<number>`json_array_length(frases)`;
  const stored = await trx
    .selectFrom('skill')
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(case when id = ${change.id ?? ''} then 0 else ${length} end), 0)`.as('v')])
    .where('idBot', '=', idBot)
    .where('tipo', '=', QNA_TIPO)
    .executeTakeFirstOrThrow();
  const n = Number(stored.n) + change.qnas;
  const v = Number(stored.v) + change.variantes;
  if (change.qnas > 0 && n > limits.maxQnasPorBot) throw refuse(QNA_MESSAGES.maxQnas(n, limits.maxQnasPorBot));
  if (v > limits.maxVariantesQnaPorBot) throw refuse(QNA_MESSAGES.maxVariantes(v, limits.maxVariantesQnaPorBot), 'frases');
}

function phraseCount(stored: string): number {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

/** 400 when the company already has as many bots as allowed (before a new one is created in `trx`). */
export async function refuseNewBot(trx: DB, idE: string, limits: BotLimits): Promise<void> {
  const row = await trx.selectFrom('bot').select((eb) => eb.fn.countAll<number>().as('n')).where('idE', '=', idE).executeTakeFirstOrThrow();
  const n = Number(row.n);
  if (n >= limits.maxBotsPorEmpresa) throw refuse(LIMIT_MESSAGES.companyBots(n, limits.maxBotsPorEmpresa));
}
