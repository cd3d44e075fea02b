// Two server instances on one PostgreSQL database: a message published on one reaches the
// subscribers connected to the other, through LISTEN/NOTIFY, which an instance sends only while
// another may be listening (presence). Runs only when DATABASE_URL is set.
import type { IMessage } from '@stomp/stompjs';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/src/app';
import { NOTIFY_LIMIT, encodePresence } from '../../../server/src/realtime/fanout';
import type { App } from '../../../server/src/types';
import { insertBot } from '../botFixtures';
import { userTopic } from '../../../common/topics';
import { consoleDestination } from '../../../common/schemas/destinations';
import { TEST_PASSWORD_COST, createTestApp, userRow, type TestApp } from '../helpers';
import { ChannelObserver, TestStomp, WAIT, closeStompClients, cookieOf, listen, untilAlone } from './stompClients';

describe.runIf(process.env.DATABASE_URL)('dos instancias sobre un PostgreSQL', () => {
  let t: TestApp;
  let b: App;
  let urlA: string;
  let urlB: string;
  let bot: string;
  let topic: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    // The second instance shares the first one's configuration: the same database and schema.
    b = await buildApp(t.config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false });
    urlA = await listen(t.app);
    urlB = await listen(b);
  });
  beforeEach(async () => {
    await t.reset();
    const compania = await userRow(t, 'compania@quipu.test');
    bot = await insertBot(t, compania.idE, 'Asistente compartido');
    topic = userTopic(compania.id, bot, 'psi-1');
  });
  afterEach(async () => {
    await closeStompClients();
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  async function subscriber(url: string): Promise<IMessage[]> {
    const browser = await t.login('compania@quipu.test');
    const stomp = new TestStomp(url, { cookie: cookieOf(browser) });
    await stomp.connect();
    return stomp.subscribe(consoleDestination(bot, 'psi-1'));
  }

  async function settle(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  it('lo publicado en la instancia A llega al suscriptor de la instancia B, y una sola vez al de A', async () => {
    const onA = await subscriber(urlA);
    const onB = await subscriber(urlB);
    const body = { type: 'TEXT', text: 'Respuesta producida en A' };
    await t.app.realtime.publish(topic, body);
    await vi.waitFor(() => expect(onB).toHaveLength(1), WAIT);
    await settle();
    expect(JSON.parse(onB[0].body)).toEqual(body);
    expect(onB[0].headers['content-type']).toBe('application/json');
    expect(onA).toHaveLength(1);
  });

  it('y al revés, de B hacia A', async () => {
    const onA = await subscriber(urlA);
    await b.realtime.publish(topic, { type: 'TEXT', text: 'desde B' });
    await vi.waitFor(() => expect(onA).toHaveLength(1), WAIT);
    await settle();
    expect(onA).toHaveLength(1);
  });

  it(`un mensaje mayor que un NOTIFY (${NOTIFY_LIMIT} bytes) cruza entero, con tildes y emojis`, async () => {
    const onB = await subscriber(urlB);
    const elements = Array.from({ length: 60 }, (_, i) => ({
      title: `Plan ñandú ${i} 🦙`,
      subtitle: 'Incluye atención en español, envío a domicilio y garantía de satisfacción.'.repeat(3),
      buttons: [{ type: 'postback', title: 'Elegir', payload: `PLAN_${i}` }],
    }));
    const body = { type: 'CAROUSEL', elements };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(2 * NOTIFY_LIMIT);
    await t.app.realtime.publish(topic, body);
    await vi.waitFor(() => expect(onB).toHaveLength(1), WAIT);
    expect(JSON.parse(onB[0].body)).toEqual(body);
  });

  it('los mensajes llegan a la otra instancia en el orden en que se publicaron', async () => {
    const onB = await subscriber(urlB);
    const big = 'x'.repeat(3 * NOTIFY_LIMIT);
    const sent = Array.from({ length: 20 }, (_, i) => ({ type: 'TEXT', text: i % 5 === 0 ? `${i} ${big}` : String(i) }));
    await Promise.all(sent.map((body) => t.app.realtime.publish(topic, body)));
    await vi.waitFor(() => expect(onB).toHaveLength(20), WAIT);
    expect(onB.map((m) => JSON.parse(m.body).text.split(' ')[0])).toEqual(sent.map((_, i) => String(i)));
  });

  it('mensajes idénticos publicados a la vez llegan todos, aunque viajen en un mismo NOTIFY', async () => {
    const onB = await subscriber(urlB);
    const same = { type: 'TEXT', text: 'otra vez' };
    await Promise.all([t.app.realtime.publish(topic, same), t.app.realtime.publish(topic, same), t.app.realtime.publish(topic, { type: 'TEXT', text: 'fin' }), t.app.realtime.publish(topic, same)]);
    await vi.waitFor(() => expect(onB).toHaveLength(4), WAIT);
    await settle();
    expect(onB.map((m) => JSON.parse(m.body).text)).toEqual(['otra vez', 'otra vez', 'fin', 'otra vez']);
  });

  it('lo publicado mientras un NOTIFY viaja sale junto en el siguiente, una sentencia para muchos mensajes', async () => {
    const onB = await subscriber(urlB);
    // Every statement a connection sends is submitted as a pg Query, prepared or not (pooled
    // connections wrap Client.query, out of a prototype spy's reach).
    const submit = vi.spyOn(pg.Query.prototype, 'submit');
    let notifies: string[] = [];
    try {
      await Promise.all(Array.from({ length: 50 }, (_, i) => t.app.realtime.publish(topic, { type: 'TEXT', text: String(i) })));
      notifies = submit.mock.contexts.map((query) => (query as { text: string }).text).filter((text) => text.includes('pg_notify') && text.includes('unnest'));
    } finally {
      // (mockRestore also clears the calls seen.)
      submit.mockRestore();
    }
    await vi.waitFor(() => expect(onB).toHaveLength(50), WAIT);
    expect(onB.map((m) => JSON.parse(m.body).text)).toEqual(Array.from({ length: 50 }, (_, i) => String(i)));
    // The first goes alone; the 49 published meanwhile go together.
    expect(notifies.length).toBeGreaterThanOrEqual(1);
    expect(notifies.length).toBeLessThanOrEqual(2);
  });

  it('una instancia de otro esquema no oye los mensajes de este', async () => {
    const other = await createTestApp('postgres');
    try {
      const browser = await other.login('compania@quipu.test');
      const otherCompania = await userRow(other, 'compania@quipu.test');
      const otherBot = await insertBot(other, otherCompania.idE, 'Mismo nombre, otra instalación');
      const stomp = new TestStomp(await listen(other.app), { cookie: cookieOf(browser) });
      await stomp.connect();
      const inbox = await stomp.subscribe(consoleDestination(otherBot, 'psi-1'));
      // The same topic text published in this schema must stay here.
      await t.app.realtime.publish(userTopic(otherCompania.id, otherBot, 'psi-1'), { type: 'TEXT', text: 'no es para usted' });
      await settle();
      expect(inbox).toHaveLength(0);
    } finally {
      await closeStompClients();
      await other.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('presencia: una instancia envía NOTIFY solo mientras otra puede escuchar', () => {
  // Peers are forgotten after a minute here: what stops the notifying within WAIT is a `bye`, not the TTL.
  const timing = { graceMs: 150, announceMs: 60_000, peerTtlMs: 60_000 };
  let a: TestApp;
  let urlA: string;
  let observer: ChannelObserver;
  let bot: string;
  let topic: string;

  beforeAll(async () => {
    a = await createTestApp('postgres', { realtimePresence: timing });
    urlA = await listen(a.app);
    observer = await ChannelObserver.open(a.app);
  });
  beforeEach(async () => {
    await a.reset();
    const compania = await userRow(a, 'compania@quipu.test');
    bot = await insertBot(a, compania.idE, 'Asistente con presencia');
    topic = userTopic(compania.id, bot, 'psi-1');
  });
  afterEach(async () => {
    await closeStompClients();
  });
  afterAll(async () => {
    await observer?.close();
    await a?.close();
  });

  async function subscriber(app: TestApp, url: string): Promise<IMessage[]> {
    const stomp = new TestStomp(url, { cookie: cookieOf(await app.login('compania@quipu.test')) });
    await stomp.connect();
    return stomp.subscribe(consoleDestination(bot, 'psi-1'));
  }

  const texts = (inbox: IMessage[]) => inbox.map((m) => JSON.parse(m.body).text as string);

  it('una segunda instancia que arranca después recibe lo publicado por la primera, y al revés; cuando se cierra, la primera deja de enviar', async () => {
    await untilAlone(a.app, observer, topic);
    // Started while the first runs, on its database and schema; nothing waits for announcements.
    const c = await buildApp(a.config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false });
    try {
      const onC = await subscriber(a, await listen(c));
      const onA = await subscriber(a, urlA);
      expect(await observer.carried(() => a.app.realtime.publish(topic, { type: 'TEXT', text: 'desde A' }), 'desde A')).toBe(1);
      await vi.waitFor(() => expect(texts(onC)).toEqual(['desde A']), WAIT);
      expect(await observer.carried(() => c.realtime.publish(topic, { type: 'TEXT', text: 'desde C' }), 'desde C')).toBe(1);
      await vi.waitFor(() => expect(texts(onA)).toEqual(['desde A', 'desde C']), WAIT);
      expect(texts(onC)).toEqual(['desde A', 'desde C']);
    } finally {
      await closeStompClients();
      await c.close();
    }
    await untilAlone(a.app, observer, topic);
  });

  it('contesta enseguida el saludo de una instancia desconocida, le envía mientras la conoce y la olvida si calla más que el TTL', async () => {
    // Its own app and schema, with a TTL short enough to wait out.
    const s = await createTestApp('postgres', { realtimePresence: { graceMs: 150, announceMs: 60_000, peerTtlMs: 500 } });
    const seen = await ChannelObserver.open(s.app);
    try {
      const destination = `/topic/${bot}/psi-ttl`;
      await untilAlone(s.app, seen, destination);
      await seen.client.query('select pg_notify($1, $2)', [seen.channel, encodePresence('fantasma', 'hello')]);
      const greeted = Date.now();
      await vi.waitFor(() => expect(seen.notes).toContain(encodePresence(s.app.realtime.instanceId, 'here')), WAIT);
      expect(await seen.carried(() => s.app.realtime.publish(destination, { type: 'TEXT', text: 'para el fantasma' }), 'para el fantasma')).toBe(1);
      await untilAlone(s.app, seen, destination);
      expect(Date.now() - greeted).toBeGreaterThanOrEqual(500);
    } finally {
      await seen.close();
      await s.close();
    }
  });

  it('sin respuesta de una conexión que escucha el canal, sigue enviando; vuelve a saludar tras reconectar su LISTEN', async () => {
    // A connection named like the instances' LISTEN connections that never answers: a peer too busy to.
    const mute = new pg.Client({ connectionString: a.config.databaseUrl, application_name: observer.channel });
    await mute.connect();
    try {
      await mute.query(`LISTEN ${mute.escapeIdentifier(observer.channel)}`);
      await untilAlone(a.app, observer, topic);
      // The instance hears its LISTEN connection end, listens again and says hello.
      const hello = encodePresence(a.app.realtime.instanceId, 'hello');
      const hellos = observer.notes.filter((n) => n === hello).length;
      const { rows } = await mute.query<{ n: number }>(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1 and datname = current_database() and pid <> pg_backend_pid()',
        [observer.channel],
      );
      expect(rows[0].n).toBe(1);
      await vi.waitFor(() => expect(observer.notes.filter((n) => n === hello)).toHaveLength(hellos + 1), WAIT);
      // Long past its grace, it still notifies: the silent listener may be an instance.
      await new Promise((resolve) => setTimeout(resolve, 4 * timing.graceMs));
      expect(await observer.carried(() => a.app.realtime.publish(topic, { type: 'TEXT', text: 'por si acaso' }), 'por si acaso')).toBe(1);
    } finally {
      await mute.end();
    }
    await untilAlone(a.app, observer, topic);
  });
});
