// TEXT: one of the texts, chosen at random (a blank one never).
import type { AccionRun } from '../kind';
import { listOf } from '../shared';

const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

export const text = {
  type: 'TEXT',
  run(turn, skill, action) {
    const chosen = pick(listOf(action.cfg.text).filter((t) => t.trim()));
    if (chosen) turn.text(chosen, skill.id);
    return true;
  },
} satisfies AccionRun<'TEXT'>;
