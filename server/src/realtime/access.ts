// Who is on a STOMP connection (a console sign-in, or the holder of a conversation token) and the
// topic each destination resolves to for it (topics.ts). A console sign-in reaches its own user's
// chats with the bots it may open, by the bot rules of the HTTP routes; a token reaches its own
// conversation on its web channel; neither reaches anything else, and no channel conversation
// (web, WhatsApp, Telegram, Slack) is open to any console sign-in: the console reads those
// through the conversation history, under its own role rules.
import { ApiError } from '../errors';
import { DEMO_CHANNEL } from '../../../common/schemas/chat';
import type { DB } from '../db';
import type { SessionUser } from '../types';
import { channelTopic, userTopic, type Destination } from '../../../common/topics';

/** The one conversation a token opens. */
export interface ConversationGrant {
  psi: string;
  /** The web channel the conversation is on. */
  idCanal: string;
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
  | { kind: 'signIn'; token: string; signInId: string; user: SessionUser; ip: string; /** When its session was last checked (config.now()). */ checkedAt: number }
  | { kind: 'token'; token: string; grant: ConversationGrant; context: TokenContext };

/** What a connection's connections are counted under: its console sign-in, or its token's conversation. */
export function credentialOf(principal: Principal): string {
  return principal.kind === 'signIn' ? `signIn:${principal.signInId}` : `canal:${principal.grant.idCanal}:${principal.grant.psi}`;
}

/**
 * The topic `destination` resolves to for `principal`, or null when it may not subscribe. With
 * `firstTime`, a console chat is also refused when the company's test client of that psi is
 * another user's (its topic would never carry that conversation anyway: the topic is per user).
 */
export async function topicFor(app: { db: DB; botFor: (user: SessionUser, idBot: string) => Promise<{ idE: string }> }, principal: Principal, destination: Destination, firstTime = true): Promise<string | null> {
  if (principal.kind === 'token') {
    return destination.kind === 'conversation' ? channelTopic(principal.grant.idCanal, principal.grant.psi) : null;
  }
  if (destination.kind !== 'bot') return null;
  let idE: string;
  try {
    // The bot rules of the HTTP routes: a role that opens bots, and the user's own company unless
    // ROLE_ADMIN; the bot's row as a chat message reads it (kept a second once deployed).
    idE = (await app.botFor(principal.user, destination.idBot)).idE;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  if (firstTime) {
    const client = await app.db
      .selectFrom('chat_cliente')
      .select('idU')
      .where('idE', '=', idE)
      .where('idChannel', '=', DEMO_CHANNEL)
      .where('psi', '=', destination.psi)
      .executeTakeFirst();
    if (client && client.idU !== principal.user.id) return null;
  }
  return userTopic(principal.user.id, destination.idBot, destination.psi);
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
