// The web chat widget's side of a web channel: which channel a key names and whether it may chat
// now (active, linked to a deployed bot of its company), which sites may use it (its domain list
// plus this server's own pages), the conversation so far, and a visitor's message, which the web
// adapter reads and hands to the channels' one entry (answer.ts) like any provider's.
import { randomUUID } from 'node:crypto';
import { ApiError, badRequest, forbidden } from '../../errors';
import type { CanalRow, InboundFile } from '../../conversation';
import { canalById } from '../../services/canales/canales';
import type { ConversationGrant, TokenVerifier } from '../../realtime/access';
import { CANAL_KINDS, CANAL_MESSAGES, WEB_DEFAULTS, type WebConfig } from '../../../../common/schemas/canales';
import { CHAT_MESSAGES, type ChatMessage } from '../../../../common/schemas/chat';
import { WEBCHAT_MESSAGES, type WebchatCanal, type WebchatConversation, type WebchatEntry, type WebchatMissed, type WebchatMissedQuery, type WebchatReply } from '../../../../common/schemas/webchat';
import { decodeCanalKey } from '../../../../common/schemas/webchatKey';
import type { App } from '../../types';
import type { WebhookInput } from '../adapter';
import { answerMessage } from '../answer';
import { web } from './index';
import { newToken, readToken, type Caller } from './token';

/** Messages one conversation may send per minute. */
export const WEBCHAT_MESSAGES_PER_MINUTE = 20;
/** How much of the conversation a reopened widget shows again. */
const TRANSCRIPT_LIMIT = 100;

/** The web channel with this id, or undefined. */
export async function findWebCanal(app: App, id: string): Promise<CanalRow | undefined> {
  const row = await canalById(app.db, id);
  return row && Number(row.red) === CANAL_KINDS.Web.red ? row : undefined;
}

/** The web channel a widget's key names, or undefined. */
export async function canalOfKey(app: App, key: string): Promise<CanalRow | undefined> {
  const id = decodeCanalKey(key);
  return id ? findWebCanal(app, id) : undefined;
}

function webOf(canal: CanalRow): WebConfig {
  try {
    const web = canal.web ? (JSON.parse(canal.web) as WebConfig | null) : null;
    return web && typeof web === 'object' ? web : {};
  } catch {
    return {};
  }
}

/** The sites allowed to embed the channel's widget (host names or origins). */
export function canalDomains(canal: CanalRow): string[] {
  const domain = webOf(canal).domain;
  return Array.isArray(domain) ? domain.filter((d): d is string => typeof d === 'string') : [];
}

/**
 * Whether a page at `origin` may use a widget whose channel lists `domains`. An entry with a scheme
 * is one origin ('https://tienda.example.com'); otherwise a host name, which any scheme and port
 * of that host matches ('tienda.example.com'), or a host with a port ('tienda.example.com:8443');
 * '*.example.com' matches its subdomains.
 */
export function originAllowed(domains: readonly string[], origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return domains.some((raw) => {
    const entry = raw.trim().toLowerCase().replace(/\/+$/, '');
    if (!entry) return false;
    if (entry.includes('://')) {
      try {
        return new URL(entry).origin === url.origin;
      } catch {
        return false;
      }
    }
    const wildcard = entry.startsWith('*.');
    const host = wildcard ? entry.slice(2) : entry;
    const target = /:\d+$/.test(host) ? url.host : url.hostname;
    return wildcard ? target.endsWith(`.${host}`) : target === host;
  });
}

/** Whether a call from `caller` may use the channel's widget. A call without Origin is no browser's cross-site call. */
export function callerAllowed(canal: CanalRow, caller: Caller): boolean {
  return caller.own || caller.origin === undefined || originAllowed(canalDomains(canal), caller.origin);
}

/** The bot the channel answers with, while it may chat: active, linked to a deployed bot of its own company. */
async function chattingBot(app: App, canal: CanalRow): Promise<{ id: string; nm: string } | null> {
  if (!canal.activo || !canal.b) return null;
  const entry = await app.bots.botEntry(app.db, canal.b);
  if (!entry || entry.bot.idE !== canal.idE || !entry.idVersion) return null;
  return { id: entry.bot.id, nm: entry.bot.nm };
}

const refused = () => forbidden(CANAL_MESSAGES.inactive);

/** The channel's web object over the defaults, as the widget draws it; the domain list stays on the server. */
export function publicWeb(canal: CanalRow): WebConfig {
  const { domain: _domain, theme, ...web } = webOf(canal);
  const given = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '')) as Partial<T>;
  const { domain: _none, ...defaults } = WEB_DEFAULTS;
  return { ...defaults, ...given(web), theme: { ...WEB_DEFAULTS.theme, ...given(theme ?? {}) } };
}

/** GET /public/webchat/{key}. */
export async function webchatCanal(app: App, canal: CanalRow): Promise<WebchatCanal> {
  const bot = await chattingBot(app, canal);
  if (!bot) throw refused();
  return { web: publicWeb(canal), bot: bot.nm };
}

/**
 * The conversation's current session so far, oldest first (postbacks, which are values rather than
 * words, left out); after the message `desde` when it is one of them.
 */
async function transcript(app: App, canal: CanalRow, psi: string, desde?: string): Promise<WebchatEntry[]> {
  const conversation = await app.db
    .selectFrom('conversacion')
    .select('idSesion')
    .where('idChannel', '=', canal.id)
    .where('idE', '=', canal.idE)
    .where('psi', '=', psi)
    .orderBy('ua', 'desc')
    .executeTakeFirst();
  if (!conversation?.idSesion) return [];
  const idSesion = conversation.idSesion;
  const after = desde
    ? await app.db.selectFrom('chat_mensaje').select('seq').where('idSesion', '=', idSesion).where('id', '=', desde).executeTakeFirst()
    : undefined;
  const rows = await app.db
    .selectFrom('chat_mensaje')
    .select(['id', 't', 'm', 'tipo', 'body'])
    .where('idSesion', '=', idSesion)
    .$if(after !== undefined, (q) => q.where('seq', '>', Number(after?.seq)))
    .orderBy('seq', 'desc')
    .limit(TRANSCRIPT_LIMIT)
    .execute();
  return rows.reverse().flatMap((row): WebchatEntry[] => {
    if (Number(row.t) === 1) return row.tipo === 'POSTBACK' ? [] : [{ from: 'user', id: row.id, text: row.m }];
    if (!row.body) return [];
    try {
      return [{ from: 'bot', id: row.id, message: JSON.parse(row.body) as ChatMessage }];
    } catch {
      return [];
    }
  });
}

/** POST /public/webchat/{key}/conversacion: the token's conversation when it is one of this channel's, else a new one. */
export async function openConversation(app: App, canal: CanalRow, token: string | null | undefined, caller: Caller): Promise<WebchatConversation> {
  const bot = await chattingBot(app, canal);
  if (!bot) throw refused();
  const kept = token ? readToken(app, token) : null;
  const resumed = kept && kept.c === canal.id ? kept.p : undefined;
  const psi = resumed ?? `web-${randomUUID()}`;
  return { psi, token: newToken(app, canal.id, psi, caller), idBot: bot.id, historial: resumed ? await transcript(app, canal, psi) : [] };
}

/** GET /public/webchat/{key}/mensajes?token=…&desde=…: what the token's conversation holds after the widget's last message. */
export async function missedMessages(app: App, canal: CanalRow, body: WebchatMissedQuery): Promise<WebchatMissed> {
  const claims = readToken(app, body.token);
  if (!claims || claims.c !== canal.id) throw new ApiError(401, WEBCHAT_MESSAGES.badToken, 'TOKEN');
  return { historial: await transcript(app, canal, claims.p, body.desde) };
}

/** POST /public/webchat/{key}/mensaje (and /archivos, with its files): the visitor's message, read by the web adapter, through the channel to its bot. */
export async function widgetMessage(app: App, canal: CanalRow, input: WebhookInput, caller: Caller, files: readonly InboundFile[] = []): Promise<WebchatReply> {
  const reading = web.read(app, canal, input);
  if (reading.kind === 'refused') throw new ApiError(reading.status, reading.message, reading.code);
  const message = files.length ? { ...reading.messages[0], files: [...files] } : reading.messages[0];
  const result = await answerMessage(app, web, canal, message);
  const token = newToken(app, canal.id, message.psi, caller);
  switch (result.kind) {
    case 'answered':
    case 'outOfHours':
      return { messages: result.messages, repetido: false, token };
    case 'duplicate':
      return { messages: [], repetido: true, token };
    case 'refused':
      if (result.reason === 'empty') throw badRequest(CHAT_MESSAGES.vacio);
      throw refused();
  }
}

/**
 * The widget's tokens as STOMP CONNECT's passcode: a valid token of a channel that may still chat,
 * presented from a page its domain list admits (or the one it was given to). Asked again at every
 * recheck, so deactivating or unlinking the channel closes its widgets' connections.
 */
export function webchatTokens(app: App): TokenVerifier {
  return {
    async verify(token, context): Promise<ConversationGrant | null> {
      const claims = readToken(app, token);
      if (!claims) return null;
      const canal = await findWebCanal(app, claims.c);
      if (!canal) return null;
      const bot = await chattingBot(app, canal);
      if (!bot) return null;
      const domains = canalDomains(canal);
      if (claims.o && !claims.s && !originAllowed(domains, claims.o)) return null;
      if (context.origin !== undefined && context.origin !== claims.o && !originAllowed(domains, context.origin)) return null;
      return { psi: claims.p, idCanal: canal.id, idBot: bot.id, idE: canal.idE };
    },
  };
}

/** The sample page's channel: the one of `key`, else the oldest active web channel whose bot is deployed. */
export async function sampleCanal(app: App, key: string | undefined): Promise<CanalRow | undefined> {
  if (key) return canalOfKey(app, key);
  const candidates = await app.db
    .selectFrom('canal')
    .selectAll()
    .where('red', '=', CANAL_KINDS.Web.red)
    .where('activo', '=', 1)
    .where('b', 'is not', null)
    .orderBy('fc')
    .orderBy('id')
    .limit(50)
    .execute();
  for (const canal of candidates) if (await chattingBot(app, canal)) return canal;
  return undefined;
}

/** Who calls: the Origin header, and whether it is this server's own (its PUBLIC_URL, or the address the call came to). */
export function webchatCaller(request: { headers: { origin?: string }; protocol: string; host: string }, publicUrl?: string): Caller {
  const origin = request.headers.origin;
  if (origin === undefined) return { own: false };
  const own = origin === originOf(`${request.protocol}://${request.host}`) || (!!publicUrl && origin === originOf(publicUrl));
  return { origin, own };
}

/** The origin of an address as a browser writes it (default port left out); '' when it is none. */
function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return '';
  }
}
