// Twitter (X): what 'Conectar' sends, 'Desconectar''s query and the webhook's state as the editor reads
// it. The spec's env names the account's subscription in Quipu: X's API v2 has no environments.
import { Type, type Static } from 'typebox';
import { closed, RequiredText } from './common';

export const TWITTER_MESSAGES = {
  env: 'Ingrese el env',
  consumerKey: 'Ingrese el consumer key',
  consumerSecret: 'Ingrese el consumer secret',
  accessToken: 'Ingrese el access token',
  accessTokenSecret: 'Ingrese el access token secret',
  badCredentials: 'X no aceptó las credenciales: revise el consumer key, el consumer secret, el access token y el access token secret',
  webhookRefused: (reason: string) => `X no aceptó la dirección del webhook: ${reason}`,
  notConnected: 'El canal no está conectado a X',
  notConfigured: 'Canal no configurado',
} as const;

const Id = Type.String({ minLength: 1, maxLength: 64 });

/** POST /loginTw: the channel, the subscription's name (env) and the app's and account's OAuth 1.0a keys; each is required. */
export const TwitterLoginBody = Type.Object({
  id: Id,
  env: RequiredText(100, TWITTER_MESSAGES.env),
  twConsumerKey: RequiredText(200, TWITTER_MESSAGES.consumerKey),
  twConsumerSecret: RequiredText(200, TWITTER_MESSAGES.consumerSecret),
  twAccessToken: RequiredText(200, TWITTER_MESSAGES.accessToken),
  twAccessTokenSecret: RequiredText(200, TWITTER_MESSAGES.accessTokenSecret),
}, closed);
export type TwitterLoginBody = Static<typeof TwitterLoginBody>;

/** POST /logoutTw?chId (the spec's GET, signed as every write). */
export const TwitterLogoutQuery = Type.Object({ chId: Id });

/** GET and PUT /webhook/{id}: the channel's webhook at X; `valid` is false when X's last CRC failed or there is none. */
export const TwitterWebhook = Type.Object({
  valid: Type.Boolean(),
  id: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  createdAt: Type.Optional(Type.String()),
});
export type TwitterWebhook = Static<typeof TwitterWebhook>;
export const TwitterWebhookList = Type.Array(TwitterWebhook);
