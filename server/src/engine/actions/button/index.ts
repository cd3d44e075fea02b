// BUTTON: a text with buttons under it; its postbacks are offered.
import type { AccionRun } from '../kind';
import { sayButtons } from './sayButtons';

export const button = {
  type: 'BUTTON',
  run(turn, skill, { cfg }) {
    sayButtons(turn, skill.id, cfg, false);
    return true;
  },
} satisfies AccionRun<'BUTTON'>;
