// A skill's actions: GET /acciones,
// POST /accion, DELETE /accion and POST /accion.order, against the real app on a seeded database.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACCOUNTS, companyId, signedIn, type Account } from './adminFixtures';
import { expectedStatus, insertBot, insertSkill, ok } from './botFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { auditLines, freshSkill, insertAccion, seededRandom, type SkillIds } from './skillFixtures';
import { BOT_MESSAGES } from '../../common/schemas/bots';
import { moveItem, type ActionType } from '../../common/schemas/skillRules';
import { ACCION_MESSAGES as SKILL_MESSAGES, orderProblem, validateAccion } from '../../common/actions';

const ACCION = `${API}/accion`;
const ORDER = `${API}/accion.order`;

interface Fixture extends SkillIds {
  /** Two TEXT actions, in order. */
  acciones: [string, string];
}

interface Stored {
  id: string;
  type: string;
  order: number;
  rev: number;
  [field: string]: unknown;
}

/** Every action route, with what it needs. */
const ROUTES: Array<{ route: string; need: 'read' | 'edit'; call: (c: Client, f: Fixture) => Promise<LightMyRequestResponse> }> = [
  { route: 'GET /acciones', need: 'read', call: (c, f) => c.get(`${API}/acciones?skillId=${f.skill}`) },
  { route: 'POST /accion (crear)', need: 'edit', call: (c, f) => c.post(ACCION, { idBot: f.bot, idSkill: f.skill, type: 'TEXT', text: ['Nuevo'] }) },
  { route: 'POST /accion (crear respuesta rápida)', need: 'edit', call: (c, f) => c.post(ACCION, { idBot: f.bot, idSkill: f.skill, type: 'QUICK_REPLY', title: '¿Sí?', buttons: [{ type: 'POSTBACK', title: 'Sí', value: 'si' }] }) },
  { route: 'POST /accion (modificar)', need: 'edit', call: (c, f) => c.post(ACCION, { id: f.acciones[0], idBot: f.bot, idSkill: f.skill, type: 'TEXT', text: ['Cambiado'], rev: 0 }) },
  { route: 'DELETE /accion', need: 'edit', call: (c, f) => c.send('DELETE', `${ACCION}?id=${f.acciones[0]}`) },
  { route: 'POST /accion.order', need: 'edit', call: (c, f) => c.post(ORDER, { idBot: f.bot, skillId: f.skill, source: 0, destination: 1, id: f.acciones[0] }) },
];

const button = (title: string, value = title.toLowerCase(), type = 'POSTBACK') => ({ type, title, value });
const card = (over: object = {}) => ({ title: 'Camisa', subtitle: 'Algodón', imageUrl: 'https://img.example.com/c.png', invalidOption: 'Elija una', buttons: [button('Comprar')], ...over });

describe.each(dialects)('acciones (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
  });
  afterAll(() => t?.close());

  async function fixture(): Promise<Fixture> {
    const ids = await freshSkill(t, demo);
    return { ...ids, acciones: [await insertAccion(t, ids, 'TEXT', 0, { text: ['Uno'], red: [8] }), await insertAccion(t, ids, 'TEXT', 1, { text: ['Dos'], red: [8] })] };
  }

  /** The skill's actions as stored, in order. */
  async function stored(skill: string) {
    const rows = await t.app.db.selectFrom('accion').selectAll().where('idSkill', '=', skill).orderBy('ord').orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, type: r.type, ord: Number(r.ord), rev: Number(r.rev), cfg: JSON.parse(r.cfg) }));
  }

  async function list(f: Pick<SkillIds, 'skill'>, who: Account = 'compania'): Promise<Stored[]> {
    return ok(await (await as(who)).get(`${API}/acciones?skillId=${f.skill}`));
  }

  const save = async (f: SkillIds, body: object, who: Account = 'compania') => (await as(who)).post(ACCION, { idBot: f.bot, idSkill: f.skill, ...body });

  describe('quién llega a cada ruta', () => {
    const cases = ROUTES.flatMap((r) => ALL_ACCOUNTS.map((who) => [r.route, who, expectedStatus(who, r.need)] as const));
    it.each(cases)('%s: %s recibe %i', async (route, who, status) => {
      const f = await fixture();
      const before = await stored(f.skill);
      const response = await ROUTES.find((x) => x.route === route)!.call(await as(who), f);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 403) expect(response.json()).toEqual({ message: 'No tiene permiso para realizar esta acción' });
      if (status === 404) expect(response.json().message).toMatch(/^(Bot no encontrado|Skill no encontrado|Acción no encontrada)$/);
      if (status !== 200) {
        expect(await stored(f.skill)).toEqual(before);
        expect(await auditLines(t, f.botNm)).toEqual([]);
      }
    });

    it.each(ROUTES.map((r) => [r.route]))('%s sin sesión responde 401', async (route) => {
      expect((await ROUTES.find((x) => x.route === route)!.call(t.client(), await fixture())).statusCode).toBe(401);
    });

    it('ROLE_USER ve las acciones pero no cambia ninguna, de ningún tipo', async () => {
      const f = await fixture();
      expect((await list(f, 'usuario')).map((a) => a.text)).toEqual([['Uno'], ['Dos']]);
      for (const type of ['TEXT', 'QUICK_REPLY', 'GO_SKILL', 'WEB_HOOK', 'GO_HUMAN'] as const) {
        const response = await save(f, { type, text: ['x'] }, 'usuario');
        expect(response.statusCode).toBe(403);
      }
      expect(await stored(f.skill)).toHaveLength(2);
    });

    it('una acción inexistente responde 404', async () => {
      const c = await as('compania');
      const response = await c.send('DELETE', `${ACCION}?id=no-existe`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: SKILL_MESSAGES.accionNoEncontrada });
      const f = await fixture();
      const update = await c.post(ACCION, { id: 'no-existe', idBot: f.bot, idSkill: f.skill, type: 'TEXT', text: ['x'], rev: 0 });
      expect(update.json()).toEqual({ message: SKILL_MESSAGES.accionNoEncontrada });
    });
  });

  describe('POST /accion: alta', () => {
    it('cada tipo se guarda como se envió, al final, con los canales [8] y el WebHook POST con JSON si no se dicen', async () => {
      const f = await freshSkill(t, demo);
      const destino = await insertSkill(t, f.bot, 'Destino');
      const otroBot = await insertBot(t, demo, 'Soporte');
      const bodies: Array<Record<string, unknown>> = [
        { type: 'TEXT', text: ['¡Hola!', 'Bienvenido'], unique: true },
        { type: 'CARD', imageUrl: 'https://img.example.com/a.png', title: 'Oferta', subTitle: 'Hoy', invalidOption: 'No válido', buttons: [button('Ver', 'https://www.example.com', 'WEB_URL'), { ...button('Llamar', '+51999888777', 'CALL'), render: 'Llámenos' }], red: [1, 2] },
        { type: 'CAROUSEL', carousel: [card(), card({ title: 'Pantalón', buttons: [] })], red: [0, 4, 6] },
        { type: 'BUTTON', title: '¿Qué desea?', invalidOption: 'Elija una opción', buttons: [button('Precios'), button('Horario'), button('Asesor')] },
        { type: 'QUICK_REPLY', title: 'Elija', buttons: [button('Sí'), { type: 'LOCATION', title: 'Mi ubicación' }, { type: 'EMAIL', title: 'Mi correo', value: null }] },
        {
          type: 'WEB_HOOK', method: 'GET', url: 'https://api.example.com/stock', headers: [{ k: 'Authorization', v: 'Bearer {{token}}' }], fields: [{ k: 'sku', v: '{{sku}}' }],
          files: true, op: 'OR', cond: [{ id: 'sku', type: 2, op: 'IS_PRESENT', order: 0 }, { id: 'cantidad', type: 2, op: 'GREATER_THAN', value: '2', order: 1 }], resp: [{ path: 'data.stock', k: 'stock' }],
        },
        { type: 'WEB_HOOK', url: 'http://interno.example.com/hook' },
        { type: 'GO_SKILL', sk: destino, fields: [{ k: 'origen', v: 'saludo' }] },
        { type: 'GO_BOT', b: otroBot, sk: 'inicio' },
        { type: 'GO_HUMAN', b: otroBot },
        { type: 'GO_HUMAN' },
      ];
      const answers = [];
      for (const body of bodies) {
        t.clock.advance(1000);
        answers.push(await ok(await save(f, body)));
      }
      const expected = bodies.map((body, order) => ({
        red: [8],
        ...(body.type === 'WEB_HOOK' ? { method: 'POST', headers: [{ k: 'Content-Type', v: 'application/json' }] } : {}),
        ...body, id: expect.any(String), idBot: f.bot, idSkill: f.skill, order, rev: 0,
      }));
      expect(answers).toEqual(expected);
      expect(await list(f)).toEqual(answers);
      expect(await list(f, 'usuario')).toEqual(answers);
      expect(await auditLines(t, f.botNm)).toEqual(
        ['Texto', 'Card', 'Carousel', 'Botón', 'Respuesta rápida', 'WebHook', 'WebHook', 'Skill', 'Bot', 'Humano', 'Humano'].map((label) => `Bot «${f.botNm}»: skill «Saludo»: agregó la acción ${label}`),
      );
    });

    it('un enlace web admite http, https, tel: y mailto:', async () => {
      const f = await freshSkill(t, demo);
      const links = ['https://www.example.com/a?b=1', 'HTTP://example.com', 'tel:+5117052300', 'mailto:hola@tienda.pe'];
      const saved = await ok(await save(f, { type: 'BUTTON', title: '¿Qué desea?', buttons: links.map((value, i) => button(`Ver ${i}`, value, 'WEB_URL')) }));
      expect((saved.buttons as Array<{ value: string }>).map((b) => b.value)).toEqual(links);
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['texto sin textos', { type: 'TEXT', text: [] }, SKILL_MESSAGES.alMenosUnTexto, 'text'],
      ['texto en blanco', { type: 'TEXT', text: ['  '] }, SKILL_MESSAGES.alMenosUnTexto, 'text'],
      ['sin canales', { type: 'TEXT', text: ['Hola'], red: [] }, `Canales: ${SKILL_MESSAGES.canales}`, 'red'],
      ['card sin imagen ni botones', { type: 'CARD', title: 'Oferta', buttons: [] }, SKILL_MESSAGES.cardImagenOBoton, 'imageUrl'],
      ['card con una imagen que no es http', { type: 'CARD', imageUrl: 'ftp://img.example.com/a.png' }, `URL de imagen: ${SKILL_MESSAGES.urlInvalida}`, 'imageUrl'],
      ['botón sin tipo', { type: 'CARD', buttons: [{ type: '', title: 'Ver', value: 'v' }] }, `Botón 1, tipo: ${SKILL_MESSAGES.campoRequerido}`, 'buttons.0.type'],
      ['botón sin título', { type: 'CARD', buttons: [{ type: 'POSTBACK', title: ' ', value: 'v' }] }, `Botón 1, título: ${SKILL_MESSAGES.campoRequerido}`, 'buttons.0.title'],
      ['botón sin valor', { type: 'CARD', buttons: [{ type: 'POSTBACK', title: 'Ver', value: '' }] }, `Botón 1, valor: ${SKILL_MESSAGES.campoRequerido}`, 'buttons.0.value'],
      ['título de botón de 51', { type: 'CARD', buttons: [button('x'.repeat(51), 'v')] }, `Botón 1, título: ${SKILL_MESSAGES.maxCaracteres(50)}`, 'buttons.0.title'],
      ['subtítulo de botón de 51', { type: 'CARD', buttons: [{ ...button('Ver'), subtitle: 'x'.repeat(51) }] }, `Botón 1, subtítulo: ${SKILL_MESSAGES.maxCaracteres(50)}`, 'buttons.0.subtitle'],
      ['valor de botón de 151', { type: 'CARD', buttons: [button('Ver', 'v'.repeat(151))] }, `Botón 1, valor: ${SKILL_MESSAGES.maxCaracteres(150)}`, 'buttons.0.value'],
      ['texto mostrado de 31', { type: 'CARD', buttons: [{ ...button('Ver'), render: 'r'.repeat(31) }] }, `Botón 1, texto mostrado: ${SKILL_MESSAGES.maxCaracteres(30)}`, 'buttons.0.render'],
      ['enlace web javascript:', { type: 'CARD', buttons: [button('Ver', 'javascript:alert(1)', 'WEB_URL')] }, `Botón 1, valor: ${SKILL_MESSAGES.enlaceBoton}`, 'buttons.0.value'],
      ['enlace web JaVaScRiPt:', { type: 'BUTTON', title: '¿Qué desea?', buttons: [button('Ver', 'JaVaScRiPt:alert(document.cookie)', 'WEB_URL')] }, `Botón 1, valor: ${SKILL_MESSAGES.enlaceBoton}`, 'buttons.0.value'],
      ['enlace web con espacios delante', { type: 'BUTTON', title: '¿Qué desea?', buttons: [button('Ver', '   javascript:alert(1)', 'WEB_URL')] }, `Botón 1, valor: ${SKILL_MESSAGES.enlaceBoton}`, 'buttons.0.value'],
      ['enlace web data:', { type: 'CARD', buttons: [button('Ver', 'data:text/html,<script>alert(1)</script>', 'WEB_URL')] }, `Botón 1, valor: ${SKILL_MESSAGES.enlaceBoton}`, 'buttons.0.value'],
      ['enlace web con un tabulador en el esquema', { type: 'CARD', buttons: [button('Ver', 'java\tscript:alert(1)', 'WEB_URL')] }, `Botón 1, valor: ${SKILL_MESSAGES.enlaceBoton}`, 'buttons.0.value'],
      ['enlace web javascript: en una tarjeta', { type: 'CAROUSEL', carousel: [card({ buttons: [button('Ver', 'javascript:alert(1)', 'WEB_URL')] })] }, `Tarjeta 1, botón 1, valor: ${SKILL_MESSAGES.enlaceBoton}`, 'carousel.0.buttons.0.value'],
      ['botón de ubicación en una card', { type: 'CARD', buttons: [{ type: 'LOCATION', title: 'Dónde' }] }, `Botón 1, tipo: ${SKILL_MESSAGES.tipoBotonNoPermitido}`, 'buttons.0.type'],
      ['botones sin título', { type: 'BUTTON', title: '', buttons: [button('Sí')] }, `Título: ${SKILL_MESSAGES.ingreseTexto}`, 'title'],
      ['botones sin botones', { type: 'BUTTON', title: '¿Qué desea?', buttons: [] }, SKILL_MESSAGES.alMenosUnBoton, 'buttons'],
      ['cuatro respuestas rápidas', { type: 'QUICK_REPLY', title: 'Elija', buttons: [button('a'), button('b'), button('c'), button('d')] }, SKILL_MESSAGES.maxRespuestasRapidas, 'buttons'],
      ['respuesta rápida con enlace', { type: 'QUICK_REPLY', title: 'Elija', buttons: [button('Web', 'https://x.example.com', 'WEB_URL')] }, `Respuesta 1, tipo: ${SKILL_MESSAGES.tipoBotonNoPermitido}`, 'buttons.0.type'],
      ['carrusel vacío', { type: 'CAROUSEL', carousel: [] }, SKILL_MESSAGES.alMenosUnaTarjeta, 'carousel'],
      ['carrusel de 11 tarjetas', { type: 'CAROUSEL', carousel: Array.from({ length: 11 }, () => card()) }, SKILL_MESSAGES.maxTarjetas, 'carousel'],
      ['tarjeta sin título', { type: 'CAROUSEL', carousel: [card(), card({ title: '' })] }, `Tarjeta 2, título: ${SKILL_MESSAGES.campoRequerido}`, 'carousel.1.title'],
      ['tarjeta sin opción no válida', { type: 'CAROUSEL', carousel: [card({ invalidOption: ' ' })] }, `Tarjeta 1, opción no válida: ${SKILL_MESSAGES.campoRequerido}`, 'carousel.0.invalidOption'],
      ['botón de tarjeta sin valor', { type: 'CAROUSEL', carousel: [card({ buttons: [button('Ver', '')] })] }, `Tarjeta 1, botón 1, valor: ${SKILL_MESSAGES.campoRequerido}`, 'carousel.0.buttons.0.value'],
      ['webhook sin URL', { type: 'WEB_HOOK', url: '' }, `URL: ${SKILL_MESSAGES.urlInvalida}`, 'url'],
      ['webhook con URL sin http', { type: 'WEB_HOOK', url: 'api.example.com/x' }, `URL: ${SKILL_MESSAGES.urlInvalida}`, 'url'],
      ['webhook sin método', { type: 'WEB_HOOK', method: '', url: 'https://api.example.com' }, `Método: ${SKILL_MESSAGES.seleccione}`, 'method'],
      ['cabecera sin valor', { type: 'WEB_HOOK', url: 'https://api.example.com', headers: [{ k: 'X-Clave', v: '' }] }, `Cabecera 1: ${SKILL_MESSAGES.claveValor}`, 'headers.0'],
      ['campo sin nombre', { type: 'WEB_HOOK', url: 'https://api.example.com', fields: [{ k: ' ', v: 'x' }] }, `Campo 1: ${SKILL_MESSAGES.claveValor}`, 'fields.0'],
      ['condición sin entidad', { type: 'WEB_HOOK', url: 'https://api.example.com', cond: [{ id: '', type: 2, op: 'IS_PRESENT' }] }, `Condición 1, entidad: ${SKILL_MESSAGES.seleccione}`, 'cond.0.id'],
      ['condición sin operación', { type: 'WEB_HOOK', url: 'https://api.example.com', cond: [{ id: 'sku', type: 2, op: '' }] }, `Condición 1, operación: ${SKILL_MESSAGES.seleccione}`, 'cond.0.op'],
      ['condición con AS', { type: 'WEB_HOOK', url: 'https://api.example.com', cond: [{ id: 'sku', type: 2, op: 'AS', value: 'x' }] }, `Condición 1, operación: ${SKILL_MESSAGES.operacionRequerimiento}`, 'cond.0.op'],
      ['condición IS sin valor', { type: 'WEB_HOOK', url: 'https://api.example.com', cond: [{ id: 'sku', type: 2, op: 'IS' }] }, `Condición 1, valor: ${SKILL_MESSAGES.ingreseValor}`, 'cond.0.value'],
      ['respuesta a memoria sin ruta', { type: 'WEB_HOOK', url: 'https://api.example.com', resp: [{ path: '', k: 'stock' }] }, `Respuesta a memoria 1: ${SKILL_MESSAGES.claveValor}`, 'resp.0'],
      ['salto a skill sin skill', { type: 'GO_SKILL', sk: null }, SKILL_MESSAGES.skillDestino, 'sk'],
      ['salto a un skill que no existe', { type: 'GO_SKILL', sk: 'no-existe' }, SKILL_MESSAGES.skillDestino, 'sk'],
      ['salto a bot sin bot', { type: 'GO_BOT', b: '', sk: 'x' }, SKILL_MESSAGES.botDestino, 'b'],
      ['salto a un bot que no existe', { type: 'GO_BOT', b: 'no-existe', sk: 'x' }, SKILL_MESSAGES.botDestino, 'b'],
      ['humano que devuelve la conversación a un bot que no existe', { type: 'GO_HUMAN', b: 'Cola de ventas' }, SKILL_MESSAGES.botDestino, 'b'],
    ])('%s: 400 con el mensaje y el campo; nada se guarda ni se anota', async (_name, body, message, field) => {
      const f = await fixture();
      const before = await stored(f.skill);
      const response = await save(f, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message, field });
      expect(await stored(f.skill)).toEqual(before);
      expect(await auditLines(t, f.botNm)).toEqual([]);
    });

    it('un salto a sí mismo, a un skill de otro bot o a un bot de otra empresa se rechaza', async () => {
      const f = await fixture();
      const other = await freshSkill(t, demo);
      const foreign = await insertBot(t, await companyId(t, 'Otra Empresa'), 'Ajeno');
      const cases: Array<[object, string, string]> = [
        [{ type: 'GO_SKILL', sk: f.skill }, SKILL_MESSAGES.skillMismo, 'sk'],
        [{ type: 'GO_SKILL', sk: other.skill }, SKILL_MESSAGES.skillDestino, 'sk'],
        [{ type: 'GO_BOT', b: f.bot, sk: 'x' }, SKILL_MESSAGES.botMismo, 'b'],
        [{ type: 'GO_BOT', b: foreign, sk: 'x' }, SKILL_MESSAGES.botDestino, 'b'],
        [{ type: 'GO_HUMAN', b: foreign }, SKILL_MESSAGES.botDestino, 'b'],
      ];
      for (const [body, message, field] of cases) expect((await save(f, body)).json()).toEqual({ message, field });
      expect(await stored(f.skill)).toHaveLength(2);
    });

    it('un skill de otro bot responde 400; un bot de otra empresa 404', async () => {
      const f = await fixture();
      const other = await freshSkill(t, demo);
      const response = await (await as('compania')).post(ACCION, { idBot: f.bot, idSkill: other.skill, type: 'TEXT', text: ['x'] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SKILL_MESSAGES.otroSkill, field: 'idSkill' });
      const foreign = await freshSkill(t, await companyId(t, 'Otra Empresa'));
      const outside = await (await as('compania')).post(ACCION, { idBot: foreign.bot, idSkill: foreign.skill, type: 'TEXT', text: ['x'] });
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ message: BOT_MESSAGES.notFound });
      expect(await stored(other.skill)).toEqual([]);
      expect(await stored(foreign.skill)).toEqual([]);
    });

    it('si la primera acción es un salto, solo se agregan saltos', async () => {
      const f = await freshSkill(t, demo);
      const destino = await insertSkill(t, f.bot, 'Destino');
      await ok(await save(f, { type: 'GO_SKILL', sk: destino }));
      const refused = await save(f, { type: 'TEXT', text: ['Hola'] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'La primera acción es de tipo: Skill no puede agregar un: Texto', field: 'type' });
      await ok(await save(f, { type: 'GO_HUMAN', b: f.bot }));
      expect((await list(f)).map((a) => a.type)).toEqual(['GO_SKILL', 'GO_HUMAN']);
    });
  });

  describe('POST /accion: modificar', () => {
    it('guarda lo enviado (lo que no se envía queda), sube rev y anota los campos cambiados', async () => {
      const f = await freshSkill(t, demo);
      const created = await ok(await save(f, { type: 'WEB_HOOK', url: 'https://api.example.com/a', fields: [{ k: 'sku', v: '1' }] }));
      t.clock.advance(1000);
      const body = { id: created.id, type: 'WEB_HOOK', url: 'https://api.example.com/b', headers: [{ k: 'Accept', v: 'application/json' }], rev: 0, order: 7 };
      const saved = await ok(await save(f, body));
      expect(saved).toEqual({ ...created, url: 'https://api.example.com/b', headers: [{ k: 'Accept', v: 'application/json' }], rev: 1 });
      expect(await list(f)).toEqual([saved]);
      expect((await auditLines(t, f.botNm)).at(-1)).toBe(`Bot «${f.botNm}»: skill «Saludo»: cambió la acción WebHook (url, headers)`);
      t.clock.advance(1000);
      await ok(await save(f, { id: created.id, type: 'WEB_HOOK', rev: 1 }));
      expect((await auditLines(t, f.botNm)).at(-1)).toBe(`Bot «${f.botNm}»: skill «Saludo»: guardó la acción WebHook sin cambios`);
    });

    it('sin rev 400, con un rev viejo 409 y nada cambia; el tipo no cambia; las reglas valen igual', async () => {
      const f = await fixture();
      const [first] = f.acciones;
      const cases: Array<[object, number, object]> = [
        [{ text: ['Otro'] }, 400, { message: 'rev: falta la revisión de la acción que se leyó' }],
        [{ text: ['Otro'], rev: 3 }, 409, { message: SKILL_MESSAGES.stale }],
        [{ type: 'CARD', imageUrl: 'https://img.example.com/x.png', rev: 0 }, 400, { message: 'El tipo de una acción no se puede cambiar', field: 'type' }],
        [{ text: [], rev: 0 }, 400, { message: SKILL_MESSAGES.alMenosUnTexto, field: 'text' }],
      ];
      const before = await stored(f.skill);
      for (const [patch, status, answer] of cases) {
        const response = await save(f, { id: first, type: 'TEXT', ...patch });
        expect(response.statusCode, JSON.stringify(patch)).toBe(status);
        expect(response.json()).toEqual(answer);
      }
      expect(await stored(f.skill)).toEqual(before);
      expect(await auditLines(t, f.botNm)).toEqual([]);
      // Two editors read rev 0: the second save is refused.
      await ok(await save(f, { id: first, type: 'TEXT', text: ['Primero'], rev: 0 }));
      const late = await save(f, { id: first, type: 'TEXT', text: ['Segundo'], rev: 0 });
      expect(late.statusCode).toBe(409);
      expect((await stored(f.skill))[0].cfg.text).toEqual(['Primero']);
    });

    it('una acción no se pasa a otro skill', async () => {
      const f = await fixture();
      const otro = await insertSkill(t, f.bot, 'Otro');
      const response = await (await as('compania')).post(ACCION, { id: f.acciones[0], idBot: f.bot, idSkill: otro, type: 'TEXT', text: ['x'], rev: 0 });
      expect(response.json()).toEqual({ message: SKILL_MESSAGES.otroSkill, field: 'idSkill' });
    });

    it('un campo guardado que no corresponde a su forma (un archivo importado) no se responde', async () => {
      const f = await freshSkill(t, demo);
      await insertAccion(t, f, 'TEXT', 0, { text: 'no es una lista', red: [8], title: 5, unique: true });
      expect(await list(f)).toEqual([{ id: expect.any(String), idBot: f.bot, idSkill: f.skill, type: 'TEXT', order: 0, rev: 0, red: [8], unique: true }]);
    });
  });

  describe('DELETE /accion', () => {
    it('borra la acción, las demás cierran filas (0..n-1) y se anota', async () => {
      const f = await freshSkill(t, demo);
      const a = await insertAccion(t, f, 'TEXT', 0);
      const b = await insertAccion(t, f, 'CARD', 1, { imageUrl: 'https://img.example.com/a.png', red: [8] });
      const c = await insertAccion(t, f, 'TEXT', 2);
      expect(await ok(await (await as('compania')).send('DELETE', `${ACCION}?id=${b}`))).toEqual({ id: b });
      expect((await stored(f.skill)).map((x) => [x.id, x.ord])).toEqual([[a, 0], [c, 1]]);
      expect(await auditLines(t, f.botNm)).toEqual([`Bot «${f.botNm}»: skill «Saludo»: eliminó la acción Card`]);
    });
  });

  describe('POST /accion.order', () => {
    const TYPES: ActionType[] = ['TEXT', 'CARD', 'BUTTON', 'TEXT', 'QUICK_REPLY', 'CAROUSEL', 'WEB_HOOK'];

    it.each([[1], [7], [42], [2026]])('con la semilla %i, el orden después de movimientos al azar (y un borrado) es el de moveItem', async (seed) => {
      const random = seededRandom(seed);
      const f = await freshSkill(t, demo);
      let model: string[] = [];
      for (const [ord, type] of TYPES.entries()) model.push(await insertAccion(t, f, type, ord, { text: [`${ord}`], red: [8] }));
      const c = await as('compania');
      const pick = () => Math.floor(random() * model.length);
      for (let step = 0; step < 15; step++) {
        if (step === 8) {
          const gone = model[pick()];
          await ok(await c.send('DELETE', `${ACCION}?id=${gone}`));
          model = model.filter((id) => id !== gone);
        }
        const source = pick();
        const destination = pick();
        const answer: Stored[] = await ok(await c.post(ORDER, { idBot: f.bot, skillId: f.skill, source, destination, id: model[source] }));
        model = moveItem(model, source, destination);
        expect(answer.map((a) => a.id), `paso ${step}: ${source} → ${destination}`).toEqual(model);
        expect(answer.map((a) => a.order)).toEqual(model.map((_, i) => i));
      }
      expect((await list(f)).map((a) => [a.id, a.order])).toEqual(model.map((id, i) => [id, i]));
      expect((await list(f)).every((a) => a.rev === 0)).toBe(true);
    });

    it('cada movimiento se anota; uno que deja todo igual no', async () => {
      const f = await fixture();
      const c = await as('compania');
      await ok(await c.post(ORDER, { idBot: f.bot, skillId: f.skill, source: 1, destination: 0 }));
      await ok(await c.post(ORDER, { idBot: f.bot, skillId: f.skill, source: 1, destination: 1 }));
      expect(await auditLines(t, f.botNm)).toEqual([`Bot «${f.botNm}»: skill «Saludo»: ordenó las acciones`]);
    });

    it('si otra persona cambió la lista (la acción en source no es la movida) responde 409 y nada cambia', async () => {
      const f = await fixture();
      const before = await stored(f.skill);
      const response = await (await as('compania')).post(ORDER, { idBot: f.bot, skillId: f.skill, source: 0, destination: 1, id: f.acciones[1] });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: SKILL_MESSAGES.ordenCambiado });
      expect(await stored(f.skill)).toEqual(before);
      expect(await auditLines(t, f.botNm)).toEqual([]);
    });

    it.each([
      [{ source: 2, destination: 0 }, 'source'],
      [{ source: 0, destination: 2 }, 'destination'],
    ])('una posición fuera de la lista (%j) responde 400', async (move, field) => {
      const f = await fixture();
      const response = await (await as('compania')).post(ORDER, { idBot: f.bot, skillId: f.skill, ...move });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'La posición no está en la lista de acciones', field });
    });

    it('un salto no puede quedar primero delante de otros tipos', async () => {
      const f = await freshSkill(t, demo);
      const destino = await insertSkill(t, f.bot, 'Destino');
      await insertAccion(t, f, 'TEXT', 0);
      const jump = await insertAccion(t, f, 'GO_SKILL', 1, { sk: destino, red: [8] });
      const response = await (await as('compania')).post(ORDER, { idBot: f.bot, skillId: f.skill, source: 1, destination: 0, id: jump });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Una acción de tipo: Skill solo puede ir primero si las demás acciones también son saltos', field: 'destination' });
      expect((await stored(f.skill)).map((a) => a.type)).toEqual(['TEXT', 'GO_SKILL']);
    });

    it('un skill que no es del bot responde 404', async () => {
      const f = await fixture();
      const other = await fixture();
      const response = await (await as('compania')).post(ORDER, { idBot: f.bot, skillId: other.skill, source: 0, destination: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: BOT_MESSAGES.skillNotFound });
    });
  });

  describe('datos de demostración', () => {
    it('los skills de los bots de demostración tienen acciones de cada tipo que cumplen las reglas', async () => {
      const c = await as('compania');
      const refs: Array<{ id: string; nm: string }> = await ok(await c.get(`${API}/bots`));
      const bots = refs.filter((b) => ['Asistente de ventas', 'Soporte técnico', 'Reservas'].includes(b.nm));
      expect(bots).toHaveLength(3);
      const kinds = new Set<string>();
      let checked = 0;
      for (const bot of bots) {
        const skills: Array<{ id: string }> = await ok(await c.get(`${API}/skills?idBot=${bot.id}`));
        const skillIds = new Set(skills.map((s) => s.id));
        for (const skill of skills) {
          const acciones = await list({ skill: skill.id });
          expect(orderProblem(acciones.map((a) => a.type as ActionType))).toBeNull();
          expect(acciones.map((a) => a.order)).toEqual(acciones.map((_, i) => i));
          for (const a of acciones) {
            expect(validateAccion(a as never, { idBot: bot.id, idSkill: skill.id }), `${bot.nm} › ${a.type}`).toEqual([]);
            if (a.type === 'GO_SKILL') expect(skillIds.has(a.sk as string)).toBe(true);
            if (a.type === 'WEB_HOOK') expect(a.url).toMatch(/^https:\/\//);
            kinds.add(a.type);
            checked++;
          }
        }
      }
      expect([...kinds].sort()).toEqual(['BUTTON', 'CARD', 'GO_HUMAN', 'GO_SKILL', 'QUICK_REPLY', 'TEXT', 'WEB_HOOK']);
      expect(checked).toBeGreaterThan(15);
    });
  });
});
