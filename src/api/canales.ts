// The channels' calls (channels and bots, Telegram, Facebook, the WhatsApp configuration export, the web
// channel): named custom methods of the data provider, beside the CRUD row ENDPOINTS.canales (the
// /canal list). The console's GET /ch/suscribe, /ch/active, /logoutTg and /logoutFb are signed POSTs with the
// same query parameters, like every write. The company's bots for the bot selector come from
// listBotRefs (GET /bots?idE, src/api/bots.ts).
import type { Static } from 'typebox';
import type {
  Canal,
  CanalBody,
  CanalCfg,
  CanalIconName,
  CanalKind,
  CanalSecretsBody,
  Exclusion,
  TelegramLoginBody,
  WebConfig,
  WebTheme,
  WhatsappExport as WhatsappExportSchema,
  WhatsappExportBody,
} from '../../common/schemas/canales';
import type { FacebookPages, MenuButton } from '../../common/schemas/facebook';
import { jsonCaller, type HttpClient } from './http';

export {
  CANAL_KINDS,
  CANAL_MESSAGES,
  CANAL_NAMES,
  HOUR_PATTERN,
  SECRET_NAMES,
  UNLINK,
  WEB_DEFAULTS,
  canalEditorPath,
} from '../../common/schemas/canales';
export type { Canal, CanalBody, CanalCfg, CanalIconName, CanalKind, CanalSecretsBody, WebConfig, WebTheme };
export type CanalExclusion = Static<typeof Exclusion>;
export type TelegramLogin = Static<typeof TelegramLoginBody>;
export type WhatsappExportRequest = Static<typeof WhatsappExportBody>;
export type WhatsappExport = Static<typeof WhatsappExportSchema>;
export type { FacebookPage, FacebookPages, MenuButton, MenuButtonType } from '../../common/schemas/facebook';
export { FACEBOOK_MESSAGES, MENU_BUTTON_TYPES, MENU_LIMITS, menuProblem } from '../../common/schemas/facebook';

const q = (value: string) => encodeURIComponent(value);

export function createCanalesApi(apiUrl: string, httpClient: HttpClient) {
  const call = jsonCaller(apiUrl, httpClient);

  return {
    /** GET /ch?id: one channel (another company's answers 404). */
    getCanal: (id: string) => call<Canal>('GET', `/ch?id=${q(id)}`),
    /** GET /ch?idE: the company's channels (a non-admin's idE is its own whatever it sends). */
    listCanales: (idE?: string) => call<Canal[]>('GET', idE ? `/ch?idE=${q(idE)}` : '/ch'),
    /** POST /ch/web: creates (no id) or saves a channel of any kind; answers the stored channel. 409 on a stale rev. */
    saveCanal: (body: CanalBody) => call<Canal>('POST', '/ch/web', body),
    /** DELETE /ch?id; the WhatsApp editor calls DELETE /ch/web?id (deleteCanalWeb). */
    deleteCanal: (id: string) => call<unknown>('DELETE', `/ch?id=${q(id)}`),
    deleteCanalWeb: (id: string) => call<unknown>('DELETE', `/ch/web?id=${q(id)}`),
    /** POST /ch/suscribe?id&idB: links the bot at once; idB = UNLINK ('blk') unlinks. Answers the channel. */
    linkBot: (id: string, idB: string) => call<Canal>('POST', `/ch/suscribe?id=${q(id)}&idB=${q(idB)}`),
    /** POST /ch/active?id&active: activates or deactivates; answers the channel. */
    setCanalActive: (id: string, active: boolean) => call<Canal>('POST', `/ch/active?id=${q(id)}&active=${active}`),
    /** POST /loginTg {id, token}: checks the token with Telegram (getMe) and sets the webhook; answers the channel. */
    loginTelegram: (body: TelegramLogin) => call<Canal>('POST', '/loginTg', body),
    /** POST /logoutTg?id: deletes the webhook and deactivates; answers the channel. */
    logoutTelegram: (id: string) => call<Canal>('POST', `/logoutTg?id=${q(id)}`),
    /** POST /wh/export/archivo {url, idC}: the WhatsApp relay's configuration (base64 text) and the name to save it under. */
    exportWhatsapp: (body: WhatsappExportRequest) => call<WhatsappExport>('POST', '/wh/export/archivo', body),
    /** GET /ch/fb/pages?ch: a Facebook channel's pages (never their tokens) and its webhook's verify token. */
    facebookPages: (ch: string) => call<FacebookPages>('GET', `/ch/fb/pages?ch=${q(ch)}`),
    /** POST /fb/suscribe {ch, id, b}: links the page to bot b (UNLINK unlinks) and subscribes the app to its messages; answers the pages. */
    linkFacebookPage: (ch: string, id: string, b: string) => call<FacebookPages>('POST', '/fb/suscribe', { ch, id, b }),
    /** POST /fb/menu?ch&pageId {buttons}: the page's persistent menu; pageId is the page's id, never its token. */
    saveFacebookMenu: (ch: string, pageId: string, buttons: MenuButton[]) => call<{ ok: boolean }>('POST', `/fb/menu?ch=${q(ch)}&pageId=${q(pageId)}`, { buttons }),
    /** POST /logoutFb?ch: revokes each page's subscription, removes the tokens and pages, deactivates; answers the channel. */
    logoutFacebook: (ch: string) => call<Canal>('POST', `/logoutFb?ch=${q(ch)}`),
  };
}

export type CanalesApi = ReturnType<typeof createCanalesApi>;
