// What Slack posts to a channel's webhook: the Events API's url_verification and event_callback
// (direct messages and mentions of the bot, never the bot's own or edited messages), and
// interactivity's block_actions (a pressed button, as a form field `payload`).
import { pressed, type ProviderMessage } from '../adapter';

export type SlackReading = { kind: 'challenge'; challenge: string } | { kind: 'messages'; messages: ProviderMessage[] };

interface SlackEvent {
  type?: string;
  subtype?: string;
  bot_id?: string;
  user?: string;
  text?: string;
  channel?: string;
  ts?: string;
  thread_ts?: string;
}

interface BlockActions {
  type?: string;
  trigger_id?: string;
  user?: { id?: string; name?: string };
  channel?: { id?: string };
  container?: { thread_ts?: string };
  actions?: Array<{ value?: string; action_ts?: string; text?: { text?: string } }>;
}

/** Slack's escapes in message text, undone. */
const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The body as JSON: an event's JSON body, or the `payload` field of an interactivity form. */
export function slackPayload(body: unknown): Record<string, unknown> | undefined {
  if (body && typeof body === 'object') return body as Record<string, unknown>;
  if (typeof body !== 'string') return undefined;
  const payload = new URLSearchParams(body).get('payload');
  if (!payload) return undefined;
  try {
    const parsed: unknown = JSON.parse(payload);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function fromEvent(event: SlackEvent, eventId: string | undefined, botUserId?: string | null): ProviderMessage[] {
  if (event.type !== 'message' && event.type !== 'app_mention') return [];
  if (event.subtype || event.bot_id || !event.user || !event.channel || typeof event.text !== 'string') return [];
  if (botUserId && event.user === botUserId) return [];
  // A mention's text starts with the bot's <@id>; the bot reads what follows.
  const text = unescape(event.type === 'app_mention' ? event.text.replace(/<@[A-Z0-9]+>/g, ' ') : event.text).trim();
  // A retry repeats the event_id; a direct message that also mentions the bot comes as two events
  // of one message (same channel and ts): either way it is answered once.
  const delivery = event.ts ? `msg:${event.channel}:${event.ts}` : eventId;
  return [{ psi: event.user, text, delivery, to: { id: event.channel, ...(event.thread_ts ? { thread: event.thread_ts } : {}) } }];
}

function fromActions(payload: BlockActions): ProviderMessage[] {
  const action = payload.actions?.[0];
  const user = payload.user?.id;
  const channel = payload.channel?.id;
  // A link button reports its click too, without a value: the browser already opened it.
  if (!action || action.value === undefined || !user || !channel) return [];
  return [{
    psi: user,
    ...pressed(action.value, action.text?.text),
    delivery: `accion:${action.action_ts ?? payload.trigger_id ?? ''}:${user}`,
    to: { id: channel, ...(payload.container?.thread_ts ? { thread: payload.container.thread_ts } : {}) },
  }];
}

export function readSlack(body: unknown, botUserId?: string | null): SlackReading {
  const payload = slackPayload(body);
  if (!payload) return { kind: 'messages', messages: [] };
  if (payload.type === 'url_verification' && typeof payload.challenge === 'string') return { kind: 'challenge', challenge: payload.challenge };
  if (payload.type === 'event_callback' && payload.event && typeof payload.event === 'object') {
    return { kind: 'messages', messages: fromEvent(payload.event as SlackEvent, typeof payload.event_id === 'string' ? payload.event_id : undefined, botUserId) };
  }
  if (payload.type === 'block_actions') return { kind: 'messages', messages: fromActions(payload as BlockActions) };
  return { kind: 'messages', messages: [] };
}
