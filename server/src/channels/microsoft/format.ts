// The bot's messages as Bot Framework message activities for Teams: a text alone as plain text (so
// nothing the bot says is read as markup); buttons, cards and images as an Adaptive Card, whose
// postback buttons are Action.Submit carrying the postback (by title when it is longer than
// TEAMS_LIMITS.postback) and the button's title in `data`, and whose links are Action.OpenUrl;
// a carousel as one activity whose cards are laid out as a carousel. Phone numbers and links that
// are not http(s) go as lines of the card's text, as on the other channels.
import type { ChatButton, ChatCard, ChatMessage } from '../../../../common/schemas/chat';
import { buttonData, cut, split, webUrl } from '../adapter';
import { POSTBACK_KEY, TITLE_KEY } from './receive';

/**
 * A text's piece (Teams takes about 28 KB a message), a postback carried whole (bytes), the actions
 * Teams shows in one row of a card, and the cards of one carousel.
 */
export const TEAMS_LIMITS = { text: 7000, postback: 1000, actionsPerSet: 6, carouselCards: 10, buttonTitle: 100 } as const;
export const CHOOSE = 'Elija una opción';
export const ADAPTIVE_CARD = 'application/vnd.microsoft.card.adaptive';
/** The Adaptive Cards version every Teams client (desktop, web and mobile) renders. */
export const CARD_VERSION = '1.2';

type CardElement =
  | { type: 'TextBlock'; text: string; wrap: true; weight?: 'Bolder'; size?: 'Medium'; isSubtle?: true }
  | { type: 'Image'; url: string; altText?: string; size?: 'Stretch' }
  | { type: 'ActionSet'; actions: CardAction[] };

export type CardAction =
  | { type: 'Action.Submit'; title: string; data: Record<string, string> }
  | { type: 'Action.OpenUrl'; title: string; url: string };

export interface AdaptiveCardAttachment {
  contentType: typeof ADAPTIVE_CARD;
  content: { type: 'AdaptiveCard'; $schema: string; version: string; body: CardElement[] };
}

/** A message activity without its addressing (conversation, replyToId), which send.ts adds. */
export interface TeamsActivity {
  type: 'message';
  text?: string;
  textFormat?: 'plain';
  attachmentLayout?: 'carousel';
  attachments?: AdaptiveCardAttachment[];
}

const joined = (...parts: Array<string | undefined>) => parts.filter((p) => p?.trim()).join('\n');

const texts = (body: string): TeamsActivity[] =>
  split(body, TEAMS_LIMITS.text).filter(Boolean).map((piece) => ({ type: 'message', textFormat: 'plain', text: piece }));

/** Postbacks and links as actions; phone numbers and other addresses as lines of text. */
function actions(buttons: readonly ChatButton[]): { actions: CardAction[]; lines: string[] } {
  const out: CardAction[] = [];
  const lines: string[] = [];
  buttons.forEach((b, i) => {
    const title = cut(b.title || '·', TEAMS_LIMITS.buttonTitle);
    if (b.type === 'WEB_URL') {
      const url = webUrl(b.value);
      if (url) out.push({ type: 'Action.OpenUrl', title, url });
      else if (b.value) lines.push(`${b.title}: ${b.value}`);
    } else if (b.type === 'CALL') {
      if (b.value) lines.push(`${b.title}: ${b.value}`);
    } else {
      out.push({ type: 'Action.Submit', title, data: { [POSTBACK_KEY]: buttonData(b.value ?? '', TEAMS_LIMITS.postback, `:${i}`), [TITLE_KEY]: b.title } });
    }
  });
  return { actions: out, lines };
}

interface CardParts {
  title?: string;
  subtitle?: string;
  text?: string;
  image?: string;
  buttons: readonly ChatButton[];
}

function card({ title, subtitle, text, image, buttons }: CardParts): AdaptiveCardAttachment {
  const { actions: all, lines } = actions(buttons);
  const photo = webUrl(image);
  const body: CardElement[] = [];
  if (photo) body.push({ type: 'Image', url: photo, size: 'Stretch', ...(title || text ? { altText: cut(title || text || '', 200) } : {}) });
  if (title?.trim()) body.push({ type: 'TextBlock', text: cut(title, TEAMS_LIMITS.text), wrap: true, weight: 'Bolder', size: 'Medium' });
  if (subtitle?.trim()) body.push({ type: 'TextBlock', text: cut(subtitle, TEAMS_LIMITS.text), wrap: true, isSubtle: true });
  const words = joined(text, ...lines) || (!title?.trim() && !subtitle?.trim() && all.length ? CHOOSE : '');
  if (words) body.push({ type: 'TextBlock', text: cut(words, TEAMS_LIMITS.text), wrap: true });
  for (let i = 0; i < all.length; i += TEAMS_LIMITS.actionsPerSet) body.push({ type: 'ActionSet', actions: all.slice(i, i + TEAMS_LIMITS.actionsPerSet) });
  return { contentType: ADAPTIVE_CARD, content: { type: 'AdaptiveCard', $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', version: CARD_VERSION, body } };
}

const cardActivity = (parts: CardParts): TeamsActivity => ({ type: 'message', attachments: [card(parts)] });

/** Plain text when there is nothing but words (phone numbers among them), else a card. */
function cardOrText(parts: CardParts): TeamsActivity[] {
  const { actions: all, lines } = actions(parts.buttons);
  if (!all.length && !webUrl(parts.image)) return texts(joined(parts.title, parts.subtitle, parts.text, ...lines));
  return [cardActivity(parts)];
}

function carousel(cards: readonly ChatCard[]): TeamsActivity[] {
  const out: TeamsActivity[] = [];
  for (let i = 0; i < cards.length; i += TEAMS_LIMITS.carouselCards) {
    const attachments = cards.slice(i, i + TEAMS_LIMITS.carouselCards).map((c) => card({ title: c.title, subtitle: c.subtitle, image: c.image_url, buttons: c.buttons }));
    out.push({ type: 'message', attachmentLayout: 'carousel', attachments });
  }
  return out;
}

export function toTeams(messages: readonly ChatMessage[]): TeamsActivity[] {
  return messages.flatMap((m): TeamsActivity[] => {
    switch (m.type) {
      case 'TEXT':
        return cardOrText({ text: m.text, buttons: m.buttons ?? [] });
      case 'BUTTON':
        return cardOrText({ text: m.title ?? m.text, buttons: m.buttons ?? [] });
      case 'IMAGE':
        return cardOrText({ text: m.text ?? m.title, image: m.image_url, buttons: m.buttons ?? [] });
      case 'CARD':
        return cardOrText({ title: m.title, subtitle: m.subtitle, image: m.image_url, buttons: m.buttons ?? [] });
      case 'CAROUSEL':
        return carousel(m.carousel ?? []);
      default:
        return m.text ? texts(m.text) : [];
    }
  });
}
