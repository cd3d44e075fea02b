// GET /metrics as Prometheus reads it: only with METRICS_TOKEN as its bearer token (401 otherwise),
// absent when no token is set (404); after real turns on a channel and a deploy job the figures
// move, and the text names no company, user or message; the company id appears only with
// METRICS_POR_EMPRESA; the outbound counter counts a WEB_HOOK's call answered, refused and failed.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleDestination } from '../../common/schemas/destinations';
import type { Bot } from '../../common/schemas/bots';
import type { Resolver } from '../../server/src/net/outbound';
import { METRICS_MESSAGES } from '../../server/src/plugins/metrics';
import { DEPLOY_JOB } from '../../server/src/services/bots/deploy';
import { companyId } from './adminFixtures';
import { ok } from './botFixtures';
import { addSkill, deployNow, fromChannel, insertChatBot, newPsi, say, texts } from './chatFixtures';
import { insertFullBot } from './fullBot';
import { API, createTestApp, dialects, type TestApp } from './helpers';
import { listenLocally, type LocalServer } from './localServer';
import { TestStomp, WAIT, closeStompClients, cookieOf, listen } from './realtime/stompClients';

const TOKEN = 'token-de-metricas-de-prueba';

/** publico.test stands for a public host: it resolves to the local server, and OUTBOUND_ALLOW names it. */
const resolve: Resolver = async (hostname) => {
  if (hostname === 'publico.test') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

function scrape(t: TestApp, authorization?: string) {
  return t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
}

/** The exposition text, read with the token. */
async function figures(t: TestApp, token = TOKEN): Promise<string> {
  const response = await scrape(t, `Bearer ${token}`);
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one sample, as Prometheus reads the line `name{labels} value`; 0 when the line is absent. */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe.each(dialects)('GET /metrics (%s)', (dialect) => {
  let t: TestApp;
  let demo: string;
  let server: LocalServer;
  let closedPort: number;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { metricsToken: TOKEN, webhookTimeoutMs: 2000, outboundAllow: ['publico.test'], outboundResolve: resolve });
    server = await listenLocally((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ estado: 'en camino' })));
    // A port nothing listens on any more.
    const closed = await listenLocally(() => undefined);
    closedPort = closed.port;
    await closed.close();
    url = await listen(t.app);
  });
  beforeEach(async () => {
    await t.reset();
    demo = await companyId(t, 'Demo Internacional');
  });
  afterAll(async () => {
    await closeStompClients();
    await server?.close();
    await t?.close();
  });

  describe('acceso', () => {
    it('sin token, con otro token o con otro esquema responde 401 sin cifras', async () => {
      for (const authorization of [undefined, 'Bearer otro-token', `Bearer ${TOKEN}x`, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, TOKEN, 'Bearer ']) {
        const response = await scrape(t, authorization);
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(response.json()).toEqual({ message: METRICS_MESSAGES.unauthorized });
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(response.body).not.toContain('quipu_');
      }
    });

    it('con el token responde el formato de texto de Prometheus, con las métricas de Node y las de Quipu', async () => {
      const response = await scrape(t, `Bearer ${TOKEN}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      for (const name of ['process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds', 'quipu_mensajes_total', 'quipu_turno_duracion_segundos_bucket', 'quipu_stomp_conexiones', 'quipu_stomp_suscripciones', 'quipu_trabajos_en_espera', 'quipu_trabajos_en_curso', 'quipu_llamadas_salientes_total', 'quipu_despliegue_entrenamiento_segundos_count']) {
        expect(response.body).toContain(`\n${name}`);
      }
      expect(response.body).toContain('quipu_turno_duracion_segundos_bucket{le="0.001"}');
      expect(response.body).toContain('quipu_turno_duracion_segundos_bucket{le="10"}');
    });

    it('sin METRICS_TOKEN responde 404 como una ruta de la API que no existe, también con un token y con la consola servida', async () => {
      const consoleDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-consola-'));
      await fs.writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><title>Quipu</title>');
      const plain = await createTestApp(dialect, { consoleDir });
      try {
        // The console's fallback answers any other path with its page.
        expect((await plain.app.inject({ method: 'GET', url: '/otra-pagina' })).body).toContain('<title>Quipu</title>');
        const unknown = await plain.app.inject({ method: 'GET', url: `${API}/no-existe` });
        for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
          const response = await scrape(plain, authorization);
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual(unknown.json());
          expect(response.body).not.toContain('quipu_');
        }
      } finally {
        await plain.close();
        await fs.rm(consoleDir, { recursive: true, force: true });
      }
    });
  });

  describe('cifras', () => {
    it('tras turnos reales en canales y un despliegue, las cifras se mueven sin nombrar empresa, usuario ni mensaje', async () => {
      const before = await figures(t);
      const chat = await insertChatBot(t, demo);
      await deployNow(t, chat.bot);
      const sent = ['hola', 'cuánto cuesta', 'quiero registrarme', 'escriba a cliente.reservado@ejemplo.pe'];
      const psi = newPsi();
      for (const text of sent.slice(0, 3)) await fromChannel(t, chat.bot, psi, text, { nm: 'Rosa Huamán' });
      await fromChannel(t, chat.bot, newPsi(), sent[3], { idChannel: 'canal-web', red: 3, nm: 'Rosa Huamán' });

      // A deploy is a job: waiting until the runner takes it, then its training is timed.
      const c = await t.login('compania@quipu.test');
      const full = await insertFullBot(t, demo, 'Bot de métricas');
      const current: Bot = await ok(await c.get(`${API}/bot?id=${full.id}`));
      await ok(await c.post(`${API}/bot.deploy?msg=x`, { ...current, extrasEnc: current.extrasEnc.map((e) => ({ key: e.key })) }));
      const queued = await figures(t);
      expect(sample(queued, 'quipu_trabajos_en_espera', `tipo="${DEPLOY_JOB}"`)).toBe(1);
      expect(sample(queued, 'quipu_trabajos_en_curso', `tipo="${DEPLOY_JOB}"`)).toBe(0);
      await t.app.jobs.drain();
      const after = await figures(t);

      expect(sample(after, 'quipu_mensajes_total', 'canal="Facebook"') - sample(before, 'quipu_mensajes_total', 'canal="Facebook"')).toBe(3);
      expect(sample(after, 'quipu_mensajes_total', 'canal="Web"') - sample(before, 'quipu_mensajes_total', 'canal="Web"')).toBe(1);
      expect(sample(after, 'quipu_turno_duracion_segundos_count') - sample(before, 'quipu_turno_duracion_segundos_count')).toBe(4);
      expect(sample(after, 'quipu_turno_duracion_segundos_bucket', 'le="+Inf"') - sample(before, 'quipu_turno_duracion_segundos_bucket', 'le="+Inf"')).toBe(4);
      expect(sample(after, 'quipu_despliegue_entrenamiento_segundos_count') - sample(before, 'quipu_despliegue_entrenamiento_segundos_count')).toBe(1);
      expect(sample(after, 'quipu_trabajos_en_espera', `tipo="${DEPLOY_JOB}"`)).toBe(0);

      for (const secret of ['Demo Internacional', 'compania@quipu.test', 'Rosa Huamán', 'Bot de métricas', demo, chat.bot, psi, ...sent]) expect(after).not.toContain(secret);
      expect(after).not.toContain('empresa=');
    });

    it('con METRICS_POR_EMPRESA el contador de mensajes lleva el id de la empresa, y ninguna otra métrica', async () => {
      const porEmpresa = await createTestApp(dialect, { metricsToken: TOKEN, metricsPorEmpresa: true });
      try {
        const id = await companyId(porEmpresa, 'Demo Internacional');
        const chat = await insertChatBot(porEmpresa, id);
        await deployNow(porEmpresa, chat.bot);
        await fromChannel(porEmpresa, chat.bot, newPsi(), 'hola');
        const text = await figures(porEmpresa);
        expect(sample(text, 'quipu_mensajes_total', `canal="Facebook",empresa="${id}"`)).toBe(1);
        expect(text.split('\n').filter((l) => l.includes(id)).every((l) => l.startsWith('quipu_mensajes_total{'))).toBe(true);
        expect(text).not.toContain('Demo Internacional');
      } finally {
        await porEmpresa.close();
      }
    });

    it('las conexiones y suscripciones STOMP abiertas en la instancia, y de vuelta a cero al cerrarse', async () => {
      const chat = await insertChatBot(t, demo);
      const stomp = new TestStomp(url, { cookie: cookieOf(await t.login('compania@quipu.test')) });
      await stomp.connect();
      await stomp.subscribe(consoleDestination(chat.bot, newPsi()));
      await stomp.subscribe(consoleDestination(chat.bot, newPsi()));
      const open = await figures(t);
      expect([sample(open, 'quipu_stomp_conexiones'), sample(open, 'quipu_stomp_suscripciones')]).toEqual([1, 2]);
      await closeStompClients();
      await vi.waitFor(async () => {
        const closed = await figures(t);
        expect([sample(closed, 'quipu_stomp_conexiones'), sample(closed, 'quipu_stomp_suscripciones')]).toEqual([0, 0]);
      }, WAIT);
    });

    it('las llamadas salientes de un WEB_HOOK se cuentan por resultado: permitida, rechazada y fallida', async () => {
      const chat = await insertChatBot(t, demo);
      const hook = (nm: string, frases: string[], url: string) =>
        addSkill(t, chat.bot, nm, frases, [
          ['WEB_HOOK', { method: 'GET', url, headers: [], fields: [], cond: [], op: 'AND', resp: [{ path: 'estado', k: 'estado' }] }],
          ['TEXT', { text: ['Su pedido está {{estado}}'] }],
        ]);
      await hook('Pedido', ['dónde está mi pedido', 'estado de mi pedido', 'seguimiento del pedido'], `http://publico.test:${server.port}/pedido`);
      await hook('Interno', ['consulta interna', 'dato interno por favor', 'quiero el dato interno'], `http://127.0.0.1:${server.port}/interno`);
      await hook('Caído', ['servicio caído', 'el servicio que no responde', 'probar el servicio caído'], `http://publico.test:${closedPort}/caido`);
      const c = await t.login('compania@quipu.test');
      const count = async (resultado: string) => sample(await figures(t), 'quipu_llamadas_salientes_total', `resultado="${resultado}"`);
      const start = { permitida: await count('permitida'), rechazada: await count('rechazada'), fallida: await count('fallida') };

      expect(texts(await say(c, chat.bot, newPsi(), 'dónde está mi pedido'))).toEqual(['Su pedido está en camino']);
      expect(await count('permitida')).toBe(start.permitida + 1);
      await say(c, chat.bot, newPsi(), 'quiero el dato interno');
      expect(await count('rechazada')).toBe(start.rechazada + 1);
      await say(c, chat.bot, newPsi(), 'servicio caído');
      expect(await count('fallida')).toBe(start.fallida + 1);
      expect(await count('permitida')).toBe(start.permitida + 1);
    });
  });
});
