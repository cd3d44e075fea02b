// The messages of a Cloud API webhook: texts, interactive button and list replies, and template
// quick-reply buttons, each from its sender's number (which is also where the answer goes).
// Delivery statuses and other fields carry nothing to answer. The signature covers the body but
// not when it was sent, so a message older than the deduplication window (whose id may be
// forgotten) is left out: a replayed delivery is not answered twice.
import { pressed, type ProviderMessage } from '../adapter';
import { DELIVERY_KEEP_MS } from '../../conversation';

interface CloudMessage {
  from?: string;
  id?: string;
  /** Unix seconds, as text, when the client sent it. */
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  interactive?: { type?: string; button_reply?: { id?: string; title?: string }; list_reply?: { id?: string; title?: string } };
  button?: { payload?: string; text?: string };
}

interface CloudValue {
  metadata?: { phone_number_id?: string };
  contacts?: Array<{ wa_id?: string; profile?: { name?: string } }>;
  messages?: CloudMessage[];
}

interface CloudWebhook {
  entry?: Array<{ changes?: Array<{ field?: string; value?: CloudValue }> }>;
}

function content(message: CloudMessage): Pick<ProviderMessage, 'text' | 'postback'> | undefined {
  switch (message.type) {
    case 'text':
      return typeof message.text?.body === 'string' ? { text: message.text.body } : undefined;
    case 'interactive': {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return reply ? pressed(reply.id, reply.title) : undefined;
    }
    case 'button':
      return message.button ? pressed(message.button.payload, message.button.text) : undefined;
    default:
      return undefined;
  }
}

export interface StaleMessage {
  id: string;
  sentAt: number;
}

/** Whether a message says it was sent before the deduplication window of `now` began. */
export function staleMessage(message: { timestamp?: unknown }, now: number): boolean {
  const seconds = Number(message.timestamp);
  return message.timestamp !== undefined && Number.isFinite(seconds) && seconds * 1000 < now - DELIVERY_KEEP_MS;
}

/**
 * The messages to answer; those sent to another of the account's numbers than `phoneNumberId` are
 * left out, and with `now` those older than the deduplication window too (told to `onStale`).
 */
export function readCloudWebhook(body: unknown, phoneNumberId?: string | null, age?: { now: number; onStale?: (message: StaleMessage) => void }): ProviderMessage[] {
  const out: ProviderMessage[] = [];
  const entries = (body as CloudWebhook | null)?.entry;
  for (const entry of Array.isArray(entries) ? entries : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      if (change?.field !== 'messages' || !change.value) continue;
      const { metadata, contacts, messages } = change.value;
      if (phoneNumberId && metadata?.phone_number_id && metadata.phone_number_id !== phoneNumberId) continue;
      for (const message of Array.isArray(messages) ? messages : []) {
        const read = message?.from && message.id ? content(message) : undefined;
        if (!read || !message.from) continue;
        if (age && staleMessage(message, age.now)) {
          age.onStale?.({ id: message.id!, sentAt: Number(message.timestamp) * 1000 });
          continue;
        }
        const nm = (Array.isArray(contacts) ? contacts : []).find((c) => c?.wa_id === message.from)?.profile?.name;
        out.push({ psi: message.from, ...(nm ? { nm } : {}), ...read, delivery: message.id, to: { id: message.from } });
      }
    }
  }
  return out;
}
