// The STOMP topics, built here for the publisher (conversation/index.ts, conversation/gate.ts) and the
// authoriser (access.ts) alike; the destinations clients name come from schemas/destinations.ts.
// Clients never name whose conversation they follow: they subscribe to a destination under
// /user/, and the broker resolves it for the connection's own principal to the topic the server
// publishes on (as STOMP brokers do for user destinations).
//   /user/bot/{idBot}/{psi}  a console session: its user's own chat with that bot under that psi
//   /user/conversacion       a conversation token (the web widget): the token's one conversation.
// A console user's topic carries the user's id, and a widget's the channel's id, so what one
// user or visitor does never reaches another's topic, whatever psi it names.

import { CONVERSATION_DESTINATION } from './schemas/destinations';

/** One path segment: no slash, no white space, no control character. */
const SEGMENT = /^[^/\s\p{Cc}]{1,200}$/u;

/** A destination as a client names it (schemas/destinations.ts builds them). */
export type Destination = { kind: 'bot'; idBot: string; psi: string } | { kind: 'conversation' };

/** `/user/bot/{idBot}/{psi}` or `/user/conversacion`; null for anything else. */
export function parseDestination(text: string): Destination | null {
  if (text === CONVERSATION_DESTINATION) return { kind: 'conversation' };
  const parts = text.split('/');
  if (parts.length === 5 && parts[0] === '' && parts[1] === 'user' && parts[2] === 'bot' && SEGMENT.test(parts[3]) && SEGMENT.test(parts[4])) {
    return { kind: 'bot', idBot: parts[3], psi: parts[4] };
  }
  return null;
}

/** Where a console user's conversation with a bot is published: only that user's subscriptions resolve to it. */
export const userTopic = (idU: string, idBot: string, psi: string) => `/usuario/${idU}/bot/${idBot}/${psi}`;

/** Where a web channel's conversation is published: only a token of that channel and psi resolves to it. */
export const channelTopic = (idCanal: string, psi: string) => `/canal/${idCanal}/${psi}`;
