// POST /loginTg and /logoutTg: 'Conectar' checks the token with getMe, keeps it (encrypted) with a
// new secret for the webhook, points the bot's webhook at this server and activates the channel;
// 'Desconectar' deletes the webhook and deactivates it. Both write the channel's audit row.
import { randomBytes } from 'node:crypto';
import { ApiError, badRequest, forbidden } from '../../errors';
import { CANAL_MESSAGES } from '../../../../common/schemas/canales';
import { findCanalFor, readCanalSecret, updateCanal, type CanalRecord } from '../../services/canales/canales';
import type { App, SessionUser } from '../../types';
import { apiAddress, assertKind, PROVIDER_MESSAGES } from '../adapter';
import { telegramApi, telegramFailure, refusedBy, TOKEN_PATTERN } from './api';

/** The updates the webhook asks for: texts and pressed inline buttons. */
export const TELEGRAM_UPDATES = ['message', 'callback_query'] as const;

export const telegramWebhookUrl = (app: App, origin: string, id: string) => apiAddress(app, origin, `/wh/telegram/${id}`);

export async function telegramEnabled(app: App, idE: string): Promise<boolean> {
  const empresa = await app.db.selectFrom('empresa').select('tg').where('id', '=', idE).executeTakeFirst();
  return !!empresa?.tg;
}

/** `origin`: where Telegram is to post (callbackOrigin); undefined when PUBLIC_URL is needed and unset. */
export async function connectTelegram(app: App, user: SessionUser, body: { id: string; token: string }, origin: string | undefined): Promise<CanalRecord> {
  const canal = assertKind(await findCanalFor(app.db, user, body.id), 'Telegram');
  if (!(await telegramEnabled(app, canal.idE))) throw forbidden(CANAL_MESSAGES.telegramDisabled);
  if (!origin) throw badRequest(PROVIDER_MESSAGES.needsPublicUrl('Telegram'));
  const token = body.token.trim();
  if (!TOKEN_PATTERN.test(token)) throw new ApiError(400, CANAL_MESSAGES.badToken, undefined, 'token');
  const api = telegramApi(app, token);
  let username: string | undefined;
  try {
    username = (await api.getMe()).username;
  } catch (error) {
    if (refusedBy(error, 401, 404)) throw new ApiError(400, CANAL_MESSAGES.badToken, undefined, 'token');
    app.log.warn(`Telegram no respondió a getMe: ${telegramFailure(error)}`);
    throw new ApiError(502, PROVIDER_MESSAGES.unreachable('Telegram'));
  }
  const secret = randomBytes(32).toString('base64url');
  try {
    await api.setWebhook(telegramWebhookUrl(app, origin, canal.id), { secret_token: secret, allowed_updates: [...TELEGRAM_UPDATES] });
  } catch (error) {
    app.log.warn(`Telegram no aceptó el webhook: ${telegramFailure(error)}`);
    if (refusedBy(error)) throw badRequest(PROVIDER_MESSAGES.webhookRefused(error.description));
    throw new ApiError(502, PROVIDER_MESSAGES.unreachable('Telegram'));
  }
  return updateCanal(app, canal.id, { secretos: { token, webhookSecret: secret }, cfg: { username: username ?? null, webhook: true }, activo: true }, {
    actor: user,
    detail: `conectado a Telegram${username ? ` (@${username})` : ''}`,
  });
}

export async function disconnectTelegram(app: App, user: SessionUser, id: string): Promise<CanalRecord> {
  const canal = assertKind(await findCanalFor(app.db, user, id), 'Telegram');
  const token = readCanalSecret(app, canal, 'token');
  if (token) {
    try {
      await telegramApi(app, token).deleteWebhook();
    } catch (error) {
      // The channel goes inactive anyway: whatever still arrives is not answered.
      app.log.warn(`Telegram no borró el webhook: ${telegramFailure(error)}`);
    }
  }
  return updateCanal(app, canal.id, { activo: false, cfg: { webhook: false } }, { actor: user, detail: 'desconectado de Telegram' });
}
