// The bot's messages as WhatsApp Cloud API messages: texts, images with a caption, and buttons as
// interactive reply buttons (up to 3, titles up to 20 characters, a card's image as their header)
// or a list (up to 10 rows), else a text listing the options, which the client answers by writing
// one (the engine takes a typed title as the button). Links and phone numbers go in the text.
import type { ChatButton, ChatMessage } from '../../../../common/schemas/chat';
import { BY_TITLE, buttonData, split, webUrl } from '../adapter';

export const WHATSAPP_LIMITS = {
  text: 4096,
  body: 1024,
  caption: 1024,
  buttons: 3,
  buttonTitle: 20,
  replyId: 256,
  rows: 10,
  rowTitle: 24,
  rowId: 200,
} as const;
export const CHOOSE = 'Elija una opción';
export const LIST_BUTTON = 'Ver opciones';
export const WRITE_ONE = 'Escriba la opción que prefiera.';

type Interactive =
  | { type: 'button'; header?: { type: 'image'; image: { link: string } }; body: { text: string }; action: { buttons: Array<{ type: 'reply'; reply: { id: string; title: string } }> } }
  | { type: 'list'; body: { text: string }; action: { button: string; sections: Array<{ rows: Array<{ id: string; title: string }> }> } };

/** A Cloud API message without its recipient. */
export type WhatsappContent =
  | { type: 'text'; text: { body: string; preview_url: boolean } }
  | { type: 'image'; image: { link: string; caption?: string } }
  | { type: 'interactive'; interactive: Interactive };

const joined = (...parts: Array<string | undefined>) => parts.filter((p) => p?.trim()).join('\n');
const length = (text: string) => [...text].length;

const texts = (body: string): WhatsappContent[] =>
  split(body, WHATSAPP_LIMITS.text).filter(Boolean).map((piece) => ({ type: 'text', text: { body: piece, preview_url: false } }));

/** Reply ids, unique within the message: a postback that does not fit (or repeats) travels by title. */
function ids(postbacks: readonly ChatButton[], max: number): string[] {
  const seen = new Set<string>();
  return postbacks.map((b, i) => {
    let id = buttonData(b.value ?? '', max, `:${i}`);
    if (seen.has(id)) id = `${BY_TITLE}:${i}`;
    seen.add(id);
    return id;
  });
}

/** A text (and a card's image) with its buttons, in the richest form they fit. */
function withButtons(text: string, buttons: readonly ChatButton[], image?: string): WhatsappContent[] {
  const postbacks = buttons.filter((b) => b.type !== 'WEB_URL' && b.type !== 'CALL');
  const lines = buttons.filter((b) => (b.type === 'WEB_URL' || b.type === 'CALL') && b.value).map((b) => `${b.title}: ${b.value}`);
  const body = joined(text, ...lines);
  const photo = webUrl(image);
  if (!postbacks.length) {
    if (photo && length(body) <= WHATSAPP_LIMITS.caption) return [{ type: 'image', image: { link: photo, ...(body ? { caption: body } : {}) } }];
    return [...(photo ? [{ type: 'image', image: { link: photo } } as const] : []), ...texts(body)];
  }
  const shortBody = length(body || CHOOSE) <= WHATSAPP_LIMITS.body;
  if (shortBody && postbacks.length <= WHATSAPP_LIMITS.buttons && postbacks.every((b) => length(b.title) <= WHATSAPP_LIMITS.buttonTitle)) {
    const replyIds = ids(postbacks, WHATSAPP_LIMITS.replyId);
    return [{
      type: 'interactive',
      interactive: {
        type: 'button',
        ...(photo ? { header: { type: 'image', image: { link: photo } } } : {}),
        body: { text: body || CHOOSE },
        action: { buttons: postbacks.map((b, i) => ({ type: 'reply', reply: { id: replyIds[i], title: b.title } })) },
      },
    }];
  }
  const before: WhatsappContent[] = photo ? [{ type: 'image', image: { link: photo } }] : [];
  if (shortBody && postbacks.length <= WHATSAPP_LIMITS.rows && postbacks.every((b) => length(b.title) <= WHATSAPP_LIMITS.rowTitle)) {
    const rowIds = ids(postbacks, WHATSAPP_LIMITS.rowId);
    return [...before, {
      type: 'interactive',
      interactive: { type: 'list', body: { text: body || CHOOSE }, action: { button: LIST_BUTTON, sections: [{ rows: postbacks.map((b, i) => ({ id: rowIds[i], title: b.title })) }] } },
    }];
  }
  const options = postbacks.map((b) => `• ${b.title}`).join('\n');
  return [...before, ...texts(`${body || CHOOSE}\n\n${options}\n\n${WRITE_ONE}`)];
}

export function toWhatsapp(messages: readonly ChatMessage[]): WhatsappContent[] {
  return messages.flatMap((m): WhatsappContent[] => {
    switch (m.type) {
      case 'TEXT':
        return withButtons(m.text ?? '', m.buttons ?? []);
      case 'BUTTON':
        return withButtons(m.title ?? m.text ?? '', m.buttons ?? []);
      case 'IMAGE':
        return withButtons(m.text ?? m.title ?? '', m.buttons ?? [], m.image_url);
      case 'CARD':
        return withButtons(joined(m.title, m.subtitle), m.buttons ?? [], m.image_url);
      case 'CAROUSEL':
        return (m.carousel ?? []).flatMap((card) => withButtons(joined(card.title, card.subtitle), card.buttons, card.image_url));
      default:
        return m.text ? texts(m.text) : [];
    }
  }).filter((c) => c.type !== 'text' || c.text.body !== '');
}

