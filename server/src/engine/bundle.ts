// A bot ready to answer: a definition (deployed snapshot or working copy) with its trained model,
// the matcher over its skills, its entity extractor and its actions and requirements by skill.
// Built once per deployed version (or per content of the working definition) and shared.
import { createHash } from 'node:crypto';
import type { AccionDef, BotDefinition, RequerimientoDef, SkillDef } from '../../../common/schemas/bots';
import { EntityExtractor } from './entities';
import { IntentModel, type SerializedModel } from './nlu/model';
import { Matcher, matchSkills } from './nlu/matcher';
import type { KbIndex, KbEntry } from './kb/kbIndex';
import { buildKbIndex } from './kb/kbBuild';
import type { TrainingLimits } from './training';
import { GLOBAL_TAG, QNA_TIPO } from '../../../common/schemas/qna';

export interface CompiledBot {
  /** The definition's content hash (a working copy), or the version id (a deployed one). */
  key: string;
  definition: BotDefinition;
  model: IntentModel | null;
  matcher: Matcher;
  entities: EntityExtractor;
  skills: ReadonlyMap<string, SkillDef>;
  /** Each skill's actions in their order. */
  actions: ReadonlyMap<string, readonly AccionDef[]>;
  /** Each skill's requirements (tp 0) and memory (tp 1). */
  requirements: ReadonlyMap<string, readonly RequerimientoDef[]>;
  /** The knowledge base: the search over the QnAs (skills of tipo 2), each QnA's tags, and every tag some QnA carries; null without QnAs. */
  kb: { index: KbIndex; entries: readonly KbEntry[]; tags: ReadonlySet<string> } | null;
}

/** The skills the classifier and the matcher choose among: every one but the QnAs, which the knowledge base answers. */
export const flowSkills = (skills: readonly SkillDef[]): SkillDef[] => skills.filter((s) => s.tipo !== QNA_TIPO);

/** The QnAs as the knowledge base searches them: name, variants and tags (the global tag when none). */
function kbEntries(skills: readonly SkillDef[]): KbEntry[] {
  return skills
    .filter((s) => s.tipo === QNA_TIPO)
    .map((s) => {
      const tags = Array.isArray(s.cfg.tagsKb) ? s.cfg.tagsKb.filter((t): t is string => typeof t === 'string' && t !== '') : [];
      return { id: s.id, nm: s.nm, frases: s.frases, tags: tags.length ? tags : [GLOBAL_TAG] };
    });
}

/** The knowledge base of the skills; a big one is built in a worker thread, bound by `limits`. */
async function knowledgeBase(skills: readonly SkillDef[], limits?: TrainingLimits): Promise<CompiledBot['kb']> {
  const entries = kbEntries(skills);
  if (!entries.length) return null;
  return { index: await buildKbIndex(entries, limits), entries, tags: new Set(entries.flatMap((e) => e.tags)) };
}

function groupBy<T extends { idSkill: string }>(rows: readonly T[], order?: (a: T, b: T) => number): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.idSkill);
    if (list) list.push(row);
    else map.set(row.idSkill, [row]);
  }
  if (order) for (const list of map.values()) list.sort(order);
  return map;
}

/**
 * The bot with the given model (null: a bot with no training phrase answers by keywords, tokens and
 * fallback only). `limits` bound the knowledge base's build when it runs in a worker thread.
 */
export async function compileBot(key: string, definition: BotDefinition, model: IntentModel | null, limits?: TrainingLimits): Promise<CompiledBot> {
  const kb = await knowledgeBase(definition.skills, limits);
  return {
    key,
    definition,
    model,
    matcher: new Matcher(matchSkills(flowSkills(definition.skills)), model),
    entities: new EntityExtractor(definition.entidades),
    skills: new Map(definition.skills.map((s) => [s.id, s])),
    actions: groupBy(definition.acciones, (a, b) => a.ord - b.ord || (a.id < b.id ? -1 : 1)),
    requirements: groupBy(definition.requerimientos),
    kb,
  };
}

export function modelFromJson(json: string | null): IntentModel | null {
  return json ? IntentModel.fromJSON(JSON.parse(json) as SerializedModel) : null;
}

/** What identifies a working definition's content (its regression tests aside: saving one changes no answer). */
export function definitionHash(definition: BotDefinition): string {
  const { pruebas: _pruebas, ...answering } = definition;
  return createHash('sha256').update(JSON.stringify(answering)).digest('base64url');
}

/** A small least-recently-used cache of compiled bots. */
export class BotCache {
  private readonly entries = new Map<string, CompiledBot>();
  constructor(private readonly capacity: number) {}

  get(key: string): CompiledBot | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(bot: CompiledBot): void {
    this.entries.delete(bot.key);
    this.entries.set(bot.key, bot);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
