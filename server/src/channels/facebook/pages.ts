// The console's calls on a connected Facebook channel: its pages, a page's bot (POST /fb/suscribe,
// which subscribes the app to the page's messages, or unsubscribes it when unlinked), a page's
// persistent menu (POST /fb/menu, through the Messenger Profile API) and 'Desconectar' (POST
// /logoutFb: every page's subscription revoked, the tokens and pages removed, the channel
// inactive). Each change writes the channel's ev 3 row; no answer carries a token.
import { createHmac } from 'node:crypto';
import type { Canal } from '../../../../common/schemas/canales';
import { FACEBOOK_MESSAGES, menuProblem, type FacebookPages, type MenuButton } from '../../../../common/schemas/facebook';
import { ApiError } from '../../errors';
import { botNameOf, findCanalFor, recordCanalEvent, toCanal, updateCanal, type CanalRecord } from '../../services/canales/canales';
import { clearPages, findPage, listPages, pageBotOf, pagesOf, pageToken, setPageBot, type PaginaRecord } from '../../services/canales/facebookPaginas';
import type { App, SessionUser } from '../../types';
import { assertKind, webUrl } from '../adapter';
import { graph, GraphError } from './graph';

/** The fields the app subscribes to on each linked page: messages and postbacks (the menu's and the buttons'). */
export const SUBSCRIBED_FIELDS = 'messages,messaging_postbacks';

/**
 * The verify token of the channel's webhook, for Meta's subscription handshake: derived from
 * SECRET_KEY and the channel, so every instance knows it without storing it, and it names no other
 * channel. It only proves the handshake is the one the company set up, so the editor shows it.
 */
export function facebookVerifyToken(secretKey: Buffer, idCanal: string): string {
  return createHmac('sha256', secretKey).update(`quipu/facebook-verify-token\n${idCanal}`).digest('base64url').slice(0, 32);
}

async function facebookCanal(app: App, user: SessionUser, id: string): Promise<CanalRecord> {
  return assertKind(await findCanalFor(app.db, user, id), 'Facebook');
}

/** A page's token; 409 when it cannot be read (encrypted with another key). */
function tokenOf(app: App, canal: CanalRecord, page: PaginaRecord): string {
  const token = pageToken(app, canal, page);
  if (!token) throw new ApiError(409, FACEBOOK_MESSAGES.graphError('el token de la página no se puede leer: vuelva a conectar'));
  return token;
}

/** Graph's refusal as a 502 with its Spanish message. */
async function atGraph<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GraphError) throw new ApiError(502, error.message);
    throw error;
  }
}

/** GET /ch/fb/pages?ch. */
export async function facebookPages(app: App, user: SessionUser, id: string): Promise<FacebookPages> {
  const canal = await facebookCanal(app, user, id);
  return { verifyToken: facebookVerifyToken(app.config.secretKey, canal.id), pages: await listPages(app.db, canal.id) };
}

/** POST /fb/suscribe {ch, id, b}: links the page to the bot and subscribes the app to its messages; 'blk' unlinks and unsubscribes. */
export async function subscribePage(app: App, user: SessionUser, body: { ch: string; id: string; b: string }): Promise<FacebookPages> {
  const canal = await facebookCanal(app, user, body.ch);
  const page = await findPage(app.db, canal.id, body.id);
  const bot = await pageBotOf(app.db, canal, body.b);
  const token = tokenOf(app, canal, page);
  await atGraph(() => (bot
    ? graph(app, 'POST', `/${encodeURIComponent(page.id)}/subscribed_apps`, { token, form: { subscribed_fields: SUBSCRIBED_FIELDS } })
    : graph(app, 'DELETE', `/${encodeURIComponent(page.id)}/subscribed_apps`, { token })));
  await setPageBot(app, user, canal, page, bot);
  return facebookPages(app, user, canal.id);
}

/** A menu button as Messenger's call_to_actions: a link, or a postback whose payload the page's bot receives. */
export function callToAction(button: Pick<MenuButton, 'type' | 'title' | 'value'>): Record<string, string> {
  const title = button.title?.trim() ?? '';
  const value = button.value?.trim() ?? '';
  return button.type === 'WEB_URL' ? { type: 'web_url', title, url: webUrl(value) ?? value } : { type: 'postback', title, payload: value };
}

/**
 * POST /fb/menu?ch&pageId {buttons}. The spec's client sent the page's access token as pageId;
 * Quipu sends the page's id, since a token in an address ends up in logs, and the token stays here.
 */
export async function savePersistentMenu(app: App, user: SessionUser, ch: string, pageId: string | undefined, buttons: readonly MenuButton[]): Promise<{ ok: true }> {
  const canal = await facebookCanal(app, user, ch);
  const problem = menuProblem(pageId, buttons);
  if (problem) throw new ApiError(400, problem.message, undefined, problem.field);
  const page = await findPage(app.db, canal.id, pageId);
  const token = tokenOf(app, canal, page);
  await atGraph(() => graph(app, 'POST', '/me/messenger_profile', {
    token,
    json: { persistent_menu: [{ locale: 'default', composer_input_disabled: false, call_to_actions: buttons.map(callToAction) }] },
  }));
  await recordCanalEvent(app.db, user, canal, `menú persistente de la página «${page.name}» guardado (${buttons.length} ${buttons.length === 1 ? 'botón' : 'botones'})`, app.config.now());
  return { ok: true };
}

/** Revokes the app's subscription on every page of the channel; a refusal is logged and the rest go on. */
export async function unsubscribePages(app: App, canal: CanalRecord): Promise<void> {
  for (const page of await pagesOf(app.db, canal.id)) {
    const token = pageToken(app, canal, page);
    if (!token) continue;
    try {
      await graph(app, 'DELETE', `/${encodeURIComponent(page.id)}/subscribed_apps`, { token });
    } catch (error) {
      app.log.warn(`Facebook no revocó la suscripción de la página ${page.id} del canal ${canal.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** POST /logoutFb?ch: subscriptions revoked, the account's token and the pages removed, the channel inactive. */
export async function disconnectFacebook(app: App, user: SessionUser, id: string): Promise<Canal> {
  const canal = await facebookCanal(app, user, id);
  await unsubscribePages(app, canal);
  const row = await app.db.transaction().execute(async (trx) => {
    await clearPages(trx, canal.id);
    return updateCanal(app, canal.id, { secretos: { fbUserToken: '' }, cfg: { fbUserId: null, fbUserName: null }, activo: false }, { trx, actor: user, detail: 'desconectado de Facebook' });
  });
  return toCanal(row, await botNameOf(app.db, row.b), app.config.secretKey);
}
