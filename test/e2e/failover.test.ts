// Failover in Chromium: two instances on one PostgreSQL behind a round-robin proxy that carries
// WebSockets, a customer's page embedding the demo web channel's widget through the proxy, and a
// kill -9 of the instance that carries the page's socket. While away the widget says 'Reconectando
// con el chat…', then 'Conexión recuperada.' once back on the other instance; the conversation goes
// on there, a message typed while away is answered and shown once, and the history holds each of the
// visitor's messages once. PostgreSQL only: skipped without DATABASE_URL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANAL_KINDS, type Canal } from '../../common/schemas/canales';
import { signRequest } from '../../common/integrity';
import { embedSnippet } from '../../common/schemas/webchatKey';
import { freshDatabase, roundRobinProxy } from '../server/failoverProxy';
import { expectAccessible } from './support/axe';
import { launchChromium } from './support/chromium';
import { DEMO_PASSWORD } from './support/quipu';
import { startServer, type RunningServer } from './support/server';
import { shopServer, type Shop } from './support/shop';

const databaseUrl = process.env.DATABASE_URL;
const METRICS_TOKEN = randomBytes(16).toString('base64url');

const HORARIO = 'cuál es el horario de atención';
const SEDES = 'dónde están ubicados';
// The demo bot's answers to those two (server/src/seed/asistente.ts).
const HORARIO_ANSWER = /^Atendemos de lunes a viernes de 8:00 a 20:00/;
const SEDES_ANSWER = /^Nuestra sede principal está en Lima\./;

/** The demo's web channel, linked to Asistente Quipu (server/src/seed/canales.ts). */
const DEMO_WEB_CHANNEL = 'Chat del sitio';

/** A console user's signed calls to one instance: the session cookie, and the integrity headers signed with its key. */
async function signIn(base: string, usuario: string): Promise<(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<unknown>> {
  let cookie = '';
  let key = '';
  const call = async (method: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const signed = method === 'GET' ? {} : signRequest(key, method, url, payload);
    const response = await fetch(`${base}${url}`, {
      method,
      body: body === undefined ? undefined : payload,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie, origin: base, ...signed, ...headers },
    });
    const set = response.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  key = ((await call('GET', '/api/public/athena', undefined)) as { k: string }).k;
  const basic = Buffer.from(`${usuario}:${DEMO_PASSWORD}`).toString('base64');
  key = ((await call('POST', '/api/enki', undefined, { authorization: `Basic ${basic}` })) as { config: { k: string } }).config.k;
  return (method, url, body) => call(method, url, body);
}

/** A gauge of an instance's /metrics; undefined when the instance does not answer. */
async function gauge(server: RunningServer, name: string): Promise<number | undefined> {
  try {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const line = (await response.text()).split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The one instance whose STOMP broker holds the page's subscription. */
async function carrierOf(servers: RunningServer[]): Promise<RunningServer> {
  let holding: RunningServer[] = [];
  await expect
    .poll(
      async () => {
        const counts = await Promise.all(servers.map((s) => gauge(s, 'quipu_stomp_suscripciones')));
        holding = servers.filter((_, i) => counts[i] === 1);
        return counts;
      },
      { timeout: 15_000 },
    )
    .toSatisfy((counts: Array<number | undefined>) => counts.filter((n) => n === 1).length === 1 && counts.every((n) => n === 0 || n === 1));
  return holding[0];
}

/** The visitor's messages in the history of the channel since `since`, in order. */
async function recordedSince(url: string, idCanal: string, since: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ m: string }>(
      `select m.m from chat_mensaje m join chat_sesion s on s.id = m."idSesion" join chat_cliente c on c.id = s."idClt"
       where m.t = 1 and c."idChannel" = $1 and m.fc >= $2 order by m.fc, m.seq`,
      [idCanal, since],
    );
    return rows.map((r) => r.m);
  } finally {
    await client.end();
  }
}

describe.skipIf(!databaseUrl)('el chat web con dos instancias detrás de un proxy (PostgreSQL; sin DATABASE_URL no corre)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const servers: RunningServer[] = [];
  const killed = new Set<RunningServer>();
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;
  let shop: Shop;
  let browser: Browser;
  let canal: Canal;
  let snippet = '';
  // While held, the proxy keeps new WebSocket upgrades waiting: the time away lasts while the test looks at it.
  let held: Promise<void> = Promise.resolve();
  let release: () => void = () => undefined;

  beforeAll(async () => {
    database = await freshDatabase(databaseUrl as string, 'conmutacion_e2e');
    const env = {
      DATABASE_URL: database.url,
      SEED_DEMO: '1',
      SECRET_KEY: randomBytes(32).toString('base64'),
      TRUST_PROXY: '127.0.0.1',
      METRICS_TOKEN,
      LOG_LEVEL: 'error',
    };
    const launching = launchChromium();
    // One at a time: the first migrates and seeds, the second finds it done.
    for (let i = 0; i < 2; i++) servers.push(await startServer(env));
    browser = await launching;
    proxy = await roundRobinProxy(
      servers.map((s) => s.url),
      { beforeUpgrade: () => held },
    );
    shop = await shopServer(() => snippet);

    // The demo channel, allowing the shop's site.
    const call = await signIn(servers[0].url, 'compania@quipu.test');
    const found = ((await call('GET', '/api/ch')) as Canal[]).find((c) => c.red === CANAL_KINDS.Web.red && c.dsc === DEMO_WEB_CHANNEL);
    if (!found) throw new Error(`no está el canal web «${DEMO_WEB_CHANNEL}» de la demostración`);
    canal = (await call('POST', '/api/ch/web', { id: found.id, name: found.name, dsc: found.dsc, rev: found.rev, web: { ...found.web, domain: [shop.url] } })) as Canal;
    snippet = embedSnippet(proxy.base, '/', canal.id);
  });

  afterAll(async () => {
    release();
    await browser?.close();
    await Promise.all(servers.filter((s) => !killed.has(s)).map((s) => s.stop()));
    for (const s of killed) fs.rmSync(s.dataDir, { recursive: true, force: true });
    await proxy?.close();
    await shop?.close();
    await database?.drop().catch(() => undefined);
  });

  it("con kill -9 de la instancia que lleva su conexión, muestra 'Reconectando con el chat…' y luego 'Conexión recuperada.', y la conversación sigue en la otra sin perder ni repetir mensajes", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-PE', timezoneId: 'America/Lima' });
    context.setDefaultTimeout(15_000);
    const page: Page = await context.newPage();
    const since = new Date().toISOString();

    await page.goto(shop.url);
    await page.getByRole('heading', { name: 'Tienda Aurora', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Abrir chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Asistente Quipu' });
    const messages = chat.getByRole('log', { name: 'Mensajes' });
    const say = async (text: string) => {
      await chat.getByRole('textbox', { name: 'Mensaje' }).fill(text);
      await chat.getByRole('button', { name: 'Enviar' }).click();
    };
    const userTexts = () => messages.locator('.qw-user .qw-text').allInnerTexts();

    await say('hola');
    await messages.getByText('¿Qué desea hacer?').waitFor({ timeout: 30_000 });
    const greeting = await messages.getByText(/Asistente Quipu/).first().innerText();

    // The instance the page's socket is on goes down hard; its reconnection waits at the proxy.
    const carrier = await carrierOf(servers);
    const survivor = servers.find((s) => s !== carrier) as RunningServer;
    held = new Promise<void>((resolve) => (release = resolve));
    process.kill(carrier.pid, 'SIGKILL');
    killed.add(carrier);

    const alert = chat.getByRole('alert');
    await alert.getByText('Reconectando con el chat…', { exact: true }).waitFor();
    // Typed while away: its POST reaches the other instance (again, with the same id, if the first try hit the dead one).
    await say(HORARIO);
    await messages.getByText(HORARIO_ANSWER).waitFor();
    await expectAccessible(page, 'la página de la tienda mientras el chat se reconecta');
    expect(await alert.innerText()).toBe('Reconectando con el chat…');

    // Back, on the other instance: what the conversation holds is read again, and shown once.
    const caughtUp = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/mensajes') && r.ok());
    caughtUp.catch(() => undefined);
    release();
    await chat.getByRole('status').getByText('Conexión recuperada.', { exact: true }).waitFor();
    await caughtUp;
    expect(await alert.count()).toBe(0);
    expect(await gauge(survivor, 'quipu_stomp_suscripciones')).toBe(1);

    await say(SEDES);
    await messages.getByText(SEDES_ANSWER).waitFor();
    expect(await userTexts()).toEqual(['hola', HORARIO, SEDES]);
    expect(await messages.getByText(greeting, { exact: true }).count()).toBe(1);
    expect(await messages.getByText('¿Qué desea hacer?').count()).toBe(1);
    expect(await messages.getByText(HORARIO_ANSWER).count()).toBe(1);
    expect(await messages.getByText(SEDES_ANSWER).count()).toBe(1);

    // The history holds each of the visitor's messages once.
    expect(await recordedSince(database.url, canal.id, since)).toEqual(['hola', HORARIO, SEDES]);
    await context.close();
  });
});
