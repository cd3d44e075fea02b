// A message the gate let in, to its bot: its turns run one at a time per conversation on this
// instance (again on a conflict with another instance), each is recorded, and the answer is
// published on the conversation's topic before it goes back to the gate.
import { conflict } from '../errors';
import { CHAT_MESSAGES } from '../../../common/schemas/chat';
import type { App, SessionUser } from '../types';
import type { CompiledBot } from '../engine/bundle';
import type { TurnInput } from '../engine/runtime';
import type { BotRecord } from '../services/bots/bots';
import { publish } from './publish';
import { secondsSince } from '../plugins/metrics';
import { StaleConversation } from './store';
import { conversationKey, turnOnce, type TurnAnswer } from './turn';

/** How many times a turn is tried again when another instance changed the conversation meanwhile. */
const CONFLICT_RETRIES = 3;

/** Who a message goes to and where it came from: the console's test chat (with its user) or a channel. */
export interface Delivery {
  bot: BotRecord;
  compiled: CompiledBot;
  /** The channel's id (DEMO_CHANNEL for the console's chat). */
  idChannel: string;
  /** The channel type code whose actions answer. */
  red: number;
  psi: string;
  /** A test conversation: recorded as one, never listed in the history nor counted (the gate makes every console conversation one). */
  test: boolean;
  /** The bot's working definition answers, and each message carries what the engine did (the test chat's `test`). */
  working?: boolean;
  nm?: string;
  /** The console user of a test chat; none for a channel's client. */
  user?: SessionUser;
  signInId?: string;
  /** The bot's company's time zone (null or absent: CHAT_TIME_ZONE). */
  timeZone?: string | null;
  /** The channel's delivery the message came with, settled with the turn's write. */
  delivery?: { idCanal: string; clave: string };
  /** Where image paths on this server ('/api/…') point; absent, they stay paths, which the console and the widget resolve against this server. */
  publicOrigin?: string;
}

/**
 * One message of `psi` to the bot, from any channel: runs the turn (one at a time per
 * conversation on this instance, again on a conflict with another instance), records it, and
 * publishes the answer on the conversation's topic: the console user's own, or the web channel's
 * (a provider channel's conversation has no listener).
 */
export async function deliver(app: App, to: Delivery, input: TurnInput): Promise<TurnAnswer> {
  const { bot } = to;
  const answer = await app.turns.once(conversationKey(bot.id, to.idChannel, to.psi), async () => {
    // The turn's own time, from when it runs (not while it waits for the conversation's previous one).
    const started = performance.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const done = await turnOnce(app, { user: to.user, signInId: to.signInId, idBot: bot.id, idE: bot.idE, tsession: Number(bot.tsession), idChannel: to.idChannel, psi: to.psi, red: to.red, test: to.test, working: to.working === true, nm: to.nm, timeZone: to.timeZone, publicOrigin: to.publicOrigin, compiled: to.compiled, input, delivery: to.delivery });
        app.metrics.turno(secondsSince(started));
        return done;
      } catch (error) {
        if (!(error instanceof StaleConversation) || attempt >= CONFLICT_RETRIES) throw error instanceof StaleConversation ? conflict(CHAT_MESSAGES.conversacionCambio) : error;
      }
    }
  });
  // A channel's client's message; the console's test chat is no channel's.
  if (!to.test) app.metrics.mensaje(to.red, bot.idE);
  await publish(app, { idBot: bot.id, idChannel: to.idChannel, psi: to.psi, red: to.red, user: to.user }, answer.messages);
  return answer;
}

