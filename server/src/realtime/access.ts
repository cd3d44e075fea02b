// Who is on a STOMP connection (a console session, or the holder of a conversation token) and which
// topics each may subscribe to: `/topic/{idBot}/{psi}` by the bot rules of the HTTP routes,
// `/topic/{psi}` only by the holder of that conversation.
import { ApiError } from '../errors';
import type { App, SessionUser } from '../types';
import type { ConversationRegistry } from './conversations';

/** The one conversation a token opens. */
export interface ConversationGrant {
  psi: string;
  idBot: string;
  idE: string;
}

/** Where a token was presented, so a verifier can hold it to its channel's domains. */
export interface TokenContext {
  /** The Origin of the WebSocket upgrade, when the browser sent one. */
  origin?: string;
  ip: string;
}

/**
 * Checks per-conversation tokens (the web widget's). The client sends its token as the CONNECT
 * frame's `passcode` header, where RabbitMQ's Web-STOMP also takes credentials.
 */
export interface TokenVerifier {
  /** The conversation the token opens, or null when it is invalid or expired. Asked at CONNECT and at every recheck. */
  verify(token: string, context: TokenContext): Promise<ConversationGrant | null>;
}

export type Principal =
  | { kind: 'sesion'; token: string; sesionId: string; user: SessionUser; ip: string; /** When its session was last checked (config.now()). */ checkedAt: number }
  | { kind: 'token'; token: string; grant: ConversationGrant; context: TokenContext };

export type Destination = { kind: 'bot'; idBot: string; psi: string } | { kind: 'conversation'; psi: string };

/** One path segment: no slash, no white space, no control character. */
const SEGMENT = /^[^/\s\p{Cc}]{1,200}$/u;

/** `/topic/{idBot}/{psi}` or `/topic/{psi}`; null for anything else. */
export function parseDestination(text: string): Destination | null {
  const parts = text.split('/');
  if (parts[0] !== '' || parts[1] !== 'topic' || !parts.slice(2).every((p) => SEGMENT.test(p))) return null;
  if (parts.length === 4) return { kind: 'bot', idBot: parts[2], psi: parts[3] };
  if (parts.length === 3) return { kind: 'conversation', psi: parts[2] };
  return null;
}

export async function maySubscribe(app: Pick<App, 'db' | 'engine'>, conversations: ConversationRegistry, principal: Principal, destination: Destination): Promise<boolean> {
  if (principal.kind === 'token') {
    const { grant } = principal;
    return destination.psi === grant.psi && (destination.kind === 'conversation' || destination.idBot === grant.idBot);
  }
  const conversation = await conversations.find(destination.psi);
  if (destination.kind === 'conversation') return !!conversation?.sesion && conversation.sesion === principal.sesionId;
  // A known conversation is only ever published under its own bot.
  if (conversation && conversation.idBot !== destination.idBot) return false;
  try {
    // The bot rules of the HTTP routes: a role that opens bots, and the user's own company unless
    // ROLE_ADMIN; the bot's row as a chat message reads it (kept a second once deployed).
    await app.engine.botFor(app.db, principal.user, destination.idBot);
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/**
 * True when a browser's upgrade came from the console's own origin (or from no browser at all).
 * The session cookie is SameSite=Strict, and this refuses it anyway from another site's page.
 */
export function consoleOrigin(origin: string | undefined, host: string, publicUrl?: string): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl && url.origin === new URL(publicUrl).origin) return true;
  return url.host === host;
}
