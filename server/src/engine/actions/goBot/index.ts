// GO_BOT: another bot of the company takes the conversation and answers the value `sk`; a bot that
// cannot answer is skipped and the skill goes on.
import { fillTemplate } from '../../template';
import type { AccionRun } from '../kind';
import { str } from '../shared';

export const goBot = {
  type: 'GO_BOT',
  callsOut: true,
  async run(turn, _skill, { cfg: c }) {
    const other = await turn.ctx.resolveBot(str(c.b));
    if (!other) return true;
    turn.bot = other;
    turn.state.bot = other.definition.bot.id;
    delete turn.state.pending;
    delete turn.state.options;
    const value = str(c.sk).trim();
    if (value) await turn.answer({ text: fillTemplate(value, turn.state.memory) });
    return false;
  },
} satisfies AccionRun<'GO_BOT'>;
