// POST /loginTw, POST /logoutTw and the webhook's state: 'Conectar' checks the keys with
// GET /2/users/me, registers {PUBLIC_URL}{API_BASE}/wh/twitter/{id} at X (X runs the CRC against
// it), subscribes the account and activates the channel; 'Desconectar' unsubscribes it, deletes the
// webhook and deactivates the channel. The env is the subscription's name in Quipu: X's API v2 has
// no environments. Every change writes the channel's audit row.
import { ApiError, badRequest } from '../../errors';
import type { CanalCfg } from '../../../../common/schemas/canales';
import { TWITTER_MESSAGES, type TwitterLoginBody, type TwitterWebhook } from '../../../../common/schemas/twitter';
import { findCanalFor, readCanalSecret, updateCanal, type CanalRecord } from '../../services/canales/canales';
import type { App, SessionUser } from '../../types';
import { apiAddress, assertKind, PROVIDER_MESSAGES } from '../adapter';
import { appToken, createWebhook, deleteWebhook, listWebhooks, subscribe, unsubscribe, usersMe, validateWebhook, XRefused, xFailure } from './api';
import type { OAuth1Keys } from './oauth1';

export const PROVIDER = 'X';

export const twitterWebhookUrl = (app: App, origin: string, id: string) => apiAddress(app, origin, `/wh/twitter/${id}`);

const cfgOf = (canal: Pick<CanalRecord, 'cfg'>): CanalCfg => JSON.parse(canal.cfg || '{}') as CanalCfg;

/** The stored keys of the channel, or undefined when one is missing. */
export function storedKeys(app: App, canal: CanalRecord): OAuth1Keys | undefined {
  const consumerKey = readCanalSecret(app, canal, 'twConsumerKey');
  const consumerSecret = readCanalSecret(app, canal, 'twConsumerSecret');
  const token = readCanalSecret(app, canal, 'twAccessToken');
  const tokenSecret = readCanalSecret(app, canal, 'twAccessTokenSecret');
  return consumerKey && consumerSecret && token && tokenSecret ? { consumerKey, consumerSecret, token, tokenSecret } : undefined;
}

/** X refused the keys (400) or did not answer (502). */
function failure(app: App, what: string, error: unknown): ApiError {
  app.log.warn(`X ${what}: ${xFailure(error)}`);
  if (error instanceof XRefused && (error.status === 401 || error.status === 403)) return new ApiError(400, TWITTER_MESSAGES.badCredentials, undefined, 'twConsumerKey');
  if (error instanceof XRefused) return badRequest(TWITTER_MESSAGES.webhookRefused(error.detail));
  return new ApiError(502, PROVIDER_MESSAGES.unreachable(PROVIDER));
}

async function step<T>(app: App, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw failure(app, what, error);
  }
}

/** `origin`: where X is to post (callbackOrigin); undefined when PUBLIC_URL is needed and unset. */
export async function connectTwitter(app: App, user: SessionUser, body: TwitterLoginBody, origin: string | undefined): Promise<CanalRecord> {
  const canal = assertKind(await findCanalFor(app.db, user, body.id), 'Twitter');
  if (!origin) throw badRequest(PROVIDER_MESSAGES.needsPublicUrl('Twitter'));
  const keys: OAuth1Keys = { consumerKey: body.twConsumerKey.trim(), consumerSecret: body.twConsumerSecret.trim(), token: body.twAccessToken.trim(), tokenSecret: body.twAccessTokenSecret.trim() };
  const account = await step(app, 'no aceptó GET /2/users/me', () => usersMe(app, keys));
  const bearer = await step(app, 'no dio el token de la app', () => appToken(app, keys.consumerKey, keys.consumerSecret));
  // X runs the CRC as it registers the webhook: the consumer secret that answers it is kept first.
  await updateCanal(app, canal.id, {
    secretos: { twConsumerKey: keys.consumerKey, twConsumerSecret: keys.consumerSecret, twAccessToken: keys.token, twAccessTokenSecret: keys.tokenSecret },
  });
  const url = twitterWebhookUrl(app, origin, canal.id);
  // Connecting again (its 'Guardar') keeps the webhook X already has at this address.
  const webhook = await step(app, 'no registró el webhook', async () => (await listWebhooks(app, bearer)).find((w) => w.url === url) ?? createWebhook(app, bearer, url));
  await step(app, 'no suscribió la cuenta', async () => {
    try {
      await subscribe(app, keys, webhook.id);
    } catch (error) {
      // Already subscribed: what was asked for holds.
      if (!(error instanceof XRefused && error.status === 409)) throw error;
    }
  });
  const env = body.env.trim();
  return updateCanal(
    app,
    canal.id,
    {
      cfg: { env, twitterUserId: account.id, twitterUsername: account.username ?? null, webhookId: webhook.id },
      activo: true,
    },
    { actor: user, detail: `conectado a X${account.username ? ` (@${account.username})` : ''}, suscripción «${env}»` },
  );
}

/** Unsubscribes the account and deletes the webhook, as far as X lets; failures are only logged. */
async function releaseAtX(app: App, canal: CanalRecord): Promise<void> {
  const keys = storedKeys(app, canal);
  const { webhookId, twitterUserId } = cfgOf(canal);
  if (!keys || !webhookId) return;
  try {
    const bearer = await appToken(app, keys.consumerKey, keys.consumerSecret);
    if (twitterUserId) await unsubscribe(app, bearer, webhookId, twitterUserId).catch((error: unknown) => app.log.warn(`X no quitó la suscripción: ${xFailure(error)}`));
    await deleteWebhook(app, bearer, webhookId);
  } catch (error) {
    // The channel goes inactive (or away) anyway: whatever X still sends is not answered.
    app.log.warn(`X no borró el webhook: ${xFailure(error)}`);
  }
}

export const releaseTwitter = releaseAtX;

export async function disconnectTwitter(app: App, user: SessionUser, id: string): Promise<CanalRecord> {
  const canal = assertKind(await findCanalFor(app.db, user, id), 'Twitter');
  await releaseAtX(app, canal);
  return updateCanal(app, canal.id, { activo: false, cfg: { webhookId: null } }, { actor: user, detail: 'desconectado de X' });
}

/** GET /webhook/{id}: the channel's webhook as X lists it; not valid when there is none. */
export async function twitterWebhookState(app: App, user: SessionUser, id: string): Promise<TwitterWebhook[]> {
  const canal = assertKind(await findCanalFor(app.db, user, id), 'Twitter');
  return webhookState(app, canal);
}

async function webhookState(app: App, canal: CanalRecord): Promise<TwitterWebhook[]> {
  const keys = storedKeys(app, canal);
  const { webhookId } = cfgOf(canal);
  if (!keys || !webhookId) return [{ valid: false }];
  const found = await step(app, 'no listó los webhooks', async () => (await listWebhooks(app, await appToken(app, keys.consumerKey, keys.consumerSecret))).find((w) => w.id === webhookId));
  if (!found) return [{ valid: false }];
  return [{ valid: found.valid === true, id: found.id, url: found.url, ...(found.created_at ? { createdAt: found.created_at } : {}) }];
}

/** PUT /webhook/{id} ('Activar'): X runs the CRC again; answers the webhook's state after it. */
export async function revalidateTwitterWebhook(app: App, user: SessionUser, id: string): Promise<TwitterWebhook[]> {
  const canal = assertKind(await findCanalFor(app.db, user, id), 'Twitter');
  const keys = storedKeys(app, canal);
  const { webhookId } = cfgOf(canal);
  if (!keys || !webhookId) throw badRequest(TWITTER_MESSAGES.notConnected);
  await step(app, 'no volvió a validar el webhook', async () => {
    try {
      await validateWebhook(app, await appToken(app, keys.consumerKey, keys.consumerSecret), webhookId);
    } catch (error) {
      // A failed CRC is X's answer, not a fault: the state read next says it.
      if (!(error instanceof XRefused && error.status === 400)) throw error;
    }
  });
  const state = await webhookState(app, canal);
  await updateCanal(app, canal.id, {}, { actor: user, detail: state[0].valid ? 'webhook de X validado' : 'webhook de X sin validar' });
  return state;
}
