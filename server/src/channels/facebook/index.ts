// Facebook Messenger: Meta posts each page's events to {API_BASE}/wh/facebook/{id}, signed with the
// app secret (X-Hub-Signature-256, as WhatsApp's); each page's messages go to that page's bot, and
// the answers go out through the Send API with the page's token. Deleting the channel revokes the
// app's subscription on its pages.
import { pagesOf, pageOf, pageToken } from '../../services/canales/facebookPaginas';
import { PROVIDER_MESSAGES, type ChannelAdapter } from '../adapter';
import { checkHubSignature } from '../whatsapp/verify';
import { toMessenger } from './format';
import { graph, GraphError } from './graph';
import { unsubscribePages } from './pages';
import { readMessenger } from './receive';

export const facebook: ChannelAdapter = {
  kind: 'Facebook',

  async read(app, canal, input) {
    const appSecret = app.config.facebookAppSecret;
    if (!appSecret) return { kind: 'refused', status: 403, message: PROVIDER_MESSAGES.notConfigured };
    if (!checkHubSignature(appSecret, input.headers, input.rawBody)) return { kind: 'refused', status: 401, message: PROVIDER_MESSAGES.badSignature };
    const bots = new Map((await pagesOf(app.db, canal.id)).map((page) => [page.id, page.b]));
    return { kind: 'messages', messages: readMessenger(input.body, (pageId) => bots.get(pageId), app.config.now()) };
  },

  async send(app, canal, to, messages) {
    const page = to.from ? await pageOf(app.db, canal.id, to.from) : undefined;
    const token = page && pageToken(app, canal, page);
    if (!token) throw new Error(`la página ${to.from ?? ''} no está conectada al canal`);
    for (const message of toMessenger(messages)) {
      try {
        await graph(app, 'POST', '/me/messages', { token, json: { recipient: { id: to.id }, messaging_type: 'RESPONSE', message } });
      } catch (error) {
        // One refused message (an image Meta cannot fetch) does not keep the rest from going out.
        if (!(error instanceof GraphError)) throw error;
        app.log.warn(`Facebook rechazó un mensaje del canal ${canal.id}: ${error.message}`);
      }
    }
  },

  release: unsubscribePages,
};
