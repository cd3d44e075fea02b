// What the skill editor's suites share: a bot of Demo Internacional with a skill, actions and
// requirements written straight to the database, the audit lines of a skill, and a seeded random
// sequence for the reorder checks.
import { randomUUID } from 'node:crypto';
import { botAudit, insertBot, insertSkill } from './botFixtures';
import type { TestApp } from './helpers';

export interface SkillIds {
  bot: string;
  botNm: string;
  skill: string;
}

/** A new bot of company idE with one skill 'Saludo' (two phrases). */
export async function freshSkill(t: TestApp, idE: string, skillNm = 'Saludo'): Promise<SkillIds> {
  const botNm = `Bot ${randomUUID().slice(0, 8)}`;
  const bot = await insertBot(t, idE, botNm);
  return { bot, botNm, skill: await insertSkill(t, bot, skillNm, { frases: ['hola', 'buenos días'] }) };
}

/** Inserts an action at position `ord`; returns its id. */
export async function insertAccion(t: TestApp, ids: Pick<SkillIds, 'bot' | 'skill'>, type: string, ord: number, cfg: object = { text: ['Hola'], red: [8] }): Promise<string> {
  const id = randomUUID();
  await t.app.db.insertInto('accion').values({ id, idBot: ids.bot, idSkill: ids.skill, type, ord, cfg: JSON.stringify(cfg) }).execute();
  return id;
}

/** Inserts a requirement (tp 0) or memory (tp 1); returns its id. */
export async function insertRequerimiento(t: TestApp, ids: Pick<SkillIds, 'bot' | 'skill'>, tp: 0 | 1, fields: object[], replyMissing: string[] = []): Promise<string> {
  const id = randomUUID();
  await t.app.db.insertInto('requerimiento').values({ id, idBot: ids.bot, idSkill: ids.skill, op: 'AND', tp, fields: JSON.stringify(fields), replyMissing: JSON.stringify(replyMissing) }).execute();
  return id;
}

/** The audit texts of a bot, oldest first. */
export async function auditLines(t: TestApp, botNm: string): Promise<string[]> {
  return (await botAudit(t, botNm)).map((r) => r.val ?? '').reverse();
}

/** A small seeded generator (mulberry32), so a failing sequence can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
