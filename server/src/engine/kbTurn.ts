// The knowledge base's part of a turn. A skill in KB mode (modKb) answers from the bot's QnAs (its
// skills of tipo 2) instead of its own actions:
// - A typed message that reaches it (the classifier, a jump, the fallback) is searched among the
//   QnAs with the skill's tags (all of them with opAndKb, else any), plus the global tag's when the
//   bot's kbResultsGlobal is set. One clear match runs that QnA's actions (after kbResultsGlobal when
//   the QnA is only in the global tag); several, or any with listRespKb, are offered as a menu of
//   buttons (kbResultsMuch, then kbResultsMenu as its title), followed by the skill's kbResultsMenu
//   skill when it names one; none says kbNotFoundMsg and kbRepeatMsg, and the question is kept for
//   Monitoreo. When the skill's tags hold no QnA at all, kbResultsEmpty says so instead.
// - Reached by a button, or by its own training phrase when nothing answers the message, the skill
//   runs its own actions (its welcome) and waits for the question.
// - The conversation stays in the skill's knowledge base: the next message is searched there first;
//   one the knowledge base cannot answer but the classifier gives to another skill goes there. After
//   maxAttempt questions in a row without an answer, kbFallback is said and the conversation leaves.
// - After an answer, kbCalificaMenu asks for a rating with 'Sí' and 'No'; a rating of that answer
//   (one, and only of the answer just given) is kept with the chat session and answered with
//   kbCalificaOk or kbCalificaBad, and the conversation goes on.
// - kbSalir and kbInicio are the words (and, in the results menu, the buttons) that leave the
//   knowledge base: kbSalir to the conversation as it was, kbInicio to the bot's menu skill.
// - kbChiste answers laughter ('jaja', 'jeje', 'xd', 😂) instead of searching it.
// Nothing here touches the database: what the knowledge base did is handed back as events.
import type { SkillDef } from '../../../common/schemas/bots';
import type { ChatMessage, TurnDebug } from '../../../common/schemas/chat';
import type { Button } from '../../../common/schemas/skills';
import { GLOBAL_TAG } from '../../../common/schemas/qna';
import type { CompiledBot } from './bundle';
import { foldText } from './entities/text';
import type { KbAnswer, KbQuery, KbResult } from './kb/kbIndex';
import type { ConversationState, KbEvents } from './turnTypes';

type Postback = { type: 'POSTBACK'; title: string; value: string };

/** The postbacks of the knowledge base's buttons. */
export const KB_POSTBACK = { qna: 'kb:q:', ok: 'kb:ok:', bad: 'kb:bad:', salir: 'kb:salir', inicio: 'kb:inicio' } as const;

/** What the knowledge base says where the bot leaves a text empty. */
export const KB_DEFAULTS = {
  notFound: 'No encontré una respuesta a tu pregunta.',
  resultsMenu: 'Seleccione una opción',
  calificaOk: '¡Gracias por tu calificación!',
  calificaBad: 'Gracias, lo tendremos en cuenta para mejorar.',
  salida: 'Saliste de las preguntas frecuentes.',
  si: 'Sí',
  no: 'No',
} as const;

/** A button's title fits in 50 characters. */
const TITLE_MAX = 50;
const LAUGHTER = /^(?:(?:ja|je|ji|jo|ha|he|hi|lo+l|xd+|[\u{1F602}\u{1F923}\u{1F606}\u{1F605}\u{1F639}])\s*)+$/iu;

/** What of the turn the knowledge base uses. */
export interface KbHost {
  readonly bot: CompiledBot;
  readonly state: ConversationState;
  readonly kb: KbEvents;
  via: TurnDebug['via'];
  score: number;
  say(partial: Omit<ChatMessage, 'id' | 'fc'>, idSkill: string | null): void;
  text(text: string, idSkill?: string | null): void;
  offer(buttons: readonly Button[], invalidOption: string | undefined): void;
  run(skill: SkillDef): Promise<void>;
  /** The Business skill the text clearly asks for, if any. */
  classify(text: string): string | undefined;
  /** What the bot's knowledge base answers to the text: one search per text and query in a turn. */
  searchKb(text: string, query: KbQuery): KbAnswer;
}

const fold = (s: string) => foldText(s).trim();
const param = (bot: CompiledBot, name: string): string => {
  const value = (bot.definition.bot.params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.trim() : '';
};
const titled = (text: string) => (text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text);

/** Whether a skill answers from the knowledge base. */
export function answersFromKb(skill: SkillDef): boolean {
  return skill.cfg.modKb === true && skill.tipo !== 2;
}

/** The QnAs a KB-mode skill searches: its tags (the global one when it names none), AND or OR, and the global tag when the bot asks for it. */
export function kbQuery(bot: CompiledBot, skill: SkillDef): KbQuery {
  const tags = Array.isArray(skill.cfg.tagsKb) ? skill.cfg.tagsKb.filter((t): t is string => typeof t === 'string' && t !== '') : [];
  return { tags: tags.length ? tags : [GLOBAL_TAG], and: skill.cfg.opAndKb === true, global: param(bot, 'kbResultsGlobal') !== '' };
}

/** Whether any QnA carries the query's tags (all of them with AND). */
function anyQna(bot: CompiledBot, query: KbQuery): boolean {
  const kb = bot.kb;
  if (!kb) return false;
  if (query.global && kb.tags.has(GLOBAL_TAG)) return true;
  return query.and ? kb.entries.some((e) => query.tags.every((t) => e.tags.includes(t))) : query.tags.some((t) => kb.tags.has(t));
}

/**
 * A typed question that reached the KB-mode skill `entry`. `ownPhrase`: the classifier chose the
 * skill for this text, so a text the knowledge base cannot answer is taken as asking for the skill
 * itself (its welcome), not as an unanswered question.
 */
export async function askKb(host: KbHost, entry: SkillDef, question: string, ownPhrase: boolean): Promise<void> {
  const { bot, state } = host;
  const misses = state.kb?.skill === entry.id ? state.kb.misses : 0;
  state.kb = { skill: entry.id, misses };
  host.via = 'kb';
  const chiste = param(bot, 'kbChiste');
  if (chiste && LAUGHTER.test(question.trim())) {
    host.text(chiste, entry.id);
    return;
  }
  const query = kbQuery(bot, entry);
  if (!anyQna(bot, query)) {
    host.text(param(bot, 'kbResultsEmpty') || param(bot, 'kbNotFoundMsg') || KB_DEFAULTS.notFound, entry.id);
    return;
  }
  const found = host.searchKb(question, query);
  if (found.kind === 'none') {
    if (ownPhrase && (bot.actions.get(entry.id)?.length ?? 0) > 0) return welcome(host, entry);
    return notFound(host, entry, question);
  }
  state.kb.misses = 0;
  if (found.kind === 'one' && entry.cfg.listRespKb !== true) return answerQna(host, entry, found.results[0]);
  return menu(host, entry, found.results);
}

/** The skill's own actions: its welcome, before the question. */
export async function welcome(host: KbHost, entry: SkillDef): Promise<void> {
  host.state.kb = { skill: entry.id, misses: 0 };
  await host.run(entry);
}

/** Runs a QnA's answer, then asks for a rating when the bot has kbCalificaMenu. */
async function answerQna(host: KbHost, entry: SkillDef, result: Pick<KbResult, 'id' | 'score'>): Promise<void> {
  const { bot } = host;
  const qna = bot.skills.get(result.id);
  if (!qna) return;
  const query = kbQuery(bot, entry);
  const tags = bot.kb?.entries.find((e) => e.id === qna.id)?.tags ?? [];
  const onlyGlobal = query.global && !tags.some((t) => query.tags.includes(t) && t !== GLOBAL_TAG) && !query.tags.includes(GLOBAL_TAG);
  if (onlyGlobal) host.text(param(bot, 'kbResultsGlobal'), qna.id);
  host.score = result.score;
  host.kb.answered.push(qna.id);
  host.kb.entry = entry.id;
  await host.run(qna);
  const ask = param(bot, 'kbCalificaMenu');
  if (ask) {
    const buttons: Postback[] = [
      { type: 'POSTBACK', title: KB_DEFAULTS.si, value: `${KB_POSTBACK.ok}${qna.id}` },
      { type: 'POSTBACK', title: KB_DEFAULTS.no, value: `${KB_POSTBACK.bad}${qna.id}` },
    ];
    host.say({ type: 'BUTTON', title: ask, buttons }, qna.id);
    host.offer(buttons, undefined);
    host.state.rating = qna.id;
  }
}

/** Several QnAs could answer: they are offered as buttons, with the ways out the bot names. */
async function menu(host: KbHost, entry: SkillDef, results: readonly KbResult[]): Promise<void> {
  const { bot } = host;
  const much = param(bot, 'kbResultsMuch');
  if (much) host.text(much, entry.id);
  const buttons: Postback[] = results.flatMap((r) => {
    const qna = bot.skills.get(r.id);
    return qna ? [{ type: 'POSTBACK' as const, title: titled(qna.nm), value: `${KB_POSTBACK.qna}${qna.id}` }] : [];
  });
  const salir = param(bot, 'kbSalir');
  const inicio = param(bot, 'kbInicio');
  if (salir) buttons.push({ type: 'POSTBACK', title: titled(salir), value: KB_POSTBACK.salir });
  if (inicio) buttons.push({ type: 'POSTBACK', title: titled(inicio), value: KB_POSTBACK.inicio });
  host.say({ type: 'BUTTON', title: param(bot, 'kbResultsMenu') || KB_DEFAULTS.resultsMenu, buttons }, entry.id);
  host.offer(buttons, undefined);
  const next = typeof entry.cfg.kbResultsMenu === 'string' ? bot.skills.get(entry.cfg.kbResultsMenu) : undefined;
  if (next && next.id !== entry.id) await host.run(next);
}

/** A question the knowledge base could not answer: kept for Monitoreo; maxAttempt of them in a row leave it. */
function notFound(host: KbHost, entry: SkillDef, question: string): void {
  const { bot, state } = host;
  host.kb.notFound = { idSkill: entry.id, txt: question.trim().slice(0, 1000) };
  const misses = (state.kb?.misses ?? 0) + 1;
  const max = bot.definition.bot.params.maxAttempt ?? 3;
  const fallback = param(bot, 'kbFallback');
  if (fallback && max > 0 && misses >= max) {
    host.text(fallback, entry.id);
    delete state.kb;
    return;
  }
  state.kb = { skill: entry.id, misses };
  host.text(param(bot, 'kbNotFoundMsg') || param(bot, 'kbResultsEmpty') || KB_DEFAULTS.notFound, entry.id);
  host.text(param(bot, 'kbRepeatMsg'), entry.id);
}

/** The fallback skill when it answers from the knowledge base. */
function kbFallback(bot: CompiledBot): SkillDef | undefined {
  if (!bot.kb) return undefined;
  return bot.definition.skills.find((s) => s.tipo === 1 && answersFromKb(s));
}

/**
 * A QnA that clearly answers the message takes it from a skill the classifier only guessed (not by
 * an exact training phrase, a keyword or a token): with a fallback in KB mode, its knowledge base is
 * asked first. True when it answered.
 */
export async function kbOverGuess(host: KbHost, text: string): Promise<boolean> {
  const entry = kbFallback(host.bot);
  if (!entry) return false;
  const query = kbQuery(host.bot, entry);
  if (!anyQna(host.bot, query)) return false;
  const found = host.searchKb(text, query);
  if (found.kind !== 'one') return false;
  await askKb(host, entry, text, false);
  return true;
}

/**
 * Before the classifier: a rating, a choice of the results menu, a way out, or the next question of
 * a conversation in a knowledge base. True when the knowledge base answered the message.
 */
export async function continueKb(host: KbHost, text: string | undefined, postback: string | undefined): Promise<boolean> {
  const { bot, state } = host;
  const entry = state.kb ? bot.skills.get(state.kb.skill) : undefined;
  if (state.kb && (!entry || !answersFromKb(entry))) delete state.kb;

  if (postback?.startsWith(KB_POSTBACK.ok) || postback?.startsWith(KB_POSTBACK.bad)) {
    const ok = postback.startsWith(KB_POSTBACK.ok);
    const qna = bot.skills.get(postback.slice((ok ? KB_POSTBACK.ok : KB_POSTBACK.bad).length));
    if (!qna || qna.tipo !== 2) return false;
    host.via = 'kb';
    // Only the answer just given is rated, once: a rating sent again, or for another QnA, counts nothing.
    if (state.rating !== qna.id) return true;
    delete state.rating;
    host.kb.rated = { idQna: qna.id, ok };
    // The knowledge base's thanks, not the QnA's answer: no skill answered this turn.
    host.text(param(bot, ok ? 'kbCalificaOk' : 'kbCalificaBad') || (ok ? KB_DEFAULTS.calificaOk : KB_DEFAULTS.calificaBad), null);
    return true;
  }
  if (postback?.startsWith(KB_POSTBACK.qna)) {
    const qna = bot.skills.get(postback.slice(KB_POSTBACK.qna.length));
    if (!qna || qna.tipo !== 2) return false;
    host.via = 'kb';
    await answerQna(host, entry ?? qna, { id: qna.id, score: 1 });
    return true;
  }
  const typed = text !== undefined && postback === undefined ? fold(text) : undefined;
  const salir = param(bot, 'kbSalir');
  const inicio = param(bot, 'kbInicio');
  if (postback === KB_POSTBACK.salir || (state.kb && salir && typed === fold(salir))) {
    host.via = 'kb';
    delete state.kb;
    host.text(KB_DEFAULTS.salida);
    return true;
  }
  if (postback === KB_POSTBACK.inicio || (state.kb && inicio && typed === fold(inicio))) {
    host.via = 'kb';
    delete state.kb;
    const menuSkill = bot.skills.get(bot.definition.bot.params.skillMenu ?? '');
    if (menuSkill) await host.run(menuSkill);
    return true;
  }
  if (!state.kb || !entry || text === undefined || postback !== undefined || !text.trim()) return false;

  // In the knowledge base: the next question is searched there first.
  const query = kbQuery(bot, entry);
  const chiste = param(bot, 'kbChiste');
  if (chiste && LAUGHTER.test(text.trim())) {
    host.via = 'kb';
    host.text(chiste, entry.id);
    return true;
  }
  const found = anyQna(bot, query) ? host.searchKb(text, query) : { kind: 'none' as const, results: [] };
  if (found.kind === 'none') {
    // Another skill the classifier recognises takes the message, and the conversation leaves.
    const other = host.classify(text);
    if (other && other !== entry.id) {
      delete state.kb;
      return false;
    }
  }
  await askKb(host, entry, text, false);
  return true;
}
