// Local stand-ins for the providers the channel adapters call: an HTTP server per test file that
// remembers every request (method, path, headers, parsed body) and answers as Telegram's Bot API,
// WhatsApp's Cloud API or Slack's Web API would; and an https relay with a private certificate.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { hubSignature } from '../../server/src/channels/whatsapp/verify';
import { slackSignature } from '../../server/src/channels/slack/verify';
import { readCanalSecret } from '../../server/src/services/canales';
import { ACCOUNTS, type Account } from './adminFixtures';
import { API, type Client, type TestApp } from './helpers';

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body as text. */
  raw: string;
  /** JSON, or a form's fields (Slack), or the text. */
  body: Record<string, unknown>;
}

export type Answer = { status?: number; body: unknown };
export type Handler = (request: Received) => Answer;

export interface FakeServer {
  base: string;
  requests: Received[];
  /** Requests to paths ending in `suffix` (a Telegram method, 'chat.postMessage', '/messages'). */
  calls(suffix: string): Received[];
  close(): Promise<void>;
}

function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return { text: raw };
  }
}

function listener(requests: Received[], handler: Handler): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://localhost');
      const received = { method: req.method ?? '', path: url.pathname, headers: req.headers, raw, body: parseBody(raw, req.headers['content-type']) };
      requests.push(received);
      const answer = handler(received);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  };
}

async function started(server: http.Server | https.Server, scheme: 'http' | 'https', requests: Received[]): Promise<FakeServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    calls: (suffix) => requests.filter((r) => r.path.endsWith(suffix)),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export function fakeServer(handler: Handler): Promise<FakeServer> {
  const requests: Received[] = [];
  return started(http.createServer(listener(requests, handler)), 'http', requests);
}

const TLS_DIR = fileURLToPath(new URL('../fixtures/tls/', import.meta.url));
/** The relay's private certificate (self-signed, for tests only), which the server is told to trust. */
export const RELAY_CA = fs.readFileSync(path.join(TLS_DIR, 'relay-cert.pem'), 'utf8');

export function fakeRelay(): Promise<FakeServer> {
  const requests: Received[] = [];
  const server = https.createServer({ key: fs.readFileSync(path.join(TLS_DIR, 'relay-key.pem')), cert: RELAY_CA }, listener(requests, () => ({ body: { recibido: true } })));
  return started(server, 'https', requests);
}

// ---------------------------------------------------------------------------------------------
// Telegram's Bot API: paths /bot{token}/{method}.

export const TG_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
export const TG_REFUSED_TOKEN = '987654321:AAH-este-token-fue-revocado-por-BotFather';
export const TG_BOT = { id: 123456789, is_bot: true, first_name: 'Quipu Demo', username: 'quipu_demo_bot' };
/** A photo Telegram cannot fetch. */
export const BROKEN_PHOTO = 'https://example.com/roto.png';

let telegramMessageId = 100;

export const telegramApi: Handler = (request) => {
  const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.path);
  if (!match) return { status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } };
  const [, token, method] = match;
  if (token !== TG_TOKEN) return { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } };
  const chat = { id: Number(request.body.chat_id), type: 'private' };
  switch (method) {
    case 'getMe':
      return { body: { ok: true, result: TG_BOT } };
    case 'setWebhook':
    case 'deleteWebhook':
    case 'answerCallbackQuery':
      return { body: { ok: true, result: true } };
    case 'sendMessage':
      return { body: { ok: true, result: { message_id: ++telegramMessageId, date: 1, chat, text: request.body.text } } };
    case 'sendPhoto':
      if (request.body.photo === BROKEN_PHOTO) return { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: wrong file identifier/HTTP URL specified' } };
      return { body: { ok: true, result: { message_id: ++telegramMessageId, date: 1, chat, photo: [] } } };
    default:
      return { status: 404, body: { ok: false, error_code: 404, description: 'Not Found: method not found' } };
  }
};

// ---------------------------------------------------------------------------------------------
// WhatsApp's Cloud API: POST /{phoneNumberId}/messages with the bearer token.

export const WA_PHONE_ID = '106540352242922';
export const WA_ACCESS_TOKEN = 'EAAGprueba-token-de-acceso';
export const WA_VERIFY_TOKEN = 'verificame-por-favor';
export const WA_APP_SECRET = 'secreto-de-la-app-de-meta';

export const cloudApi: Handler = (request) => {
  if (request.headers.authorization !== `Bearer ${WA_ACCESS_TOKEN}`) return { status: 401, body: { error: { message: 'Invalid OAuth access token', code: 190 } } };
  return { body: { messaging_product: 'whatsapp', contacts: [{ input: request.body.to, wa_id: request.body.to }], messages: [{ id: `wamid.${Date.now()}` }] } };
};

/** A Cloud API webhook post of `messages` from `from`, to our number. */
export function cloudWebhook(messages: object[], from = '51988777666', name = 'Ana Torres') {
  return {
    object: 'whatsapp_business_account',
    entry: [{
      id: '102290129340398',
      changes: [{
        field: 'messages',
        value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: WA_PHONE_ID }, contacts: [{ profile: { name }, wa_id: from }], messages },
      }],
    }],
  };
}

export const waText = (id: string, body: string, from = '51988777666') => ({ from, id, timestamp: '1750000000', type: 'text', text: { body } });

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

// ---------------------------------------------------------------------------------------------
// Slack's Web API: POST /api/{method}, form-encoded.

export const SLACK_APP_ID = 'A07QUIPU01';
export const SLACK_APP_SECRET = 'slack-app-secret-de-prueba';
export const SLACK_SIGNING_SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
export const SLACK_BOT_TOKEN = 'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy';
export const SLACK_GOOD_CODE = '4724469134.4644010092847.232b4e6b5f5e1f5';

export const slackApi: Handler = (request) => {
  if (request.path.endsWith('/oauth.v2.access')) {
    if (request.body.code !== SLACK_GOOD_CODE || request.body.client_secret !== SLACK_APP_SECRET) return { body: { ok: false, error: 'invalid_code' } };
    return {
      body: {
        ok: true, access_token: SLACK_BOT_TOKEN, token_type: 'bot', scope: 'chat:write,im:history,app_mentions:read',
        bot_user_id: 'U0BOTQUIPU', app_id: SLACK_APP_ID, team: { id: 'T9TK3CUKW', name: 'Tienda Andina' }, authed_user: { id: 'U1234' },
      },
    };
  }
  if (request.path.endsWith('/chat.postMessage')) {
    if (request.headers.authorization !== `Bearer ${SLACK_BOT_TOKEN}`) return { body: { ok: false, error: 'invalid_auth' } };
    return { body: { ok: true, channel: request.body.channel, ts: `${Date.now() / 1000}` } };
  }
  return { body: { ok: false, error: 'unknown_method' } };
};

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
