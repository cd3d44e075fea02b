// Health and readiness as a load balancer probes them (alive, starting, ready, missing migrations,
// database down, draining), and the graceful stop SIGTERM starts: new work refused with 503 and
// Retry-After while the turn in flight ends and is recorded, the jobs handed back at once (and
// taken by the other instance on PostgreSQL), and STOMP clients told to reconnect.
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { SALUD_MESSAGES } from '../../common/schemas/salud';
import { buildApp } from '../../server/src/app';
import type { Database } from '../../server/src/db/schema';
import { defineJob, enqueueJob } from '../../server/src/jobs/queue';
import { Lifecycle } from '../../server/src/plugins/lifecycle';
import { STOMP_MESSAGES } from '../../server/src/realtime/messages';
import { notReadyReason } from '../../server/src/services/salud';
import { drain, shutdown } from '../../server/src/shutdown';
import type { App } from '../../server/src/types';
import { companyId } from './adminFixtures';
import { addSkill, insertChatBot, newPsi, post, recorded, texts } from './chatFixtures';
import { API, createTestApp, dialects, TEST_PASSWORD_COST, type TestApp } from './helpers';
import { listenLocally, type LocalServer } from './localServer';
import { cookieOf, listen, RawStomp } from './realtime/stompClients';

/** The apps a 'prueba.salud' job ran on, in order; on an app in `holding`, it runs until it is stopped. */
const ranOn: App[] = [];
const holding = new Set<App>();
defineJob('prueba.salud', async (app, _datos, signal) => {
  ranOn.push(app);
  if (!holding.has(app)) return;
  await new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('detenida'))));
});

const until = async (what: () => Promise<boolean> | boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await what()) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return what();
};

describe.each(dialects)('salud, disponibilidad y cierre ordenado (%s)', (dialect) => {
  describe('una instancia en servicio', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('GET /api/health responde 200 { status: "ok" } sin sesión, sin cookie y sin límite de consultas', async () => {
      const probe = t.client('10.9.9.9');
      for (let i = 0; i < 150; i++) {
        const res = await probe.get(`${API}/health`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status: 'ok' });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('GET /api/ready responde 200 cuando la base responde y todas las migraciones están aplicadas', async () => {
      const res = await t.client().get(`${API}/ready`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it("con una migración sin aplicar responde 503 'Faltan migraciones por aplicar'", async () => {
      const last = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.app.db);
      const { name, timestamp } = last.rows[0]!;
      await sql`delete from kysely_migration where name = ${name}`.execute(t.app.db);
      try {
        const res = await t.client().get(`${API}/ready`);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: SALUD_MESSAGES.pendingMigrations });
      } finally {
        await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(t.app.db);
      }
      expect((await t.client().get(`${API}/ready`)).statusCode).toBe(200);
    });

    /** The app's database handle, as every route reads it, replaced for `check` by one on a server at `port` of the loopback. */
    async function withDatabaseAt(port: number, check: () => Promise<void>, hangUp = () => undefined as void): Promise<void> {
      const pool = new pg.Pool({ connectionString: `postgres://quipu@127.0.0.1:${port}/quipu`, max: 1 });
      const own = t.app.db;
      (t.app as { db: App['db'] }).db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
      try {
        await check();
      } finally {
        (t.app as { db: App['db'] }).db = own;
        hangUp();
        await pool.end().catch(() => undefined);
      }
    }

    async function expectDown(): Promise<void> {
      const ready = await t.client().get(`${API}/ready`);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: SALUD_MESSAGES.databaseDown });
      const health = await t.client().get(`${API}/health`);
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
    }

    it("con la base de datos caída responde 503 'La base de datos no responde', y /health sigue en 200", async () => {
      // Nothing listens there: the connection is refused.
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      await withDatabaseAt(port, expectDown);
    });

    it("con una base de datos que no contesta responde 503 'La base de datos no responde' pasado el plazo corto", async () => {
      // It takes the connection and never answers.
      const sockets = new Set<net.Socket>();
      const silent = net.createServer((socket) => void sockets.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        await withDatabaseAt((silent.address() as AddressInfo).port, expectDown, () => {
          for (const socket of sockets) socket.destroy();
        });
      } finally {
        await new Promise((resolve) => silent.close(resolve));
      }
    });

    it("mientras arranca (antes de migrar y de estar lista) la instancia no está lista: 'La instancia se está iniciando'", async () => {
      const starting = Object.assign(Object.create(t.app) as App, { lifecycle: new Lifecycle() });
      expect(await notReadyReason(starting)).toBe(SALUD_MESSAGES.starting);
      expect(await notReadyReason(t.app)).toBeNull();
    });

    it('/health y /ready figuran en el documento OpenAPI, sin sesión', async () => {
      const doc = (await t.client().get(`${API}/openapi.json`)).json();
      expect(doc.paths['/health'].get).toMatchObject({ operationId: 'getHealth', tags: ['Operación'], security: [] });
      expect(doc.paths['/ready'].get).toMatchObject({ operationId: 'getReady', tags: ['Operación'], security: [] });
    });
  });

  describe('al recibir SIGTERM', () => {
    let t: TestApp;
    let server: LocalServer;
    let release: () => void = () => undefined;
    let slowCalls = 0;

    beforeAll(async () => {
      server = await listenLocally((_req, res) => {
        slowCalls += 1;
        const gate = new Promise<void>((resolve) => (release = resolve));
        void gate.then(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ saldo: 150 }));
        });
      });
    });
    beforeEach(async () => {
      slowCalls = 0;
      ranOn.length = 0;
      holding.clear();
      t = await createTestApp(dialect, { webhookTimeoutMs: 20_000, outboundAllow: ['127.0.0.1'], shutdownGraceSeconds: 20 });
    });
    afterAll(async () => {
      release();
      await server.close();
    });

    it('deja de estar lista, rechaza mensajes y conversaciones nuevos con 503 y Retry-After, y el turno en curso termina y queda registrado', async () => {
      try {
        const chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
        await addSkill(t, chat.bot, 'Saldo', ['consultar mi saldo', 'quiero ver mi saldo', 'cuánto tengo en mi cuenta'], [
          ['WEB_HOOK', { method: 'GET', url: `${server.base}/saldo`, headers: [], fields: [], cond: [], op: 'AND', resp: [{ path: 'saldo', k: 'saldo' }] }],
          ['TEXT', { text: ['Su saldo es {{saldo}}.'] }],
        ]);
        const c = await t.login('compania@quipu.test');
        const other = await t.login('compania@quipu.test');
        const psi = newPsi();
        const slow = post(c, chat.bot, psi, 'consultar mi saldo');
        expect(await until(() => slowCalls === 1)).toBe(true);

        let drained: boolean | undefined;
        const draining = drain(t.app).then((settled) => (drained = settled));

        const ready = await t.client().get(`${API}/ready`);
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ message: SALUD_MESSAGES.draining });
        expect((await t.client().get(`${API}/health`)).statusCode).toBe(200);

        const refused = await post(other, chat.bot, newPsi(), 'hola');
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual({ message: SALUD_MESSAGES.refused });
        expect(refused.headers['retry-after']).toBe('1');
        const opening = await t.client().inject({ method: 'POST', url: `${API}/public/webchat/cualquiera/conversacion`, payload: {}, headers: { 'content-type': 'application/json' } });
        expect(opening.statusCode).toBe(503);
        expect(opening.json()).toEqual({ message: SALUD_MESSAGES.refused });

        // The turn in flight holds the stop until it ends.
        await new Promise((r) => setTimeout(r, 200));
        expect(drained).toBeUndefined();
        release();
        const answer = await slow;
        expect(answer.statusCode).toBe(200);
        expect(texts(answer.json().messages)).toEqual(['Su saldo es 150.']);
        await draining;
        expect(drained).toBe(true);

        // The acknowledged turn is written: the client's message and the bot's answer.
        const { mensajes } = await recorded(t, psi);
        const written = mensajes.flat().map((m) => m.m);
        expect(written).toContain('consultar mi saldo');
        expect(written.some((m) => m.includes('Su saldo es 150.'))).toBe(true);
      } finally {
        release();
        await t.close();
      }
    });

    it('un turno que no termina dentro de SHUTDOWN_GRACE_SECONDS no retiene el cierre', async () => {
      try {
        const chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
        await addSkill(t, chat.bot, 'Saldo', ['consultar mi saldo', 'quiero ver mi saldo', 'cuánto tengo en mi cuenta'], [
          ['WEB_HOOK', { method: 'GET', url: `${server.base}/saldo`, headers: [], fields: [], cond: [], op: 'AND', resp: [] }],
        ]);
        const c = await t.login('compania@quipu.test');
        const slow = post(c, chat.bot, newPsi(), 'consultar mi saldo');
        expect(await until(() => slowCalls === 1)).toBe(true);
        expect(await drain(t.app, 300)).toBe(false);
        release();
        await slow;
      } finally {
        release();
        await t.close();
      }
    });

    it('devuelve al instante los trabajos que tiene en curso: pendientes, sin gastar un intento y disponibles ya', async () => {
      try {
        holding.add(t.app);
        await enqueueJob(t.app, { tipo: 'prueba.salud', datos: {}, idE: 'empresa-salud' });
        // A job tried once before: handed back, it is due now all the same.
        await t.app.db.updateTable('trabajo').set({ intentos: 1 }).where('tipo', '=', 'prueba.salud').execute();
        void t.app.jobs.drain();
        const job = () => t.app.db.selectFrom('trabajo').selectAll().where('tipo', '=', 'prueba.salud').executeTakeFirstOrThrow();
        expect(await until(async () => (await job()).estado === 'enCurso')).toBe(true);
        expect(await drain(t.app)).toBe(true);
        expect(await job()).toMatchObject({ estado: 'pendiente', intentos: 1 });
        expect(Number((await job()).ejecutarDesde)).toBeLessThanOrEqual(t.clock.now);
      } finally {
        await t.close();
      }
    });

    it.runIf(dialect === 'postgres')('los trabajos devueltos los toma en seguida la otra instancia de la misma base', async () => {
      const b = await buildApp(t.config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false });
      try {
        holding.add(t.app);
        await enqueueJob(t.app, { tipo: 'prueba.salud', datos: {}, idE: 'empresa-salud' });
        await t.app.db.updateTable('trabajo').set({ intentos: 1 }).where('tipo', '=', 'prueba.salud').execute();
        void t.app.jobs.drain();
        const job = () => b.db.selectFrom('trabajo').selectAll().where('tipo', '=', 'prueba.salud').executeTakeFirstOrThrow();
        expect(await until(async () => (await job()).estado === 'enCurso')).toBe(true);
        await shutdown(t.app);
        await b.jobs.drain();
        expect(ranOn).toEqual([t.app, b]);
        expect(await job()).toMatchObject({ estado: 'hecho', intentos: 2 });
      } finally {
        await b.close();
        await t.close();
      }
    });

    it('cierra las conexiones STOMP con un ERROR que pide volver a conectarse', async () => {
      try {
        const url = await listen(t.app);
        const browser = await t.login('compania@quipu.test');
        const raw = await RawStomp.open(url, cookieOf(browser));
        expect((await raw.connect()).command).toBe('CONNECTED');
        const stopping = shutdown(t.app);
        const frame = await raw.next();
        expect(frame.command).toBe('ERROR');
        expect(frame.headers.message).toBe(STOMP_MESSAGES.reconnect);
        expect(frame.body.toString('utf8')).toBe(STOMP_MESSAGES.reconnectDetail);
        expect(await raw.closed()).toBe(1001);
        await stopping;
      } finally {
        await t.close();
      }
    });
  });
});
