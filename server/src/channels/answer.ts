// A channel's message to its bot, the same for every adapter: the adapter's acknowledgement first,
// then the conversation's gate, then the answer back out through the adapter. The web widget's
// answer is its call's reply, so it sends nothing here.
import { receiveChannelMessage, type CanalRow, type InboundResult } from '../conversation';
import type { App } from '../types';
import type { ChannelAdapter, ProviderMessage } from './adapter';

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
  if (!adapter.send || (result.kind !== 'answered' && result.kind !== 'outOfHours')) return result;
  try {
    await adapter.send(app, canal, to, result.messages);
  } catch (error) {
    // The turn is recorded already; a retry would run it again, so the failure is only logged.
    app.log.warn(`${adapter.kind}: no se pudo enviar la respuesta del canal ${canal.id}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return result;
}
