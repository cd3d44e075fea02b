// QUICK_REPLY: sent as a BUTTON message marked quick; its postbacks are offered.
import { sayButtons } from '../button/sayButtons';
import type { AccionRun } from '../kind';

export const quickReply = {
  type: 'QUICK_REPLY',
  run(turn, skill, { cfg }) {
    sayButtons(turn, skill.id, cfg, true);
    return true;
  },
} satisfies AccionRun<'QUICK_REPLY'>;
