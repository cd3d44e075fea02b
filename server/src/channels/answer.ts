// A channel's message to its bot, the same for every adapter: the adapter's acknowledgement first,
// then the conversation's gate, then the answer back out through the adapter. The web widget's
// answer is its call's reply, so it sends nothing here; Google Chat's is its call's reply when the
// bot answers in time, and goes out through the adapter otherwise.
import type { ChatMessage } from '../../../common/schemas/chat';
import { receiveChannelMessage, type CanalRow, type InboundResult } from '../conversation';
import type { App } from '../types';
import type { ChannelAdapter, ProviderMessage } from './adapter';

/** Results the channel answers: the bot's, or the out-of-hours text. */
const answers = (result: InboundResult): result is Extract<InboundResult, { messages: ChatMessage[] }> => result.kind === 'answered' || result.kind === 'outOfHours';

/** One message of `canal`, read by `adapter`: the gate's result, after the answer went out. */
export function answerMessage(app: App, adapter: ChannelAdapter, canal: CanalRow, { to, ack, ...message }: ProviderMessage): Promise<InboundResult> {
  // Nothing before nor after the gate (the widget): its answer is the entry's, with no step between.
  if (!ack && !adapter.send) return receiveChannelMessage(app, canal, message);
  return acknowledgeAndSend(app, adapter, canal, to, ack, message);
}

async function acknowledgeAndSend(app: App, adapter: ChannelAdapter, canal: CanalRow, to: ProviderMessage['to'], ack: ProviderMessage['ack'], message: Omit<ProviderMessage, 'to' | 'ack'>): Promise<InboundResult> {
  if (ack) await ack().catch((error: unknown) => app.log.warn(`${adapter.kind}: no se pudo confirmar el botón: ${error instanceof Error ? error.message : String(error)}`));
  // An engine failure propagates: the provider's retry may be answered (the gate gives the delivery back).
  const result = await receiveChannelMessage(app, canal, message);
  await sendLogged(app, adapter, canal, to, result);
  return result;
}

/** Sends the answer of `result`, if it has one, through the adapter. */
async function sendLogged(app: App, adapter: ChannelAdapter, canal: CanalRow, to: ProviderMessage['to'], result: InboundResult): Promise<void> {
  if (!adapter.send || !answers(result)) return;
  try {
    await adapter.send(app, canal, to, result.messages);
  } catch (error) {
    // The turn is recorded already; a retry would run it again, so the failure is only logged.
    app.log.warn(`${adapter.kind}: no se pudo enviar la respuesta del canal ${canal.id}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const LATE = Symbol('late');

/**
 * Answers still on their way after their call's reply, per server (keyed by its database, which the
 * route plugins' own instances share with the root): what a shutdown waits for.
 */
const underway = new WeakMap<App['db'], Set<Promise<unknown>>>();

/**
 * Waits for the answers that left after their call's reply (answerInReply), so a shutdown does not
 * drop them; each is bounded by the engine's own limits, and their failures are logged as they come.
 */
export async function lateAnswersSent(app: App): Promise<void> {
  const pending = underway.get(app.db);
  while (pending && pending.size > 0) await Promise.allSettled([...pending]);
}

/**
 * One message of a provider that takes the answer as its call's reply (adapter.reply): the reply's
 * body when the gate answers within the adapter's bound, `{}` when there is nothing to answer.
 * Past the bound the reply is `{}` and the answer goes out through `send` once the bot gives it.
 */
export async function answerInReply(app: App, adapter: ChannelAdapter & Required<Pick<ChannelAdapter, 'reply'>>, canal: CanalRow, { to, ack, ...message }: ProviderMessage): Promise<Record<string, unknown>> {
  if (ack) await ack().catch((error: unknown) => app.log.warn(`${adapter.kind}: no se pudo confirmar el botón: ${error instanceof Error ? error.message : String(error)}`));
  const turn = receiveChannelMessage(app, canal, message);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), adapter.reply.withinMs);
  });
  // An engine failure within the bound propagates, as answerMessage's does.
  const first = await Promise.race([turn, late]).finally(() => clearTimeout(timer));
  if (first !== LATE) return answers(first) ? adapter.reply.body(first.messages) : {};
  const sending = turn.then(
    (result) => sendLogged(app, adapter, canal, to, result),
    (error: unknown) => app.log.warn(`${adapter.kind}: el bot no respondió al mensaje del canal ${canal.id}: ${error instanceof Error ? error.message : String(error)}`),
  );
  let pending = underway.get(app.db);
  if (!pending) underway.set(app.db, (pending = new Set()));
  pending.add(sending);
  void sending.finally(() => pending.delete(sending));
  return {};
}
