// GO_SKILL: the values go to memory, then the skill named runs (never the same one); this skill ends.
import { fillTemplate } from '../../template';
import type { AccionRun } from '../kind';
import { str } from '../shared';

export const goSkill = {
  type: 'GO_SKILL',
  async run(turn, skill, { cfg: c }) {
    const target = turn.bot.skills.get(str(c.sk));
    for (const kv of c.fields ?? []) if (kv.k.trim()) turn.state.memory[kv.k.trim()] = fillTemplate(kv.v, turn.state.memory);
    if (target && target.id !== skill.id) await turn.run(target);
    return false;
  },
} satisfies AccionRun<'GO_SKILL'>;
