// The web chat widget's public routes (`/public/webchat/{key}`): the channel's appearance, opening a
// conversation with its per-conversation token, and a visitor's message. No sign-in: the channel
// key, the channel's domain list and the token are what admit a caller.
import { Type, type Static } from 'typebox';
import { WebConfig } from './canales';
import { ChatMessage, MAX_MESSAGE } from './chat';
import { closed } from './common';

export const WEBCHAT_MESSAGES = {
  foreignOrigin: 'Este sitio no está autorizado para usar este chat.',
  badToken: 'La conversación no es válida o venció. Vuelva a abrir el chat.',
  throttled: 'Demasiados mensajes seguidos. Espere un minuto e intente nuevamente.',
  badMessageId: 'El id del mensaje no es válido',
} as const;

export const WebchatKeyParams = Type.Object({ key: Type.String({ maxLength: 200 }) });

/** GET /public/webchat/{key}: how the widget looks (the channel's web object over the defaults, without its domain list). */
export const WebchatCanal = Type.Object({
  web: WebConfig,
  /** The linked bot's name. */
  bot: Type.String(),
});
export type WebchatCanal = Static<typeof WebchatCanal>;

const Token = Type.String({ minLength: 1, maxLength: 2000 });

/** POST /public/webchat/{key}/conversacion: a token kept from before resumes its conversation. */
export const WebchatOpenBody = Type.Object({ token: Type.Optional(Type.Union([Type.Null(), Token])) }, closed);
export type WebchatOpenBody = Static<typeof WebchatOpenBody>;

/** One line of a conversation already under way, as the widget shows it again. */
export const WebchatEntry = Type.Union([
  Type.Object({ from: Type.Literal('bot'), id: Type.String(), message: ChatMessage }),
  Type.Object({ from: Type.Literal('user'), id: Type.String(), text: Type.String() }),
]);
export type WebchatEntry = Static<typeof WebchatEntry>;

export const WebchatConversation = Type.Object({
  psi: Type.String(),
  /** Signed, for this conversation only: the messages' `token` and STOMP CONNECT's `passcode`. */
  token: Type.String(),
  idBot: Type.String(),
  /** The conversation's current session so far (empty for a new one), oldest first. */
  historial: Type.Array(WebchatEntry),
});
export type WebchatConversation = Static<typeof WebchatConversation>;

/** POST /public/webchat/{key}/mensaje: a text or a button's postback. `id` is the widget's id of the message: a resend is answered once. */
export const WebchatMessageBody = Type.Object({
  token: Token,
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', 'x-message': WEBCHAT_MESSAGES.badMessageId }),
  message: Type.Optional(Type.String({ maxLength: MAX_MESSAGE })),
  postback: Type.Optional(Type.String({ maxLength: 1000 })),
}, closed);
export type WebchatMessageBody = Static<typeof WebchatMessageBody>;

/**
 * GET /public/webchat/{key}/mensajes?token=…&desde=…: what the conversation's current session holds after the
 * widget's last message `desde` (a widget back from a lost connection); all of it when that id is
 * not among them.
 */
export const WebchatMissedQuery = Type.Object({ token: Token, desde: Type.Optional(Type.String({ maxLength: 64 })) }, closed);
export type WebchatMissedQuery = Static<typeof WebchatMissedQuery>;

export const WebchatMissed = Type.Object({ historial: Type.Array(WebchatEntry) });
export type WebchatMissed = Static<typeof WebchatMissed>;

export const WebchatReply = Type.Object({
  /** The bot's answer, also published to the widget's `/user/conversacion`; empty for a message answered before. */
  messages: Type.Array(ChatMessage),
  /** True when this id was answered before (its answer went out then). */
  repetido: Type.Boolean(),
  /** The token with a new expiry. */
  token: Type.String(),
});
export type WebchatReply = Static<typeof WebchatReply>;
