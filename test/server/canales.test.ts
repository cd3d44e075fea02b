// Channels: GET /ch, POST /ch/web,
// DELETE /ch and /ch/web, POST /ch/suscribe, POST /ch/active and the bot names of GET /bots,
// against the real app on a seeded database, with the audit row (ev 3) of every change.
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACCOUNTS, companyId, signedIn, type Account } from './adminFixtures';
import { insertBot, ok } from './botFixtures';
import { canalAudit, canalRow, canalStatus, CHANNEL_ACCOUNTS, insertCanal } from './canalFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { BOT_MESSAGES } from '../../common/schemas/bots';
import { CANAL_MESSAGES, WEB_DEFAULTS } from '../../common/schemas/canales';
import { CANAL_RULE_MESSAGES } from '../../server/src/services/canales/rules';
import { DEMO_WEB_CHANNEL, seedCanales } from '../../server/src/seed/canales';

const CH = `${API}/ch`;
const WEB = `${API}/ch/web`;
const FORBIDDEN = { message: 'No tiene permiso para realizar esta acción' };
const NOT_FOUND = { message: CANAL_MESSAGES.notFound };

/** Every route that names a channel, called on channel `id` of Demo Internacional. */
const CANAL_ROUTES: Array<{ route: string; call: (c: Client, id: string, dsc: string) => Promise<LightMyRequestResponse> }> = [
  { route: 'GET /ch?id', call: (c, id) => c.get(`${CH}?id=${id}`) },
  { route: 'POST /ch/web (guardar)', call: (c, id, dsc) => c.post(WEB, { id, name: 'Web', dsc, rev: 0 }) },
  { route: 'DELETE /ch', call: (c, id) => c.send('DELETE', `${CH}?id=${id}`) },
  { route: 'DELETE /ch/web', call: (c, id) => c.send('DELETE', `${WEB}?id=${id}`) },
  { route: 'POST /ch/suscribe', call: (c, id) => c.post(`${CH}/suscribe?id=${id}&idB=blk`) },
  { route: 'POST /ch/active', call: (c, id) => c.post(`${CH}/active?id=${id}&active=false`) },
];

describe.each(dialects)('canales (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;
  let otra: string;
  let n = 0;
  /** A display name no other test uses, so audit rows are told apart. */
  const unique = (prefix = 'Canal') => `${prefix} ${dialect} ${++n}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
    otra = await companyId(t, 'Otra Empresa');
  });
  afterAll(() => t?.close());

  async function fresh(fields: Parameters<typeof insertCanal>[2] = {}): Promise<{ id: string; dsc: string }> {
    const dsc = unique();
    return { id: await insertCanal(t, demo, { dsc, ...fields }), dsc };
  }

  async function create(who: Account, body: Record<string, unknown>) {
    return (await as(who)).post(WEB, { name: 'Web', dsc: unique(), ...body });
  }

  describe('quién llega a cada ruta (§6: admin, compania o showChannels)', () => {
    const cases = CANAL_ROUTES.flatMap((r) => ALL_ACCOUNTS.map((who) => [r.route, who, canalStatus(who)] as const));
    it.each(cases)('%s: %s recibe %i', async (route, who, status) => {
      const r = CANAL_ROUTES.find((x) => x.route === route)!;
      const { id, dsc } = await fresh();
      const response = await r.call(await as(who), id, dsc);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 403) expect(response.json()).toEqual(FORBIDDEN);
      if (status === 404) expect(response.json()).toEqual(NOT_FOUND);
      // Refused calls change nothing and write no audit row.
      if (status !== 200) {
        expect(await canalRow(t, id)).toMatchObject({ id, activo: 1, rev: 0 });
        expect(await canalAudit(t, dsc)).toEqual([]);
      }
    });

    it.each(CANAL_ROUTES.map((r) => [r.route]))('%s sin sesión responde 401', async (route) => {
      const r = CANAL_ROUTES.find((x) => x.route === route)!;
      const { id, dsc } = await fresh();
      const response = await r.call(t.client(), id, dsc);
      expect(response.statusCode).toBe(401);
      expect(await canalRow(t, id)).toBeDefined();
    });

    it('GET /ch?idE y POST /ch/web (crear) sin sesión responden 401', async () => {
      const c = t.client();
      expect((await c.get(`${CH}?idE=${demo}`)).statusCode).toBe(401);
      expect((await c.post(WEB, { name: 'Web', dsc: 'X' })).statusCode).toBe(401);
    });

    it.each(ALL_ACCOUNTS.map((who) => [who, CHANNEL_ACCOUNTS.includes(who) ? 200 : 403] as const))('GET /ch?idE: %s recibe %i', async (who, status) => {
      const response = await (await as(who)).get(`${CH}?idE=${demo}`);
      expect(response.statusCode).toBe(status);
      if (status === 403) expect(response.json()).toEqual(FORBIDDEN);
    });

    it.each(ALL_ACCOUNTS.map((who) => [who, CHANNEL_ACCOUNTS.includes(who) ? 200 : 403] as const))('POST /ch/web (crear): %s recibe %i', async (who, status) => {
      const dsc = unique();
      const response = await create(who, { dsc });
      expect(response.statusCode, response.body).toBe(status);
      if (status === 200) {
        const idE = who === 'otra' ? otra : who === 'admin' ? await companyId(t, 'Administración') : demo;
        expect(response.json()).toMatchObject({ dsc, idE, activo: true });
      } else {
        expect(await canalAudit(t, dsc)).toEqual([]);
      }
    });

    it('un canal de otra empresa responde 404 aunque se indique su idE, y no cambia', async () => {
      const { id, dsc } = await fresh();
      const c = await as('otra');
      const response = await c.post(WEB, { id, name: 'Web', dsc: 'Tomado', rev: 0, idE: demo });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      expect((await canalRow(t, id))?.dsc).toBe(dsc);
    });

    it('el administrador del sistema llega a los canales de cualquier empresa', async () => {
      const id = await insertCanal(t, otra, { dsc: unique() });
      expect(ok(await (await as('admin')).get(`${CH}?id=${id}`)).idE).toBe(otra);
    });

    it('un canal que no existe responde 404', async () => {
      const response = await (await as('compania')).get(`${CH}?id=no-existe`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    });

    it('quien tiene showChannels llega a los canales aunque su rol no abra bots', async () => {
      await t.app.db.updateTable('usuario').set({ showChannels: 1 }).where('usuario', '=', 'dashboard@quipu.test').execute();
      try {
        const c = await t.login('dashboard@quipu.test');
        const { id } = await fresh();
        expect(ok(await c.get(`${CH}?id=${id}`)).id).toBe(id);
        expect(ok(await c.post(`${CH}/active?id=${id}&active=false`)).activo).toBe(false);
      } finally {
        await t.app.db.updateTable('usuario').set({ showChannels: 0 }).where('usuario', '=', 'dashboard@quipu.test').execute();
      }
    });
  });

  describe('GET /bots: el selector de bot del editor de canal, del dashboard y del historial', () => {
    it.each(ALL_ACCOUNTS)('%s recibe los nombres de los bots de su empresa', async (who) => {
      const response = await (await as(who)).get(`${API}/bots?idE=${demo}`);
      expect(response.statusCode).toBe(200);
      const bots = response.json() as Array<{ id: string; nm: string; version: number }>;
      expect(bots.map((b) => b.nm)).toContain(who === 'otra' ? 'Atención al cliente' : 'Asistente Quipu');
      expect(bots.map((b) => b.nm)).not.toContain(who === 'otra' ? 'Asistente Quipu' : 'Atención al cliente');
      expect(Object.keys(bots[0]).sort()).toEqual(['id', 'nm', 'version']);
    });

    it('un rol sin acceso a bots pero con showChannels recibe los nombres de su empresa, no los detalles de un bot', async () => {
      await t.app.db.updateTable('usuario').set({ showChannels: 1 }).where('usuario', '=', 'supervisor@quipu.test').execute();
      try {
        const c = await t.login('supervisor@quipu.test');
        const bots = ok(await c.get(`${API}/bots?idE=${otra}`)) as Array<{ id: string; nm: string }>;
        expect(bots.map((b) => b.nm)).toContain('Asistente Quipu');
        expect(bots.map((b) => b.nm)).not.toContain('Atención al cliente');
        expect((await c.get(`${API}/bot?id=${bots[0].id}`)).statusCode).toBe(403);
        expect((await c.post(`${API}/bot/search`, { page: 0 })).statusCode).toBe(403);
      } finally {
        await t.app.db.updateTable('usuario').set({ showChannels: 0 }).where('usuario', '=', 'supervisor@quipu.test').execute();
      }
    });
  });

  describe('GET /ch: la lista de la empresa', () => {
    it('trae los canales de demostración con el nombre de su bot, ordenados por nombre', async () => {
      const list = ok(await (await as('usuario')).get(`${CH}?idE=${demo}`)) as Array<Record<string, unknown>>;
      const chat = list.find((c) => c.dsc === 'Chat del sitio');
      expect(chat).toMatchObject({ name: 'Web', red: 3, activo: true, bot: 'Asistente Quipu', idE: demo, secretos: {} });
      expect((chat?.web as { domain: string[] }).domain).toEqual([]);
      expect(list.find((c) => c.dsc === 'WhatsApp Ventas')).toMatchObject({ name: 'Whatsapp', red: 4, activo: false, b: null, bot: null });
      expect(list.find((c) => c.dsc === 'Telegram Reservas')).toMatchObject({ name: 'Telegram', red: 2, secretos: {} });
      expect(list.find((c) => c.name === 'Slack')).toMatchObject({ red: 7 });
      expect(list.find((c) => c.dsc === 'Portal de clientes')).toMatchObject({ activo: false });
      expect(list.every((c) => c.idE === demo)).toBe(true);
      const names = list.map((c) => c.dsc as string);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })));
      // The same order on every call.
      expect((ok(await (await as('compania')).get(`${CH}?idE=${demo}`)) as Array<{ id: string }>).map((c) => c.id)).toEqual(list.map((c) => c.id));
    });

    it('quien no es administrador del sistema recibe siempre la suya, diga lo que diga idE', async () => {
      const list = ok(await (await as('otra')).get(`${CH}?idE=${demo}`)) as Array<{ idE: string; dsc: string }>;
      expect(list.map((c) => c.dsc)).toContain('Portal de clientes');
      expect(list.every((c) => c.idE === otra)).toBe(true);
      const own = ok(await (await as('compania')).get(`${CH}?idE=${otra}`)) as Array<{ idE: string }>;
      expect(own.length).toBeGreaterThan(5);
      expect(own.every((c) => c.idE === demo)).toBe(true);
    });

    it('el administrador del sistema elige la empresa con idE', async () => {
      const list = ok(await (await as('admin')).get(`${CH}?idE=${otra}`)) as Array<{ idE: string; dsc: string; bot: string }>;
      expect(list.find((c) => c.dsc === 'Portal de clientes')).toMatchObject({ bot: 'Atención al cliente' });
      expect(list.every((c) => c.idE === otra)).toBe(true);
      // Without idE, its own company.
      const admin = await companyId(t, 'Administración');
      expect((ok(await (await as('admin')).get(CH)) as Array<{ idE: string }>).every((c) => c.idE === admin)).toBe(true);
    });
  });

  describe('datos de demostración', () => {
    it('sembrar de nuevo no duplica los canales de una empresa que ya los tiene', async () => {
      const count = async () => (await t.app.db.selectFrom('canal').select('id').where('idE', 'in', [demo, otra]).execute()).length;
      const before = await count();
      await seedCanales(t.app.db, { demo, otra }, t.clock.now);
      expect(await count()).toBe(before);
      const chat = await t.app.db.selectFrom('canal').selectAll().where('idE', '=', demo).where('dsc', '=', DEMO_WEB_CHANNEL).execute();
      expect(chat).toHaveLength(1);
      expect(chat[0]).toMatchObject({ activo: 1, secretos: '{}' });
    });
  });

  describe('POST /ch/web: alta', () => {
    it('un canal nuevo empieza activo, recibe un id y su código de tipo, sin bot', async () => {
      const dsc = unique('Nuevo');
      const canal = ok(await create('compania', { name: 'Whatsapp', dsc: `  ${dsc}  `, activo: false }));
      expect(canal).toMatchObject({ name: 'Whatsapp', red: 4, dsc, activo: true, idE: demo, b: null, bot: null, web: null, rev: 0, excluir: [], cfg: {}, secretos: {} });
      expect(canal.id).toMatch(/\S/);
      expect(await canalRow(t, canal.id)).toMatchObject({ dsc, uc: 'compania@quipu.test', activo: 1 });
    });

    it('un canal web recibe los valores por defecto que faltan (540 × 360 px, bienvenida de 60)', async () => {
      const canal = ok(await create('usuario', { web: { headerTitle: 'Tienda', theme: { headerBgColor: 'rgba(1, 2, 3, 1)' }, welcomeMessage: null } }));
      expect(canal.web).toMatchObject({
        headerTitle: 'Tienda', height: '540px', width: '360px', welcomeHeight: 60, welcomeMessage: WEB_DEFAULTS.welcomeMessage, domain: [],
        theme: { ...WEB_DEFAULTS.theme, headerBgColor: 'rgba(1, 2, 3, 1)' },
      });
      expect(ok(await create('usuario', {})).web).toEqual(WEB_DEFAULTS);
    });

    it('el administrador del sistema crea en la empresa que indica; los demás siempre en la suya', async () => {
      expect(ok(await create('admin', { idE: otra })).idE).toBe(otra);
      expect(ok(await create('compania', { idE: otra })).idE).toBe(demo);
      const response = await create('admin', { idE: 'no-existe' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'La empresa indicada no existe' });
    });

    it('un canal de Telegram solo se crea si la empresa tiene Telegram habilitado', async () => {
      const refused = await create('otra', { name: 'Telegram' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: CANAL_MESSAGES.telegramDisabled, field: 'name' });
      expect(ok(await create('compania', { name: 'Telegram' })).red).toBe(2);
    });

    it('el bot de un canal no se indica al guardar', async () => {
      const bot = await insertBot(t, demo);
      const response = await create('compania', { b: bot });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'El campo b no está permitido', field: 'b' });
    });
  });

  describe('POST /ch/web: validación (§5), con el campo en la respuesta', () => {
    const hours = { porHora: true, hi: '08:00', hf: '18:00' };
    it.each([
      ['sin nombre', { dsc: undefined }, { message: CANAL_MESSAGES.required, field: 'dsc' }],
      ['nombre en blanco', { dsc: '   ' }, { message: CANAL_MESSAGES.required, field: 'dsc' }],
      ['nombre nulo', { dsc: null }, { message: CANAL_MESSAGES.required, field: 'dsc' }],
      ['horas sin inicio', { ...hours, hi: undefined }, { message: CANAL_MESSAGES.required, field: 'hi' }],
      ['horas con fin vacío', { ...hours, hf: '' }, { message: CANAL_MESSAGES.required, field: 'hf' }],
      ['hora de inicio 25:00', { ...hours, hi: '25:00' }, { message: CANAL_MESSAGES.badHour, field: 'hi' }],
      ['hora de fin 8:00', { ...hours, hf: '8:00' }, { message: CANAL_MESSAGES.badHour, field: 'hf' }],
      ['relay sin https', { name: 'Whatsapp', useChasqui: true, chasquiUrl: 'http://relay.test/wa' }, { message: CANAL_MESSAGES.chasquiHttps, field: 'chasquiUrl' }],
      ['relay que no es una dirección', { name: 'Whatsapp', useChasqui: true, chasquiUrl: 'https//relay' }, { message: CANAL_MESSAGES.chasquiHttps, field: 'chasquiUrl' }],
      ['relay sin dirección', { name: 'Whatsapp', useChasqui: true, chasquiUrl: ' ' }, { message: CANAL_MESSAGES.required, field: 'chasquiUrl' }],
      ['número excluido sin dígitos', { name: 'Whatsapp', excluir: [{ numero: '+51 999', nombre: 'A' }, { numero: 'gerencia', nombre: 'B' }] }, { message: CANAL_RULE_MESSAGES.noDigits, field: 'excluir.1.numero' }],
      ['número excluido repetido', { name: 'Whatsapp', excluir: [{ numero: '+51 999 888 777', nombre: 'A' }, { numero: '51999888777', nombre: 'B' }] }, { message: 'El número 51999888777 ya está en la lista', field: 'excluir.1.numero' }],
      ['sitio con ruta', { web: { domain: ['tienda.test', 'https://tienda.test/chat'] } }, { message: CANAL_RULE_MESSAGES.badDomain.replace('{value}', 'https://tienda.test/chat'), field: 'web.domain.1' }],
      ['sitio con otro esquema', { web: { domain: ['ftp://tienda.test'] } }, { message: CANAL_RULE_MESSAGES.badDomain.replace('{value}', 'ftp://tienda.test'), field: 'web.domain.0' }],
      ['sitio con espacios', { web: { domain: ['mi tienda'] } }, { message: CANAL_RULE_MESSAGES.badDomain.replace('{value}', 'mi tienda'), field: 'web.domain.0' }],
      ['bienvenida de 151', { web: { welcomeHeight: 151 } }, { message: 'El campo web.welcomeHeight debe ser menor o igual a 150', field: 'web.welcomeHeight' }],
      ['tipo desconocido', { name: 'Instagram' }, { message: 'El campo name tiene un valor no permitido', field: 'name' }],
      ['campo no declarado', { color: 'rojo' }, { message: 'El campo color no está permitido', field: 'color' }],
    ])('%s: 400 con el mensaje y el campo', async (_label, body, expected) => {
      const dsc = unique();
      const response = await create('compania', { dsc, ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(expected);
      expect(await canalAudit(t, dsc)).toEqual([]);
    });

    it('guarda las horas, los sitios normalizados, los números excluidos y el relay', async () => {
      const canal = ok(await create('compania', { ...hours, msgFueraHora: 'Volvemos a las {hi}', web: { domain: [' Tienda.Test ', 'HTTPS://Tienda.test:443/', 'http://localhost:8000', 'tienda.test', ''] } }));
      expect(canal).toMatchObject({ porHora: true, hi: '08:00', hf: '18:00', msgFueraHora: 'Volvemos a las {hi}' });
      expect(canal.web.domain).toEqual(['tienda.test', 'https://tienda.test', 'http://localhost:8000']);
      const wa = ok(await create('compania', { name: 'Whatsapp', useChasqui: true, chasquiUrl: 'https://relay.test/wa', excluir: [{ numero: ' +51 999 888 777 ', nombre: ' Gerencia ' }] }));
      expect(wa).toMatchObject({ useChasqui: true, chasquiUrl: 'https://relay.test/wa', excluir: [{ numero: '+51 999 888 777', nombre: 'Gerencia' }] });
      // Hours off: the hours are not required.
      expect(ok(await create('compania', { porHora: false, hi: '', hf: null })).porHora).toBe(false);
    });
  });

  describe('POST /ch/web: guardar', () => {
    it('guarda con la rev leída, la sube y escribe la auditoría con los campos cambiados', async () => {
      const { id, dsc } = await fresh({ web: JSON.stringify(WEB_DEFAULTS) });
      const renamed = unique('Renombrado');
      const saved = ok(await (await as('usuario')).post(WEB, { id, name: 'Web', dsc: renamed, rev: 0, porHora: true, hi: '09:00', hf: '17:00', web: { ...WEB_DEFAULTS, width: '400px' } }));
      expect(saved).toMatchObject({ id, dsc: renamed, rev: 1, porHora: true, hi: '09:00', hf: '17:00' });
      expect(saved.web.width).toBe('400px');
      const [row] = await canalAudit(t, renamed);
      expect(row).toMatchObject({ ev: 3, idE: demo, us: 'usuario@quipu.test', val: `Canal Web «${renamed}»: cambió dsc, porHora, hi, hf, web` });
      expect(await canalAudit(t, dsc)).toEqual([]);
    });

    it('una rev vieja responde 409 y no cambia nada ni escribe auditoría', async () => {
      const { id, dsc } = await fresh({ rev: 3 });
      const response = await (await as('compania')).post(WEB, { id, name: 'Web', dsc: 'Pisado', rev: 2 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: CANAL_MESSAGES.stale });
      expect(await canalRow(t, id)).toMatchObject({ dsc, rev: 3 });
      expect(await canalAudit(t, 'Pisado')).toEqual([]);
    });

    it('sin rev responde 400 con el campo rev', async () => {
      const { id } = await fresh();
      const response = await (await as('compania')).post(WEB, { id, name: 'Web', dsc: 'X' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'rev' });
    });

    it('el tipo no cambia una vez creado', async () => {
      const { id, dsc } = await fresh();
      const response = await (await as('compania')).post(WEB, { id, name: 'Slack', dsc, rev: 0 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: CANAL_RULE_MESSAGES.fixedKind, field: 'name' });
      expect((await canalRow(t, id))?.name).toBe('Web');
    });

    it('guardar no cambia el bot, la activación, idR ni los ajustes que da el proveedor', async () => {
      const bot = await insertBot(t, demo);
      const { id, dsc } = await fresh({ name: 'Slack', red: 7, b: bot, activo: 0, idR: 'T-123', cfg: JSON.stringify({ teamId: 'T1', teamName: 'Demo', appId: 'A1' }) });
      const saved = ok(await (await as('compania')).post(WEB, { id, name: 'Slack', dsc, rev: 0, activo: true, idR: 'otro', cfg: { teamId: 'T2', appId: 'A2' } }));
      expect(saved).toMatchObject({ b: bot, activo: false, idR: 'T-123', cfg: { teamId: 'T1', teamName: 'Demo', appId: 'A2' }, web: null });
      expect((await canalAudit(t, dsc))[0].val).toBe(`Canal Slack «${dsc}»: cambió cfg`);
    });

    it("sin cambios la auditoría dice 'guardado sin cambios'", async () => {
      const { id, dsc } = await fresh({ name: 'Whatsapp', red: 4 });
      ok(await (await as('compania')).post(WEB, { id, name: 'Whatsapp', dsc, rev: 0 }));
      expect((await canalAudit(t, dsc))[0].val).toBe(`Canal Whatsapp «${dsc}»: guardado sin cambios`);
    });
  });

  describe('POST /ch/suscribe: vincular y desvincular (§4)', () => {
    it('vincula un bot de la empresa, responde el canal con el nombre del bot y lo audita', async () => {
      const bot = await insertBot(t, demo, unique('Bot'));
      const { id, dsc } = await fresh();
      const canal = ok(await (await as('usuario')).post(`${CH}/suscribe?id=${id}&idB=${bot}`));
      expect(canal).toMatchObject({ id, b: bot, rev: 0 });
      expect(canal.bot).toMatch(/^Bot /);
      expect((await canalRow(t, id))?.b).toBe(bot);
      expect((await canalAudit(t, dsc))[0].val).toBe(`Canal Web «${dsc}»: vinculado al bot «${canal.bot}»`);
    });

    it("'blk' desvincula", async () => {
      const bot = await insertBot(t, demo, 'Para desvincular');
      const { id, dsc } = await fresh({ b: bot });
      const canal = ok(await (await as('compania')).post(`${CH}/suscribe?id=${id}&idB=blk`));
      expect(canal).toMatchObject({ b: null, bot: null });
      expect((await canalRow(t, id))?.b).toBeNull();
      expect((await canalAudit(t, dsc))[0].val).toBe(`Canal Web «${dsc}»: desvinculado del bot «Para desvincular»`);
    });

    it('un bot de otra empresa (o que no existe) responde 404 y no vincula, también para el administrador del sistema', async () => {
      const foreign = await insertBot(t, otra);
      const { id, dsc } = await fresh();
      for (const who of ['compania', 'admin'] as const) {
        for (const idB of [foreign, 'no-existe']) {
          const response = await (await as(who)).post(`${CH}/suscribe?id=${id}&idB=${idB}`);
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ message: BOT_MESSAGES.notFound });
        }
      }
      expect((await canalRow(t, id))?.b).toBeNull();
      expect(await canalAudit(t, dsc)).toEqual([]);
    });

    it('sin idB responde 400', async () => {
      const { id } = await fresh();
      expect((await (await as('compania')).post(`${CH}/suscribe?id=${id}`)).statusCode).toBe(400);
    });

    it('es una escritura firmada: sin firma se rechaza', async () => {
      const { id } = await fresh({ b: await insertBot(t, demo) });
      const response = await (await as('compania')).post(`${CH}/suscribe?id=${id}&idB=blk`, undefined, { sign: false });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INTEGRITY' });
      expect((await canalRow(t, id))?.b).not.toBeNull();
    });
  });

  describe('POST /ch/active: activar y desactivar (§4)', () => {
    it('desactiva y activa, responde el canal y audita cada cambio', async () => {
      const { id, dsc } = await fresh();
      const c = await as('compania');
      expect(ok(await c.post(`${CH}/active?id=${id}&active=false`))).toMatchObject({ id, activo: false });
      expect((await canalRow(t, id))?.activo).toBe(0);
      expect(ok(await c.post(`${CH}/active?id=${id}&active=true`))).toMatchObject({ id, activo: true });
      expect((await canalRow(t, id))?.activo).toBe(1);
      expect((await canalAudit(t, dsc)).map((r) => r.val).sort()).toEqual([`Canal Web «${dsc}»: activado`, `Canal Web «${dsc}»: desactivado`]);
    });

    it('active debe ser verdadero o falso', async () => {
      const { id } = await fresh();
      const response = await (await as('compania')).post(`${CH}/active?id=${id}&active=quizas`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/active/);
    });
  });

  describe('DELETE /ch y /ch/web', () => {
    it.each([['/ch'], ['/ch/web']])('DELETE %s borra el canal con sus entregas y lo audita', async (path) => {
      const { id, dsc } = await fresh({ name: 'Whatsapp', red: 4 });
      await t.app.db.insertInto('canal_entrega').values({ idCanal: id, clave: 'wamid.1', fc: t.clock.now }).execute();
      expect(ok(await (await as('usuario')).send('DELETE', `${API}${path}?id=${id}`))).toEqual({ id });
      expect(await canalRow(t, id)).toBeUndefined();
      expect(await t.app.db.selectFrom('canal_entrega').selectAll().where('idCanal', '=', id).execute()).toEqual([]);
      const [row] = await canalAudit(t, dsc);
      expect(row).toMatchObject({ ev: 3, idE: demo, val: `Canal Whatsapp «${dsc}»: eliminado` });
    });

    it('un canal ya borrado responde 404', async () => {
      const { id } = await fresh();
      const c = await as('compania');
      ok(await c.send('DELETE', `${CH}?id=${id}`));
      expect((await c.send('DELETE', `${CH}?id=${id}`)).statusCode).toBe(404);
    });
  });

  describe('auditoría (evento 3, Canales)', () => {
    it('cada cambio escribe su fila en la empresa del canal, diga lo que diga la bandera audit', async () => {
      // Otra Empresa has audit off; the change is still recorded, in its company.
      const canal = ok(await create('otra', { dsc: unique('Sin bandera') }));
      const [row] = await canalAudit(t, canal.dsc);
      expect(row).toMatchObject({ ev: 3, idE: otra, us: 'otra@quipu.test', val: `Canal Web «${canal.dsc}»: creado` });
      // The system admin's change on a channel of Otra Empresa is recorded in Otra Empresa.
      t.clock.advance(1000);
      ok(await (await as('admin')).post(`${CH}/active?id=${canal.id}&active=false`));
      expect((await canalAudit(t, canal.dsc))[0]).toMatchObject({ idE: otra, us: 'admin@quipu.test', val: `Canal Web «${canal.dsc}»: desactivado` });
    });

    it('el cambio y su fila van en la misma transacción: si la auditoría falla, el canal no cambia', async () => {
      const { id, dsc } = await fresh();
      if (dialect === 'postgres') {
        await sql`create function falla_auditoria() returns trigger language plpgsql as $$ begin raise exception 'auditoría caída'; end $$`.execute(t.app.db);
        await sql`create trigger falla_auditoria before insert on auditoria for each row when (new.val like '%«Falla%') execute function falla_auditoria()`.execute(t.app.db);
      } else {
        await sql`create trigger falla_auditoria before insert on auditoria when new.val like '%«Falla%' begin select raise(abort, 'auditoría caída'); end`.execute(t.app.db);
      }
      try {
        const c = await as('compania');
        await t.app.db.updateTable('canal').set({ dsc: 'Falla guardada' }).where('id', '=', id).execute();
        expect((await c.post(WEB, { id, name: 'Web', dsc: 'Falla al guardar', rev: 0 })).statusCode).toBe(500);
        expect((await c.post(`${CH}/active?id=${id}&active=false`)).statusCode).toBe(500);
        expect((await c.post(`${CH}/suscribe?id=${id}&idB=${await insertBot(t, demo)}`)).statusCode).toBe(500);
        expect((await c.send('DELETE', `${CH}?id=${id}`)).statusCode).toBe(500);
        expect((await c.post(WEB, { name: 'Web', dsc: 'Falla al crear' })).statusCode).toBe(500);
        expect(await canalRow(t, id)).toMatchObject({ dsc: 'Falla guardada', rev: 0, activo: 1, b: null });
        expect(await t.app.db.selectFrom('canal').select('id').where('dsc', '=', 'Falla al crear').execute()).toEqual([]);
      } finally {
        await sql`drop trigger falla_auditoria${dialect === 'postgres' ? sql` on auditoria` : sql``}`.execute(t.app.db);
        if (dialect === 'postgres') await sql`drop function falla_auditoria()`.execute(t.app.db);
      }
      expect(await canalAudit(t, dsc)).toEqual([]);
    });
  });
});
