// The bot's messages as Telegram Bot API calls: texts as sendMessage, buttons as an inline keyboard,
// cards and images as sendPhoto with a caption, a carousel as one card after another. Plain text
// (no parse_mode), so nothing the bot says is read as markup.
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import type { ChatButton, ChatMessage } from '../../../../common/schemas/chat';
import { buttonData, cut, split, webUrl } from '../adapter';

/** Telegram's limits: a message's text, a photo's caption, a button's callback_data (bytes). */
export const TELEGRAM_LIMITS = { text: 4096, caption: 1024, callbackData: 64 } as const;
/** A keyboard with nothing above it still needs a text. */
export const CHOOSE = 'Elija una opción';

export type TelegramCall =
  | { method: 'sendMessage'; text: string; reply_markup?: InlineKeyboardMarkup }
  | { method: 'sendPhoto'; photo: string; caption?: string; reply_markup?: InlineKeyboardMarkup };

/** One button per row; links become url buttons, postbacks callback_data (by title when too long), calls a line of text. */
function keyboard(buttons: readonly ChatButton[]): { markup?: InlineKeyboardMarkup; lines: string[] } {
  const rows: InlineKeyboardButton[][] = [];
  const lines: string[] = [];
  buttons.forEach((b, i) => {
    if (b.type === 'WEB_URL') {
      const url = webUrl(b.value);
      if (url) rows.push([{ text: b.title, url }]);
      else if (b.value) lines.push(`${b.title}: ${b.value}`);
    } else if (b.type === 'CALL') {
      if (b.value) lines.push(`${b.title}: ${b.value}`);
    } else {
      rows.push([{ text: b.title, callback_data: buttonData(b.value ?? '', TELEGRAM_LIMITS.callbackData, `:${i}`) }]);
    }
  });
  return { markup: rows.length ? { inline_keyboard: rows } : undefined, lines };
}

const joined = (...parts: Array<string | undefined>) => parts.filter((p) => p?.trim()).join('\n');

/** A text with an optional keyboard: long texts in several messages, the keyboard on the last. */
function textCalls(text: string, markup?: InlineKeyboardMarkup): TelegramCall[] {
  const pieces = split(text || (markup ? CHOOSE : ''), TELEGRAM_LIMITS.text).filter(Boolean);
  return pieces.map((piece, i) => ({ method: 'sendMessage', text: piece, ...(markup && i === pieces.length - 1 ? { reply_markup: markup } : {}) }));
}

/** A card: its photo with the title and subtitle as caption, or text when it has no image (or the caption is too long). */
function cardCalls(card: { title?: string; subtitle?: string; image_url?: string; buttons?: readonly ChatButton[] }): TelegramCall[] {
  const { markup, lines } = keyboard(card.buttons ?? []);
  const text = joined(card.title, card.subtitle, ...lines);
  const photo = webUrl(card.image_url);
  if (!photo) return textCalls(text, markup);
  if ([...text].length <= TELEGRAM_LIMITS.caption) return [{ method: 'sendPhoto', photo, ...(text ? { caption: text } : {}), ...(markup ? { reply_markup: markup } : {}) }];
  return [{ method: 'sendPhoto', photo }, ...textCalls(text, markup)];
}

export function toTelegram(messages: readonly ChatMessage[]): TelegramCall[] {
  return messages.flatMap((m): TelegramCall[] => {
    switch (m.type) {
      case 'TEXT': {
        const { markup, lines } = keyboard(m.buttons ?? []);
        return textCalls(joined(m.text, ...lines), markup);
      }
      case 'BUTTON': {
        const { markup, lines } = keyboard(m.buttons ?? []);
        return textCalls(joined(m.title ?? m.text, ...lines), markup);
      }
      case 'IMAGE':
        return cardCalls({ title: m.text ?? m.title, image_url: m.image_url, buttons: m.buttons });
      case 'CARD':
        return cardCalls(m);
      case 'CAROUSEL':
        return (m.carousel ?? []).flatMap((card) => cardCalls(card));
      default:
        return m.text ? textCalls(m.text) : [];
    }
  });
}

/** The caption or text of a call, cut to what Telegram takes (used when a photo is refused and sent as text). */
export function asText(call: TelegramCall): TelegramCall {
  if (call.method === 'sendMessage') return call;
  return { method: 'sendMessage', text: cut(joined(call.caption, call.photo), TELEGRAM_LIMITS.text), ...(call.reply_markup ? { reply_markup: call.reply_markup } : {}) };
}
