// What Google Chat posts to a channel's webhook: MESSAGE (a direct message, or a mention in a space,
// read without the mention), CARD_CLICKED (a button of our cards, carrying its postback), and
// ADDED_TO_SPACE, which the bot answers only when a message came with it: being added is not
// something the client said, and the bot speaks when spoken to. Messages of other apps and other
// events carry nothing to answer.
import { pressed, type ProviderMessage } from '../adapter';
import { ACTION_PARAMS, GOOGLE_ACTION } from './format';

interface ChatUser {
  name?: string;
  displayName?: string;
  email?: string;
  type?: string;
}

interface ChatEvent {
  type?: string;
  eventTime?: string;
  space?: { name?: string };
  user?: ChatUser;
  message?: { name?: string; text?: string; argumentText?: string; thread?: { name?: string }; sender?: ChatUser };
  action?: { actionMethodName?: string; parameters?: Array<{ key?: string; value?: string }> };
  common?: { invokedFunction?: string; parameters?: Record<string, string> };
}

export type ChatReading = { kind: 'otherDomain' } | { kind: 'messages'; messages: ProviderMessage[] };

/** A space's or thread's resource name, as the Chat API's paths take it. */
const RESOURCE = /^spaces\/[\w-]+(\/threads\/[\w-]+)?$/;

/**
 * The domain an event's user belongs to: the part after the @ of the e-mail Chat gives for them.
 * Chat's user.domainId is an opaque customer id, not the domain the channel's sign-in keeps in
 * idR, so the e-mail is what can be compared.
 */
export function userDomain(event: ChatEvent): string | undefined {
  const email = event.user?.email?.trim().toLowerCase();
  const at = email?.lastIndexOf('@') ?? -1;
  return email && at > 0 ? email.slice(at + 1) : undefined;
}

/** The value of parameter `key` of the pressed button. */
function parameter(event: ChatEvent, key: string): string | undefined {
  const found = event.action?.parameters?.find((p) => p?.key === key)?.value;
  return typeof found === 'string' ? found : event.common?.parameters?.[key];
}

function fromEvent(event: ChatEvent): ProviderMessage[] {
  const user = event.user;
  const space = event.space?.name;
  if (!user?.name || user.type === 'BOT' || !space || !RESOURCE.test(space)) return [];
  const thread = event.message?.thread?.name;
  const to = { id: space, ...(thread && RESOURCE.test(thread) ? { thread } : {}) };
  const who = { psi: user.name, ...(user.displayName ? { nm: user.displayName } : {}) };
  const message = event.message;
  switch (event.type) {
    case 'MESSAGE':
    case 'ADDED_TO_SPACE': {
      if (!message?.name) return [];
      // In a space the text starts with the app's mention; argumentText is what follows it.
      const text = (message.argumentText ?? message.text ?? '').trim();
      return text ? [{ ...who, text, delivery: message.name, to }] : [];
    }
    case 'CARD_CLICKED': {
      if ((event.action?.actionMethodName ?? event.common?.invokedFunction) !== GOOGLE_ACTION) return [];
      // One card may be pressed many times; a press is the event's time on that message, by that user.
      return [{ ...who, ...pressed(parameter(event, ACTION_PARAMS.postback), parameter(event, ACTION_PARAMS.title)), delivery: `clic:${message?.name ?? space}:${event.eventTime ?? ''}:${user.name}`, to }];
    }
    default:
      return [];
  }
}

/** The messages of an event from `domain` (the channel's idR); an event of another domain's user is refused. */
export function readChatEvent(body: unknown, domain: string): ChatReading {
  const event = (body && typeof body === 'object' ? body : {}) as ChatEvent;
  if (userDomain(event) !== domain.trim().toLowerCase()) return { kind: 'otherDomain' };
  return { kind: 'messages', messages: fromEvent(event) };
}
