// One turn of a conversation: what the client sent, the state the conversation was in, and the
// bot; out come the bot's messages, the new state and what happened (the test chat's debug).
// In order:
// 1. A conversation waiting for a person (handed over by an action) only says so, until the bot's `timeout` minutes
//    of waiting have passed or the wait is ended (endHuman): then the bot answers again.
// 2. A skill waiting for its requirements takes the entities of this message; complete, it goes
//    on; still missing, it asks again until maxAttempt.
// 3. A postback names a skill (its id or name) or is read as the text it carries.
// 4. Otherwise the matcher chooses the skill; nothing recognised goes to the fallback skill, and
//    maxAttempt misses in a row answer msgAttempt (and run skillAttempt).
// 5. Running a skill: its requirements (tp 0) first, then its memory (tp 1), then its actions in
//    order on the conversation's channel; an action with conditions (`cond`, `op`) runs only when
//    they hold; each kind's run is in engine/actions/<kind>. A jump or a handover ends the skill.
//    A text may name the bot's skills a client can ask for ({{bot.skills}}), read from the bot answering.
//    The message's files are judged by the first skill it reaches (attachments.ts); a skill that
//    requires a file and holds none asks for it instead of running its actions.
// 6. A turn that sends nothing says why in its debug (noAnswer).
// A skill in KB mode answers from the bot's QnAs instead of its actions, and a conversation in its
// knowledge base, a rating or a choice of its results menu goes there before the classifier
// (kbTurn.ts).
// Nothing here touches the database: the caller loads and stores the state and records the turn.
import { randomUUID } from 'node:crypto';
import type { RequerimientoDef, SkillDef } from '../../../common/schemas/bots';
import type { ChatMessage, NoAnswerReason, TurnDebug } from '../../../common/schemas/chat';
import { CHAT_MESSAGES } from '../../../common/schemas/chat';
import type { Button, Field } from '../../../common/schemas/skills';
import { answersOn, type FilterOperator } from '../../../common/schemas/skillRules';
import { ACCION_RULES } from '../../../common/actions';
import { SKILLS_PLACEHOLDER } from '../../../common/actions/text';
import { INTERNAL_ENTITIES } from '../../../common/schemas/rules';
import type { CompiledBot } from './bundle';
import { entityPath, type EntityValue } from './entities';
import { foldText } from './entities/text';
import { SKILL_FALLBACK } from './nlu/matcher';
import { evaluate } from './operators';
import { DEFAULT_PATTERN_BUDGET, literalPattern, PatternBudget } from './patterns';
import { fillTemplate, fillTemplateWith, hasPlaceholder } from './template';
import { runAccion, runnable, type ActionTurn, type RunnableAccion } from './actions';
import type { ConversationState, KbEvents, TurnContext, TurnInput, TurnMessage, TurnResult } from './turnTypes';
import { answersFromKb, askKb, continueKb, kbOverGuess, type KbHost } from './kbTurn';
import type { KbAnswer, KbQuery } from './kb/kbIndex';
import { ALL_CHANNELS } from '../../../common/schemas/canales';
import { ATTACHMENT_MESSAGES, admitFiles, skillAttachments, type AdmittedFile, type InboundFile } from './attachments';

/** All channels (8): an action with it answers everywhere; a conversation with it sees every action. */
export { ALL_CHANNELS };

// Callers take the turn's types from here.
export { newState } from './turnTypes';
export type { ConversationState, KbEvents, TurnContext, TurnInput, TurnMessage, TurnResult } from './turnTypes';

/** The bot params' defaults. */
export const DEFAULT_MAX_ATTEMPT = 3;
export const DEFAULT_MSG_ATTEMPT = 'Intentos excedidos';
export const DEFAULT_INVALID_OPTION = 'Opción no válida';
/** A classifier score that takes a message out of a knowledge base by itself. */
const SURE_SCORE = 0.9;
/** Skills one message may run through jumps before the engine stops following them. */
const MAX_JUMPS = 10;

const INTERNAL_NAMES = new Map(INTERNAL_ENTITIES.map((e) => [e.id, e.nm]));
const paramsOf = (bot: CompiledBot) => bot.definition.bot.params;
const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];
const fold = (s: string) => foldText(s).trim();
const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/** Does the action answer on the conversation's channel? The test chat's 'Todos' sees every action; one without channels answers everywhere. */
export function actionAnswers(action: RunnableAccion, red: number): boolean {
  const channels: readonly number[] = Array.isArray(action.cfg.red) ? action.cfg.red : [];
  return red === ALL_CHANNELS || channels.length === 0 || answersOn(channels, red);
}

const SKILL_LIST = new Intl.ListFormat('es', { style: 'long', type: 'conjunction' });

/**
 * What `{{bot.skills}}` says: the names of the skills a client can ask for, by name ('Horarios,
 * Pedidos y Reclamos'), read from the definition answering, so a skill added later is offered.
 * Those are the Business skills the matcher can reach by what the client writes (training phrases,
 * included keywords, tokens); one reached only by a jump or a button is a step of another.
 */
function offeredSkills(bot: CompiledBot): string {
  const askable = (s: SkillDef) =>
    s.frases.length > 0 || (Array.isArray(s.cfg.keywordIncluye) && s.cfg.keywordIncluye.length > 0) || (s.cfg.modToken === true && Array.isArray(s.cfg.tokens) && s.cfg.tokens.length > 0);
  const names = bot.definition.skills.filter((s) => s.tipo === 0 && askable(s)).map((s) => s.nm.trim());
  return SKILL_LIST.format([...new Set(names)].sort((a, b) => a.localeCompare(b, 'es')));
}

/** Why a turn that sent nothing did not answer (the test chat's debug says it). */
function noAnswerReason(bot: CompiledBot, ran: readonly unknown[]): NoAnswerReason {
  if (bot.definition.skills.length === 0) return 'sinSkills';
  return ran.length === 0 ? 'sinRespaldo' : 'sinMensajes';
}

class Turn implements ActionTurn, KbHost {
  readonly messages: TurnMessage[] = [];
  readonly kb: KbEvents = { answered: [] };
  /** The client's typed text (none for a button): what a KB-mode skill searches. */
  private readonly question: string | undefined;
  /** The skill the classifier chose for the typed text, if any. */
  private classified?: string;
  /** A KB-mode skill's question is being answered: a skill it runs (its welcome) runs its actions. */
  private inKb = false;
  readonly ran: Array<{ id: string; nm: string }> = [];
  readonly webhooks: TurnDebug['webhooks'] = [];
  missing: TurnDebug['missing'] = [];
  via: TurnDebug['via'] = 'clasificador';
  score = 0;
  private jumps = 0;
  private offered = false;
  /** The message's files, and those the skill it reached admitted. */
  files: readonly InboundFile[] = [];
  readonly admitted: AdmittedFile[] = [];
  private filesJudged = false;
  /** The message goes on with the conversation's file step (a file alone, or the file it waited for), not reaching it afresh. */
  private continuing = false;

  /** This message's entities, read the first time something needs them (most answers need none). */
  private found?: EntityValue[];
  /** What the bot's expressions may still read in this message. */
  private readonly budget: PatternBudget;

  constructor(
    public bot: CompiledBot,
    readonly state: ConversationState,
    readonly ctx: TurnContext,
    private readonly input: string,
    typed?: string,
  ) {
    this.budget = new PatternBudget(ctx.patternBudget ?? DEFAULT_PATTERN_BUDGET);
    this.question = typed;
  }

  /**
   * A message may be searched more than once in its turn (in the knowledge base it is in, then by
   * the fallback's when the classifier only guessed a skill, then by that fallback's question): the
   * last search is kept for the same text and query.
   */
  private lastSearch?: { text: string; query: KbQuery; answer: KbAnswer };

  searchKb(text: string, query: KbQuery): KbAnswer {
    const last = this.lastSearch;
    if (last && last.text === text && last.query.and === query.and && last.query.global === query.global && sameTags(last.query.tags, query.tags)) return last.answer;
    const answer = this.bot.kb ? this.bot.kb.index.search(text, query) : { kind: 'none' as const, results: [] };
    this.lastSearch = { text, query, answer };
    return answer;
  }

  /** The Business skill that clearly asks for the text (see SURE_SCORE), if any. */
  classify(text: string): string | undefined {
    const result = this.bot.matcher.match(text, { limit: 1 });
    const skill = result.recognised && result.skillId ? this.bot.skills.get(result.skillId) : undefined;
    if (!skill || skill.tipo !== 0) return undefined;
    // A guess of the classifier is not enough to leave a knowledge base: only a training phrase, a keyword, a token or a sure score.
    const reason = result.candidates.find((c) => c.skillId === skill.id)?.reason;
    return reason !== 'clasificador' || result.score >= SURE_SCORE ? skill.id : undefined;
  }

  get entities(): EntityValue[] {
    return (this.found ??= this.bot.entities.extract(this.input, { now: this.ctx.now, timeZone: this.ctx.timeZone, budget: this.budget }));
  }

  say(partial: Omit<ChatMessage, 'id' | 'fc'>, idSkill: string | null): void {
    const message = { id: randomUUID(), fc: this.ctx.now.toISOString(), ...partial } as ChatMessage;
    this.messages.push({ message, idSkill, score: idSkill ? this.score : null });
  }

  text(text: string, idSkill: string | null = null): void {
    if (!text.trim()) return;
    if (!hasPlaceholder(text, SKILLS_PLACEHOLDER)) return this.say({ type: 'TEXT', text: fillTemplate(text, this.state.memory) }, idSkill);
    // A text offering the bot's skills says nothing while there is none to offer.
    const offered = offeredSkills(this.bot);
    if (offered) this.say({ type: 'TEXT', text: fillTemplate(text, this.state.memory, { [SKILLS_PLACEHOLDER]: offered }) }, idSkill);
  }

  offer(buttons: readonly Button[], invalidOption: string | undefined): void {
    const postbacks = buttons.filter((b) => b.type === 'POSTBACK' && b.value);
    if (!postbacks.length) return;
    const options = this.offered && this.state.options ? this.state.options : { values: [], titles: [], invalidOption: '' };
    options.values.push(...postbacks.map((b) => b.value!));
    options.titles.push(...postbacks.map((b) => b.title));
    // The last message with buttons says what an answer outside them gets.
    options.invalidOption = invalidOption?.trim() || options.invalidOption;
    this.state.options = options;
    this.offered = true;
  }

  /** An image's address: a path on this server ('/api/…') gets the context's public origin, if any. */
  image(url: string): string {
    return url.startsWith('/') && !url.startsWith('//') && this.ctx.publicOrigin ? `${this.ctx.publicOrigin}${url}` : url;
  }

  /** Runs a skill: requirements, memory, then its actions (nothing once the jumps ran out). */
  async run(skill: SkillDef): Promise<void> {
    if (answersFromKb(skill) && !this.inKb) {
      this.inKb = true;
      // A typed question is searched; a button or a jump with no question opens the knowledge base with the skill's welcome.
      if (this.question?.trim()) return askKb(this, skill, this.question, this.classified === skill.id);
      this.state.kb = { skill: skill.id, misses: 0 };
    }
    if (this.jumps++ > MAX_JUMPS) return;
    this.ran.push({ id: skill.id, nm: skill.nm });
    await this.receiveFiles(skill);
    const reqs = this.bot.requirements.get(skill.id) ?? [];
    for (const req of reqs.filter((r) => r.tp === 0)) {
      const missing = this.missingFields(req);
      if (missing.length) {
        this.ask(skill, req, missing);
        return;
      }
    }
    // Memory first: it may keep values given while the requirement was being asked for.
    for (const req of reqs.filter((r) => r.tp === 1)) this.remember(req);
    delete this.state.pending;
    if (this.waitsForFile(skill)) return;
    for (const action of (this.bot.actions.get(skill.id) ?? []).map(runnable)) {
      if (!actionAnswers(action, this.ctx.red)) continue;
      // A kind that checks its own conditions (a webhook: the debug records it skipped) does so when run.
      const rule: { ownConditions?: boolean } | undefined = ACCION_RULES[action.type];
      if (!rule?.ownConditions && !this.conditionsHold(action.cfg)) continue;
      if (action.cfg.unique === true) {
        if (this.state.sent.includes(action.id)) continue;
        this.state.sent.push(action.id);
      }
      const goOn = await this.act(skill, action);
      if (!goOn) return;
    }
  }

  /**
   * The message's files, judged by the first skill it reaches, which becomes the conversation's file
   * step when it takes files: reached afresh it starts with none, gone on with (a file alone, the
   * requirement or the file it waited for) it keeps those admitted before. Each refused file is
   * named with why. A skill that takes no files leaves them unread, and the bot answers the text.
   * A jump to a skill that takes files makes it the file step, carrying the files admitted so far.
   */
  private async receiveFiles(skill: SkillDef): Promise<void> {
    const rules = skillAttachments(skill);
    const current = this.state.attachments;
    if (this.filesJudged) {
      if (rules && current?.skill !== skill.id) this.state.attachments = { skill: skill.id, files: current?.files ?? [] };
      return;
    }
    this.filesJudged = true;
    if (!rules) {
      delete this.state.attachments;
      return;
    }
    const goesOn = this.continuing && current?.skill === skill.id;
    const step = { skill: skill.id, files: goesOn ? current.files : [], ...(goesOn && current.asked ? { asked: current.asked } : {}) };
    this.state.attachments = step;
    if (!this.files.length) return;
    const { admitted, refused } = await admitFiles(this.files, rules, step.files.length, this.ctx.attachmentRoomBytes ?? Infinity, randomUUID);
    // Said as is: a file's name is no template.
    for (const r of refused) this.say({ type: 'TEXT', text: ATTACHMENT_MESSAGES.refused(r.name, r.reason, rules) }, skill.id);
    this.admitted.push(...admitted);
    step.files = [...step.files, ...admitted.map((f) => f.id)];
  }

  /** A skill that requires a file and holds none asks for it (types and size) instead of running its actions; the next message stays with it. */
  private waitsForFile(skill: SkillDef): boolean {
    const rules = skillAttachments(skill);
    const step = this.state.attachments;
    if (!rules?.required || step?.skill !== skill.id || step.files.length > 0) {
      if (step?.skill === skill.id) {
        delete step.waiting;
        delete step.asked;
      }
      return false;
    }
    step.waiting = true;
    this.say({ type: 'TEXT', text: ATTACHMENT_MESSAGES.askFile(rules) }, skill.id);
    return true;
  }

  /** The files a webhook sends: those admitted to the conversation's file step, this message's from memory, earlier ones from the store. */
  async attachedFiles(): Promise<AdmittedFile[]> {
    const ids = this.state.attachments?.files ?? [];
    const now = new Map(this.admitted.map((f) => [f.id, f]));
    const earlier = ids.filter((id) => !now.has(id));
    const stored = new Map((earlier.length && this.ctx.storedFiles ? await this.ctx.storedFiles(earlier) : []).map((f) => [f.id, f]));
    return ids.map((id) => now.get(id) ?? stored.get(id)).filter((f): f is AdmittedFile => f !== undefined);
  }

  /**
   * A message for the conversation's file step. A file alone (no text, no button) goes to the skill
   * the conversation is in when it takes files; otherwise the client hears that this step takes
   * none, and nothing else runs. While that skill waits for a file it requires, a message with a
   * file goes on with it, and one without is asked again unless it clearly wants another skill,
   * up to maxAttempt such messages in a row: then msgAttempt and skillAttempt, as for a requirement.
   * True when handled.
   */
  async continueAttachments(input: TurnInput): Promise<boolean> {
    const files = input.files ?? [];
    const step = this.state.attachments;
    const skill = step ? this.bot.skills.get(step.skill) : undefined;
    const alone = files.length > 0 && !input.text?.trim() && input.postback === undefined;
    if (!alone && !step?.waiting) return false;
    if (!skill || !skillAttachments(skill)) {
      delete this.state.attachments;
      if (!alone) return false;
      this.say({ type: 'TEXT', text: ATTACHMENT_MESSAGES.sinArchivos }, null);
      return true;
    }
    if (!files.length) {
      const named = input.postback !== undefined && this.skillNamed(input.postback);
      const result = this.bot.matcher.match(input.postback ?? input.text ?? '', { limit: 1 });
      const other = result.recognised && result.skillId && result.skillId !== skill.id && !this.bot.skills.get(result.skillId)?.tipo;
      if ((named && named.id !== skill.id) || other) {
        delete step!.waiting;
        return false;
      }
      // Asked again as a requirement is: maxAttempt messages in a row without the file (a channel
      // that cannot carry one, a client who has none) end the wait with the bot's attempt rules.
      const asked = (step!.asked ?? 0) + 1;
      const max = paramsOf(this.bot).maxAttempt ?? DEFAULT_MAX_ATTEMPT;
      if (max && asked >= max) {
        delete this.state.attachments;
        this.state.attempts = max;
        this.tooManyAttempts();
        return true;
      }
      step!.asked = asked;
    }
    this.continuing = true;
    this.via = 'requerimiento';
    this.score = 1;
    this.state.attempts = 0;
    await this.run(skill);
    return true;
  }

  /** The entity value a field reads: this message's entities first, then those gathered while asking. */
  private entityFor(field: Field): EntityValue | undefined {
    const all = [...this.entities, ...(this.state.pending?.entities ?? [])];
    return all.find((e) => e.id === field.id && e.type === (field.type === 1 ? 1 : 0));
  }

  /** The value a condition reads: a memory value (type 2) or an entity's path. */
  private valueOf(field: Field): string | number | undefined {
    if (field.type === 2) {
      const v = this.state.memory[field.id];
      return v === undefined || v === null ? undefined : typeof v === 'number' ? v : String(v);
    }
    const entity = this.entityFor(field);
    return entity ? entityPath(entity, field.path || 'text') : undefined;
  }

  /** An action's conditions: all of them (AND) or any (OR `op`); none always holds. */
  conditionsHold(cfg: { cond?: readonly Field[]; op?: string }): boolean {
    const cond = Array.isArray(cfg.cond) ? cfg.cond : [];
    if (!cond.length) return true;
    const results = cond.map((f) => this.holds(f));
    return cfg.op === 'OR' ? results.some(Boolean) : results.every(Boolean);
  }

  /** A condition; a memory value put into an expression ('^{{codigo}}-\d+$') counts as literal text, never as pattern. */
  private holds(field: Field): boolean {
    const op = (field.op || 'IS_PRESENT') as FilterOperator;
    const pattern = op === 'MATCHES' || op === 'MATCHES_NOT';
    const expected = field.value ? (pattern ? fillTemplateWith(field.value, this.state.memory, literalPattern) : fillTemplate(field.value, this.state.memory)) : field.value;
    return evaluate(op, this.valueOf(field), expected, this.budget);
  }

  /** The fields of a requirement that fail (AND: each failing one; OR: all of them when none holds). */
  private missingFields(req: RequerimientoDef): Field[] {
    const fields = (req.fields as Field[]).slice().sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    const failing = fields.filter((f) => !this.holds(f));
    if (req.op === 'OR') return failing.length === fields.length ? fields : [];
    return failing;
  }

  private nameOf(field: Field): string {
    if (field.type === 1) return INTERNAL_NAMES.get(field.id) ?? field.id;
    return this.bot.definition.entidades.find((e) => e.id === field.id)?.nm ?? field.id;
  }

  private ask(skill: SkillDef, req: RequerimientoDef, missing: Field[]): void {
    const general = pick((req.replyMissing as unknown[]).filter((t): t is string => typeof t === 'string' && t.trim() !== ''));
    this.missing = missing.map((f) => ({ id: f.id, nm: this.nameOf(f), message: f.replyMissing?.trim() || general || `Falta ${this.nameOf(f)}` }));
    const first = missing[0];
    this.text(first.replyMissing?.trim() || general || `Por favor indique ${this.nameOf(first)}.`, skill.id);
    const kept = [...this.entities, ...(this.state.pending?.skill === skill.id ? this.state.pending.entities : [])];
    this.state.pending = { skill: skill.id, attempts: this.state.pending?.skill === skill.id ? this.state.pending.attempts : 0, entities: kept };
  }

  private remember(req: RequerimientoDef): void {
    for (const field of req.fields as Field[]) {
      if (field.op !== 'AS' || !field.value?.trim()) continue;
      const entity = this.entityFor(field);
      if (entity) this.state.memory[field.value.trim()] = entityPath(entity, field.path || 'text');
    }
  }

  /** One action: its kind's run (false ends the skill: a jump, a handover, a failed webhook). */
  private act(skill: SkillDef, action: RunnableAccion): Promise<boolean> {
    return runAccion(this, skill, action);
  }

  /** Chooses the skill for a text (or postback) and runs it. */
  async answer(input: TurnInput): Promise<{ skillId: string | null; recognised: boolean; candidates: TurnDebug['candidates'] }> {
    const { bot, state } = this;
    const offered = state.options;
    delete state.options;
    // A button's title typed instead of pressed counts as pressing it.
    let postback = input.postback;
    if (postback === undefined && offered && input.text !== undefined) {
      const i = offered.titles.findIndex((t) => fold(t) === fold(input.text!));
      if (i >= 0) postback = offered.values[i];
    }
    const text = postback ?? input.text ?? '';

    // A rating, a choice of the results menu, a way out, or the next question in a knowledge base.
    if (await continueKb(this, input.text, postback)) {
      state.attempts = 0;
      return { skillId: this.ran[0]?.id ?? this.kb.entry ?? null, recognised: true, candidates: [] };
    }

    // A postback naming a skill (its id or name) goes straight to it.
    if (postback !== undefined) {
      const direct = this.skillNamed(postback);
      if (direct) {
        this.via = 'postback';
        this.score = 1;
        state.attempts = 0;
        await this.run(direct);
        return { skillId: direct.id, recognised: true, candidates: [] };
      }
    }

    const result = bot.matcher.match(text, { limit: 3 });
    const candidates = result.candidates.slice(0, 3).map((c) => ({ skillId: c.skillId, nm: c.nm, score: c.score, threshold: c.threshold, passed: c.passed, reason: c.reason }));
    const chosen = result.skillId ? bot.skills.get(result.skillId) : undefined;
    const guessed = result.recognised && !result.fallback && !!chosen && !answersFromKb(chosen) && result.candidates.find((c) => c.skillId === result.skillId)?.reason === 'clasificador';
    if (guessed && postback === undefined && input.text !== undefined && !offered) {
      this.inKb = true;
      if (await kbOverGuess(this, input.text)) {
        state.attempts = 0;
        return { skillId: this.kb.entry ?? null, recognised: true, candidates };
      }
      this.inKb = false;
    }

    if (offered && !result.recognised && !this.withinOptions(text, offered)) {
      // An answer outside the buttons offered: invalidOption, then skillInvalidOption.
      state.attempts++;
      this.via = 'reintento';
      if (this.tooManyAttempts()) return { skillId: null, recognised: false, candidates };
      this.text(offered.invalidOption || paramsOf(bot).invalidOption || DEFAULT_INVALID_OPTION);
      state.options = offered;
      const skill = bot.skills.get(paramsOf(bot).skillInvalidOption ?? '');
      if (skill) await this.run(skill);
      return { skillId: skill?.id ?? null, recognised: false, candidates };
    }

    if (!result.recognised) {
      state.attempts++;
      if (this.tooManyAttempts()) return { skillId: null, recognised: false, candidates };
    } else {
      state.attempts = 0;
    }
    const skill = result.skillId ? bot.skills.get(result.skillId) : undefined;
    if (!skill) return { skillId: null, recognised: result.recognised, candidates };
    if (result.recognised && postback === undefined) this.classified = skill.id;
    this.score = result.score;
    if (postback !== undefined) this.via = 'postback';
    await this.run(skill);
    return { skillId: skill.id, recognised: result.recognised, candidates };
  }

  /** The skill a postback names, by its id or its name. */
  private skillNamed(value: string): SkillDef | undefined {
    return this.bot.skills.get(value) ?? this.bot.definition.skills.find((s) => fold(s.nm) === fold(value));
  }

  private withinOptions(text: string, options = this.state.options): boolean {
    if (!options) return false;
    const t = fold(text);
    return options.values.some((v) => fold(v) === t) || options.titles.some((v) => fold(v) === t);
  }

  /** maxAttempt reached: msgAttempt, then skillAttempt. True when it answered so. */
  private tooManyAttempts(): boolean {
    const params = paramsOf(this.bot);
    const max = params.maxAttempt ?? DEFAULT_MAX_ATTEMPT;
    if (!max || this.state.attempts < max) return false;
    this.state.attempts = 0;
    this.via = 'reintento';
    this.text(params.msgAttempt || DEFAULT_MSG_ATTEMPT);
    const skill = this.bot.skills.get(params.skillAttempt ?? '');
    if (skill) this.pendingRun = skill;
    return true;
  }

  /** The wait for a person is over: the conversation goes back to the bot the handover named (when it can answer), else stays with this one. */
  async handBack(): Promise<void> {
    const back = this.state.human?.back;
    delete this.state.human;
    this.state.attempts = 0;
    const other = back ? await this.ctx.resolveBot(back) : undefined;
    if (other) {
      this.bot = other;
      this.state.bot = other.definition.bot.id;
    }
  }

  /** A skill that maxAttempt sends to, run after the message that says so. */
  pendingRun?: SkillDef;

  /** The requirement a skill was waiting for: filled now, asked again, or given up. True when handled. */
  async continuePending(input: TurnInput): Promise<boolean> {
    const pending = this.state.pending;
    if (!pending) return false;
    const skill = this.bot.skills.get(pending.skill);
    if (!skill) {
      delete this.state.pending;
      return false;
    }
    // A button that names a skill is a clear change of subject.
    const named = input.postback !== undefined && this.skillNamed(input.postback);
    if (named && named.id !== skill.id) {
      delete this.state.pending;
      return false;
    }
    const reqs = (this.bot.requirements.get(skill.id) ?? []).filter((r) => r.tp === 0);
    const before = reqs.flatMap((r) => this.missingFieldsWith(r, pending.entities)).length;
    const after = reqs.flatMap((r) => this.missingFields(r)).length;
    if (after === 0) {
      this.via = 'requerimiento';
      this.score = 1;
      // The skill it waited for goes on with the files it admitted.
      this.continuing = true;
      await this.run(skill);
      return true;
    }
    if (after === before) {
      // Nothing of what was asked: another skill the client clearly wants takes over.
      const result = this.bot.matcher.match(input.postback ?? input.text ?? '', { limit: 1 });
      if (result.recognised && result.skillId && result.skillId !== skill.id && !this.bot.skills.get(result.skillId)?.tipo) {
        delete this.state.pending;
        return false;
      }
    }
    pending.attempts++;
    const max = paramsOf(this.bot).maxAttempt ?? DEFAULT_MAX_ATTEMPT;
    if (max && pending.attempts >= max) {
      delete this.state.pending;
      this.state.attempts = max;
      this.tooManyAttempts();
      return true;
    }
    this.via = 'requerimiento';
    for (const req of reqs) {
      const missing = this.missingFields(req);
      if (missing.length) {
        this.ran.push({ id: skill.id, nm: skill.nm });
        this.ask(skill, req, missing);
        break;
      }
    }
    return true;
  }

  private missingFieldsWith(req: RequerimientoDef, entities: EntityValue[]): Field[] {
    const saved = this.entities.splice(0, this.entities.length);
    const pending = this.state.pending;
    this.state.pending = pending ? { ...pending, entities } : undefined;
    try {
      return this.missingFields(req);
    } finally {
      this.entities.push(...saved);
      this.state.pending = pending;
    }
  }
}

/** Runs one message of a conversation. The state passed in is not changed; the result has the new one. */
export async function runTurn(bot: CompiledBot, state: ConversationState, input: TurnInput, ctx: TurnContext): Promise<TurnResult> {
  const s: ConversationState = structuredClone(state);
  s.sent ??= [];
  s.memory ??= {};
  s.attempts ??= 0;
  const inputText = input.endHuman ? '' : (input.postback ?? input.text ?? '');
  const turn = new Turn(bot, s, ctx, inputText, input.endHuman || input.postback !== undefined ? undefined : input.text);
  turn.files = input.endHuman ? [] : (input.files ?? []);
  let chosen: { skillId: string | null; recognised: boolean; candidates: TurnDebug['candidates'] } = { skillId: null, recognised: true, candidates: [] };

  // The wait ends when asked to, or when the bot's agent-inactivity minutes (`timeout`) have passed.
  const waitOver = !!s.human && (input.endHuman === true || waitedOut(bot, s.human, ctx.now));
  if (waitOver) await turn.handBack();
  if (input.endHuman) {
    turn.via = 'humano';
    if (waitOver) turn.text(CHAT_MESSAGES.atencionTerminada);
  } else if (s.human) {
    turn.via = 'humano';
    turn.text(CHAT_MESSAGES.esperandoHumano);
  } else if (await turn.continueAttachments(input)) {
    chosen = { skillId: turn.ran[0]?.id ?? null, recognised: true, candidates: [] };
  } else if (await turn.continuePending(input)) {
    chosen = { skillId: turn.ran[0]?.id ?? null, recognised: true, candidates: [] };
  } else {
    chosen = await turn.answer(input);
  }
  if (turn.pendingRun) await turn.run(turn.pendingRun);

  const answered = turn.ran[0] ?? null;
  const debug: TurnDebug = {
    turn: '',
    input: inputText,
    via: turn.via,
    skill: answered ? { id: answered.id, nm: answered.nm, score: turn.score } : null,
    recognised: chosen.recognised,
    candidates: chosen.candidates,
    skills: turn.ran,
    // The test chat shows them whether or not the answer needed them.
    entities: (ctx.test ? turn.entities : []).map((e) => ({ id: e.id, nm: e.nm, type: e.type, value: e.value, text: e.text })),
    memory: s.memory,
    missing: s.pending ? turn.missing : [],
    webhooks: turn.webhooks,
    human: !!s.human,
    bot: { id: turn.bot.definition.bot.id, nm: turn.bot.definition.bot.nm },
    ...(turn.messages.length === 0 ? { noAnswer: noAnswerReason(turn.bot, turn.ran) } : {}),
  };
  return {
    messages: turn.messages,
    state: s,
    debug,
    skillId: chosen.skillId,
    score: turn.score,
    recognised: chosen.recognised,
    botId: turn.bot.definition.bot.id,
    kb: turn.kb,
    files: turn.admitted,
  };
}

/** Has the conversation waited for a person longer than the bot's `timeout` minutes? None or 0: it waits until the wait is ended. */
export function waitedOut(bot: CompiledBot, human: NonNullable<ConversationState['human']>, now: Date): boolean {
  const minutes = Number(bot.definition.bot.timeout ?? 0);
  return minutes > 0 && now.getTime() - Date.parse(human.since) >= minutes * 60_000;
}

/** The fallback skill's kind, for callers that report it. */
export { SKILL_FALLBACK };
