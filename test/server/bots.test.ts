// Bots: GET/POST/DELETE /bot, POST /bot/search and GET /bots, against
// the real app on a seeded database. The skill routes are in skills.test.ts.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACCOUNTS, companyId, signedIn, type Account } from './adminFixtures';
import { botAudit, botRow, expectedStatus, insertBot, insertSkill, ok } from './botFixtures';
import { API, createTestApp, dialects, TEST_SECRET_KEY, type Client, type TestApp } from './helpers';
import { BOT_DEFAULTS, BOT_MESSAGES } from '../../common/schemas/bots';
import { botExtraPlace, decryptSecret } from '../../server/src/secrets';
import { phraseHash } from '../../server/src/services/bots/frases';

const BOT = `${API}/bot`;

interface Ids {
  bot: string;
  skill: string;
}

/** Every route that names a bot (or one of its skills), with what it needs. */
const BOT_ROUTES: Array<{ route: string; need: 'read' | 'edit'; call: (c: Client, ids: Ids) => Promise<LightMyRequestResponse> }> = [
  { route: 'GET /bot', need: 'read', call: (c, ids) => c.get(`${BOT}?id=${ids.bot}`) },
  { route: 'POST /bot (modificar)', need: 'read', call: (c, ids) => c.post(BOT, { id: ids.bot, nm: 'Renombrado', rev: 0 }) },
  { route: 'DELETE /bot', need: 'edit', call: (c, ids) => c.send('DELETE', `${BOT}?id=${ids.bot}`) },
  { route: 'DELETE /bot/', need: 'edit', call: (c, ids) => c.send('DELETE', `${BOT}/?id=${ids.bot}`) },
];

describe.each(dialects)('bots (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;
  let otra: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
    otra = await companyId(t, 'Otra Empresa');
  });
  afterAll(() => t?.close());

  async function freshBot(nm?: string, fields?: Record<string, unknown>): Promise<Ids> {
    const bot = await insertBot(t, demo, nm, fields);
    return { bot, skill: await insertSkill(t, bot, 'Saludo', { frases: ['hola', 'buenos días'] }) };
  }

  async function create(who: Account, body: Record<string, unknown>) {
    return (await as(who)).post(BOT, { nm: 'Ventas', ...body });
  }

  describe('quién llega a cada ruta', () => {
    const cases = BOT_ROUTES.flatMap((r) => ALL_ACCOUNTS.map((who) => [r.route, who, expectedStatus(who, r.need)] as const));
    it.each(cases)('%s: %s recibe %i', async (route, who, status) => {
      const r = BOT_ROUTES.find((x) => x.route === route)!;
      const response = await r.call(await as(who), await freshBot());
      expect(response.statusCode, response.body).toBe(status);
      if (status === 403) expect(response.json()).toEqual({ message: 'No tiene permiso para realizar esta acción' });
      if (status === 404) expect(response.json().message).toMatch(/^(Bot|Skill) no encontrado$/);
    });

    it.each(BOT_ROUTES.map((r) => [r.route]))('%s sin sesión responde 401', async (route) => {
      const r = BOT_ROUTES.find((x) => x.route === route)!;
      const response = await r.call(t.client(), await freshBot());
      expect(response.statusCode).toBe(401);
    });

    it.each(['/bot/search', '/bots'])('%s sin sesión responde 401', async (path) => {
      const c = t.client();
      const response = path === '/bots' ? await c.get(`${API}/bots`) : await c.post(`${API}${path}`, { page: 0 });
      expect(response.statusCode).toBe(401);
    });

    it.each(ALL_ACCOUNTS.map((who) => [who, who === 'usuario' || who === 'admin' || who === 'compania' || who === 'otra' ? (who === 'usuario' ? 403 : 200) : 403] as const))(
      'POST /bot (crear): %s recibe %i',
      async (who, status) => {
        const response = await create(who, { nm: `Creado por ${who}` });
        expect(response.statusCode, response.body).toBe(status);
        if (status === 200) expect(response.json().idE).toBe(who === 'otra' ? otra : who === 'admin' ? await companyId(t, 'Administración') : demo);
      },
    );

    it.each(ALL_ACCOUNTS.map((who) => [who, ['admin', 'compania', 'usuario', 'otra'].includes(who) ? 200 : 403] as const))(
      'POST /bot/search: %s recibe %i; GET /bots (solo nombres, para elegir un bot) responde a todos',
      async (who, status) => {
        const c = await as(who);
        expect((await c.post(`${API}/bot/search`, { page: 0 })).statusCode).toBe(status);
        expect((await c.get(`${API}/bots`)).statusCode).toBe(200);
      },
    );

    it('un id de bot de otra empresa responde 404 también al administrador de esa otra empresa con idE falso', async () => {
      const ids = await freshBot();
      const c = await as('otra');
      const response = await c.post(BOT, { id: ids.bot, nm: 'X', rev: 0, idE: demo });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: BOT_MESSAGES.notFound });
      expect((await botRow(t, ids.bot))?.nm).not.toBe('X');
    });
  });

  describe('POST /bot: alta', () => {
    it('crea con los valores por defecto (§9) y responde el bot con su id', async () => {
      const bot = await ok(await create('compania', { nm: '  Ventas  ', dsc: 'Tienda' }));
      expect(bot).toMatchObject({
        nm: 'Ventas', dsc: 'Tienda', idE: demo, imp: false, main: false, tsession: BOT_DEFAULTS.tsession, rev: 0, version: 0,
        params: { maxAttempt: 3, msgAttempt: 'Intentos excedidos', invalidOption: 'Opción no válida' },
        extras: [], extrasEnc: [],
      });
      // Its diagram holds the fallback skill it starts with (botRespaldo.test.ts).
      expect(bot.diagram).toEqual({ nodes: [{ id: expect.any(String), x: 0, y: 0 }], edges: [] });
      expect(bot.id).toMatch(/\S/);
      expect((await ok(await (await as('compania')).get(`${BOT}?id=${bot.id}`))).nm).toBe('Ventas');
    });

    it('el administrador del sistema crea en la empresa que indica; los demás siempre en la suya', async () => {
      expect((await ok(await create('admin', { idE: otra }))).idE).toBe(otra);
      expect((await ok(await create('compania', { idE: otra }))).idE).toBe(demo);
      const response = await create('admin', { idE: 'no-existe' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'La empresa indicada no existe' });
    });

    it.each([
      [{ nm: '' }, 'Campo requerido: Nombre', undefined],
      [{ nm: '   ' }, 'Campo requerido: Nombre', undefined],
      [{ main: true, params: { maxAttempt: 0, msgAttempt: 'a', invalidOption: 'b' } }, 'Mínimo 1 intento', 'params.maxAttempt'],
      [{ main: true, params: { maxAttempt: null, msgAttempt: 'a', invalidOption: 'b' } }, 'Mínimo 1 intento', 'params.maxAttempt'],
      [{ main: true, params: { maxAttempt: 2, msgAttempt: ' ', invalidOption: 'b' } }, 'Ingrese Mensaje', 'params.msgAttempt'],
      [{ main: true, params: { maxAttempt: 2, msgAttempt: 'a', invalidOption: null } }, 'Ingrese Mensaje', 'params.invalidOption'],
      [{ extras: [{ key: 'k', val: '' }] }, BOT_MESSAGES.extraKeyValue, undefined],
      [{ extras: [{ key: ' ', val: 'v' }] }, BOT_MESSAGES.extraKeyValue, undefined],
      [{ extras: [{ key: 'k', val: 'v' }, { key: 'k', val: 'w' }] }, 'extras: la clave k está repetida', undefined],
      [{ extrasEnc: [{ key: 'token' }] }, 'extrasEnc: ingrese el valor de token', undefined],
      [{ diagram: { nodes: [{ id: 'fantasma', x: 0, y: 0 }], edges: [] } }, 'diagram: el nodo fantasma no es un skill de este bot', undefined],
      [{ clave: 1 }, 'El campo clave no está permitido', undefined],
    ])('rechaza %j con 400: %s', async (body, message, code) => {
      const before = (await t.app.db.selectFrom('bot').select('id').execute()).length;
      const response = await create('compania', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(code ? { message, code } : { message });
      expect((await t.app.db.selectFrom('bot').select('id').execute()).length).toBe(before);
    });

    it('un bot principal con sus mensajes se guarda; los valores por defecto cumplen §5', async () => {
      const bot = await ok(await create('compania', { main: true }));
      expect(bot.main).toBe(true);
      expect(bot.params.maxAttempt).toBe(3);
    });
  });

  describe('POST /bot: modificación', () => {
    it('aplica los cambios, sube rev y un rev viejo responde 409 sin tocar nada', async () => {
      const { bot: id } = await freshBot('Reservas web');
      const c = await as('compania');
      const saved = await ok(await c.post(BOT, { id, nm: 'Reservas web', tsession: 45, timeout: 10, qna: true, qnaCron: '0 0 * * *', rev: 0 }));
      expect(saved).toMatchObject({ tsession: 45, timeout: 10, qna: true, qnaCron: '0 0 * * *', rev: 1 });
      const stale = await c.post(BOT, { id, nm: 'Otro nombre', rev: 0 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: BOT_MESSAGES.stale });
      expect((await botRow(t, id))?.nm).toBe('Reservas web');
      const missing = await c.post(BOT, { id, nm: 'Otro nombre' });
      expect(missing.statusCode).toBe(400);
    });

    it('un campo omitido conserva su valor; params se reemplaza entero', async () => {
      const { bot: id } = await freshBot();
      const c = await as('compania');
      await ok(await c.post(BOT, { id, nm: 'A', timeout: 5, params: { skillMenu: 'x', kbSalir: 'chau' }, rev: 0 }));
      const saved = await ok(await c.post(BOT, { id, nm: 'A', rev: 1 }));
      expect(saved.timeout).toBe(5);
      expect(saved.params).toEqual({ skillMenu: 'x', kbSalir: 'chau' });
    });

    it('un campo vacío (null) se guarda vacío, no como 0 ni como texto vacío', async () => {
      const c = await as('compania');
      const created = await ok(await c.post(BOT, { nm: 'Sin inactividad', dsc: null, timeout: null, params: { maxAttempt: null } }));
      expect(created).toMatchObject({ timeout: null, dsc: null });
      expect(created.params.maxAttempt).toBeNull();
      const saved = await ok(await c.post(BOT, { id: created.id, nm: 'Sin inactividad', timeout: 5, rev: created.rev }));
      expect(saved.timeout).toBe(5);
      expect((await ok(await c.post(BOT, { id: created.id, nm: 'Sin inactividad', timeout: null, rev: saved.rev }))).timeout).toBeNull();
    });

    it('ROLE_USER solo guarda el diagrama: los demás campos se conservan', async () => {
      const ids = await freshBot('Solo diagrama', { tsession: 20 });
      const diagram = { nodes: [{ id: ids.skill, x: 10, y: 20 }], edges: [] };
      const saved = await ok(await (await as('usuario')).post(BOT, { id: ids.bot, nm: 'Cambiado', tsession: 99, main: true, diagram, extras: [{ key: 'a', val: 'b' }], rev: 0 }));
      expect(saved).toMatchObject({ nm: 'Solo diagrama', tsession: 20, main: false, extras: [], diagram, rev: 1 });
      const [row] = await botAudit(t, 'Solo diagrama');
      expect(row.val).toBe('Bot «Solo diagrama»: cambió diagrama');
    });

    it('ROLE_USER mueve skills pero no agrega ni quita enlaces: 403 y nada cambia', async () => {
      const ids = await freshBot('Sin enlaces ajenos');
      const other = await insertSkill(t, ids.bot, 'Otro');
      const nodes = [{ id: ids.skill, x: 0, y: 0 }, { id: other, x: 0, y: 100 }];
      const response = await (await as('usuario')).post(BOT, { id: ids.bot, nm: 'X', diagram: { nodes, edges: [{ id: 'e1', source: ids.skill, target: other }] }, rev: 0 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Solo quien edita bots puede agregar o quitar enlaces del diagrama' });
      expect((await botRow(t, ids.bot))?.rev).toBe(0);
    });

    it('el diagrama solo nombra skills del bot, sin nodos ni enlaces repetidos', async () => {
      const ids = await freshBot();
      const foreign = await insertSkill(t, (await freshBot()).bot, 'Ajeno');
      const c = await as('compania');
      const node = (id: string, x = 0) => ({ id, x, y: 0 });
      for (const [diagram, message] of [
        [{ nodes: [node(foreign)], edges: [] }, `diagram: el nodo ${foreign} no es un skill de este bot`],
        [{ nodes: [node(ids.skill), node(ids.skill, 5)], edges: [] }, `diagram: el nodo ${ids.skill} está repetido`],
        [{ nodes: [node(ids.skill)], edges: [{ id: 'e1', source: ids.skill, target: foreign }] }, `diagram: el enlace e1 une un skill que no es de este bot (${foreign})`],
        [{ nodes: [node(ids.skill)], edges: [{ id: 'e1', source: ids.skill, target: ids.skill }, { id: 'e1', source: ids.skill, target: ids.skill }] }, 'diagram: el enlace e1 está repetido'],
      ] as const) {
        const response = await c.post(BOT, { id: ids.bot, nm: 'X', diagram, rev: 0 });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message });
      }
      expect((await botRow(t, ids.bot))?.rev).toBe(0);
    });
  });

  describe('extras cifrados', () => {
    it('se guardan cifrados con la clave del servidor y ninguna respuesta trae el valor', async () => {
      const c = await as('compania');
      const created = await create('compania', { nm: 'Con claves', extrasEnc: [{ key: 'apiKey', val: 'sk-super-oculto-123' }, { key: 'pin', val: '9876-oculto' }] });
      expect(created.body).not.toContain('oculto');
      const bot = created.json();
      expect(bot.extrasEnc).toEqual([{ key: 'apiKey', set: true }, { key: 'pin', set: true }]);

      const row = await botRow(t, bot.id);
      expect(row?.extrasEnc).not.toContain('oculto');
      const stored = JSON.parse(row!.extrasEnc) as Array<{ key: string; enc: string }>;
      expect(stored.map((s) => decryptSecret(TEST_SECRET_KEY, s.enc, botExtraPlace(bot.idE, bot.id, s.key)))).toEqual(['sk-super-oculto-123', '9876-oculto']);

      for (const response of [await c.get(`${BOT}?id=${bot.id}`), await c.post(`${API}/bot/search`, { page: 0, pageSize: 500 })]) {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('oculto');
        expect(response.body).not.toContain(stored[0].enc);
      }

      // Without val a key keeps its value; a new val replaces it; a key left out is removed.
      t.clock.advance(1000);
      const saved = await c.post(BOT, { id: bot.id, nm: 'Con claves', extrasEnc: [{ key: 'apiKey' }, { key: 'nuevo', val: 'otro-oculto' }], rev: 0 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.body).not.toContain('oculto');
      expect(saved.json().extrasEnc).toEqual([{ key: 'apiKey', set: true }, { key: 'nuevo', set: true }]);
      const after = JSON.parse((await botRow(t, bot.id))!.extrasEnc) as Array<{ key: string; enc: string }>;
      expect(after[0].enc).toBe(stored[0].enc);
      expect(decryptSecret(TEST_SECRET_KEY, after[1].enc, botExtraPlace(bot.idE, bot.id, 'nuevo'))).toBe('otro-oculto');
      const [audit] = await botAudit(t, 'Con claves');
      expect(audit.val).toBe('Bot «Con claves»: cambió extrasEnc');
    });
  });

  describe('auditoría (evento 1)', () => {
    it('cada cambio escribe su fila, en la empresa del bot, diga lo que diga la bandera audit', async () => {
      await t.app.db.updateTable('empresa').set({ audit: 0 }).where('id', '=', demo).execute();
      try {
        const bot = await ok(await create('compania', { nm: 'Auditado' }));
        t.clock.advance(1000);
        await ok(await (await as('compania')).post(BOT, { id: bot.id, nm: 'Auditado', tsession: 12, params: { ...bot.params, kbSalir: 'x' }, rev: 0 }));
        const rows = await botAudit(t, 'Auditado');
        expect(rows.map((r) => [r.ev, r.idE, r.val])).toEqual([
          [1, demo, 'Bot «Auditado»: cambió tsession, params.kbSalir'],
          [1, demo, 'Bot «Auditado»: creado con el skill «No entendí»'],
        ]);
      } finally {
        await t.app.db.updateTable('empresa').set({ audit: 1 }).where('id', '=', demo).execute();
      }
    });

    it('un cambio rechazado no deja fila ni cambio (una sola transacción)', async () => {
      const { bot: id } = await freshBot('Sin rastro');
      const c = await as('compania');
      expect((await c.post(BOT, { id, nm: 'Sin rastro', rev: 5 })).statusCode).toBe(409);
      expect((await c.post(BOT, { id, nm: 'Sin rastro', main: true, params: { maxAttempt: 0 }, rev: 0 })).statusCode).toBe(400);
      expect(await botAudit(t, 'Sin rastro')).toEqual([]);
    });
  });

  describe('DELETE /bot', () => {
    it('borra el bot con sus skills, acciones, requerimientos, entidades, frases y versiones', async () => {
      const { bot, skill } = await freshBot('Para borrar');
      const db = t.app.db;
      await db.insertInto('accion').values({ id: `a-${bot}`, idBot: bot, idSkill: skill, type: 'TEXT' }).execute();
      await db.insertInto('requerimiento').values({ id: `r-${bot}`, idBot: bot, idSkill: skill }).execute();
      await db.insertInto('entidad').values({ id: `e-${bot}`, idBot: bot, nm: 'dni' }).execute();
      await db.insertInto('frase_nr').values({ id: `f-${bot}`, idBot: bot, f: 'hola?', fh: phraseHash('hola?'), fc: new Date().toISOString() }).execute();
      await db.insertInto('bot_version').values({ id: `v-${bot}`, idBot: bot, version: 1, fc: new Date().toISOString() }).execute();
      expect(await ok(await (await as('compania')).send('DELETE', `${BOT}/?id=${bot}`))).toEqual({ id: bot });
      for (const table of ['skill', 'accion', 'requerimiento', 'entidad', 'frase_nr', 'bot_version'] as const) {
        expect(await db.selectFrom(table).select('id').where('idBot', '=', bot).execute(), table).toEqual([]);
      }
      expect(await botRow(t, bot)).toBeUndefined();
      expect((await botAudit(t, 'Para borrar'))[0].val).toBe('Bot «Para borrar»: eliminado');
    });
  });

  describe('POST /bot/search y GET /bots', () => {
    it('lista solo la propia empresa, aunque pida otra idE; el administrador elige con idE', async () => {
      const mine = (await t.app.db.selectFrom('bot').select('id').where('idE', '=', demo).execute()).length;
      const page = await ok(await (await as('otra')).post(`${API}/bot/search`, { page: 0, pageSize: 500, idE: demo }));
      const theirs = (await t.app.db.selectFrom('bot').select('id').where('idE', '=', otra).execute()).length;
      expect(page.totalElements).toBe(theirs);
      const admin = await ok(await (await as('admin')).post(`${API}/bot/search`, { page: 0, pageSize: 500, idE: demo }));
      expect(admin.totalElements).toBe(mine);
      const refs = await ok(await (await as('otra')).get(`${API}/bots?idE=${demo}`));
      expect(refs).toHaveLength(theirs);
      expect(Object.keys(refs[0]).sort()).toEqual(['id', 'nm', 'version']);
      expect((await ok(await (await as('admin')).get(`${API}/bots?idE=${demo}`))).length).toBe(mine);
      // The deployed version says which bots answer (the dashboard opens on the first of them).
      const demoRefs = (await ok(await (await as('compania')).get(`${API}/bots`))) as Array<{ nm: string; version: number }>;
      expect(demoRefs.find((b) => b.nm === 'Asistente Quipu')?.version).toBeGreaterThan(0);
    });

    it('pagina de a 10, ordena por nm, dsc, imp y fc, y filtra q por nombre o descripción', async () => {
      const c = await as('compania');
      const first = await ok(await c.post(`${API}/bot/search`, { page: 0 }));
      expect(first.content).toHaveLength(10);
      expect(first.totalPages).toBe(Math.ceil(first.totalElements / 10));
      expect(Object.keys(first.content[0]).sort()).toEqual(['dsc', 'id', 'imp', 'nm']);
      const names = first.content.map((b: { nm: string }) => b.nm);
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : 1)));
      for (const id of ['nm', 'dsc', 'imp', 'fc']) expect((await c.post(`${API}/bot/search`, { page: 0, sorted: [{ id, desc: true }] })).statusCode).toBe(200);
      const bad = await c.post(`${API}/bot/search`, { page: 0, sorted: [{ id: 'extrasEnc' }] });
      expect(bad.json()).toEqual({ message: "sorted: no se puede ordenar por el campo 'extrasEnc' (campos permitidos: nm, dsc, imp, fc)" });
      const byDsc = await ok(await c.post(`${API}/bot/search`, { page: 0, filtered: [{ id: 'q', value: 'DEVOLUCIONES' }] }));
      expect(byDsc.content.map((b: { nm: string }) => b.nm)).toEqual(['Postventa']);
      const ids = await ok(await c.post(`${API}/bot/search`, { page: 0, filtered: [{ id: 'ids', value: [byDsc.content[0].id] }] }));
      expect(ids.totalElements).toBe(1);
    });
  });

  describe('datos de demostración', () => {
    it('Asistente de ventas trae skills (uno sin frases, un fallback), un diagrama con enlaces y dos entidades', async () => {
      const c = await as('compania');
      const refs = await ok(await c.get(`${API}/bots`));
      const id = refs.find((b: { nm: string }) => b.nm === 'Asistente de ventas').id;
      const skills = await ok(await c.get(`${API}/skills?idBot=${id}`));
      expect(skills.map((s: { nm: string; tipo: number; nFrases: number }) => [s.nm, s.tipo, s.nFrases > 0])).toEqual([
        ['Saludo', 0, true], ['Consultar precios', 0, true], ['Tomar pedido', 0, true], ['Despedida', 0, false], ['No entendí', 1, false],
      ]);
      const bot = await ok(await c.get(`${BOT}?id=${id}`));
      expect(bot.diagram.nodes.map((n: { id: string }) => n.id).sort()).toEqual(skills.map((s: { id: string }) => s.id).sort());
      expect(bot.diagram.edges).toHaveLength(4);
      const entities = await ok(await c.get(`${API}/entity?botId=${id}`));
      expect(entities.map((e: { nm: string; rgx: boolean }) => [e.nm, e.rgx])).toEqual([['codigo_producto', true], ['talla', false]]);
      // The seeded diagram is one the server accepts back as it is.
      expect((await c.post(BOT, { ...bot, extrasEnc: [] })).statusCode).toBe(200);
    });
  });
});
