// The bot's messages as direct-message texts. X's API v2 direct messages carry text and media, no
// quick replies: a postback button becomes a numbered line ('1. Ver precios'), numbered across the
// whole answer in the order the engine offers them, so a typed number maps back to that button
// (receive.ts); links and calls become 'title: value' lines, images their address.
import type { ChatButton, ChatMessage } from '../../../../common/schemas/chat';
import { split, webUrl } from '../adapter';

/** A direct message's text limit, in characters. */
export const TWITTER_DM_MAX = 10_000;

const joined = (...parts: Array<string | undefined>) => parts.filter((p) => p?.trim()).join('\n');

export function toTwitter(messages: readonly ChatMessage[]): string[] {
  let number = 0;
  const lines = (buttons: readonly ChatButton[] | undefined): string[] =>
    (buttons ?? []).flatMap((b) => {
      if (b.type === 'WEB_URL' || b.type === 'CALL') return b.value ? [`${b.title}: ${b.type === 'WEB_URL' ? (webUrl(b.value) ?? b.value) : b.value}`] : [];
      number += 1;
      return [`${number}. ${b.title}`];
    });
  const card = (c: { title?: string; subtitle?: string; image_url?: string; buttons?: readonly ChatButton[] }) => joined(c.title, c.subtitle, webUrl(c.image_url), ...lines(c.buttons));
  const texts = messages.map((m): string => {
    switch (m.type) {
      case 'TEXT':
        return joined(m.text, ...lines(m.buttons));
      case 'BUTTON':
        return joined(m.title ?? m.text, ...lines(m.buttons));
      case 'IMAGE':
        return card({ title: m.text ?? m.title, image_url: m.image_url, buttons: m.buttons });
      case 'CARD':
        return card(m);
      case 'CAROUSEL':
        return (m.carousel ?? []).map((c) => card(c)).filter(Boolean).join('\n\n');
      default:
        return m.text ?? '';
    }
  });
  return texts.filter((t) => t.trim()).flatMap((t) => split(t, TWITTER_DM_MAX));
}
