// GO_HUMAN: the conversation waits for a person (and `b`, when given, takes it back); the bot says so.
import { CHAT_MESSAGES } from '../../../../../common/schemas/chat';
import type { AccionRun } from '../kind';
import { str } from '../shared';

export const goHuman = {
  type: 'GO_HUMAN',
  run(turn, skill, { cfg: c }) {
    turn.state.human = { since: turn.ctx.now.toISOString(), ...(str(c.b) ? { back: str(c.b) } : {}) };
    delete turn.state.pending;
    delete turn.state.options;
    turn.text(CHAT_MESSAGES.humano, skill.id);
    return false;
  },
} satisfies AccionRun<'GO_HUMAN'>;
