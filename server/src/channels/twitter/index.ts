// Twitter (X): Account Activity posts arrive at {API_BASE}/wh/twitter/{id} signed with
// x-twitter-webhooks-signature; the direct messages of the channel's account go to its bot and the
// answers go out as direct messages (API v2) in the account's user context.
import type { CanalCfg } from '../../../../common/schemas/canales';
import { readConversation } from '../../conversation/store';
import { readCanalSecret } from '../../services/canales/canales';
import type { App } from '../../types';
import type { CanalRow } from '../../conversation';
import type { ChannelAdapter, ProviderMessage } from '../adapter';
import { header, PROVIDER_MESSAGES, sameSecret } from '../adapter';
import { sendDm, xFailure } from './api';
import { releaseTwitter, storedKeys } from './connect';
import { toTwitter } from './format';
import { readDirectMessages, typedOption, xSignature, type AccountActivity } from './receive';

/**
 * A typed number answering a numbered list: the title of that button among the ones the bot last
 * offered (the conversation's state keeps them), which the engine takes as pressing it.
 */
async function withOption(app: App, canal: CanalRow, message: ProviderMessage): Promise<ProviderMessage> {
  const n = typedOption(message.text);
  if (n === undefined || !canal.b) return message;
  const { conversation } = await readConversation(app.db, { idBot: canal.b, idE: canal.idE, idChannel: canal.id, psi: message.psi });
  const titles = conversation ? (JSON.parse(conversation.estado) as { options?: { titles?: string[] } }).options?.titles : undefined;
  const title = titles?.[n - 1];
  return title ? { ...message, text: title } : message;
}

export const twitter: ChannelAdapter = {
  kind: 'Twitter',

  async read(app, canal, input) {
    const secret = readCanalSecret(app, canal, 'twConsumerSecret');
    if (!secret) return { kind: 'refused', status: 403, message: PROVIDER_MESSAGES.notConfigured };
    if (!sameSecret(header(input.headers, 'x-twitter-webhooks-signature'), xSignature(secret, input.rawBody))) return { kind: 'refused', status: 401, message: PROVIDER_MESSAGES.badSignature };
    const account = (JSON.parse(canal.cfg || '{}') as CanalCfg).twitterUserId ?? undefined;
    const messages = readDirectMessages(input.body as AccountActivity, account);
    return { kind: 'messages', messages: await Promise.all(messages.map((m) => withOption(app, canal, m))) };
  },

  async send(app, canal, to, messages) {
    const keys = storedKeys(app, canal);
    if (!keys) throw new Error('el canal de Twitter no tiene sus claves');
    for (const text of toTwitter(messages)) {
      try {
        await sendDm(app, keys, to.id, text);
      } catch (error) {
        throw new Error(xFailure(error));
      }
    }
  },

  release: releaseTwitter,
};
