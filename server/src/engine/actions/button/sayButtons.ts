// A BUTTON message: the title filled from memory and the buttons; a quick reply says so.
import type { Button } from '../../../../../common/schemas/skills';
import { fillTemplate } from '../../template';
import type { ActionTurn } from '../kind';
import { chatButtons, str } from '../shared';

export function sayButtons(turn: ActionTurn, idSkill: string, c: { title?: string; buttons?: Button[]; invalidOption?: string }, quick: boolean): void {
  turn.say({ type: 'BUTTON', title: fillTemplate(str(c.title), turn.state.memory), buttons: chatButtons(c.buttons, turn.state.memory), ...(quick ? { quick: true } : {}) }, idSkill);
  turn.offer(c.buttons ?? [], str(c.invalidOption));
}
