// What the provider suites share besides the fake providers (test/fixtures/providers.ts): signed
// webhook posts, channels made through the console's own calls, their stored rows and secrets, and
// hours that exclude now.
import type { LightMyRequestResponse } from 'fastify';
import { hubSignature } from '../../server/src/channels/whatsapp/verify';
import { slackSignature } from '../../server/src/channels/slack/verify';
import { readCanalSecret } from '../../server/src/services/canales/canales';
import { SLACK_SIGNING_SECRET, WA_APP_SECRET } from '../fixtures/providers';
import { ACCOUNTS, type Account } from './adminFixtures';
import { API, type Client, type TestApp } from './helpers';

export * from '../fixtures/providers';

/** Posts a Cloud API webhook signed with `secret` (the app secret unless told). */
export function postWhatsapp(t: TestApp, id: string, body: object, secret: string | null = WA_APP_SECRET): Promise<LightMyRequestResponse> {
  const payload = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `${API}/wh/whatsapp/${id}`,
    payload,
    headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-hub-signature-256': hubSignature(secret, payload) }) },
  });
}

/** Posts to the Slack webhook signed with `secret` at `at` (ms), as JSON or, for interactivity, as a form. */
export function postSlack(t: TestApp, id: string, body: object | string, options: { secret?: string; at?: number; headers?: Record<string, string> } = {}) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = String(Math.floor((options.at ?? t.clock.now) / 1000));
  return t.app.inject({
    method: 'POST',
    url: `${API}/wh/slack/${id}`,
    payload,
    headers: {
      'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': slackSignature(options.secret ?? SLACK_SIGNING_SECRET, timestamp, payload),
      ...options.headers,
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Channels through the console's own calls.

/** A browser per demo account, signed in on first use; call again after t.reset() (which ends every session). */
export function signedInNow(t: TestApp): (who: Account) => Promise<Client> {
  const clients = new Map<Account, Promise<Client>>();
  return (who) => {
    let client = clients.get(who);
    if (!client) clients.set(who, (client = t.login(ACCOUNTS[who])));
    return client;
  };
}

/** Creates a channel through POST /ch/web as `c`; returns its id. */
export async function createCanal(c: Client, body: Record<string, unknown>): Promise<string> {
  const response = await c.post(`${API}/ch/web`, body);
  if (response.statusCode !== 200) throw new Error(`ch/web ${response.statusCode}: ${response.body}`);
  return response.json().id;
}

/** Links the channel to a bot through POST /ch/suscribe. */
export async function linkBot(c: Client, id: string, idB: string): Promise<void> {
  const response = await c.post(`${API}/ch/suscribe?id=${id}&idB=${idB}`);
  if (response.statusCode !== 200) throw new Error(`ch/suscribe ${response.statusCode}: ${response.body}`);
}

/** The stored row of a channel. */
export const canalRow = (t: TestApp, id: string) => t.app.db.selectFrom('canal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The plain value of a stored secret (the test app's key decrypts it). */
export async function storedSecret(t: TestApp, id: string, name: Parameters<typeof readCanalSecret>[2]): Promise<string | undefined> {
  return readCanalSecret(t.app, await canalRow(t, id), name);
}

/** Hours that exclude now in America/Lima (UTC-5, no daylight saving): from one to two hours ahead. */
export function hoursExcludingNow(now: number): { hi: string; hf: string } {
  const lima = new Date(now - 5 * 3_600_000);
  const at = (h: number) => `${String((lima.getUTCHours() + h) % 24).padStart(2, '0')}:00`;
  return { hi: at(1), hf: at(2) };
}

/** Turns the channel's hours on, excluding now, with its out-of-hours text. */
export async function closeHours(t: TestApp, id: string, msgFueraHora: string | null = null): Promise<void> {
  await t.app.db.updateTable('canal').set({ porHora: 1, ...hoursExcludingNow(t.clock.now), msgFueraHora }).where('id', '=', id).execute();
}
