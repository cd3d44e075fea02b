// CARD: one card with its image, texts filled from memory and buttons; its postbacks are offered.
import { fillTemplate } from '../../template';
import type { AccionRun } from '../kind';
import { chatButtons, str } from '../shared';

export const card = {
  type: 'CARD',
  run(turn, skill, { cfg: c }) {
    turn.say({
      type: 'CARD',
      ...(str(c.imageUrl) ? { image_url: turn.image(str(c.imageUrl)) } : {}),
      title: fillTemplate(str(c.title), turn.state.memory),
      subtitle: fillTemplate(str(c.subTitle), turn.state.memory),
      buttons: chatButtons(c.buttons, turn.state.memory),
    }, skill.id);
    turn.offer(c.buttons ?? [], str(c.invalidOption));
    return true;
  },
} satisfies AccionRun<'CARD'>;
