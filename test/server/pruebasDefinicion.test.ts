// A bot's regression tests belong to its definition: an export carries them, an import as a copy
// gives them the copy's skill ids, a deploy replays them (and a failing one stops it only when the
// bot says so), and a restore brings back the tests of that version.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BotExport } from '../../common/schemas/bots';
import type { Prueba } from '../../common/schemas/chat';
import { runDeploy } from '../../server/src/services/bots/deploy';
import { companyId } from './adminFixtures';
import { ok } from './botFixtures';
import { insertChatBot, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';

describe.each(dialects)('pruebas en la definición del bot (%s)', (dialect) => {
  let t: TestApp;
  let c: Client;
  let b: ChatBot;
  let idE: string;
  beforeAll(async () => (t = await createTestApp(dialect)));
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    c = await t.login('compania@quipu.test');
    idE = await companyId(t, 'Demo Internacional');
    b = await insertChatBot(t, idE);
    ok(await c.post(`${API}/bot.prueba`, { idBot: b.bot, nm: 'Saludo', pasos: [{ text: 'hola', skills: [b.skills.saludo] }] }));
  });

  /** Deploys the working definition and runs the deploy job; answers the version row. */
  async function deployNow() {
    const bot = ok(await c.get(`${API}/bot?id=${b.bot}`));
    const version = ok(await c.post(`${API}/bot.deploy?msg=prueba&idU=x`, bot));
    await runDeploy(t.app, { idVersion: version.id, actor: { id: 'x', usuario: 'compania@quipu.test', idE } });
    return ok(await c.get(`${API}/bot-version?botId=${b.bot}`));
  }

  it('la exportación lleva las pruebas, y la copia importada las tiene con los ids de sus skills', async () => {
    const doc = ok(await c.get(`${API}/bot.export?id=${b.bot}`)) as BotExport;
    expect(doc.pruebas?.map((p) => p.nm)).toEqual(['Saludo']);
    const copy = ok(await c.post(`${API}/bot.export?idE=${idE}`, doc));
    const pruebas = ok(await c.get(`${API}/bot.pruebas?idBot=${copy.id}`)) as Prueba[];
    const saludo = await t.app.db.selectFrom('skill').select('id').where('idBot', '=', copy.id).where('nm', '=', 'Saludo').executeTakeFirstOrThrow();
    expect(pruebas.map((p) => p.pasos)).toEqual([[{ text: 'hola', skills: [saludo.id] }]]);
    expect(saludo.id).not.toBe(b.skills.saludo);
  });

  it('el despliegue entrena el modelo, lo guarda con la versión y repite las pruebas', async () => {
    const version = await deployNow();
    expect(version).toMatchObject({ done: true, error: false, pruebas: { total: 1, fallidas: [] } });
    const row = await t.app.db.selectFrom('bot_version').select(['model', 'snapshot']).where('id', '=', version.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.model!).format).toBe('quipu-nlu');
    expect(JSON.parse(row.snapshot!).pruebas).toHaveLength(1);
  });

  it('una prueba que falla se informa, y detiene el despliegue cuando el bot lo pide', async () => {
    ok(await c.post(`${API}/bot.prueba`, { idBot: b.bot, nm: 'Rota', pasos: [{ text: 'hola', skills: [b.skills.precios] }] }));
    const reported = await deployNow();
    expect(reported).toMatchObject({ done: true, error: false, pruebas: { total: 2, fallidas: [{ nm: 'Rota' }] } });

    const bot = ok(await c.get(`${API}/bot?id=${b.bot}`));
    ok(await c.post(`${API}/bot`, { ...bot, params: { ...bot.params, pruebasBloquean: true } }));
    const stopped = await deployNow();
    expect(stopped.error).toBe(true);
    expect(stopped.msg).toBe('La prueba «Rota» falla en «hola»: respondió Saludo en lugar de Precios');
  });

  it('restaurar una versión trae las pruebas que tenía', async () => {
    const v1 = await deployNow();
    const pruebas = ok(await c.get(`${API}/bot.pruebas?idBot=${b.bot}`)) as Prueba[];
    const del = await c.send('DELETE', `${API}/bot.prueba?id=${pruebas[0].id}`);
    expect(del.statusCode).toBe(204);
    expect(ok(await c.get(`${API}/bot.pruebas?idBot=${b.bot}`))).toEqual([]);
    ok(await c.post(`${API}/restaurar?idBot=${b.bot}&id=${v1.id}`));
    expect((ok(await c.get(`${API}/bot.pruebas?idBot=${b.bot}`)) as Prueba[]).map((p) => p.nm)).toEqual(['Saludo']);
  });
});
