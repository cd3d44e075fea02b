// A Telegram update as the message it carries: a text (message.text) or a pressed inline button
// (callback_query.data), from the chat it came from. Other updates carry nothing to answer.
import type { Update } from 'grammy/types';
import { pressed, type ProviderMessage } from '../adapter';

export type TelegramReading = Omit<ProviderMessage, 'ack'> & { callbackQueryId?: string };

const fullName = (from?: { first_name?: string; last_name?: string }) => [from?.first_name, from?.last_name].filter(Boolean).join(' ') || undefined;

/** The title of the button of `markup` whose callback_data is `data`. */
function buttonTitle(markup: unknown, data: string): string | undefined {
  const rows = (markup as { inline_keyboard?: Array<Array<{ text?: string; callback_data?: string }>> } | undefined)?.inline_keyboard ?? [];
  return rows.flat().find((b) => b.callback_data === data)?.text;
}

export function readUpdate(update: Update): TelegramReading | undefined {
  const delivery = String(update.update_id);
  const message = update.message;
  if (message && typeof message.text === 'string') {
    const chat = String(message.chat.id);
    return { psi: chat, nm: fullName(message.from), text: message.text, delivery, to: { id: chat } };
  }
  const query = update.callback_query;
  if (query && typeof query.data === 'string') {
    const source = query.message;
    const chat = String(source?.chat.id ?? query.from.id);
    // A message too old to read (date 0) has no keyboard to find the title in.
    const markup = source && 'reply_markup' in source ? source.reply_markup : undefined;
    return { psi: chat, nm: fullName(query.from), ...pressed(query.data, buttonTitle(markup, query.data)), delivery, to: { id: chat }, callbackQueryId: query.id };
  }
  return undefined;
}
