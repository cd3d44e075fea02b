// A message that arrives through a channel (a provider's webhook, the web widget): what every
// adapter does before the bot answers. The channel must be active and linked to a deployed bot;
// a delivery the provider sends again is answered once; outside the channel's hours the bot does
// not run and the channel says so; WhatsApp's excluded numbers are never answered. Then the engine
// takes it like any conversation (one per bot, channel and client), and the answer goes back to
// the adapter, which sends it out in the provider's format.
import type { Selectable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { CanalTable } from '../db/schema';
import { CANAL_KINDS, CANAL_MESSAGES } from '../../../common/schemas/canales';
import type { ChatMessage } from '../../../common/schemas/chat';
import { deliver } from './deliver';
import { publish } from './publish';
import { providerImageOrigin } from '../services/bots/turnContext';
import { constraintViolation } from '../db/errors';
import { localClock } from '../../../common/dias';
import { companyTimeZone } from '../services/empresas/empresas';
import type { App } from '../types';
import type { KeptBot } from './bots';
import type { TurnInput } from '../engine/runtime';

export type CanalRow = Selectable<CanalTable>;

export interface InboundMessage {
  /** The client's id on the provider (chat id, phone number, Slack user, the widget's conversation). */
  psi: string;
  nm?: string;
  text?: string;
  postback?: string;
  /** The provider's id of this delivery (update_id, message id, event_id): a repeat is answered once. */
  delivery?: string;
}

export type InboundResult =
  | { kind: 'answered'; messages: ChatMessage[] }
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

/** Takes the delivery id; false when it was taken before (a provider's retry). */
async function takeDelivery(app: App, idCanal: string, clave: string, now: number): Promise<boolean> {
  try {
    await app.db.insertInto('canal_entrega').values({ idCanal, clave: clave.slice(0, 200), fc: now }).execute();
  } catch (error) {
    if (constraintViolation(error) === 'unique') return false;
    throw error;
  }
  // Now and then, forget deliveries no provider will send again.
  if (Math.random() < 0.01) await app.db.deleteFrom('canal_entrega').where('fc', '<', now - DELIVERY_KEEP_MS).execute();
  return true;
}

async function releaseDelivery(app: App, idCanal: string, clave: string): Promise<void> {
  await app.db.deleteFrom('canal_entrega').where('idCanal', '=', idCanal).where('clave', '=', clave.slice(0, 200)).execute();
}

/** One message from a channel's client to the channel's bot: the answer to send back, or why there is none. */
export async function receiveChannelMessage(app: App, canal: CanalRow, message: InboundMessage): Promise<InboundResult> {
  const text = message.text?.trim() ? message.text : undefined;
  const postback = message.postback?.trim() ? message.postback.trim() : undefined;
  if (text === undefined && postback === undefined) return { kind: 'refused', reason: 'empty' };
  if (!canal.activo) return { kind: 'refused', reason: 'inactive' };
  if (!canal.b) return { kind: 'refused', reason: 'unlinked' };
  const excluded = (JSON.parse(canal.excluir || '[]') as { numero: string }[]).map((e) => phoneDigits(e.numero)).filter(Boolean);
  if (excluded.length && excluded.includes(phoneDigits(message.psi))) return { kind: 'refused', reason: 'excluded' };

  const now = app.config.now();
  if (message.delivery && !(await takeDelivery(app, canal.id, message.delivery, now))) return { kind: 'duplicate' };
  try {
    const entry = await app.engine.botEntry(app.db, canal.b);
    // A bot of another company cannot be linked, but a row edited by hand is not trusted either.
    const own = entry && entry.bot.idE === canal.idE ? entry : undefined;
    if (canal.porHora && canal.hi && canal.hf && !withinHours(localHour(new Date(now), await hoursZone(app, canal, own)), canal.hi, canal.hf)) {
      const answer: ChatMessage = { id: randomUUID(), type: 'TEXT', text: outOfHoursText(canal), fc: new Date(now).toISOString() };
      // The channel answers without its bot, on the same topic the bot's answers take.
      await publish(app, { idBot: canal.b, idChannel: canal.id, psi: message.psi, red: canal.red }, [answer]);
      return { kind: 'outOfHours', messages: [answer] };
    }
    const compiled = own ? await app.engine.deployedBot(app.db, own.idVersion) : undefined;
    if (!own || !compiled) return { kind: 'refused', reason: 'notDeployed' };
    const input: TurnInput = postback !== undefined ? { postback } : { text };
    // The widget resolves image paths against this server; a provider fetches them by full address.
    const publicOrigin = Number(canal.red) === CANAL_KINDS.Web.red ? undefined : providerImageOrigin(app);
    const { messages } = await deliver(app, { bot: own.bot, compiled, idChannel: canal.id, red: canal.red, psi: message.psi, test: false, nm: message.nm, timeZone: own.timeZone, publicOrigin }, input);
    return { kind: 'answered', messages };
  } catch (error) {
    // Not answered: the provider's retry may try again.
    if (message.delivery) await releaseDelivery(app, canal.id, message.delivery);
    throw error;
  }
}
