// The bot's answer as one Google Chat message (the event's reply holds exactly one): plain texts
// joined in `text`, and everything with buttons or an image as cards v2, one card per text with
// buttons, image, card or carousel item. A postback button calls our action with the postback and
// its title as parameters; links open in the browser; phone numbers are lines of text. A card's
// texts are Chat's HTML subset, escaped, so nothing the bot says is read as markup.
import type { ChatButton, ChatMessage } from '../../../../common/schemas/chat';
import { buttonData, cut, webUrl } from '../adapter';

export const GOOGLE_LIMITS = { text: 4096, postback: 1000, buttonText: 100, cards: 100 } as const;
/** The action a postback button calls, read back from CARD_CLICKED. */
export const GOOGLE_ACTION = 'quipu';
export const ACTION_PARAMS = { postback: 'postback', title: 'title' } as const;

export interface GoogleButton {
  text: string;
  onClick: { action: { function: string; parameters: Array<{ key: string; value: string }> } } | { openLink: { url: string } };
}

export type GoogleWidget =
  | { textParagraph: { text: string } }
  | { image: { imageUrl: string; altText: string } }
  | { buttonList: { buttons: GoogleButton[] } };

export interface GoogleCard {
  cardId: string;
  card: { header?: { title: string; subtitle?: string }; sections: Array<{ widgets: GoogleWidget[] }> };
}

export type GoogleMessage = {
  text?: string;
  cardsV2?: GoogleCard[];
};

/** Chat reads &, < and > in a card's text as HTML. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const joined = (...parts: Array<string | undefined>) => parts.filter((p) => p?.trim()).join('\n');

/** Postbacks and links as buttons; phone numbers and addresses that are not web links as lines of text. */
function buttonsOf(buttons: readonly ChatButton[]): { buttons: GoogleButton[]; lines: string[] } {
  const out: GoogleButton[] = [];
  const lines: string[] = [];
  for (const b of buttons) {
    const text = cut(b.title || '·', GOOGLE_LIMITS.buttonText);
    if (b.type === 'WEB_URL') {
      const url = webUrl(b.value);
      if (url) out.push({ text, onClick: { openLink: { url } } });
      else if (b.value) lines.push(`${b.title}: ${b.value}`);
    } else if (b.type === 'CALL') {
      if (b.value) lines.push(`${b.title}: ${b.value}`);
    } else {
      const parameters = [{ key: ACTION_PARAMS.postback, value: buttonData(b.value ?? '', GOOGLE_LIMITS.postback) }, { key: ACTION_PARAMS.title, value: b.title }];
      out.push({ text, onClick: { action: { function: GOOGLE_ACTION, parameters } } });
    }
  }
  return { buttons: out, lines };
}

/** A card of an image, a text and buttons, under a header when it has a title; none when all are empty. */
function card(parts: { title?: string; subtitle?: string; text?: string; image?: string; buttons: readonly ChatButton[] }): Omit<GoogleCard, 'cardId'> | undefined {
  const { buttons, lines } = buttonsOf(parts.buttons);
  const photo = webUrl(parts.image);
  const body = joined(parts.text, ...lines);
  const widgets: GoogleWidget[] = [
    ...(photo ? [{ image: { imageUrl: photo, altText: parts.title || body || 'imagen' } }] : []),
    ...(body ? [{ textParagraph: { text: escapeHtml(body) } }] : []),
    ...(buttons.length ? [{ buttonList: { buttons } }] : []),
  ];
  const heading = joined(parts.title, parts.subtitle);
  // A card needs a widget: a title alone is its text.
  if (!widgets.length) return heading ? { card: { sections: [{ widgets: [{ textParagraph: { text: escapeHtml(heading) } }] }] } } : undefined;
  const header = parts.title ? { header: { title: parts.title, ...(parts.subtitle ? { subtitle: parts.subtitle } : {}) } } : {};
  return { card: { ...header, sections: [{ widgets }] } };
}

/** One message's share of the answer: a text, or a card. */
function piece(m: ChatMessage): Array<string | Omit<GoogleCard, 'cardId'> | undefined> {
  const buttons = m.buttons ?? [];
  switch (m.type) {
    case 'TEXT':
      return [buttons.length ? card({ text: m.text, buttons }) : m.text];
    case 'BUTTON':
      return [card({ text: m.title ?? m.text, buttons })];
    case 'IMAGE':
      return [webUrl(m.image_url) || buttons.length ? card({ text: m.text ?? m.title, image: m.image_url, buttons }) : m.text ?? m.title];
    case 'CARD':
      return [card({ title: m.title, subtitle: m.subtitle, image: m.image_url, buttons })];
    case 'CAROUSEL':
      return (m.carousel ?? []).map((c) => card({ title: c.title, subtitle: c.subtitle, image: c.image_url, buttons: c.buttons }));
    default:
      return [m.text];
  }
}

export function toGoogle(messages: readonly ChatMessage[]): GoogleMessage {
  const texts: string[] = [];
  const cards: GoogleCard[] = [];
  for (const part of messages.flatMap(piece)) {
    if (typeof part === 'string') {
      if (part.trim()) texts.push(part);
    } else if (part && cards.length < GOOGLE_LIMITS.cards) {
      cards.push({ cardId: `quipu-${cards.length}`, ...part });
    }
  }
  const text = texts.join('\n\n');
  return { ...(text ? { text: cut(text, GOOGLE_LIMITS.text) } : {}), ...(cards.length ? { cardsV2: cards } : {}) };
}
