// CAROUSEL: the cards side by side; every card's postbacks are offered.
import type { ChatCard } from '../../../../../common/schemas/chat';
import { fillTemplate } from '../../template';
import type { AccionRun } from '../kind';
import { chatButtons, listOf } from '../shared';

export const carousel = {
  type: 'CAROUSEL',
  run(turn, skill, { cfg: c }) {
    const cards = listOf(c.carousel).map(
      (card): ChatCard => ({
        title: fillTemplate(card.title, turn.state.memory),
        subtitle: fillTemplate(card.subtitle, turn.state.memory),
        ...(card.imageUrl ? { image_url: turn.image(card.imageUrl) } : {}),
        buttons: chatButtons(card.buttons, turn.state.memory),
      }),
    );
    turn.say({ type: 'CAROUSEL', carousel: cards }, skill.id);
    for (const card of c.carousel ?? []) turn.offer(card.buttons, card.invalidOption);
    return true;
  },
} satisfies AccionRun<'CAROUSEL'>;
