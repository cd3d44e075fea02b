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
import type { SkillDef } from '../../schemas/bots';
import { SKILL_DEFAULTS, type TokenInput } from '../../schemas/skillRules';
import { MAX_TEXT, type IntentModel } from './model';
import { findKeyword, formOf, matchTokens, prepareTokens, readMessage, type Form, type Message, type PreparedToken, type TokenMatch } from './tokens';

/** Skill kinds (spec §3). */
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
}

export class Matcher {
  private readonly prepared: Prepared[];
  private readonly fallbackId: string | null;
  private readonly fallbacks: Set<string>;

  constructor(
    skills: readonly MatchSkill[],
    private readonly model: IntentModel | null,
  ) {
    const forms = (list: string[]) => list.map((text) => ({ text, form: formOf(text) })).filter((k) => k.form.length > 0);
    const classOf = new Map(model?.skills.map((id, i) => [id, i]));
    this.prepared = skills.map((skill) => ({
      skill,
      classIndex: classOf.get(skill.id) ?? -1,
      include: forms(skill.keywordIncluye),
      exclude: forms(skill.keywordExcluye),
      tokens: skill.modToken ? prepareTokens(skill.tokens) : [],
    }));
    this.fallbacks = new Set(skills.filter((s) => s.tipo === SKILL_FALLBACK).map((s) => s.id));
    // With several fallback skills (the editor allows it), the first one answers.
    this.fallbackId = skills.find((s) => s.tipo === SKILL_FALLBACK)?.id ?? null;
  }

  match(text: string, options: MatchOptions = {}): MatchResult {
    const { scores, exact } = this.model?.score(text) ?? { scores: new Float64Array(0), exact: -1 };
    const message = readMessage(text.slice(0, MAX_TEXT));
    const candidates = this.prepared.map((p) => this.judge(p, message, p.classIndex >= 0 ? scores[p.classIndex] : 0, p.classIndex >= 0 && p.classIndex === exact));
    candidates.sort((a, b) => rank(b) - rank(a) || b.score - a.score);
    const winner = candidates[0]?.passed ? candidates[0] : undefined;
    const limit = options.limit ?? DEFAULT_LIMIT;
    const shown = candidates.slice(0, limit);
    const asked = options.skillId !== undefined && !shown.some((c) => c.skillId === options.skillId) ? candidates.find((c) => c.skillId === options.skillId) : undefined;
    if (asked) shown.push(asked);
    if (winner) return { skillId: winner.skillId, score: winner.score, recognised: true, fallback: this.fallbacks.has(winner.skillId), candidates: shown };
    return { skillId: this.fallbackId, score: 0, recognised: false, fallback: this.fallbackId !== null, candidates: shown };
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
