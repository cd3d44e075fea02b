// Facebook Messenger: the pages a connected account brought (never their tokens), linking a page to
// a bot, and the page's persistent menu with the rules its form and the server both apply.
import { Type, type Static } from 'typebox';
import { closed, literals } from './common';

export const FACEBOOK_MESSAGES = {
  required: 'Campo requerido',
  selectPage: 'Selecione una pagina',
  atLeastOneButton: 'Debe tener al menos un botón',
  needsButton: 'Necesita añadir un botón como mínimo',
  buttonRequired: 'campo requerido',
  tooManyButtons: 'El menú admite como máximo 3 botones',
  tooLong: 'Máximo 50 caracteres',
  pageNotFound: 'Página no encontrada',
  notConfigured: 'Configure FACEBOOK_APP_ID y FACEBOOK_APP_SECRET en el servidor para conectar Facebook',
  badState: 'La autorización de Facebook no es válida. Vuelva a intentarlo con «Conectar» desde el canal.',
  expired: 'La autorización de Facebook venció. Vuelva a intentarlo con «Conectar».',
  used: 'La autorización de Facebook ya se usó. Vuelva a intentarlo con «Conectar».',
  denied: 'Quien inició la conexión ya no tiene acceso a este canal',
  refused: (reason: string) => `Facebook no autorizó la conexión: ${reason}`,
  noCode: 'Facebook no devolvió el código de autorización',
  graphError: (reason: string) => `Facebook respondió con un error: ${reason}`,
} as const;

/** The persistent menu's limits: buttons, and characters of a button's title and value. */
export const MENU_LIMITS = { buttons: 3, text: 50 } as const;
export const MENU_BUTTON_TYPES = ['WEB_URL', 'POSTBACK'] as const;
export type MenuButtonType = (typeof MENU_BUTTON_TYPES)[number];

const Id = Type.String({ minLength: 1, maxLength: 64 });

/** A page of the channel as the console lists it: its place (#), id, name and linked bot. */
export const FacebookPage = Type.Object({
  n: Type.Integer(),
  id: Type.String(),
  name: Type.String(),
  b: Type.Union([Type.String(), Type.Null()]),
  bot: Type.Union([Type.String(), Type.Null()]),
});
export type FacebookPage = Static<typeof FacebookPage>;

/** GET /ch/fb/pages: the pages, and the verify token to paste in Meta's webhook settings beside the webhook's address. */
export const FacebookPages = Type.Object({ verifyToken: Type.String(), pages: Type.Array(FacebookPage) });
export type FacebookPages = Static<typeof FacebookPages>;

/** GET /ch/fb/pages?ch, GET /loginFB?ch, POST /logoutFb?ch. */
export const FacebookChannelQuery = Type.Object({ ch: Id });

/** POST /fb/suscribe: the page of channel `ch` and its bot `b` ('blk' unlinks). */
export const FacebookSuscribeBody = Type.Object({ ch: Id, id: Id, b: Type.String({ minLength: 1, maxLength: 64 }) }, closed);

/** POST /fb/menu?ch&pageId: the page's id, never its token (a token in an address ends up in logs). */
export const FacebookMenuQuery = Type.Object({ ch: Id, pageId: Type.Optional(Type.String({ maxLength: 64 })) });

/** One button of the persistent menu; its limits are checked by menuProblem, with the form's messages. */
export const MenuButton = Type.Object({
  type: literals(MENU_BUTTON_TYPES),
  title: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 1000 })])),
  value: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 1000 })])),
}, closed);
export type MenuButton = Static<typeof MenuButton>;

export const FacebookMenuBody = Type.Object({ buttons: Type.Array(MenuButton, { maxItems: 20 }) }, closed);
export type FacebookMenuBody = Static<typeof FacebookMenuBody>;

/** The first rule a menu breaks, with the field it names (`pageId`, `buttons`, `buttons.0.title`), or undefined. */
export function menuProblem(pageId: string | null | undefined, buttons: readonly Partial<MenuButton>[]): { field: string; message: string } | undefined {
  if (!pageId?.trim()) return { field: 'pageId', message: FACEBOOK_MESSAGES.required };
  if (buttons.length === 0) return { field: 'buttons', message: FACEBOOK_MESSAGES.atLeastOneButton };
  if (buttons.length > MENU_LIMITS.buttons) return { field: 'buttons', message: FACEBOOK_MESSAGES.tooManyButtons };
  for (const [i, button] of buttons.entries()) {
    for (const name of ['title', 'value'] as const) {
      const text = button[name]?.trim() ?? '';
      if (!text) return { field: `buttons.${i}.${name}`, message: FACEBOOK_MESSAGES.buttonRequired };
      if ([...text].length > MENU_LIMITS.text) return { field: `buttons.${i}.${name}`, message: FACEBOOK_MESSAGES.tooLong };
    }
  }
  return undefined;
}
