// An upgrade from before the counters (migration 014) with a recorded history: the instance serves
// at once, the dashboard and the history say their figures are being prepared, and the counts
// migrations 014, 015 and 018 owe run afterwards as a job, in pages, while live turns write the
// same counters. Once done, every counter is what the count at start gives over the same messages,
// each turn counted once; a job stopped between pages, or two workers at once, change nothing.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, dayStart, localDay } from '../../common/dias';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { rebuildClientSketches, rebuildQnaUsage, rebuildUsage } from '../../server/src/conversation/usoRelleno';
import { migrateDownTo } from '../../server/src/db';
import { companyTimeZones } from '../../server/src/services/empresas/empresas';
import { fillPageSizes, runFills, writePage } from '../../server/src/conversation/rellenos';
import { PAGE_SIZES, usagePage } from '../../server/src/conversation/usoRellenoPaginas';
import type { App } from '../../server/src/types';
import { API, Client, createTestApp, DEMO_PASSWORD, dialects, TEST_PASSWORD_COST, type TestApp } from './helpers';
import { fromChannel, newPsi, type ChatBot } from './chatFixtures';
import { limaBot } from './historialFixtures';
import { insertSkill } from './botFixtures';

const LIMA = 'America/Lima';
const ROLES = ['admin', 'compania', 'usuarios', 'usuario', 'dashboard', 'historial', 'supervisor'];
const limaAt = (dia: string, hh: number, mm: number) => dayStart(dia, LIMA) + (hh * 60 + mm) * 60_000;

/** Every counter row, in key order, rows of only zeros left out, sketches as hex. */
async function counters(app: App) {
  const { db } = app;
  const nonZero = <T extends object>(rows: T[], keys: (keyof T)[]) => rows.filter((r) => keys.some((k) => Number(r[k]) !== 0));
  const num = <T extends Record<string, unknown>>(r: T, keys: (keyof T)[]) => ({ ...r, ...Object.fromEntries(keys.map((k) => [k, Number(r[k])])) });
  return {
    uso: nonZero(await db.selectFrom('uso').selectAll().orderBy(['idBot', 'dia', 'hora', 'idChannel']).execute(), ['ses', 'clt', 'msg']).map((r) => num(r, ['ses', 'clt', 'msg', 'red', 'ds', 'hora'])),
    cliente: (await db.selectFrom('chat_cliente_dia').selectAll().orderBy(['idBot', 'dia', 'idClt']).execute()).map((r) => num(r, ['ses', 'msg', 'red'])),
    skill: nonZero(await db.selectFrom('uso_skill').selectAll().orderBy(['idBot', 'dia', 'idSkill']).execute(), ['n', 'llegan', 'terminan']).map((r) => num(r, ['n', 'llegan', 'terminan'])),
    clientes: (await db.selectFrom('uso_clientes').selectAll().orderBy(['idBot', 'dia', 'idChannel']).execute()).map((r) => ({ ...r, red: Number(r.red), hll: Buffer.from(r.hll).toString('hex') })),
    qna: nonZero(await db.selectFrom('uso_qna').selectAll().orderBy(['idBot', 'dia', 'idQna']).execute(), ['n', 'ok', 'bad']).map((r) => num(r, ['n', 'ok', 'bad'])),
    kb: (await db.selectFrom('uso_kb').selectAll().orderBy(['idBot', 'dia']).execute()).map((r) => num(r, ['nf'])),
  };
}

/** What the count at start gives over every message recorded now. */
async function countedAtOnce(app: App) {
  const timeZoneOf = await companyTimeZones(app.db, app.config.chatTimeZone);
  await rebuildUsage(app.db, timeZoneOf);
  await rebuildClientSketches(app.db);
  await rebuildQnaUsage(app.db, timeZoneOf);
  return counters(app);
}

describe.each(dialects)('actualización con historial: los conteos se hacen después de arrancar (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  let idE: string;
  let dia: string;
  let qna: string;
  /** The instance started on the upgraded database. */
  let up: App | undefined;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    ({ idE, chat } = await limaBot(t));
    qna = await insertSkill(t, chat.bot, 'Horario', { tipo: 2 });
    dia = addDays(localDay(Date.now(), LIMA), 1);
  });
  afterEach(async () => {
    await up?.close();
    up = undefined;
    Object.assign(fillPageSizes, PAGE_SIZES);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Real turns of `psis`, from `from` on, a minute and a half apart; every ninth waits past the chat session's end. */
  async function turns(app: App, psis: string[], count: number) {
    const on = { ...t, app };
    const inputs = ['hola', 'cuánto cuesta', 'xyzzy qwerty', 'quiero registrarme', 'ana@example.com', 'en qué canal estoy', 'buenas noches'];
    for (let i = 0; i < count; i++) {
      await fromChannel(on, chat.bot, psis[(i * 7) % psis.length], inputs[(i * 5) % inputs.length]);
      t.clock.advance(i % 9 === 8 ? 40 * 60_000 : 90_000);
    }
  }

  /** A turn the knowledge base answered, recorded by hand; answers its chat session and instant, for its rating. */
  async function qnaTurn(app: App) {
    const { db } = app;
    const client = await db.selectFrom('chat_cliente').select(['id', 'red']).where('test', '=', 0).executeTakeFirstOrThrow();
    const id = randomUUID();
    const fc = new Date(t.clock.now).toISOString();
    await db.insertInto('chat_sesion').values({ id, idClt: client.id, idE, idBot: chat.bot, red: client.red, test: 0, fi: fc, ff: null }).execute();
    await db.insertInto('chat_mensaje').values({ id: randomUUID(), idSesion: id, idBot: chat.bot, t: 1, m: 'a qué hora abren', tipo: 'TEXT', body: null, idSkill: null, score: null, fc, seq: 1 }).execute();
    await db.insertInto('chat_mensaje').values({ id: randomUUID(), idSesion: id, idBot: chat.bot, t: 0, m: 'De 9 a 18', tipo: 'TEXT', body: '{}', idSkill: qna, score: 0.9, fc, seq: 2 }).execute();
    t.clock.advance(60_000);
    return { idSesion: id, fc };
  }

  /** The history recorded, the database brought back to before migration 014, and a new instance started on it an hour later. */
  async function upgrade(): Promise<App> {
    t.clock.now = limaAt(dia, 22, 40);
    await turns(t.app, Array.from({ length: 5 }, newPsi), 30);
    const answered = [await qnaTurn(t.app), await qnaTurn(t.app)];
    await migrateDownTo(t.app.db, '013_historial');
    t.clock.advance(60 * 60_000);
    const app = await buildApp(t.config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false });
    // The ratings of those answers, as a database between migrations 017 and 018 holds them (017's own down dropped their table).
    for (const [i, { idSesion, fc }] of answered.entries()) {
      await app.db.insertInto('qna_calificacion').values({ id: randomUUID(), idBot: chat.bot, idE, idQna: qna, idSesion, ok: i === 0 ? 1 : 0, dia: localDay(Date.parse(fc), LIMA), fc }).execute();
    }
    return app;
  }

  const login = async (app: App, usuario: string) => {
    const c = new Client({ app, clock: t.clock });
    expect((await c.signIn(usuario, DEMO_PASSWORD)).statusCode).toBe(200);
    return c;
  };
  const range = () => ({ idBot: chat.bot, fd: dia, fh: addDays(dia, 2) });

  it('sirve antes de contar; los turnos de entretanto cuentan una vez; al terminar, cada contador es el del conteo al arrancar', async () => {
    up = await upgrade();
    const owed = await up.db.selectFrom('relleno').select(['id', 'estado']).orderBy('orden').execute();
    expect(owed).toEqual([{ id: 'uso', estado: 'pendiente' }, { id: 'clientes', estado: 'pendiente' }, { id: 'qna', estado: 'pendiente' }]);
    expect((await up.inject({ method: 'GET', url: `${API}/ready` })).statusCode).toBe(200);
    expect(await up.db.selectFrom('trabajo').select('tipo').where('estado', '=', 'pendiente').execute()).toEqual([{ tipo: 'rellenoContadores' }]);

    // Turns after the start, of clients seen before and of new ones, counted by themselves.
    const seen = (await up.db.selectFrom('chat_cliente').select('psi').where('test', '=', 0).execute()).map((r) => r.psi).slice(0, 2);
    await turns(up, [...seen, newPsi(), newPsi()], 12);

    await up.jobs.drain();
    expect(await up.db.selectFrom('relleno').select('estado').execute()).toEqual([{ estado: 'hecho' }, { estado: 'hecho' }, { estado: 'hecho' }]);
    const filled = await counters(up);
    expect(filled.uso.length).toBeGreaterThan(2);
    expect(filled.qna.map((r) => [r.idQna, r.n, r.ok, r.bad])).toEqual([[qna, 2, 1, 1]]);
    expect(await countedAtOnce(up)).toEqual(filled);
  });

  it('un relleno detenido entre páginas sigue desde su cursor, y dos a la vez no cuentan una página dos veces', async () => {
    up = await upgrade();
    Object.assign(fillPageSizes, { clients: 1, clientDays: 2, sessions: 2 });
    const stop = new AbortController();
    let pages = 0;
    const app = up;
    // Stopped after its third page: the pages written stay, the rest waits.
    await expect(runFills(app, stop.signal, () => ++pages === 3 && stop.abort(new Error('detenido')))).rejects.toThrow('detenido');
    const halfway = await up.db.selectFrom('relleno').select(['id', 'estado', 'cursor', 'corte']).orderBy('orden').execute();
    expect(halfway[0].estado).toBe('enCurso');
    expect(halfway[0].cursor).not.toBe('');
    await turns(up, [newPsi()], 3);
    // A worker that read the cursor before another wrote the page: its page is not written.
    const stale = await up.db.selectFrom('relleno').selectAll().where('id', '=', 'uso').executeTakeFirstOrThrow();
    const page = await usagePage(up.db, stale.cursor, stale.corte, await companyTimeZones(up.db, up.config.chatTimeZone), undefined, 1);
    const once = new AbortController();
    await expect(runFills(app, once.signal, () => once.abort(new Error('una página')))).rejects.toThrow('una página');
    expect(await writePage(app, stale, page)).toBe(false);
    await Promise.all([runFills(app, new AbortController().signal), runFills(app, new AbortController().signal)]);
    const filled = await counters(up);
    // Every message recorded before the upgrade read once.
    const leidos = await up.db.selectFrom('relleno').select('leidos').where('id', '=', 'uso').executeTakeFirstOrThrow();
    const before = await up.db.selectFrom('chat_mensaje as m').innerJoin('chat_sesion as s', 's.id', 'm.idSesion').select(sql<number>`count(*)`.as('n'))
      .where('s.test', '=', 0).where('m.fc', '<', halfway[0].corte).executeTakeFirstOrThrow();
    expect(Number(leidos.leidos)).toBe(Number(before.n));
    expect(await countedAtOnce(up)).toEqual(filled);
  });

  it("el dashboard y el historial dicen 'preparando' a cada rol mientras se cuenta, y ya no al terminar; otra empresa recibe 404", async () => {
    up = await upgrade();
    for (const role of ROLES) {
      const who = await login(up, `${role}@quipu.test`);
      const datos = await who.post(`${API}/dashboard/datos`, range());
      expect(datos.statusCode, `${role}: ${datos.body}`).toBe(200);
      expect(datos.json().preparando, role).toBe(true);
    }
    const historial = await login(up, 'historial@quipu.test');
    expect((await historial.post(`${API}/session.clientes`, range())).json().preparando).toBe(true);
    const otra = await login(up, 'otra@quipu.test');
    const ajena = await otra.post(`${API}/dashboard/datos`, range());
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json()).toEqual({ message: 'Bot no encontrado' });

    await up.jobs.drain();
    const compania = await login(up, 'compania@quipu.test');
    const done = (await compania.post(`${API}/dashboard/datos`, range())).json();
    expect(done).not.toHaveProperty('preparando');
    expect(done.totSessions).toBeGreaterThan(0);
    expect((await historial.post(`${API}/session.clientes`, range())).json()).not.toHaveProperty('preparando');
  });

  it.runIf(dialect === 'sqlite')('una base nueva, sin historial, no debe ningún conteo ni encola trabajo, aunque la demostración cargue el suyo', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-relleno-'));
    up = await buildApp(loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '' }), { passwordCost: TEST_PASSWORD_COST, logger: false, runJobs: false });
    expect(Number((await up.db.selectFrom('chat_mensaje').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
    expect(await up.db.selectFrom('relleno').selectAll().execute()).toEqual([]);
    expect(await up.db.selectFrom('trabajo').select('id').where('tipo', '=', 'rellenoContadores').execute()).toEqual([]);
    await up.close();
    up = undefined;
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
