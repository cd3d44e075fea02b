// The fallback skill (tipo 1) every bot created in the console starts with, so that a new bot
// answers what it does not understand: it says so, then offers the bot's skills ({{bot.skills}},
// read when it answers, so skills added later are offered). An imported bot keeps its own skills.
import type { DB } from '../../db';
import { SKILLS_PLACEHOLDER } from '../../../../common/actions/text';
import { DEFAULT_RED, SKILL_DEFAULTS } from '../../../../common/schemas/skillRules';
import { SKILL_FALLBACK } from '../../engine/nlu/matcher';

export const FALLBACK_SKILL = {
  nm: 'No entendí',
  dsc: 'Responde cuando ningún skill reconoce el mensaje',
  /** Its text actions, in order: the second is not sent while the bot has no skill to offer. */
  texts: ['No entendí tu mensaje.', `Puedo ayudarte con: {{${SKILLS_PLACEHOLDER}}}.`],
} as const;

/** Adds the fallback skill and its text actions to the new bot `idBot`; returns the skill's id. */
export async function insertFallbackSkill(trx: DB, idBot: string, fc: string): Promise<string> {
  const id = crypto.randomUUID();
  // Every other field as a new skill has it (stored in cfg, as the skill editor saves it).
  const { tipo: _tipo, frases: _frases, ...cfg } = SKILL_DEFAULTS;
  await trx.insertInto('skill').values({ id, idBot, nm: FALLBACK_SKILL.nm, dsc: FALLBACK_SKILL.dsc, tipo: SKILL_FALLBACK, frases: '[]', cfg: JSON.stringify(cfg), fc, rev: 0 }).execute();
  for (const [ord, text] of FALLBACK_SKILL.texts.entries()) {
    const accion = { unique: false, red: [...DEFAULT_RED], text: [text] };
    await trx.insertInto('accion').values({ id: crypto.randomUUID(), idBot, idSkill: id, type: 'TEXT', ord, cfg: JSON.stringify(accion), rev: 0 }).execute();
  }
  return id;
}
