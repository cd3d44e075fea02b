// 'Ver uso': what POST /dashboard/uso answers, per skill, as the diagram's nodes show it. Pure.
import type { SkillUsage } from '../../../api/dashboard';

export interface SkillUso {
  /** Sessions that reached the skill. */
  llegan: number;
  /** Sessions whose last answer was the skill's. */
  terminan: number;
  /** llegan against the most reached skill's, 0 to 1: the node's bar. */
  share: number;
}

export type UsageMap = ReadonlyMap<string, SkillUso>;

const NONE: SkillUso = Object.freeze({ llegan: 0, terminan: 0, share: 0 });

/** Every answered skill with its numbers; a skill the answer leaves out reads 0 (usoOf). */
export function toUsageMap(rows: SkillUsage): UsageMap {
  const most = rows.reduce((max, row) => Math.max(max, row.llegan), 0);
  return new Map(rows.map((row) => [row.idSkill, { llegan: row.llegan, terminan: row.terminan, share: most > 0 ? row.llegan / most : 0 }]));
}

/** A skill's numbers, the same object each time for the same map (so its node does not render again). */
export const usoOf = (usage: UsageMap, idSkill: string): SkillUso => usage.get(idSkill) ?? NONE;

export const usoText = (uso: SkillUso) => ({ llegan: `Llegan: ${uso.llegan}`, terminan: `Terminan: ${uso.terminan}` });
