// X's webhook: the CRC (crc_token → response_token) and the signature of each post
// (x-twitter-webhooks-signature), both HMAC-SHA256 with the app's consumer secret, and the direct
// messages an Account Activity post carries for the channel's account.
import { createHmac } from 'node:crypto';
import type { ProviderMessage } from '../adapter';
import { pressed } from '../adapter';

/** 'sha256=' + base64(HMAC-SHA256(consumer secret, data)): the CRC's response_token and each post's signature. */
export const xSignature = (consumerSecret: string, data: Buffer | string): string => `sha256=${createHmac('sha256', consumerSecret).update(data).digest('base64')}`;

interface DirectMessageEvent {
  type?: string;
  id?: string;
  message_create?: {
    sender_id?: string;
    target?: { recipient_id?: string };
    message_data?: { text?: string; quick_reply_response?: { type?: string; metadata?: string } };
  };
}

/** An Account Activity post as far as direct messages go. */
export interface AccountActivity {
  for_user_id?: string;
  direct_message_events?: DirectMessageEvent[];
  users?: Record<string, { name?: string; screen_name?: string }>;
}

/**
 * The direct messages of `body` sent to the account `accountId`: a post for another account, and the
 * account's own messages (its answers come back as events too), carry nothing to answer. A quick
 * reply's metadata is the button's postback.
 */
export function readDirectMessages(body: AccountActivity, accountId: string | undefined): ProviderMessage[] {
  if (!accountId || body?.for_user_id !== accountId) return [];
  return (body.direct_message_events ?? []).flatMap((event): ProviderMessage[] => {
    const create = event.message_create;
    const sender = create?.sender_id;
    if (event.type !== 'message_create' || !sender || sender === accountId) return [];
    const data = create.message_data ?? {};
    const metadata = data.quick_reply_response?.metadata;
    const said = metadata ? pressed(metadata, data.text) : data.text !== undefined ? { text: data.text } : {};
    if (said.text === undefined && said.postback === undefined) return [];
    return [{ psi: sender, nm: body.users?.[sender]?.name, ...said, ...(event.id ? { delivery: event.id } : {}), to: { id: sender } }];
  });
}

/** The 1-based option a typed text names ('2', ' 3 '), or undefined. */
export function typedOption(text: string | undefined): number | undefined {
  // Trimmed first: the pattern then has no two runs of spaces to share between them.
  const match = text === undefined ? null : /^(\d{1,2})\s?\.?$/.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}
