// A provider's webhook call, the same for every adapter: the channel of that kind, the provider's
// signature, then each message through the conversation's gate (active, linked, hours, exclusions,
// a delivery answered once) and its answer back out through the provider, or in the reply where the
// provider takes it there (answer.ts). The provider gets 200 whenever the call was genuine, answered
// or not, so it does not retry for ever.
import type { FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../errors';
import { CANAL_MESSAGES, type CanalKind } from '../../../common/schemas/canales';
import { canalById } from '../services/canales/canales';
import type { App } from '../types';
import type { WebhookInput } from './adapter';
import { answerInReply, answerMessage } from './answer';
import { CHANNEL_ADAPTERS } from './index';
import type { CanalRow } from '../conversation';

export type WebhookAnswer = { ok: true } | Record<string, unknown>;

/** The channel `id` when it is of `kind`; 404 otherwise. */
export async function providerCanal(app: App, kind: CanalKind, id: string): Promise<CanalRow> {
  const canal = await canalById(app.db, id);
  if (!canal || canal.name !== kind) throw notFound(CANAL_MESSAGES.notFound);
  return canal;
}

const foundCanal = new WeakMap<FastifyRequest, CanalRow>();

/**
 * The options of a provider's public webhook route: no session nor integrity headers, a body limit
 * of its own (WEBHOOK_BODY_LIMIT_KB), and the channel of `kind` found before the body is read (an
 * unknown one is 404 first; webhookCanal gives it to the handler). Refusals count on the caller's
 * address and the channel (plugins/refusals.ts).
 */
export function webhookRouteOptions(app: App, kind: CanalKind) {
  return {
    config: { integrity: false, refusalsPer: (request: FastifyRequest) => `canal ${(request.params as { id: string }).id}` },
    bodyLimit: app.config.webhookBodyLimitKb * 1024,
    onRequest: async (request: FastifyRequest) => {
      foundCanal.set(request, await providerCanal(app, kind, (request.params as { id: string }).id));
    },
  };
}

/** The channel webhookRouteOptions found for `request`. */
export const webhookCanal = (request: FastifyRequest): CanalRow => foundCanal.get(request) as CanalRow;

/** A call to the webhook of `canal`, found by providerCanal before its body was read. */
export async function answerWebhook(app: App, kind: CanalKind, canal: CanalRow, input: WebhookInput): Promise<WebhookAnswer> {
  const adapter = CHANNEL_ADAPTERS[kind];
  if (!adapter) throw notFound(CANAL_MESSAGES.notFound);
  const reading = await adapter.read(app, canal, input);
  if (reading.kind === 'refused') throw new ApiError(reading.status, reading.message, reading.code);
  if (reading.kind === 'handshake') return reading.body;
  // A provider that takes the answer as its call's reply sends one message per call.
  if (adapter.reply) return reading.messages.length ? answerInReply(app, { ...adapter, reply: adapter.reply }, canal, reading.messages[0]) : {};
  for (const message of reading.messages) await answerMessage(app, adapter, canal, message);
  return { ok: true };
}
