// The one way into a conversation: every message comes through here, from a channel (a
// provider's webhook or the web widget, handed in by the channel's adapter) or from the console's
// test chat (with its signed-in user). A channel must be active and linked to a deployed bot of
// its company; a delivery the provider sends again is answered once; outside the channel's hours
// the bot does not run and the channel says so; WhatsApp's excluded numbers are never answered.
// The test chat reaches the bots its user may open, on its own channel; its `test` asks for the
// bot's working definition, else the deployed version answers; and every conversation it starts
// is a test conversation, never listed nor counted. Then the message is delivered like any
// (deliver.ts: one conversation per bot, channel and client), and the answer goes back to the
// entry: a channel's adapter sends it out in its own format.
import type { Selectable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { CanalTable } from '../db/schema';
import { badRequest, forbidden } from '../errors';
import { CANAL_KINDS, CANAL_MESSAGES } from '../../../common/schemas/canales';
import { CHAT_MESSAGES, DEMO_CHANNEL, type ChatMessage, type TurnDebug } from '../../../common/schemas/chat';
import { deliver } from './deliver';
import { publish } from './publish';
import { providerImageOrigin } from '../services/bots/turnContext';
import { constraintViolation } from '../db/errors';
import { localClock } from '../../../common/dias';
import { companyTimeZone } from '../services/empresas/empresas';
import type { App, SessionUser } from '../types';
import type { KeptBot } from './readyBots';
import type { TurnInput } from '../engine/runtime';
import type { InboundFile } from '../engine/attachments';

export type CanalRow = Selectable<CanalTable>;

export interface InboundMessage {
  /** The client's id on the provider (chat id, phone number, Slack user, the widget's conversation). */
  psi: string;
  nm?: string;
  text?: string;
  postback?: string;
  /** The provider's id of this delivery (update_id, message id, event_id): a repeat is answered once. */
  delivery?: string;
  /** 'Terminar atención' in the test chat: the wait for a person ends, with no text of the user's. */
  endHuman?: true;
  /** The files the message carries: read only when the skill that answers admits them. */
  files?: InboundFile[];
  /**
   * The bot linked to the account the message reached, where a channel links each of its accounts
   * to its own bot (a Facebook page's); undefined: the channel's bot.
   */
  bot?: string | null;
}

/** A message of the console's test chat: its signed-in user, and what it asks that a channel's client cannot. */
export interface TestChatEntrance {
  user: SessionUser;
  /** The user's sign-in (its id), kept with the conversation. */
  signInId?: string;
  idBot: string;
  /** The channel the console names: none (or DEMO_CHANNEL) is the test chat's own. */
  idChannel?: string;
  /** The channel type code whose actions answer. */
  red: number;
  /** The bot's working definition answers, with what the engine did; otherwise its deployed version. */
  test: boolean;
}

/** Where a message comes from: a channel (its row), or the console's test chat. */
export type Entrance = CanalRow | TestChatEntrance;

export type InboundResult =
  | { kind: 'answered'; messages: ChatMessage[]; debug?: TurnDebug }
  | { kind: 'outOfHours'; messages: ChatMessage[] }
  | { kind: 'duplicate' }
  | { kind: 'refused'; reason: 'inactive' | 'unlinked' | 'notDeployed' | 'excluded' | 'empty' };

/** How long a provider's delivery ids are kept: providers retry for minutes to a day at most. */
export const DELIVERY_KEEP_MS = 3 * 24 * 60 * 60_000;

/** Digits only, so '+51 999 888 777' and '51999888777' are one number. */
export const phoneDigits = (text: string) => text.replace(/\D/g, '');

/** HH:mm of `now` in `timeZone`. */
export const localHour = (now: Date, timeZone: string): string => localClock(now.getTime(), timeZone);

/** Whether `hour` is within [hi, hf); a range whose end is before its start runs past midnight. */
export function withinHours(hour: string, hi: string, hf: string): boolean {
  if (hi === hf) return true;
  return hi < hf ? hour >= hi && hour < hf : hour >= hi || hour < hf;
}

/** The channel's out-of-hours text, with {hi} and {hf} filled. */
export function outOfHoursText(canal: Pick<CanalRow, 'msgFueraHora' | 'hi' | 'hf'>): string {
  const text = canal.msgFueraHora?.trim() || CANAL_MESSAGES.outOfHours;
  return text.replaceAll('{hi}', canal.hi ?? '').replaceAll('{hf}', canal.hf ?? '');
}

/**
 * The zone a channel's hours are read in, its company's: the one its bot's kept entry holds (null:
 * the server's, as the turn reads it), read apart only for a bot that is not the channel's company's.
 */
async function hoursZone(app: App, canal: CanalRow, own: KeptBot | undefined): Promise<string> {
  return own ? own.timeZone ?? app.config.chatTimeZone : companyTimeZone(app, canal.idE);
}

/**
 * Takes the delivery id, held by a lease while its turn runs: 'answered' when it was answered before
 * (a provider's retry), 'running' while another turn holds its lease. One whose lease ran out was
 * left by an instance that died in its turn: it is taken over.
 */
async function takeDelivery(app: App, idCanal: string, clave: string, now: number): Promise<'taken' | 'answered' | 'running'> {
  const hasta = now + leaseMs(app);
  const key = clave.slice(0, 200);
  try {
    await app.db.insertInto('canal_entrega').values({ idCanal, clave: key, fc: now, hasta }).execute();
  } catch (error) {
    if (constraintViolation(error) !== 'unique') throw error;
    const taken = await app.db
      .updateTable('canal_entrega')
      .set({ fc: now, hasta })
      .where('idCanal', '=', idCanal)
      .where('clave', '=', key)
      .where('hasta', 'is not', null)
      .where('hasta', '<', now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) return 'taken';
    const row = await app.db.selectFrom('canal_entrega').select('hasta').where('idCanal', '=', idCanal).where('clave', '=', key).executeTakeFirst();
    return row && row.hasta === null ? 'answered' : 'running';
  }
  // Now and then, forget deliveries no provider will send again.
  if (Math.random() < 0.01) await app.db.deleteFrom('canal_entrega').where('fc', '<', now - DELIVERY_KEEP_MS).execute();
  return 'taken';
}

/** How often a repeat waiting for another turn's answer looks again. */
const DELIVERY_POLL_MS = 200;

/**
 * Takes the delivery id, or waits while another turn holds it: until that turn answers ('answered'),
 * or its lease runs out because its instance died ('taken'), at most one lease of real time.
 */
async function awaitDelivery(app: App, idCanal: string, clave: string, now: number): Promise<'taken' | 'answered' | 'running'> {
  let taken = await takeDelivery(app, idCanal, clave, now);
  const until = performance.now() + leaseMs(app) + DELIVERY_POLL_MS;
  while (taken === 'running' && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, DELIVERY_POLL_MS));
    taken = await takeDelivery(app, idCanal, clave, app.config.now());
  }
  return taken;
}

const leaseMs = (app: App) => app.config.deliveryLeaseSeconds * 1000;

/** Keeps the delivery's lease while its turn runs, renewed every third of it; the returned function stops it. */
function holdDelivery(app: App, idCanal: string, clave: string): () => void {
  const timer = setInterval(() => {
    const now = app.config.now();
    app.db
      .updateTable('canal_entrega')
      .set({ hasta: now + leaseMs(app) })
      .where('idCanal', '=', idCanal)
      .where('clave', '=', clave.slice(0, 200))
      .where('hasta', 'is not', null)
      .execute()
      .catch((error: unknown) => app.log.warn({ err: error }, 'No se pudo renovar la entrega de un mensaje'));
  }, Math.max(1, Math.floor(leaseMs(app) / 3)));
  timer.unref();
  return () => clearInterval(timer);
}

/** Lets a retry take the delivery again, unless its turn was written (and settled it) before the failure. */
async function releaseDelivery(app: App, idCanal: string, clave: string): Promise<void> {
  await app.db.deleteFrom('canal_entrega').where('idCanal', '=', idCanal).where('clave', '=', clave.slice(0, 200)).where('hasta', 'is not', null).execute();
}

/** The delivery was answered (or refused for good): a repeat is answered once, whenever it comes. */
async function settleDelivery(app: App, idCanal: string, clave: string): Promise<void> {
  await app.db.updateTable('canal_entrega').set({ hasta: null }).where('idCanal', '=', idCanal).where('clave', '=', clave.slice(0, 200)).execute();
}

/** What the bot takes from a message: the end of a wait, a button's value or a text, with its files; none when it is empty. */
function turnInput(message: InboundMessage): TurnInput | undefined {
  if (message.endHuman) return { endHuman: true };
  const files = message.files?.length ? { files: message.files } : undefined;
  const postback = message.postback?.trim() ? message.postback.trim() : undefined;
  if (postback !== undefined) return { postback, ...files };
  return message.text?.trim() ? { text: message.text, ...files } : files;
}

/**
 * One message to a conversation's bot, from a channel's client or from the test chat (whose own
 * channel is DEMO_CHANNEL): the answer to send back, or why there is none. The test chat's
 * refusals (the bot out of the user's reach, not deployed, a channel not its own) are thrown.
 */
export function receiveChannelMessage(app: App, from: Entrance, message: InboundMessage): Promise<InboundResult> {
  const input = turnInput(message);
  if (!input) return Promise.resolve({ kind: 'refused', reason: 'empty' });
  return 'user' in from ? fromTestChat(app, from, message, input) : fromChannel(app, from, message, input);
}

async function fromChannel(app: App, canal: CanalRow, message: InboundMessage, input: TurnInput): Promise<InboundResult> {
  if (!canal.activo) return { kind: 'refused', reason: 'inactive' };
  const idBot = message.bot === undefined ? canal.b : message.bot;
  if (!idBot) return { kind: 'refused', reason: 'unlinked' };
  const excluded = (JSON.parse(canal.excluir || '[]') as { numero: string }[]).map((e) => phoneDigits(e.numero)).filter(Boolean);
  if (excluded.length && excluded.includes(phoneDigits(message.psi))) return { kind: 'refused', reason: 'excluded' };

  const now = app.config.now();
  const delivery = message.delivery;
  if (!delivery) return answerChannel(app, canal, idBot, message, input, now);
  // A repeat of a message still being answered waits for that answer, or takes the message over from a dead instance.
  if ((await awaitDelivery(app, canal.id, delivery, now)) !== 'taken') return { kind: 'duplicate' };
  const stop = holdDelivery(app, canal.id, delivery);
  try {
    const result = await answerChannel(app, canal, idBot, message, input, now);
    // A turn settles its delivery in its own write; an answer without one (out of hours, refused) settles it here.
    if (result.kind !== 'answered') await settleDelivery(app, canal.id, delivery);
    return result;
  } catch (error) {
    // Not answered: the provider's retry may try again.
    await releaseDelivery(app, canal.id, delivery);
    throw error;
  } finally {
    stop();
  }
}

async function answerChannel(app: App, canal: CanalRow, idBot: string, message: InboundMessage, input: TurnInput, now: number): Promise<InboundResult> {
  const entry = await app.bots.botEntry(app.db, idBot);
  // A bot of another company cannot be linked, but a row edited by hand is not trusted either.
  const own = entry && entry.bot.idE === canal.idE ? entry : undefined;
  if (canal.porHora && canal.hi && canal.hf && !withinHours(localHour(new Date(now), await hoursZone(app, canal, own)), canal.hi, canal.hf)) {
    const answer: ChatMessage = { id: randomUUID(), type: 'TEXT', text: outOfHoursText(canal), fc: new Date(now).toISOString() };
    // The channel answers without its bot, on the same topic the bot's answers take.
    await publish(app, { idBot, idChannel: canal.id, psi: message.psi, red: canal.red }, [answer]);
    return { kind: 'outOfHours', messages: [answer] };
  }
  const compiled = own ? await app.bots.deployedBot(app.db, own.idVersion) : undefined;
  if (!own || !compiled) return { kind: 'refused', reason: 'notDeployed' };
  // The widget resolves image paths against this server; a provider fetches them by full address.
  const publicOrigin = Number(canal.red) === CANAL_KINDS.Web.red ? undefined : providerImageOrigin(app);
  const delivery = message.delivery ? { idCanal: canal.id, clave: message.delivery.slice(0, 200) } : undefined;
  const answer = await deliver(app, { bot: own.bot, compiled, idChannel: canal.id, red: canal.red, psi: message.psi, test: false, nm: message.nm, timeZone: own.timeZone, publicOrigin, delivery }, input);
  return { kind: 'answered', ...answer };
}

/**
 * A message of the test chat: a bot within the user's reach (404, 403 for the role), its working
 * definition when `test` asks for it, else its deployed version (400 when there is none).
 */
async function fromTestChat(app: App, from: TestChatEntrance, message: InboundMessage, input: TurnInput): Promise<InboundResult> {
  const { bot, idVersion, timeZone } = await app.bots.botFor(app.db, from.user, from.idBot);
  const compiled = from.test ? await app.bots.workingBot(app.db, bot.id) : await app.bots.deployedBot(app.db, idVersion);
  if (!compiled) throw badRequest(CHAT_MESSAGES.botNoDesplegado);
  const idChannel = await testChatChannel(app, bot.idE, from.idChannel);
  // A console conversation is a test whichever definition answers it: only a channel's client makes a real one.
  const answer = await deliver(app, { bot, compiled, idChannel, red: from.red, psi: message.psi, test: true, working: from.test, nm: message.nm, user: from.user, signInId: from.signInId, timeZone }, input);
  return { kind: 'answered', ...answer };
}

/**
 * The channel a test chat's conversation is on: its own. A channel of the bot's company is its
 * clients' (403: the console cannot write into their conversations); any other id names no
 * channel of the company (400).
 */
async function testChatChannel(app: App, idE: string, idChannel: string | undefined): Promise<string> {
  const id = idChannel?.trim();
  if (!id || id === DEMO_CHANNEL) return DEMO_CHANNEL;
  const canal = await app.db.selectFrom('canal').select('id').where('id', '=', id).where('idE', '=', idE).executeTakeFirst();
  if (canal) throw forbidden(CHAT_MESSAGES.canalAjeno);
  throw badRequest(CHAT_MESSAGES.canalNoExiste);
}
