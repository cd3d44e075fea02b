// Twitter's calls: 'Conectar' (POST /loginTw), 'Desconectar' (the spec's GET /logoutTw?chId, a
// signed POST like every write), the webhook's state (GET /webhook/{id}) and 'Activar'
// (PUT /webhook/{id}, X runs the CRC again): named custom methods of the data provider.
import type { Canal } from '../../common/schemas/canales';
import type { TwitterLoginBody, TwitterWebhook } from '../../common/schemas/twitter';
import { jsonCaller, type HttpClient } from './http';

export { TWITTER_MESSAGES } from '../../common/schemas/twitter';
export type { TwitterLoginBody, TwitterWebhook };

const q = (value: string) => encodeURIComponent(value);

export function createTwitterApi(apiUrl: string, httpClient: HttpClient) {
  const call = jsonCaller(apiUrl, httpClient);
  return {
    /** POST /loginTw {id, env, keys}: checks the keys, registers the webhook, subscribes the account; answers the channel. */
    loginTwitter: (body: TwitterLoginBody) => call<Canal>('POST', '/loginTw', body),
    /** POST /logoutTw?chId: unsubscribes, deletes the webhook and deactivates; answers the channel. */
    logoutTwitter: (id: string) => call<Canal>('POST', `/logoutTw?chId=${q(id)}`),
    /** GET /webhook/{id}: a list whose first item says whether X holds the webhook valid. */
    twitterWebhook: (id: string) => call<TwitterWebhook[]>('GET', `/webhook/${q(id)}`),
    /** PUT /webhook/{id}: X runs the CRC again; answers the same list. */
    activateTwitterWebhook: async (id: string) => (await httpClient<TwitterWebhook[]>(`${apiUrl}/webhook/${q(id)}`, { method: 'PUT' })).json,
  };
}
