// What Messenger posts to a channel's webhook: for each entry (one of the channel's pages) its
// messaging events. A text, a quick reply's payload and a postback (a button's or the persistent
// menu's) reach the bot of that page; what the page itself sent (echoes) and other events (reads,
// deliveries) carry nothing to answer. A message older than the deduplication window is left out,
// so a replayed delivery whose id was forgotten is not answered again.
import { DELIVERY_KEEP_MS } from '../../conversation';
import { pressed, type ProviderMessage } from '../adapter';

interface MessagingEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  /** ms since the epoch. */
  timestamp?: number;
  message?: { mid?: string; text?: string; is_echo?: boolean; quick_reply?: { payload?: string } };
  postback?: { mid?: string; title?: string; payload?: string };
}

interface MessengerWebhook {
  object?: string;
  entry?: Array<{ id?: string; messaging?: MessagingEvent[] }>;
}

function content(event: MessagingEvent): Pick<ProviderMessage, 'text' | 'postback' | 'delivery'> | undefined {
  const { message, postback } = event;
  if (postback) return { ...pressed(postback.payload, postback.title), delivery: `postback:${postback.mid ?? ''}:${event.timestamp ?? ''}` };
  if (!message?.mid || message.is_echo) return undefined;
  if (message.quick_reply) return { ...pressed(message.quick_reply.payload, message.text), delivery: `mid:${message.mid}` };
  return typeof message.text === 'string' ? { text: message.text, delivery: `mid:${message.mid}` } : undefined;
}

/**
 * The messages to answer, each with the bot of its page: `botOf` answers a page's linked bot (null:
 * none), or undefined for a page that is not the channel's, whose events are left out.
 */
export function readMessenger(body: unknown, botOf: (pageId: string) => string | null | undefined, now: number): ProviderMessage[] {
  const webhook = body as MessengerWebhook | null;
  if (webhook?.object !== 'page') return [];
  const out: ProviderMessage[] = [];
  for (const entry of Array.isArray(webhook.entry) ? webhook.entry : []) {
    const page = entry?.id;
    const bot = page ? botOf(page) : undefined;
    if (!page || bot === undefined) continue;
    for (const event of Array.isArray(entry.messaging) ? entry.messaging : []) {
      const psid = event?.sender?.id;
      if (!psid || psid === page) continue;
      if (typeof event.timestamp === 'number' && event.timestamp < now - DELIVERY_KEEP_MS) continue;
      const read = content(event);
      if (read) out.push({ psi: psid, ...read, bot, to: { id: psid, from: page } });
    }
  }
  return out;
}

/** The page ids a Messenger post names (its entries'). */
export function pageIdsOf(body: unknown): string[] {
  const entries = (body as { entry?: unknown } | null)?.entry;
  return Array.isArray(entries) ? entries.flatMap((e) => (typeof (e as { id?: unknown })?.id === 'string' ? [(e as { id: string }).id] : [])) : [];
}
