// Where a conversation's answers are published: a console user's chat on that user's own topic
// (a test's debug rides only there), a web channel's on its widget's topic, and a provider
// channel's nowhere (the adapter sends it out). Every answer of a conversation, the bot's or the
// channel's out-of-hours text, is published here, in order.
import { CANAL_KINDS } from '../../../common/schemas/canales';
import type { ChatMessage } from '../../../common/schemas/chat';
import { channelTopic, userTopic } from '../../../common/topics';
import type { App } from '../types';

/** Whose conversation it is: the console user of a test chat, or a channel's client. */
export interface Listener {
  idBot: string;
  idChannel: string;
  psi: string;
  /** The channel type code. */
  red: number;
  /** The console user who started it; none for a channel's client. */
  user?: { id: string };
}

/** The topic `to`'s answers go out on; none for a provider channel's client. */
export function topicOf(to: Listener): string | undefined {
  if (to.user) return userTopic(to.user.id, to.idBot, to.psi);
  return Number(to.red) === CANAL_KINDS.Web.red ? channelTopic(to.idChannel, to.psi) : undefined;
}

/** Publishes `messages` in order on `to`'s topic (each is delivered here when called; the other instances get them in one NOTIFY). */
export async function publish(app: Pick<App, 'realtime'>, to: Listener, messages: readonly ChatMessage[]): Promise<void> {
  const topic = topicOf(to);
  if (topic) await Promise.all(messages.map((message) => app.realtime.publish(topic, message)));
}
