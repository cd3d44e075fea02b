// The Bot API client (grammy's Api) at TELEGRAM_API_BASE, with a bot's token.
import { Api, GrammyError, HttpError } from 'grammy';
import type { App } from '../../types';

/** How long one Bot API call may take. */
export const TELEGRAM_TIMEOUT_S = 15;

/** What BotFather hands out: the bot's id, a colon and its secret. Anything else never reaches Telegram's URL. */
export const TOKEN_PATTERN = /^\d{1,20}:[A-Za-z0-9_-]{20,200}$/;

export function telegramApi(app: App, token: string): Api {
  return new Api(token, { apiRoot: app.config.telegramApiBase, timeoutSeconds: TELEGRAM_TIMEOUT_S });
}

/** Telegram refused the call itself (as opposed to not answering). */
export const refusedBy = (error: unknown, ...codes: number[]): error is GrammyError =>
  error instanceof GrammyError && (codes.length === 0 || codes.includes(error.error_code));

/** A failure in words fit for the log: never the call's payload, which may hold the webhook's secret. */
export function telegramFailure(error: unknown): string {
  if (error instanceof GrammyError) return `${error.method}: ${error.error_code} ${error.description}`;
  if (error instanceof HttpError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Numeric chat ids go as numbers, as Telegram hands them out. */
export const chatId = (id: string): number | string => (/^-?\d{1,16}$/.test(id) ? Number(id) : id);
