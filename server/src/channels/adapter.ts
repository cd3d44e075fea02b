// What every channel adapter (web/, telegram/, whatsapp/, slack/, facebook/, ...) provides, and the small pieces
// they share: a call as an adapter reads it, constant-time secret comparison, HMAC, the server's
// public addresses, and how a button's postback travels when it is longer than the provider lets
// a button carry.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { consoleAddress } from '../config';
import type { CanalKind } from '../../../common/schemas/canales';
import type { ChatMessage } from '../../../common/schemas/chat';
import type { App } from '../types';
import type { CanalRow, InboundMessage } from '../conversation';

/** Where an answer goes: the chat (Telegram chat id, WhatsApp number, Slack channel) and, on Slack, the thread. */
export interface Recipient {
  id: string;
  thread?: string;
  /** The channel's account that answers, where a channel has several (a Facebook page's id). */
  from?: string;
}

/** A message a channel's call carried, with where its answer goes. */
export interface ProviderMessage extends InboundMessage {
  to: Recipient;
  /** Called before the bot answers (Telegram's answerCallbackQuery stops the button's spinner). */
  ack?: () => Promise<unknown>;
}

/** A channel's call (a provider's webhook, the widget's message) as the adapter reads it: the exact bytes the provider signed, and their parse. */
export interface WebhookInput {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  body: unknown;
}

/** The call `request` as an adapter reads it. */
export const webhookInput = (request: FastifyRequest): WebhookInput => ({ headers: request.headers, rawBody: request.rawBody ?? Buffer.alloc(0), body: request.body });

/**
 * What a channel's call comes to: refused (bad or missing signature, or the widget's token: nothing
 * is answered; `code` tags the refusal for the caller), a handshake answered as is (Slack's
 * url_verification), or the messages to answer.
 */
export type WebhookReading =
  | { kind: 'refused'; status: 401 | 403; message: string; code?: string }
  | { kind: 'handshake'; body: Record<string, unknown> }
  | { kind: 'messages'; messages: ProviderMessage[] };

export interface ChannelAdapter {
  kind: CanalKind;
  /** Verifies the call the way the channel signs it and reads the messages it carries. */
  read(app: App, canal: CanalRow, input: WebhookInput): WebhookReading | Promise<WebhookReading>;
  /**
   * Sends the bot's answer to `to`, in the provider's own formats. None where the answer is the
   * reply to the call itself and is published on the conversation's topic (the web widget).
   */
  send?(app: App, canal: CanalRow, to: Recipient, messages: ChatMessage[]): Promise<void>;
  /**
   * Where the provider takes the answer as its call's reply (Google Chat): how long the call waits
   * for the bot, and the reply's body for its messages. An answer later than that goes out through
   * `send`, and the reply is `{}`. Such a provider's call carries one message.
   */
  reply?: { withinMs: number; body(messages: ChatMessage[]): Record<string, unknown> };
  /** Before the channel is deleted: asks the provider to stop sending to it, where ours is the call that set that up. */
  release?(app: App, canal: CanalRow): Promise<void>;
}

export const PROVIDER_MESSAGES = {
  badSignature: 'Firma del proveedor inválida',
  staleSignature: 'La firma del proveedor está vencida',
  notConfigured: 'El canal no tiene configurado el secreto con el que el proveedor firma sus llamadas',
  wrongKind: (kind: string) => `El canal no es de ${kind}`,
  unreachable: (provider: string) => `${provider} no respondió. Intente nuevamente en unos minutos.`,
  webhookRefused: (reason: string) => `Telegram no aceptó la dirección del webhook: ${reason}`,
  needsPublicUrl: (provider: string) => `Configure PUBLIC_URL con la dirección pública de la consola para conectar ${provider}`,
} as const;

/** The channel when it is of `kind`; 400 otherwise. */
export function assertKind<T extends { name: string }>(canal: T, kind: CanalKind): T {
  if (canal.name !== kind) throw new ApiError(400, PROVIDER_MESSAGES.wrongKind(kind));
  return canal;
}

/** Equal texts, compared in constant time whatever their lengths. */
export function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (given === undefined || expected === undefined || expected === '') return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function hmacHex(key: string, data: Buffer | string): string {
  return createHmac('sha256', key).update(data).digest('hex');
}

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The server's public origin as providers and relays are told it: PUBLIC_URL's, else where this
 * server listens (consoleAddress); never the request's Host or Origin. The API lives at
 * `{origin}{API_BASE}`.
 */
export function publicOrigin(app: App): string {
  return new URL(consoleAddress(app.config)).origin;
}

/**
 * The origin a provider is told to call back (Telegram's webhook, Slack's redirect), or undefined
 * when it cannot be known: outside the embedded run only PUBLIC_URL says it, since the address
 * this server listens on may be an internal one.
 */
export function callbackOrigin(app: App): string | undefined {
  if (!app.config.publicUrl && !app.config.embedded) return undefined;
  return publicOrigin(app);
}

/** `{origin}{API_BASE}{path}`. */
export function apiAddress(app: App, origin: string, path: string): string {
  return `${origin}${app.config.apiBase}${path}`;
}

/**
 * A button whose postback does not fit where the provider keeps it (Telegram's 64 bytes of
 * callback_data, WhatsApp's reply id, Slack's value) carries this mark instead, and the press
 * reaches the bot as the button's title: the engine takes a typed title as pressing that button.
 */
export const BY_TITLE = '~t';

/** The value a button carries: its postback, or BY_TITLE (with a suffix telling buttons apart) when it does not fit. */
export function buttonData(value: string, maxBytes: number, suffix = ''): string {
  return value && Buffer.byteLength(value, 'utf8') <= maxBytes && !value.startsWith(BY_TITLE) ? value : `${BY_TITLE}${suffix}`;
}

/** What a pressed button sends the bot: its postback, or its title when it carried BY_TITLE. */
export function pressed(data: string | undefined, title: string | undefined): Pick<InboundMessage, 'postback' | 'text'> {
  if (data === undefined || data === '') return title ? { text: title } : {};
  return data.startsWith(BY_TITLE) ? { text: title } : { postback: data };
}

/** Cuts `text` to `max` characters (code points), with an ellipsis when cut. */
export function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** Splits a long text into pieces of at most `max` characters, at line or word breaks when it can. */
export function split(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while ([...rest].length > max) {
    const chars = [...rest];
    const head = chars.slice(0, max).join('');
    // Where the piece ends: right after it when a break follows, else at its last break.
    const at = /\s/.test(chars[max]) ? head.length : Math.max(head.lastIndexOf('\n'), head.lastIndexOf(' '));
    const end = at > 0 ? at : head.length;
    pieces.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).trimStart();
  }
  if (rest || pieces.length === 0) pieces.push(rest);
  return pieces;
}

/** Only http(s) addresses become link buttons; anything else is shown as text. */
export function webUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
