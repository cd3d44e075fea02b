// 'Ver uso': what POST /dashboard/uso answers, per skill, as the diagram's nodes show it. Pure.
import type { SkillUsage } from '../../../api/dashboard';
import { flujoTexts } from '../../../i18n/esFlujo';

const TEXTS = flujoTexts.flujo;

export interface SkillUso {
  /** Sessions in which the skill answered at least once. */
  llegan: number;
  /** Sessions whose latest answer was the skill's (a session that goes on moves its end). */
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

export const usoText = (uso: SkillUso) => ({ llegan: `${TEXTS.llegan}: ${uso.llegan}`, terminan: `${TEXTS.terminan}: ${uso.terminan}` });

/** The zoom the diagram opens at is never below this (it fits the diagram between this and 1). */
export const OPENING_MIN_ZOOM = 0.5;
/** How big the numbers read on screen, at least, at any zoom the diagram opens at. */
export const USO_SCREEN_PX = 12;

/**
 * The numbers' font size in the diagram (px) at `zoom`: larger as the diagram is zoomed out, so that
 * on screen they stay USO_SCREEN_PX down to the opening zoom; only zooming out further shrinks them.
 */
export const usoFontPx = (zoom: number) => USO_SCREEN_PX / Math.min(1, Math.max(zoom, OPENING_MIN_ZOOM));
