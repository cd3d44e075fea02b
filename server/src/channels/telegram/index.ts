// Telegram: updates arrive at {API_BASE}/wh/telegram/{id} carrying the secret token set with the
// webhook (X-Telegram-Bot-Api-Secret-Token); answers go out through the Bot API.
import type { Update } from 'grammy/types';
import { readCanalSecret } from '../../services/canales/canales';
import type { ChannelAdapter } from '../adapter';
import { header, PROVIDER_MESSAGES, sameSecret } from '../adapter';
import { chatId, refusedBy, telegramApi, telegramFailure } from './api';
import { telegramEnabled } from './connect';
import { asText, toTelegram } from './format';
import { readUpdate } from './receive';

export const telegram: ChannelAdapter = {
  kind: 'Telegram',

  async read(app, canal, input) {
    const secret = readCanalSecret(app, canal, 'webhookSecret');
    if (!secret) return { kind: 'refused', status: 403, message: PROVIDER_MESSAGES.notConfigured };
    if (!sameSecret(header(input.headers, 'x-telegram-bot-api-secret-token'), secret)) return { kind: 'refused', status: 401, message: PROVIDER_MESSAGES.badSignature };
    // A company whose Telegram was turned off gets no answers there.
    if (!(await telegramEnabled(app, canal.idE))) return { kind: 'messages', messages: [] };
    const reading = readUpdate(input.body as Update);
    if (!reading) return { kind: 'messages', messages: [] };
    const { callbackQueryId, ...message } = reading;
    const token = readCanalSecret(app, canal, 'token');
    // Answering the callback query stops the spinner on the pressed button.
    const ack = callbackQueryId && token ? () => telegramApi(app, token).answerCallbackQuery(callbackQueryId) : undefined;
    return { kind: 'messages', messages: [{ ...message, ...(ack ? { ack } : {}) }] };
  },

  async send(app, canal, to, messages) {
    const token = readCanalSecret(app, canal, 'token');
    if (!token) throw new Error('el canal de Telegram no tiene token');
    const api = telegramApi(app, token);
    const chat = chatId(to.id);
    for (const call of toTelegram(messages)) {
      try {
        if (call.method === 'sendMessage') await api.sendMessage(chat, call.text, call.reply_markup ? { reply_markup: call.reply_markup } : {});
        else await api.sendPhoto(chat, call.photo, { ...(call.caption ? { caption: call.caption } : {}), ...(call.reply_markup ? { reply_markup: call.reply_markup } : {}) });
      } catch (error) {
        // A photo Telegram cannot fetch still says what it had to say, as text.
        if (call.method !== 'sendPhoto' || !refusedBy(error, 400)) throw new Error(telegramFailure(error));
        const text = asText(call);
        if (text.method === 'sendMessage') await api.sendMessage(chat, text.text, text.reply_markup ? { reply_markup: text.reply_markup } : {});
      }
    }
  },

  async release(app, canal) {
    const token = readCanalSecret(app, canal, 'token');
    if (!token) return;
    try {
      await telegramApi(app, token).deleteWebhook();
    } catch (error) {
      // The channel goes anyway: whatever Telegram still sends finds no channel (404).
      app.log.warn(`Telegram no borró el webhook: ${telegramFailure(error)}`);
    }
  },
};
