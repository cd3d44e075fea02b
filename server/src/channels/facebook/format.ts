// The bot's messages as Messenger Send API messages: texts; up to 3 buttons in a button template
// (links as web_url, postbacks with their value, by title when too long, calls as phone_number),
// more as quick replies (up to 13); cards and carousels as generic templates (up to 10 cards, 3
// buttons each); images as attachments.
import type { ChatButton, ChatMessage } from '../../../../common/schemas/chat';
import { buttonData, cut, split, webUrl } from '../adapter';

export const MESSENGER_LIMITS = {
  text: 2000,
  templateText: 640,
  buttons: 3,
  buttonTitle: 20,
  payload: 1000,
  quickReplies: 13,
  elements: 10,
  elementText: 80,
} as const;
export const CHOOSE = 'Elija una opción';

type Button = { type: 'web_url'; url: string; title: string } | { type: 'postback'; title: string; payload: string } | { type: 'phone_number'; title: string; payload: string };
interface Element {
  title: string;
  subtitle?: string;
  image_url?: string;
  buttons?: Button[];
}

interface TextContent {
  text: string;
  quick_replies?: Array<{ content_type: 'text'; title: string; payload: string }>;
}

/** A Send API `message`. */
export type MessengerContent =
  | TextContent
  | { attachment: { type: 'image'; payload: { url: string; is_reusable: true } } }
  | { attachment: { type: 'template'; payload: { template_type: 'button'; text: string; buttons: Button[] } | { template_type: 'generic'; elements: Element[] } } };

const joined = (...parts: Array<string | undefined>) => parts.filter((p) => p?.trim()).join('\n');

const texts = (body: string): MessengerContent[] => split(body, MESSENGER_LIMITS.text).filter(Boolean).map((text) => ({ text }));

const isLink = (b: ChatButton) => b.type === 'WEB_URL' || b.type === 'CALL';

/** A button as Messenger's; a link that is not http(s) has none (its line goes in the text). */
function toButton(b: ChatButton, i: number): Button | undefined {
  const title = cut(b.title, MESSENGER_LIMITS.buttonTitle);
  if (b.type === 'WEB_URL') {
    const url = webUrl(b.value);
    return url ? { type: 'web_url', url, title } : undefined;
  }
  if (b.type === 'CALL') return b.value ? { type: 'phone_number', title, payload: b.value } : undefined;
  return { type: 'postback', title, payload: buttonData(b.value ?? '', MESSENGER_LIMITS.payload, `:${i}`) };
}

/** A text with its buttons: a button template when they fit, else the text with quick replies (postbacks) and links as lines. */
function withButtons(text: string, buttons: readonly ChatButton[]): MessengerContent[] {
  if (!buttons.length) return texts(text);
  const shaped = buttons.map(toButton);
  const body = text || CHOOSE;
  if (buttons.length <= MESSENGER_LIMITS.buttons && shaped.every(Boolean) && [...body].length <= MESSENGER_LIMITS.templateText) {
    return [{ attachment: { type: 'template', payload: { template_type: 'button', text: body, buttons: shaped as Button[] } } }];
  }
  const postbacks = buttons.map((b, i) => [b, i] as const).filter(([b]) => !isLink(b));
  const lines = buttons.filter((b) => isLink(b) && b.value).map((b) => `${b.title}: ${b.value}`);
  const pieces = texts(joined(text, ...lines) || CHOOSE);
  const last = pieces[pieces.length - 1] as TextContent;
  if (postbacks.length) {
    last.quick_replies = postbacks.slice(0, MESSENGER_LIMITS.quickReplies).map(([b, i]) => ({ content_type: 'text', title: cut(b.title, MESSENGER_LIMITS.buttonTitle), payload: buttonData(b.value ?? '', MESSENGER_LIMITS.payload, `:${i}`) }));
  }
  return pieces;
}

/** A card as a generic template's element: its first 3 buttons that Messenger can show. */
function element(card: { title?: string; subtitle?: string; image_url?: string; buttons?: readonly ChatButton[] }): Element {
  const buttons = (card.buttons ?? []).map(toButton).filter((b): b is Button => !!b).slice(0, MESSENGER_LIMITS.buttons);
  const image = webUrl(card.image_url);
  return {
    title: cut(card.title?.trim() || card.subtitle?.trim() || ' ', MESSENGER_LIMITS.elementText),
    ...(card.subtitle?.trim() && card.title?.trim() ? { subtitle: cut(card.subtitle, MESSENGER_LIMITS.elementText) } : {}),
    ...(image ? { image_url: image } : {}),
    ...(buttons.length ? { buttons } : {}),
  };
}

function generic(cards: ReadonlyArray<Parameters<typeof element>[0]>): MessengerContent[] {
  const out: MessengerContent[] = [];
  for (let i = 0; i < cards.length; i += MESSENGER_LIMITS.elements) {
    out.push({ attachment: { type: 'template', payload: { template_type: 'generic', elements: cards.slice(i, i + MESSENGER_LIMITS.elements).map(element) } } });
  }
  return out;
}

export function toMessenger(messages: readonly ChatMessage[]): MessengerContent[] {
  return messages.flatMap((m): MessengerContent[] => {
    switch (m.type) {
      case 'TEXT':
        return withButtons(m.text ?? '', m.buttons ?? []);
      case 'BUTTON':
        return withButtons(m.title ?? m.text ?? '', m.buttons ?? []);
      case 'IMAGE': {
        const url = webUrl(m.image_url);
        const caption = m.text ?? m.title ?? '';
        return [...(url ? [{ attachment: { type: 'image', payload: { url, is_reusable: true } } } as const] : []), ...(caption || m.buttons?.length ? withButtons(caption, m.buttons ?? []) : [])];
      }
      case 'CARD':
        return generic([m]);
      case 'CAROUSEL':
        return generic(m.carousel ?? []);
      default:
        return m.text ? texts(m.text) : [];
    }
  });
}
