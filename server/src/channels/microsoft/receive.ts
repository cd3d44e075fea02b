// A Bot Framework activity as Teams posts it: a `message` carries a text (mentions of the bot taken
// out) or a pressed card button (Action.Submit's `data` comes back as `value`); conversationUpdate,
// typing, reactions and the rest carry nothing to answer. The answer goes back to the activity's
// serviceUrl, in its conversation, as a reply to it.
import { createHash } from 'node:crypto';
import { pressed, type ProviderMessage, type Recipient } from '../adapter';
import type { InboundFile } from '../../conversation';

/** Where a Teams answer goes: the conversation (id), the Bot Connector service that vouched for it, and the activity it answers. */
export interface TeamsRecipient extends Recipient {
  serviceUrl: string;
  replyToId: string;
}

export function isTeamsRecipient(to: Recipient): to is TeamsRecipient {
  const candidate = to as Partial<TeamsRecipient>;
  return typeof candidate.serviceUrl === 'string' && typeof candidate.replyToId === 'string';
}

/** The key under which a card button carries its postback in Action.Submit's data, and the button's title beside it. */
export const POSTBACK_KEY = 'quipu';
export const TITLE_KEY = 'quipuTitle';

export interface Activity {
  type?: string;
  id?: string;
  channelId?: string;
  serviceUrl?: string;
  from?: { id?: string; name?: string; aadObjectId?: string };
  conversation?: { id?: string; tenantId?: string; conversationType?: string };
  recipient?: { id?: string; name?: string };
  text?: string;
  value?: unknown;
  attachments?: unknown[];
  channelData?: { tenant?: { id?: string } };
}

/** The activity, when the body is one (an object with a type). */
export function asActivity(body: unknown): Activity | undefined {
  return body && typeof body === 'object' && typeof (body as Activity).type === 'string' ? (body as Activity) : undefined;
}

/** The Microsoft tenant the activity comes from. */
export const activityTenant = (activity: Activity): string | undefined => activity.channelData?.tenant?.id ?? activity.conversation?.tenantId;

/** A mention (<at>Bot</at>) is the name the user picked, not words for the bot. */
const withoutMentions = (text: string) => text.replace(/<at>[^<]*<\/at>/gi, ' ').replace(/\s+/g, ' ').trim();

/** A repeated activity (same conversation and id) is one delivery, whatever their lengths. */
const deliveryKey = (conversationId: string, activityId: string) => `teams:${createHash('sha256').update(`${conversationId}\n${activityId}`).digest('base64url')}`;

function content(activity: Activity): Pick<ProviderMessage, 'text' | 'postback'> | undefined {
  const value = activity.value as Record<string, unknown> | undefined;
  if (value && typeof value === 'object' && typeof value[POSTBACK_KEY] === 'string') {
    return pressed(value[POSTBACK_KEY], typeof value[TITLE_KEY] === 'string' ? value[TITLE_KEY] : undefined);
  }
  return typeof activity.text === 'string' ? { text: withoutMentions(activity.text) } : undefined;
}

/** The messages of one activity, with the files it carries (files.ts): none, or one. */
export function readActivity(activity: Activity, files: InboundFile[] = []): ProviderMessage[] {
  if (activity.type !== 'message') return [];
  const { id, serviceUrl, from, conversation } = activity;
  if (!id || !serviceUrl || !from?.id || !conversation?.id) return [];
  const read = content(activity);
  if (!read && !files.length) return [];
  const to: TeamsRecipient = { id: conversation.id, serviceUrl, replyToId: id };
  return [{ psi: from.id, ...(from.name ? { nm: from.name } : {}), ...read, ...(files.length ? { files } : {}), delivery: deliveryKey(conversation.id, id), to }];
}
