// The bot's messages as chat.postMessage arguments: texts as text, buttons as an actions block
// (postbacks in `value`, links as url buttons), cards and images as image and section blocks, a
// carousel as one card after another. Sections are plain_text, so nothing the bot says is read as
// Slack markup; `text` is the fallback notifications show.
import type { ActionsBlock, Button, KnownBlock } from '@slack/web-api';
import type { ChatButton, ChatMessage } from '../../../../common/schemas/chat';
import { buttonData, cut, split, webUrl } from '../adapter';

export const SLACK_LIMITS = { section: 3000, buttonText: 75, value: 2000, elements: 25, altText: 2000, text: 40_000 } as const;
export const CHOOSE = 'Elija una opción';

export interface SlackPost {
  text: string;
  blocks?: KnownBlock[];
}

/** Slack reads &, < and > in `text` as markup; these are its escapes. */
export const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const joined = (...parts: Array<string | undefined>) => parts.filter((p) => p?.trim()).join('\n');

/** Postbacks and links as buttons (25 to an actions block); phone numbers as lines of text. */
function actions(buttons: readonly ChatButton[]): { blocks: ActionsBlock[]; lines: string[] } {
  const elements: Button[] = [];
  const lines: string[] = [];
  buttons.forEach((b, i) => {
    const text = { type: 'plain_text' as const, text: cut(b.title || '·', SLACK_LIMITS.buttonText), emoji: true };
    if (b.type === 'WEB_URL') {
      const url = webUrl(b.value);
      if (url) elements.push({ type: 'button', text, url, action_id: `quipu-${i}` });
      else if (b.value) lines.push(`${b.title}: ${b.value}`);
    } else if (b.type === 'CALL') {
      if (b.value) lines.push(`${b.title}: ${b.value}`);
    } else {
      elements.push({ type: 'button', text, value: buttonData(b.value ?? '', SLACK_LIMITS.value), action_id: `quipu-${i}` });
    }
  });
  const blocks: ActionsBlock[] = [];
  for (let i = 0; i < elements.length; i += SLACK_LIMITS.elements) blocks.push({ type: 'actions', elements: elements.slice(i, i + SLACK_LIMITS.elements) });
  return { blocks, lines };
}

const sections = (text: string): KnownBlock[] =>
  split(text, SLACK_LIMITS.section).filter(Boolean).map((piece) => ({ type: 'section', text: { type: 'plain_text', text: piece, emoji: true } }));

/** A text, a card's image, and buttons, as one post. */
function post(text: string, buttons: readonly ChatButton[], image?: string, alt?: string): SlackPost {
  const { blocks: actionBlocks, lines } = actions(buttons);
  const body = joined(text, ...lines);
  const photo = webUrl(image);
  if (!photo && !actionBlocks.length) return { text: escapeText(cut(body, SLACK_LIMITS.text)) };
  const blocks: KnownBlock[] = [
    ...(photo ? [{ type: 'image', image_url: photo, alt_text: cut(alt || body || 'imagen', SLACK_LIMITS.altText) } as const] : []),
    ...sections(body || (actionBlocks.length ? CHOOSE : '')),
    ...actionBlocks,
  ];
  return { text: escapeText(cut(body || CHOOSE, SLACK_LIMITS.text)), blocks };
}

export function toSlack(messages: readonly ChatMessage[]): SlackPost[] {
  return messages.flatMap((m): SlackPost[] => {
    switch (m.type) {
      case 'TEXT':
        return [post(m.text ?? '', m.buttons ?? [])];
      case 'BUTTON':
        return [post(m.title ?? m.text ?? '', m.buttons ?? [])];
      case 'IMAGE':
        return [post(m.text ?? m.title ?? '', m.buttons ?? [], m.image_url, m.title)];
      case 'CARD':
        return [post(joined(m.title, m.subtitle), m.buttons ?? [], m.image_url, m.title)];
      case 'CAROUSEL':
        return (m.carousel ?? []).map((card) => post(joined(card.title, card.subtitle), card.buttons, card.image_url, card.title));
      default:
        return m.text ? [post(m.text, [])] : [];
    }
  }).filter((p) => p.text !== '' || p.blocks?.length);
}
