// 'Conectar' of a Facebook channel: GET /loginFB?ch sends the browser to Facebook's OAuth dialog
// (FACEBOOK_DIALOG_BASE) with the app's id, the page permissions Messenger needs and a signed
// single-use state (oauthState.ts); GET /callback-facebook exchanges the code for a user token and
// that for a long-lived one, reads the account (/me) and its pages (/me/accounts, each with its
// page token), keeps them encrypted, activates the channel, and sends the browser back to the
// editor with ?status=ok or the Spanish reason in ?error. Both exchanges are posts with a form, so
// neither the app secret nor a token appears in an address.
import { FACEBOOK_MESSAGES } from '../../../../common/schemas/facebook';
import { badRequest } from '../../errors';
import { canalById, findCanalFor, updateCanal } from '../../services/canales/canales';
import { replacePages, type PageGrant } from '../../services/canales/facebookPaginas';
import { canalEditorAddress } from '../../services/canales/inicioSesion';
import type { App, SessionUser } from '../../types';
import { apiAddress, assertKind, PROVIDER_MESSAGES } from '../adapter';
import { makeOauthState, readOauthState, spendOauthState } from '../oauthState';
import { graph, GraphError } from './graph';

/** List the pages, send and receive their messages, subscribe the app to them and set their menu. */
export const FACEBOOK_SCOPES = ['pages_show_list', 'pages_messaging', 'pages_manage_metadata', 'pages_read_engagement'] as const;
/** Pages read from /me/accounts in one call. */
export const PAGES_LIMIT = 100;

const STATE_PROVIDER = 'facebook';

export const facebookRedirectUri = (app: App, origin: string) => apiAddress(app, origin, '/callback-facebook');

const back = (app: App, id: string, error?: string) => canalEditorAddress(app.config, 'Facebook', id, error === undefined ? {} : { error });

/** Where 'Conectar' sends the browser: Facebook's dialog, or back to the editor with the reason it cannot. */
export async function facebookAuthorizeAddress(app: App, user: SessionUser, id: string, origin: string | undefined): Promise<string> {
  const canal = assertKind(await findCanalFor(app.db, user, id), 'Facebook');
  if (!app.config.facebookAppId || !app.config.facebookAppSecret) return back(app, canal.id, FACEBOOK_MESSAGES.notConfigured);
  // Facebook sends the browser back to this address: outside the embedded run only PUBLIC_URL says it.
  if (!origin) return back(app, canal.id, PROVIDER_MESSAGES.needsPublicUrl('Facebook'));
  const url = new URL(app.config.facebookDialogBase);
  url.searchParams.set('client_id', app.config.facebookAppId);
  url.searchParams.set('redirect_uri', facebookRedirectUri(app, origin));
  url.searchParams.set('scope', FACEBOOK_SCOPES.join(','));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', makeOauthState(app.config.secretKey, STATE_PROVIDER, canal, user, app.config.now()));
  return url.toString();
}

export interface FacebookCallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

interface AccountsAnswer {
  data?: Array<{ id?: unknown; name?: unknown; access_token?: unknown }>;
}

/** The pages /me/accounts lists with their tokens; those without a token are left out. */
async function readPages(app: App, userToken: string): Promise<PageGrant[]> {
  const answer = await graph<AccountsAnswer>(app, 'GET', '/me/accounts', { token: userToken, query: { fields: 'id,name,access_token', limit: String(PAGES_LIMIT) } });
  return (Array.isArray(answer.data) ? answer.data : []).flatMap((p) =>
    typeof p?.id === 'string' && typeof p.access_token === 'string' && p.access_token ? [{ id: p.id, name: typeof p.name === 'string' ? p.name : p.id, accessToken: p.access_token }] : []);
}

const SPENT_MESSAGES = { expired: FACEBOOK_MESSAGES.expired, used: FACEBOOK_MESSAGES.used, denied: FACEBOOK_MESSAGES.denied } as const;

/**
 * The address the callback sends the browser to. A state that is not ours (or names a channel that
 * no longer exists) is a 400 and touches nothing; anything else goes back to the editor.
 */
export async function finishFacebookOauth(app: App, query: FacebookCallbackQuery, origin: string | undefined): Promise<string> {
  const state = readOauthState(app.config.secretKey, STATE_PROVIDER, query.state);
  const canal = state && (await canalById(app.db, state.c));
  if (!state || !canal || canal.idE !== state.e || canal.name !== 'Facebook') throw badRequest(FACEBOOK_MESSAGES.badState);
  const spent = await spendOauthState(app, STATE_PROVIDER, state, canal);
  if (!spent.ok) return back(app, canal.id, SPENT_MESSAGES[spent.reason]);
  if (query.error) return back(app, canal.id, FACEBOOK_MESSAGES.refused((query.error_description || query.error).slice(0, 200)));
  if (!query.code) return back(app, canal.id, FACEBOOK_MESSAGES.noCode);
  const { facebookAppId: appId, facebookAppSecret: appSecret } = app.config;
  if (!appId || !appSecret) return back(app, canal.id, FACEBOOK_MESSAGES.notConfigured);
  if (!origin) return back(app, canal.id, PROVIDER_MESSAGES.needsPublicUrl('Facebook'));

  let account: { id?: unknown; name?: unknown };
  let userToken: string;
  let pages: PageGrant[];
  try {
    const short = await graph<{ access_token?: unknown }>(app, 'POST', '/oauth/access_token', {
      form: { client_id: appId, client_secret: appSecret, redirect_uri: facebookRedirectUri(app, origin), code: query.code },
    });
    if (typeof short.access_token !== 'string') throw new GraphError(FACEBOOK_MESSAGES.graphError('sin access_token'));
    const long = await graph<{ access_token?: unknown }>(app, 'POST', '/oauth/access_token', {
      form: { grant_type: 'fb_exchange_token', client_id: appId, client_secret: appSecret, fb_exchange_token: short.access_token },
    });
    if (typeof long.access_token !== 'string') throw new GraphError(FACEBOOK_MESSAGES.graphError('sin access_token'));
    userToken = long.access_token;
    account = await graph(app, 'GET', '/me', { token: userToken, query: { fields: 'id,name' } });
    pages = await readPages(app, userToken);
  } catch (error) {
    if (error instanceof GraphError) return back(app, canal.id, error.message);
    throw error;
  }
  const name = typeof account.name === 'string' ? account.name.slice(0, 200) : null;
  await app.db.transaction().execute(async (trx) => {
    await updateCanal(app, canal.id, {
      secretos: { fbUserToken: userToken },
      cfg: { fbUserId: typeof account.id === 'string' ? account.id.slice(0, 50) : null, fbUserName: name },
      activo: true,
    }, { trx, actor: spent.user, detail: `conectado con Facebook${name ? ` (${name})` : ''}: ${pages.length} ${pages.length === 1 ? 'página' : 'páginas'}` });
    await replacePages(app, trx, canal, pages);
  });
  return back(app, canal.id);
}
