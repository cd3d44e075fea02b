// 'Buscar skill': matches skill names ignoring case and accents ("intencion" finds "Intención"),
// names that start with the query first.
import type { SkillSummary } from './diagramModel';

/** Lower case, without accents or surrounding spaces. */
export const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

export interface SearchEntry {
  skill: SkillSummary;
  key: string;
}

/** Normalises every name once, so each keystroke only compares. */
export const searchIndex = (skills: readonly SkillSummary[]): SearchEntry[] => skills.map((skill) => ({ skill, key: normalize(skill.nm) }));

/** Up to `limit` skills whose name contains the query: prefix matches first, then by name. */
export function matchSkills(index: readonly SearchEntry[], query: string, limit = 20): SkillSummary[] {
  const wanted = normalize(query);
  if (!wanted) return [];
  const prefix: SearchEntry[] = [];
  const inside: SearchEntry[] = [];
  for (const entry of index) {
    const at = entry.key.indexOf(wanted);
    if (at === 0) prefix.push(entry);
    else if (at > 0) inside.push(entry);
  }
  const byName = (a: SearchEntry, b: SearchEntry) => a.key.localeCompare(b.key);
  return [...prefix.sort(byName), ...inside.sort(byName)].slice(0, limit).map((entry) => entry.skill);
}
