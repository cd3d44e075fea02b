// Which skill answers a message, from a deployed definition and its trained model. In order:
// 1. An excluded keyword in the message rules its skill out, whatever else the skill has for it.
// 2. In token mode, a skill whose obligatory tokens are not all there (in order, when it asks for
//    order) is ruled out too.
// 3. An included keyword, or in token mode every obligatory token plus at least one token found,
//    takes the message to the skill whatever its threshold, before any skill that only the
//    classifier chose. Its score becomes 0.9 + 0.1 × the classifier's, so among several such
//    skills the classifier still decides.
// 4. Otherwise a skill passes when the classifier's calibrated score reaches its threshold, and
//    the best one answers.
// When none passes, the bot's fallback skill (type 1) answers and the phrase counts as unrecognised.
import type { SkillDef } from '../../../../common/schemas/bots';
import { SKILL_DEFAULTS, type TokenInput } from '../../../../common/schemas/skillRules';
import { MAX_TEXT, type IntentModel } from './model';
import { normalize } from './normalize';
import { findKeyword, formOf, matchTokens, messageOf, prepareTokens, type Form, type Message, type PreparedToken, type TokenMatch } from './tokens';

/** Skill kinds. */
export const SKILL_FALLBACK = 1;

/** What the matcher reads of a skill. */
export interface MatchSkill {
  id: string;
  nm: string;
  tipo: number;
  threshold: number;
  keywordIncluye: string[];
  keywordExcluye: string[];
  modToken: boolean;
  tokenOrd: boolean;
  tokens: TokenInput[];
}

/** The matcher's view of a deployed definition's skills (their settings live in cfg). */
export function matchSkills(skills: readonly SkillDef[]): MatchSkill[] {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return skills.map((s) => ({
    id: s.id,
    nm: s.nm,
    tipo: s.tipo,
    threshold: typeof s.cfg.threshold === 'number' ? s.cfg.threshold : SKILL_DEFAULTS.threshold,
    keywordIncluye: list(s.cfg.keywordIncluye),
    keywordExcluye: list(s.cfg.keywordExcluye),
    modToken: s.cfg.modToken === true,
    tokenOrd: s.cfg.tokenOrd === true,
    tokens: Array.isArray(s.cfg.tokens) ? (s.cfg.tokens as TokenInput[]) : [],
  }));
}

/** Why a candidate passes, or does not. */
export type MatchReason = 'exacta' | 'clasificador' | 'palabraClave' | 'tokens' | 'excluida' | 'faltanTokens' | 'umbral';

export interface MatchCandidate {
  skillId: string;
  nm: string;
  score: number;
  threshold: number;
  passed: boolean;
  reason: MatchReason;
  /** The included or excluded keyword found, as the skill lists it. */
  keyword?: string;
  /** In token mode, each token and what matched it. */
  tokens?: TokenMatch[];
}

export interface MatchResult {
  /** The skill that answers: the best passing one, else the fallback skill, else null. */
  skillId: string | null;
  score: number;
  /** False when no skill passed: the phrase goes to the unrecognised ones. */
  recognised: boolean;
  /** The answer comes from the fallback skill. */
  fallback: boolean;
  /** The best skills, best first: keyword and token matches, the other passing ones, then the rest by score. */
  candidates: MatchCandidate[];
}

export interface MatchOptions {
  /** How many candidates to return (10 unless told). */
  limit?: number;
  /** A skill to return among the candidates wherever it ranks ('Probar Skill' asks about one). */
  skillId?: string;
}

const KEYWORD_FLOOR = 0.9;
/** Keyword and token matches first, then what the classifier passed, then the rest. */
const rank = (c: MatchCandidate) => (!c.passed ? 0 : c.reason === 'palabraClave' || c.reason === 'tokens' ? 2 : 1);
const DEFAULT_LIMIT = 10;

interface Prepared {
  skill: MatchSkill;
  /** The skill's place in the model, or -1 when it has no training phrases. */
  classIndex: number;
  include: Array<{ text: string; form: Form }>;
  exclude: Array<{ text: string; form: Form }>;
  tokens: PreparedToken[];
  /** No keywords and no token mode: the classifier's score alone decides. */
  plain: boolean;
}

/** What the skills without keywords or tokens are judged on: they never read the message's words. */
const NO_WORDS: Message = { words: [], stems: [] };

export class Matcher {
  private readonly prepared: Prepared[];
  private readonly fallbackId: string | null;
  private readonly fallbacks: Set<string>;
  /** Some skill has keywords or tokens to look for in the message's words. */
  private readonly readsMessage: boolean;
  /** Per skill, for the message being matched: its rank (see `rank`), its score, and its verdict when it has keywords or tokens. */
  private readonly ranks: Int8Array;
  private readonly keys: Float64Array;
  private readonly judged: Array<MatchCandidate | undefined>;
  /** The model's scores of the message being matched. */
  private readonly scores: Float64Array;

  constructor(
    skills: readonly MatchSkill[],
    private readonly model: IntentModel | null,
  ) {
    const forms = (list: string[]) => list.map((text) => ({ text, form: formOf(text) })).filter((k) => k.form.length > 0);
    const classOf = new Map(model?.skills.map((id, i) => [id, i]));
    this.prepared = skills.map((skill) => {
      const include = forms(skill.keywordIncluye);
      const exclude = forms(skill.keywordExcluye);
      return {
        skill,
        classIndex: classOf.get(skill.id) ?? -1,
        include,
        exclude,
        tokens: skill.modToken ? prepareTokens(skill.tokens) : [],
        plain: !skill.modToken && include.length === 0 && exclude.length === 0,
      };
    });
    this.readsMessage = this.prepared.some((p) => !p.plain);
    this.ranks = new Int8Array(skills.length);
    this.keys = new Float64Array(skills.length);
    this.judged = skills.map(() => undefined);
    this.scores = new Float64Array(model?.skills.length ?? 0);
    this.fallbacks = new Set(skills.filter((s) => s.tipo === SKILL_FALLBACK).map((s) => s.id));
    // With several fallback skills (the editor allows it), the first one answers.
    this.fallbackId = skills.find((s) => s.tipo === SKILL_FALLBACK)?.id ?? null;
  }

  match(text: string, options: MatchOptions = {}): MatchResult {
    const clean = normalize(text.slice(0, MAX_TEXT));
    const { scores, exact } = this.model?.scoreNormalized(clean, this.scores) ?? { scores: this.scores, exact: -1 };
    const message = this.readsMessage ? messageOf(clean) : NO_WORDS;
    const n = this.prepared.length;
    // Each skill's place in the ranking; only the candidates shown become objects, and a skill
    // without keywords or tokens is judged on its score alone (what `judge` would conclude).
    const { ranks, keys, judged } = this;
    for (let i = 0; i < n; i++) {
      const p = this.prepared[i];
      const score = p.classIndex >= 0 ? scores[p.classIndex] : 0;
      if (p.plain) {
        ranks[i] = score > 0 && score >= p.skill.threshold ? 1 : 0;
        keys[i] = score;
      } else {
        const candidate = (judged[i] = this.judge(p, message, score, p.classIndex >= 0 && p.classIndex === exact));
        ranks[i] = rank(candidate);
        keys[i] = candidate.score;
      }
    }
    // As `Array.prototype.slice(0, limit)` reads its end.
    const limit = Math.trunc(options.limit ?? DEFAULT_LIMIT) || 0;
    const take = Math.min(n, limit < 0 ? Math.max(0, n + limit) : limit);
    const order = this.best(Math.max(take, 1));
    const shown: MatchCandidate[] = [];
    let askedShown = false;
    for (let k = 0; k < take; k++) {
      shown.push(this.candidate(order[k], message, exact));
      if (shown[k].skillId === options.skillId) askedShown = true;
    }
    if (options.skillId !== undefined && !askedShown) {
      // The asked skill's best-ranked entry (a definition does not repeat ids, but the first one wins if it does).
      let asked = -1;
      for (let i = 0; i < n; i++) if (this.prepared[i].skill.id === options.skillId && (asked < 0 || this.before(i, asked))) asked = i;
      if (asked >= 0) shown.push(this.candidate(asked, message, exact));
    }
    const winner = order.length > 0 && ranks[order[0]] > 0 ? (take > 0 ? shown[0] : this.candidate(order[0], message, exact)) : undefined;
    if (winner) return { skillId: winner.skillId, score: winner.score, recognised: true, fallback: this.fallbacks.has(winner.skillId), candidates: shown };
    return { skillId: this.fallbackId, score: 0, recognised: false, fallback: this.fallbackId !== null, candidates: shown };
  }

  /** Skill i's candidate for the message just ranked. */
  private candidate(i: number, message: Message, exact: number): MatchCandidate {
    const p = this.prepared[i];
    return p.plain ? this.judge(p, message, this.keys[i], p.classIndex >= 0 && p.classIndex === exact) : this.judged[i]!;
  }

  /** Skill i ranks before skill j: keyword and token matches first, then passing ones, by score, then in the definition's order. */
  private before(i: number, j: number): boolean {
    const { ranks, keys } = this;
    return ranks[i] > ranks[j] || (ranks[i] === ranks[j] && (keys[i] > keys[j] || (keys[i] === keys[j] && i < j)));
  }

  /** The first `count` skills in ranking order (all of them when count ≥ their number). */
  private best(count: number): number[] {
    const n = this.prepared.length;
    if (count > 16) return Array.from({ length: n }, (_, i) => i).sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0)).slice(0, count);
    // A short list kept in order, each skill inserted where it belongs.
    const top: number[] = [];
    for (let i = 0; i < n; i++) {
      if (top.length === count) {
        if (!this.before(i, top[count - 1])) continue;
        top.pop();
      }
      let at = top.length;
      while (at > 0 && this.before(i, top[at - 1])) at--;
      top.splice(at, 0, i);
    }
    return top;
  }

  /** One skill's verdict on the message, given its classifier score. */
  private judge({ skill, include, exclude, tokens }: Prepared, message: Message, score: number, exact: boolean): MatchCandidate {
    const candidate: MatchCandidate = { skillId: skill.id, nm: skill.nm, score, threshold: skill.threshold, passed: false, reason: 'umbral' };
    const tokenResult = skill.modToken ? matchTokens(message, tokens, skill.tokenOrd) : undefined;
    if (tokenResult) candidate.tokens = tokenResult.tokens;
    const excluded = exclude.length ? findKeyword(message, exclude) : undefined;
    if (excluded !== undefined) return { ...candidate, score: 0, reason: 'excluida', keyword: excluded };
    if (tokenResult && !tokenResult.obligatoryFound) return { ...candidate, score: 0, reason: 'faltanTokens' };
    const included = include.length ? findKeyword(message, include) : undefined;
    if (included !== undefined) return { ...candidate, score: KEYWORD_FLOOR + (1 - KEYWORD_FLOOR) * score, passed: true, reason: 'palabraClave', keyword: included };
    if (tokenResult?.anyFound) return { ...candidate, score: KEYWORD_FLOOR + (1 - KEYWORD_FLOOR) * score, passed: true, reason: 'tokens' };
    if (score > 0 && score >= skill.threshold) return { ...candidate, passed: true, reason: exact ? 'exacta' : 'clasificador' };
    return candidate;
  }
}
