// Slack: the Events API and interactivity post to {API_BASE}/wh/slack/{id}, signed with the app's
// Signing Secret (v0, five-minute window); answers go out through chat.postMessage.
import type { ChatPostMessageArguments } from '@slack/web-api';
import type { CanalCfg } from '../../../../common/schemas/canales';
import { readCanalSecret } from '../../services/canales/canales';
import { PROVIDER_MESSAGES, type ChannelAdapter } from '../adapter';
import { slackClient, slackErrorCode } from './api';
import { toSlack } from './format';
import { readSlack } from './receive';
import { checkSlackSignature } from './verify';

export const slack: ChannelAdapter = {
  kind: 'Slack',

  async read(app, canal, input) {
    const signingSecret = readCanalSecret(app, canal, 'signingSecret');
    if (!signingSecret) return { kind: 'refused', status: 403, message: PROVIDER_MESSAGES.notConfigured };
    const check = checkSlackSignature(signingSecret, input.headers, input.rawBody, app.config.now());
    if (check !== 'ok') return { kind: 'refused', status: 401, message: check === 'stale' ? PROVIDER_MESSAGES.staleSignature : PROVIDER_MESSAGES.badSignature };
    const reading = readSlack(input.body, (JSON.parse(canal.cfg || '{}') as CanalCfg).botUserId);
    if (reading.kind === 'challenge') return { kind: 'handshake', body: { challenge: reading.challenge } };
    return reading;
  },

  async send(app, canal, to, messages) {
    const token = readCanalSecret(app, canal, 'botToken');
    if (!token) throw new Error('el canal de Slack no está vinculado (sin token del bot)');
    const client = slackClient(app, token);
    for (const post of toSlack(messages)) {
      const args = { channel: to.id, text: post.text, ...(post.blocks ? { blocks: post.blocks } : {}), ...(to.thread ? { thread_ts: to.thread } : {}) } as ChatPostMessageArguments;
      try {
        await client.chat.postMessage(args);
      } catch (error) {
        throw new Error(`chat.postMessage: ${slackErrorCode(error) ?? (error instanceof Error ? error.message : String(error))}`);
      }
    }
  },
};
