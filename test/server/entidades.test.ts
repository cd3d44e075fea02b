// Entities: GET/POST /entity, DELETE /entity/{id} and
// GET /entity/internal/list, against the real app on a seeded database.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACCOUNTS, companyId, signedIn } from './adminFixtures';
import { botAudit, expectedStatus, insertBot, ok } from './botFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { BOT_MESSAGES } from '../../common/schemas/bots';

const ENTITY = `${API}/entity`;
const PATHS = [{ nm: 'text', tp: 'text' }, { nm: 'length', tp: 'number' }];

describe.each(dialects)('entidades (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
  });
  afterAll(() => t?.close());

  async function freshEntity(nm = 'dni') {
    const idBot = await insertBot(t, demo);
    const id = `ent-${idBot}`;
    await t.app.db.insertInto('entidad').values({ id, idBot, nm, rgx: 1, format: '^\\d{8}$', paths: JSON.stringify(PATHS) }).execute();
    return { idBot, id };
  }

  const ROUTES: Array<{ route: string; need: 'read' | 'edit'; call: (c: Client, ids: { idBot: string; id: string }) => Promise<LightMyRequestResponse> }> = [
    { route: 'GET /entity', need: 'read', call: (c, ids) => c.get(`${ENTITY}?botId=${ids.idBot}`) },
    { route: 'POST /entity (alta)', need: 'edit', call: (c, ids) => c.post(ENTITY, { idBot: ids.idBot, nm: 'ruc', rgx: true, format: '^\\d{11}$' }) },
    { route: 'POST /entity (cambio)', need: 'edit', call: (c, ids) => c.post(ENTITY, { id: ids.id, idBot: ids.idBot, nm: 'dni', keywords: ['a'] }) },
    { route: 'DELETE /entity/{id}', need: 'edit', call: (c, ids) => c.send('DELETE', `${ENTITY}/${ids.id}`) },
  ];

  describe('quién llega a cada ruta', () => {
    it.each(ROUTES.flatMap((r) => ALL_ACCOUNTS.map((who) => [r.route, who, expectedStatus(who, r.need)] as const)))('%s: %s recibe %i', async (route, who, status) => {
      const r = ROUTES.find((x) => x.route === route)!;
      const response = await r.call(await as(who), await freshEntity());
      expect(response.statusCode, response.body).toBe(status);
      if (status === 404) expect(response.json().message).toMatch(/^(Bot no encontrado|Entidad no encontrada)$/);
    });

    it.each(ROUTES.map((r) => [r.route]))('%s sin sesión responde 401', async (route) => {
      const response = await ROUTES.find((x) => x.route === route)!.call(t.client(), await freshEntity());
      expect(response.statusCode).toBe(401);
    });

    it.each(ALL_ACCOUNTS.map((who) => [who, ['admin', 'compania', 'usuario', 'otra'].includes(who) ? 200 : 403] as const))(
      'GET /entity/internal/list: %s recibe %i',
      async (who, status) => {
        expect((await (await as(who)).get(`${ENTITY}/internal/list`)).statusCode).toBe(status);
      },
    );

    it('GET /entity/internal/list sin sesión responde 401', async () => {
      expect((await t.client().get(`${ENTITY}/internal/list`)).statusCode).toBe(401);
    });

    it('otra empresa no cambia una entidad ajena ni nombrando su propio bot', async () => {
      const mine = await freshEntity();
      const otraBot = await insertBot(t, await companyId(t, 'Otra Empresa'));
      const response = await (await as('otra')).post(ENTITY, { id: mine.id, idBot: otraBot, nm: 'robada' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: BOT_MESSAGES.entityNotFound });
      expect((await t.app.db.selectFrom('entidad').select('nm').where('id', '=', mine.id).executeTakeFirst())?.nm).toBe('dni');
    });
  });

  describe('GET /entity/internal/list', () => {
    it('lista al menos correo, teléfono, número, fecha, hora y documento de identidad, en español', async () => {
      const list = await ok(await (await as('compania')).get(`${ENTITY}/internal/list`));
      expect(list.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining(['email', 'phone', 'number', 'date', 'time', 'document']));
      expect(list.find((e: { id: string }) => e.id === 'document')).toMatchObject({ nm: 'Documento de identidad' });
      for (const e of list) expect(e.dsc).toMatch(/\S/);
    });
  });

  describe('POST /entity', () => {
    it('crea con expresión regular; paths siempre es text y length, llegue lo que llegue', async () => {
      const idBot = await insertBot(t, demo, 'Entidades A');
      const saved = await ok(await (await as('compania')).post(ENTITY, { idBot, nm: ' ruc ', dsc: 'RUC', rgx: true, format: '^\\d{11}$', keywords: ['x'], paths: [{ nm: 'otro', tp: 'bool' }] }));
      expect(saved).toMatchObject({ idBot, nm: 'ruc', dsc: 'RUC', rgx: true, format: '^\\d{11}$', keywords: [], paths: PATHS });
      const listed = await ok(await (await as('usuario')).get(`${ENTITY}?botId=${idBot}`));
      expect(listed).toEqual([saved]);
      expect((await botAudit(t, 'Entidades A'))[0]).toMatchObject({ ev: 1, idE: demo, val: 'Bot «Entidades A»: creó la entidad «ruc»' });
    });

    it('las palabras clave se guardan recortadas, sin vacías ni repetidas (sin distinguir mayúsculas)', async () => {
      const idBot = await insertBot(t, demo);
      const saved = await ok(await (await as('compania')).post(ENTITY, { idBot, nm: 'color', keywords: [' Rojo ', 'rojo', ' ', 'Azul', 'AZUL', 'verde'] }));
      expect(saved).toMatchObject({ rgx: false, format: null, keywords: ['Rojo', 'Azul', 'verde'] });
    });

    it.each([
      ['(abc', 'Expresión regular no válida: Invalid regular expression: /(abc/u: Unterminated group'],
      ['[z-a]', 'Expresión regular no válida: Invalid regular expression: /[z-a]/u: Range out of order in character class'],
      ['\\:', 'Expresión regular no válida: Invalid regular expression: /\\:/u: Invalid escape'],
    ])("una expresión mala (%s) responde 400 con el motivo del motor y no guarda nada", async (format, message) => {
      const idBot = await insertBot(t, demo, `Regex ${format}`);
      const response = await (await as('compania')).post(ENTITY, { idBot, nm: 'mala', rgx: true, format });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await t.app.db.selectFrom('entidad').select('id').where('idBot', '=', idBot).execute()).toEqual([]);
      expect(await botAudit(t, `Regex ${format}`)).toEqual([]);
    });

    it('acepta clases Unicode como \\p{L} (la expresión se compila con u)', async () => {
      const idBot = await insertBot(t, demo);
      expect((await ok(await (await as('compania')).post(ENTITY, { idBot, nm: 'nombre', rgx: true, format: '^\\p{L}+$' }))).format).toBe('^\\p{L}+$');
    });

    it.each([
      [{ nm: '' }, 'campo requerido'],
      [{ nm: '  ' }, 'campo requerido'],
      [{ rgx: true }, 'format: ingrese la expresión regular'],
      [{ rgx: true, format: '  ' }, 'format: ingrese la expresión regular'],
    ])('rechaza %j: %s', async (body, message) => {
      const idBot = await insertBot(t, demo);
      const response = await (await as('compania')).post(ENTITY, { idBot, nm: 'x', ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it("el nombre es único por bot, sin distinguir mayúsculas: 'Ya existe una entidad con ese nombre'", async () => {
      const { idBot, id } = await freshEntity('dni');
      const c = await as('compania');
      const dup = await c.post(ENTITY, { idBot, nm: 'DNI' });
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toEqual({ message: 'Ya existe una entidad con ese nombre' });
      // Its own name is fine, and another bot may use it.
      expect((await ok(await c.post(ENTITY, { id, idBot, nm: 'Dni', rgx: true, format: '^\\d{8}$' }))).nm).toBe('Dni');
      expect((await ok(await c.post(ENTITY, { idBot: await insertBot(t, demo), nm: 'dni' }))).nm).toBe('dni');
    });

    it('modificar reemplaza la entidad y la auditoría dice qué cambió', async () => {
      const idBot = await insertBot(t, demo, 'Entidades B');
      const c = await as('compania');
      const created = await ok(await c.post(ENTITY, { idBot, nm: 'dni', rgx: true, format: '^\\d{8}$' }));
      t.clock.advance(1000);
      const saved = await ok(await c.post(ENTITY, { id: created.id, idBot, nm: 'dni', keywords: ['uno'] }));
      expect(saved).toMatchObject({ id: created.id, rgx: false, format: null, keywords: ['uno'] });
      expect((await botAudit(t, 'Entidades B'))[0].val).toBe('Bot «Entidades B»: modificó la entidad «dni» (cambió rgx, format, keywords)');
      const stray = await c.post(ENTITY, { id: 'no-existe', idBot, nm: 'dni' });
      expect(stray.statusCode).toBe(404);
    });
  });

  describe('DELETE /entity/{id}', () => {
    it('borra la entidad con su fila de auditoría', async () => {
      const idBot = await insertBot(t, demo, 'Entidades C');
      const c = await as('compania');
      const created = await ok(await c.post(ENTITY, { idBot, nm: 'talla', keywords: ['S'] }));
      t.clock.advance(1000);
      expect(await ok(await c.send('DELETE', `${ENTITY}/${created.id}`))).toEqual({ id: created.id });
      expect(await ok(await c.get(`${ENTITY}?botId=${idBot}`))).toEqual([]);
      expect((await botAudit(t, 'Entidades C'))[0].val).toBe('Bot «Entidades C»: eliminó la entidad «talla»');
      expect((await c.send('DELETE', `${ENTITY}/${created.id}`)).json()).toEqual({ message: BOT_MESSAGES.entityNotFound });
    });
  });
});
