// The web chat widget: a visitor's message arrives at /public/webchat/{key}/mensaje (routes.ts)
// carrying its conversation's token (token.ts) where a provider's call carries its signature. Its
// answer is the reply to that call (widget.ts), and the conversation publishes it on the widget's
// STOMP topic: there is nothing to send.
import { WEBCHAT_MESSAGES, type WebchatMessageBody } from '../../../../common/schemas/webchat';
import type { ChannelAdapter, ProviderMessage, WebhookReading } from '../adapter';
import { readToken } from './token';

/** What a widget's call comes to: refused (no valid token of this channel), or its one message. */
export type WidgetReading = Extract<WebhookReading, { kind: 'refused' }> | { kind: 'messages'; messages: [ProviderMessage] };

export const web = {
  kind: 'Web',

  read(app, canal, input): WidgetReading {
    const body = input.body as WebchatMessageBody;
    const claims = readToken(app, body.token);
    if (!claims || claims.c !== canal.id) return { kind: 'refused', status: 401, message: WEBCHAT_MESSAGES.badToken, code: 'TOKEN' };
    const psi = claims.p;
    // The widget's own id of the message: one sent again (a retry after a lost reply) is answered once.
    return { kind: 'messages', messages: [{ psi, text: body.message, postback: body.postback, delivery: `web:${psi}:${body.id}`, to: { id: psi } }] };
  },
} satisfies ChannelAdapter;
