// Channels: the channel with its hours, its bot, the web chat's appearance, and each provider's
// settings. Provider secrets are write-only: a body may carry them, an answer only says which are set.
import { Type, type Static } from 'typebox';
import { closed, literals, RequiredText } from './common';

export const CANAL_MESSAGES = {
  required: 'Campo requerido',
  notFound: 'Canal no encontrado',
  saved: 'Guardado con éxito',
  deleted: 'Eliminado con exito',
  activated: 'Activado con éxito',
  deactivated: 'Desactivado con éxito',
  disconnected: 'El canal se desconectó correctamente',
  linked: 'Vinculado con éxito',
  confirmDelete: 'Seguro desea borrar este canal ?',
  confirmDisconnect: '¿Está seguro en desactivar el canal?',
  saveToSignIn: 'Guarde para iniciar sesión',
  decodeError: 'Error al decodificar canal',
  pasted: 'Pegado con exito',
  badHour: 'Ingrese una hora válida (HH:mm)',
  stale: 'Otra persona modificó este canal. Recargue la página para ver sus cambios antes de guardar.',
  outOfHours: 'Nuestro horario de atención es de {hi} a {hf}. Escríbanos dentro de ese horario, por favor.',
  inactive: 'Este canal no está disponible en este momento.',
  telegramDisabled: 'Telegram no está habilitado para su empresa',
  badToken: 'El token no fue aceptado por Telegram',
  chasquiHttps: 'La URL del relay debe comenzar con https://',
  projectNumber: 'El número de proyecto de Google Cloud son solo dígitos',
} as const;

/** What the channel catalogue holds for each kind of channel. */
interface CanalKindEntry {
  /** The type code a channel and its conversations are stored under. */
  red: number;
  /** The editor's route segment: /canal/{path}/:id. */
  path: string;
  /** The editor route's check (roles.ts CHECKS): 'channel' needs channel access, 'none' admits anyone signed in. */
  check: 'channel' | 'none';
  /** Its place among the channel editors' routes in roles.ts ROUTES. */
  routeOrder: number;
  /** Its name in the history, the dashboard and the reports. */
  label: string;
  /** The MUI icon the console shows beside it (src/resources/canales/canalIcons.tsx maps the name). */
  icon: string;
  /** Its console texts: quipu.canales.kind.{texts} and, where it has an add button, quipu.canales.agregar{texts}. */
  texts: string;
  /** The skill editor's switch label, or null where a skill's actions cannot be limited to it. */
  action: string | null;
  /** Its place among /canal's add buttons, null where none is offered; `needsTg`: offered only to a company with Telegram enabled. */
  add: { order: number; needsTg?: true } | null;
}

/**
 * The channel catalogue: every kind of channel (the key, the channel's `name`) with all that is told
 * of it anywhere. Its order is the order every list of kinds shows, by type code (Slack's 7 and
 * Google's 9 sit around 8, which stands for all); the add buttons and the routes keep their own
 * order (`add.order`, `routeOrder`). The skill editor's switches are the five kinds of the original
 * skill editor. Every list of channels, on either side, is read from here.
 */
export const CANAL_KINDS = {
  Twitter: { red: 0, path: 'tw', check: 'channel', routeOrder: 1, label: 'Twitter', icon: 'X', texts: 'Twitter', action: 'Twitter', add: null },
  Facebook: { red: 1, path: 'fb', check: 'channel', routeOrder: 2, label: 'Facebook', icon: 'Facebook', texts: 'Facebook', action: 'Facebook', add: null },
  Telegram: { red: 2, path: 'tg', check: 'channel', routeOrder: 3, label: 'Telegram', icon: 'Telegram', texts: 'Telegram', action: 'Telegram', add: { order: 6, needsTg: true } },
  Web: { red: 3, path: 'web', check: 'channel', routeOrder: 4, label: 'Web', icon: 'Language', texts: 'Web', action: null, add: { order: 1 } },
  Whatsapp: { red: 4, path: 'whatsapp', check: 'none', routeOrder: 8, label: 'WhatsApp', icon: 'WhatsApp', texts: 'Whatsapp', action: 'Whatsapp', add: { order: 3 } },
  Microsoft: { red: 6, path: 'msft', check: 'none', routeOrder: 5, label: 'Teams', icon: 'Microsoft', texts: 'Microsoft', action: 'Teams', add: { order: 2 } },
  // Slack has no icon among MUI's.
  Slack: { red: 7, path: 'slack', check: 'none', routeOrder: 7, label: 'Slack', icon: 'Tag', texts: 'Slack', action: null, add: { order: 4 } },
  Google: { red: 9, path: 'google', check: 'none', routeOrder: 6, label: 'Google', icon: 'Google', texts: 'Google', action: null, add: { order: 5 } },
} as const satisfies Record<string, CanalKindEntry>;
/** The type code that stands for every channel (an action for all channels, a test on all). */
export const ALL_CHANNELS = 8;
export type CanalKind = keyof typeof CANAL_KINDS;
/** The kinds in the catalogue's order; typed as a tuple, which literals() needs for the names to reach CanalBody's type. */
export const CANAL_NAMES = Object.keys(CANAL_KINDS) as unknown as readonly [CanalKind, ...CanalKind[]];
/** The name of the MUI icon a kind shows. */
export type CanalIconName = (typeof CANAL_KINDS)[CanalKind]['icon'];

/** The console address of a kind's editor for channel `id`: 'new' for a new one, ':id' for the route's pattern. */
export const canalEditorPath = (kind: CanalKind, id: string): string => `/canal/${CANAL_KINDS[kind].path}/${id}`;

/** Google Cloud's project number: digits. */
export const PROJECT_NUMBER_PATTERN = '^[0-9]{1,30}$';

/** HH:mm, 00:00 to 23:59. */
export const HOUR_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

const Text = (maxLength: number) => Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength })]));
const Id = Type.String({ minLength: 1, maxLength: 64 });
const Hour = Type.Optional(Type.Union([Type.Null(), Type.Literal(''), Type.String({ pattern: HOUR_PATTERN, 'x-message': CANAL_MESSAGES.badHour })]));

/** Web chat colours and fonts. Colours are rgba text. */
export const WebTheme = Type.Object({
  background: Text(60),
  fontFamily: Text(200),
  headerBgColor: Text(60),
  headerFontColor: Text(60),
  headerFontSize: Text(20),
  botBubbleColor: Text(60),
  botFontColor: Text(60),
  userBubbleColor: Text(60),
  userFontColor: Text(60),
  bgBtn: Text(60),
  bubbleMaxWidth: Text(20),
}, closed);
export type WebTheme = Static<typeof WebTheme>;

/** The web chat's appearance. Sizes are CSS lengths ('540px'). */
export const WebConfig = Type.Object({
  /** Sites allowed to embed the widget (host names or origins); empty allows none but this server's own sample page. */
  domain: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  dsc: Text(500),
  welcomeMessage: Text(1000),
  floating: Type.Optional(Type.Boolean()),
  floatingIcon: Text(2000),
  theme: Type.Optional(WebTheme),
  headerTitle: Text(200),
  headerLogo: Text(2000),
  height: Text(20),
  width: Text(20),
  placeholder: Text(200),
  hideBotAvatar: Type.Optional(Type.Boolean()),
  hideUserAvatar: Type.Optional(Type.Boolean()),
  botAvatar: Text(2000),
  userAvatar: Text(2000),
  widthBtn: Text(20),
  heightBtn: Text(20),
  paddingBtn: Text(20),
  shadowBtn: Text(200),
  bottom: Text(20),
  right: Text(20),
  fullFloatingIcon: Type.Optional(Type.Boolean()),
  welcomeHeight: Type.Optional(Type.Integer({ minimum: 0, maximum: 150, 'x-message': 'La altura del mensaje de bienvenida va de 0 a 150' })),
  showCloseWelcome: Type.Optional(Type.Boolean()),
  carouselDoble: Type.Optional(Type.Boolean()),
}, closed);
export type WebConfig = Static<typeof WebConfig>;

/** Defaults: 540 × 360 px, welcome height 60, purple and white. */
export const WEB_DEFAULTS = {
  domain: [],
  dsc: '',
  welcomeMessage: '¡Hola! ¿En qué podemos ayudarle?',
  floating: true,
  headerTitle: 'Chat',
  height: '540px',
  width: '360px',
  placeholder: 'Escriba su mensaje…',
  hideBotAvatar: false,
  hideUserAvatar: true,
  bottom: '20px',
  right: '20px',
  widthBtn: '60px',
  heightBtn: '60px',
  welcomeHeight: 60,
  showCloseWelcome: true,
  carouselDoble: false,
  theme: {
    background: 'rgba(255, 255, 255, 1)',
    fontFamily: 'system-ui, sans-serif',
    headerBgColor: 'rgba(103, 58, 183, 1)',
    headerFontColor: 'rgba(255, 255, 255, 1)',
    headerFontSize: '16px',
    botBubbleColor: 'rgba(103, 58, 183, 1)',
    botFontColor: 'rgba(255, 255, 255, 1)',
    userBubbleColor: 'rgba(255, 255, 255, 1)',
    userFontColor: 'rgba(33, 33, 33, 1)',
    bgBtn: 'rgba(103, 58, 183, 1)',
    bubbleMaxWidth: '80%',
  },
} as const satisfies WebConfig;

/** A number WhatsApp never answers, with a name to recognise it by. */
export const Exclusion = Type.Object({ numero: Type.String({ maxLength: 30 }), nombre: Type.String({ maxLength: 200 }) }, closed);

/** Provider settings that are not secret (shown in the editor). */
export const CanalCfg = Type.Object({
  /** Telegram: the bot's user name from getMe, and whether our webhook is set. */
  username: Text(200),
  webhook: Type.Optional(Type.Boolean()),
  /** Slack: the app id, and the workspace the OAuth linked. */
  appId: Text(100),
  teamId: Text(100),
  teamName: Text(200),
  botUserId: Text(100),
  /** WhatsApp Cloud API: the sending number's id. */
  phoneNumberId: Text(100),
  /** Twitter: the subscription's name in Quipu (the spec's env; X's API v2 has no environments), and what 'Conectar' set up. */
  env: Text(100),
  twitterUserId: Text(50),
  twitterUsername: Text(100),
  webhookId: Text(50),
  /** Facebook: the account that connected. */
  fbUserId: Text(50),
  fbUserName: Text(200),
  /** Google Chat: the Cloud project number, the audience of the tokens Chat signs its events with. */
  projectNumber: Type.Optional(Type.Union([Type.Null(), Type.Literal(''), Type.String({ pattern: PROJECT_NUMBER_PATTERN, 'x-message': CANAL_MESSAGES.projectNumber })])),
}, closed);
export type CanalCfg = Static<typeof CanalCfg>;

/** Write-only provider secrets. A missing or null one keeps what is stored; '' removes it. */
export const CanalSecretsBody = Type.Object({
  /** Telegram bot token (set through POST /loginTg). */
  token: Text(300),
  /** Slack. */
  appSecret: Text(300),
  signingSecret: Text(300),
  /** WhatsApp Cloud API. */
  accessToken: Text(1000),
  verifyToken: Text(300),
  whatsappAppSecret: Text(300),
  /** Teams: the Bot Framework app's id and password. */
  msAppId: Text(100),
  msAppPassword: Text(300),
  /** Google Chat: the service account's JSON key, for answers sent after the event's reply. */
  googleServiceAccount: Text(10000),
  /** Twitter: the app's consumer key and secret, and the account's access token and secret (OAuth 1.0a). */
  twConsumerKey: Text(200),
  twConsumerSecret: Text(200),
  twAccessToken: Text(200),
  twAccessTokenSecret: Text(200),
}, closed);
export type CanalSecretsBody = Static<typeof CanalSecretsBody>;
/** Every stored secret: the ones a body may carry, and those the server sets itself (Slack's bot token, Telegram's webhook secret, the Teams files' refresh token, the Facebook account's long-lived token). */
export const SECRET_NAMES = ['token', 'appSecret', 'signingSecret', 'accessToken', 'verifyToken', 'whatsappAppSecret', 'msAppId', 'msAppPassword', 'googleServiceAccount', 'twConsumerKey', 'twConsumerSecret', 'twAccessToken', 'twAccessTokenSecret', 'botToken', 'webhookSecret', 'msFilesRefreshToken', 'fbUserToken'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** A channel as the API answers it. `secretos` says which secrets are stored, never their values. */
export const Canal = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Channel type code (CANAL_KINDS). */
  red: Type.Integer(),
  dsc: Type.String(),
  activo: Type.Boolean(),
  idE: Type.String(),
  /** Teams and Google: the tenant id. Telegram's token is a secret and never appears here. */
  idR: Type.Union([Type.String(), Type.Null()]),
  /** The linked bot, null when unlinked; `bot` is its name. */
  b: Type.Union([Type.String(), Type.Null()]),
  bot: Type.Union([Type.String(), Type.Null()]),
  porHora: Type.Boolean(),
  hi: Type.Union([Type.String(), Type.Null()]),
  hf: Type.Union([Type.String(), Type.Null()]),
  /** What the channel answers outside hi–hf. */
  msgFueraHora: Type.Union([Type.String(), Type.Null()]),
  liveAgent: Type.Boolean(),
  email: Type.Union([Type.String(), Type.Null()]),
  useChasqui: Type.Boolean(),
  chasquiUrl: Type.Union([Type.String(), Type.Null()]),
  excluir: Type.Array(Exclusion),
  web: Type.Union([WebConfig, Type.Null()]),
  cfg: CanalCfg,
  secretos: Type.Record(Type.String(), Type.Boolean()),
  /** Optimistic lock: a save on an older rev gets 409. */
  rev: Type.Integer(),
});
export type Canal = Static<typeof Canal>;

/** POST /ch/web: creates (no id) or saves a channel of any kind. `idE` only counts for ROLE_ADMIN. */
export const CanalBody = Type.Object({
  id: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 64 })])),
  name: literals(CANAL_NAMES),
  dsc: RequiredText(200, CANAL_MESSAGES.required),
  activo: Type.Optional(Type.Boolean()),
  idE: Text(64),
  idR: Text(200),
  porHora: Type.Optional(Type.Boolean()),
  hi: Hour,
  hf: Hour,
  msgFueraHora: Text(1000),
  liveAgent: Type.Optional(Type.Boolean()),
  email: Text(200),
  useChasqui: Type.Optional(Type.Boolean()),
  chasquiUrl: Text(500),
  excluir: Type.Optional(Type.Array(Exclusion, { maxItems: 500 })),
  web: Type.Optional(Type.Union([Type.Null(), WebConfig])),
  cfg: Type.Optional(CanalCfg),
  secretos: Type.Optional(CanalSecretsBody),
  rev: Type.Optional(Type.Integer()),
}, closed);
export type CanalBody = Static<typeof CanalBody>;

/** GET /ch: `id` answers one channel; otherwise the list of `idE` (ROLE_ADMIN may name any company). */
export const CanalQuery = Type.Object({ id: Type.Optional(Id), idE: Type.Optional(Type.String({ maxLength: 64 })) });
/** POST /ch/suscribe (a POST, signed as every write): idB = 'blk' unlinks. */
export const SuscribeQuery = Type.Object({ id: Id, idB: Type.String({ minLength: 1, maxLength: 64 }) });
export const UNLINK = 'blk';
/** POST /ch/active (a POST, signed as every write). */
export const ActiveQuery = Type.Object({ id: Id, active: Type.Boolean() });

/** POST /loginTg: checks the token with getMe and sets the webhook. */
export const TelegramLoginBody = Type.Object({ id: Id, token: RequiredText(300, CANAL_MESSAGES.required) }, closed);

/** POST /wh/export/archivo: the WhatsApp relay's configuration for channel idC, served at url. */
export const WhatsappExportBody = Type.Object({ url: RequiredText(500, CANAL_MESSAGES.required), idC: Id }, closed);
export const WhatsappExport = Type.Object({ nombre: Type.String(), contenido: Type.String() });
