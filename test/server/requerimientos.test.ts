// A skill's requirements and memory: GET
// /requerimientos, POST /requerimiento and DELETE /requerimiento, against the real app on a
// seeded database.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACCOUNTS, companyId, signedIn, type Account } from './adminFixtures';
import { expectedStatus, insertSkill, ok } from './botFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { auditLines, freshSkill, insertRequerimiento, type SkillIds } from './skillFixtures';
import { BOT_MESSAGES } from '../../common/schemas/bots';
import { ENTITY_PATHS } from '../../common/schemas/rules';
import { SKILL_MESSAGES, validateRequerimiento, type EntityCatalogue } from '../../common/schemas/skillRules';

const REQ = `${API}/requerimiento`;

interface Fixture extends SkillIds {
  /** An entity of the bot with the usual paths (text, length). */
  producto: string;
  /** An entity of the bot whose stored paths are its own. */
  codigo: string;
  /** A requirement (tp 0) of the skill. */
  requerimiento: string;
}

const field = (id: string, op: string, extra: object = {}) => ({ id, type: 0, path: 'text', op, ...extra });

/** Every requirement route, with what it needs. */
const ROUTES: Array<{ route: string; need: 'read' | 'edit'; call: (c: Client, f: Fixture) => Promise<LightMyRequestResponse> }> = [
  { route: 'GET /requerimientos', need: 'read', call: (c, f) => c.get(`${API}/requerimientos?idSkill=${f.skill}&tp=0`) },
  { route: 'POST /requerimiento (crear)', need: 'edit', call: (c, f) => c.post(REQ, { idBot: f.bot, idSkill: f.skill, tp: 1, fields: [field(f.producto, 'AS', { value: 'producto' })] }) },
  { route: 'POST /requerimiento (modificar)', need: 'edit', call: (c, f) => c.post(REQ, { id: f.requerimiento, idBot: f.bot, idSkill: f.skill, tp: 0, fields: [field(f.producto, 'IS_ABSENT')], rev: 0 }) },
  { route: 'DELETE /requerimiento', need: 'edit', call: (c, f) => c.send('DELETE', `${REQ}?id=${f.requerimiento}`) },
];

describe.each(dialects)('requerimientos (%s)', (dialect) => {
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
    const producto = randomUUID();
    const codigo = randomUUID();
    await t.app.db
      .insertInto('entidad')
      .values([
        { id: producto, idBot: ids.bot, nm: 'producto', dsc: null, keywords: JSON.stringify(['camisa']), paths: JSON.stringify(ENTITY_PATHS) },
        { id: codigo, idBot: ids.bot, nm: 'codigo', dsc: null, keywords: '[]', paths: JSON.stringify([{ nm: 'prefijo', tp: 'text' }]) },
      ])
      .execute();
    const requerimiento = await insertRequerimiento(t, ids, 0, [field(producto, 'IS_PRESENT', { order: 0 })], ['¿Qué producto?']);
    return { ...ids, producto, codigo, requerimiento };
  }

  async function stored(skill: string) {
    const rows = await t.app.db.selectFrom('requerimiento').selectAll().where('idSkill', '=', skill).orderBy('id').execute();
    return rows.map((r) => ({ ...r, rev: Number(r.rev), tp: Number(r.tp) }));
  }

  const list = async (f: SkillIds, tp: 0 | 1, who: Account = 'compania') => ok(await (await as(who)).get(`${API}/requerimientos?idSkill=${f.skill}&tp=${tp}`));
  const save = async (f: SkillIds, body: object, who: Account = 'compania') => (await as(who)).post(REQ, { idBot: f.bot, idSkill: f.skill, ...body });

  describe('quién llega a cada ruta', () => {
    const cases = ROUTES.flatMap((r) => ALL_ACCOUNTS.map((who) => [r.route, who, expectedStatus(who, r.need)] as const));
    it.each(cases)('%s: %s recibe %i', async (route, who, status) => {
      const f = await fixture();
      const before = await stored(f.skill);
      const response = await ROUTES.find((x) => x.route === route)!.call(await as(who), f);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 403) expect(response.json()).toEqual({ message: 'No tiene permiso para realizar esta acción' });
      if (status === 404) expect(response.json().message).toMatch(/^(Bot no encontrado|Skill no encontrado|Requerimiento no encontrado)$/);
      if (status !== 200) {
        expect(await stored(f.skill)).toEqual(before);
        expect(await auditLines(t, f.botNm)).toEqual([]);
      }
    });

    it.each(ROUTES.map((r) => [r.route]))('%s sin sesión responde 401', async (route) => {
      expect((await ROUTES.find((x) => x.route === route)!.call(t.client(), await fixture())).statusCode).toBe(401);
    });

    it('un requerimiento inexistente responde 404', async () => {
      const response = await (await as('compania')).send('DELETE', `${REQ}?id=no-existe`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: SKILL_MESSAGES.requerimientoNoEncontrado });
    });
  });

  describe('POST /requerimiento: alta', () => {
    it('guarda como se envió (op AND por defecto) y GET lo responde por tipo, en el orden en que se crearon', async () => {
      const f = await fixture();
      const requirement = {
        tp: 0, op: 'OR', replyMissing: ['Falta el producto', 'Indique la cantidad'],
        fields: [
          field(f.producto, 'IN', { value: 'camisa, pantalón', order: 0, replyMissing: '¿Qué producto?' }),
          field(f.codigo, 'MATCHES', { path: 'prefijo', value: '^[A-Z]{3}$', order: 1 }),
          { id: 'number', type: 1, path: 'text', op: 'GREATER_THAN', value: '2,5', order: 2 },
          { id: 'email', type: 1, path: 'length', op: 'IS_PRESENT', order: 3 },
        ],
      };
      const memory = { tp: 1, fields: [{ id: 'email', type: 1, path: 'text', op: 'AS', value: 'correo', order: 0 }, field(f.producto, 'AS', { value: 'producto', order: 1 })] };
      t.clock.advance(1000);
      const a = await ok(await save(f, requirement));
      t.clock.advance(1000);
      const b = await ok(await save(f, memory));
      expect(a).toEqual({ ...requirement, id: expect.any(String), idBot: f.bot, idSkill: f.skill, rev: 0 });
      expect(b).toEqual({ ...memory, op: 'AND', replyMissing: [], id: expect.any(String), idBot: f.bot, idSkill: f.skill, rev: 0 });
      t.clock.advance(1000);
      const a2 = await ok(await save(f, { tp: 0, fields: [{ id: 'phone', type: 1, path: 'text', op: 'IS_PRESENT' }] }));
      // The fixture's requirement was written straight to the database, with an id of no particular order.
      expect((await list(f, 0, 'usuario')).filter((r: { id: string }) => r.id !== f.requerimiento)).toEqual([a, a2]);
      expect(await list(f, 1)).toEqual([b]);
      expect((await auditLines(t, f.botNm)).slice(-3)).toEqual([
        `Bot «${f.botNm}»: skill «Saludo»: agregó un requerimiento`,
        `Bot «${f.botNm}»: skill «Saludo»: agregó un requerimiento de memoria`,
        `Bot «${f.botNm}»: skill «Saludo»: agregó un requerimiento`,
      ]);
    });

    it.each<[string, object, string, string]>([
      ['sin campos', { tp: 0, fields: [] }, SKILL_MESSAGES.alMenosUnCampo, 'fields'],
      ['campo sin entidad', { tp: 0, fields: [{ id: '', type: 0, op: 'IS_PRESENT' }] }, `Campo 1, entidad: ${SKILL_MESSAGES.seleccione}`, 'fields.0.id'],
      ['campo sin operación', { tp: 0, fields: [{ id: 'email', type: 1, op: '' }] }, `Campo 1, operación: ${SKILL_MESSAGES.seleccione}`, 'fields.0.op'],
      ['requerimiento con AS', { tp: 0, fields: [{ id: 'email', type: 1, op: 'AS', value: 'x' }] }, `Campo 1, operación: ${SKILL_MESSAGES.operacionRequerimiento}`, 'fields.0.op'],
      ['requerimiento con WEBHOOK', { tp: 0, fields: [{ id: 'email', type: 1, op: 'WEBHOOK' }] }, `Campo 1, operación: ${SKILL_MESSAGES.operacionRequerimiento}`, 'fields.0.op'],
      ['memoria con IS', { tp: 1, fields: [{ id: 'email', type: 1, op: 'IS', value: 'x' }] }, `Campo 1, operación: ${SKILL_MESSAGES.operacionMemoria}`, 'fields.0.op'],
      ['memoria sin nombre', { tp: 1, fields: [{ id: 'email', type: 1, op: 'AS', value: ' ' }] }, `Campo 1, nombre en memoria: ${SKILL_MESSAGES.ingreseValor}`, 'fields.0.value'],
      ['entidad inexistente', { tp: 0, fields: [{ id: 'no-existe', type: 0, op: 'IS_PRESENT' }] }, `Campo 1, entidad: ${SKILL_MESSAGES.entidadAjena}`, 'fields.0.id'],
      ['interna marcada como del bot', { tp: 0, fields: [{ id: 'email', type: 0, op: 'IS_PRESENT' }] }, `Campo 1, entidad: ${SKILL_MESSAGES.entidadAjena}`, 'fields.0.id'],
      ['interna inexistente', { tp: 0, fields: [{ id: 'color', type: 1, op: 'IS_PRESENT' }] }, `Campo 1, entidad: ${SKILL_MESSAGES.entidadAjena}`, 'fields.0.id'],
      ['dato que la interna no tiene', { tp: 0, fields: [{ id: 'email', type: 1, path: 'dominio', op: 'IS_PRESENT' }] }, `Campo 1, dato: ${SKILL_MESSAGES.rutaInvalida}`, 'fields.0.path'],
      ['IS sin valor', { tp: 0, fields: [{ id: 'email', type: 1, op: 'IS' }] }, `Campo 1, valor: ${SKILL_MESSAGES.ingreseValor}`, 'fields.0.value'],
      ['MAYOR QUE con texto', { tp: 0, fields: [{ id: 'number', type: 1, op: 'GREATER_THAN', value: 'tres' }] }, `Campo 1, valor: ${SKILL_MESSAGES.valorNumerico}`, 'fields.0.value'],
      ['expresión que no compila', { tp: 0, fields: [{ id: 'email', type: 1, op: 'MATCHES', value: '([a-z' }] }, `Campo 1, valor: ${SKILL_MESSAGES.expresionInvalida}`, 'fields.0.value'],
      ['mensaje faltante en blanco', { tp: 0, fields: [{ id: 'email', type: 1, op: 'IS_PRESENT' }], replyMissing: ['  '] }, `Mensaje 1: ${SKILL_MESSAGES.textoInvalido}`, 'replyMissing.0'],
    ])('%s: 400 con el mensaje y el campo; nada se guarda ni se anota', async (_name, body, message, fieldPath) => {
      const f = await fixture();
      const before = await stored(f.skill);
      const response = await save(f, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message, field: fieldPath });
      expect(await stored(f.skill)).toEqual(before);
      expect(await auditLines(t, f.botNm)).toEqual([]);
    });

    it('el dato de una entidad del bot es uno de sus paths guardados (text y length si no tiene)', async () => {
      const f = await fixture();
      const bad = await save(f, { tp: 0, fields: [field(f.codigo, 'IS_PRESENT', { path: 'text' })] });
      expect(bad.json()).toEqual({ message: `Campo 1, dato: ${SKILL_MESSAGES.rutaInvalida}`, field: 'fields.0.path' });
      await ok(await save(f, { tp: 0, fields: [field(f.codigo, 'IS_PRESENT', { path: 'prefijo' }), field(f.producto, 'IS_PRESENT', { path: 'length' })] }));
    });

    it('la entidad de otro bot no sirve; un skill de otro bot responde 400 y el bot de otra empresa 404', async () => {
      const f = await fixture();
      const other = await fixture();
      expect((await save(f, { tp: 0, fields: [field(other.producto, 'IS_PRESENT')] })).json()).toEqual({ message: `Campo 1, entidad: ${SKILL_MESSAGES.entidadAjena}`, field: 'fields.0.id' });
      const wrongSkill = await (await as('compania')).post(REQ, { idBot: f.bot, idSkill: other.skill, tp: 0, fields: [field(f.producto, 'IS_PRESENT')] });
      expect(wrongSkill.statusCode).toBe(400);
      expect(wrongSkill.json()).toEqual({ message: SKILL_MESSAGES.otroSkill, field: 'idSkill' });
      const foreign = await freshSkill(t, await companyId(t, 'Otra Empresa'));
      const outside = await (await as('compania')).post(REQ, { idBot: foreign.bot, idSkill: foreign.skill, tp: 0, fields: [{ id: 'email', type: 1, op: 'IS_PRESENT' }] });
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ message: BOT_MESSAGES.notFound });
      expect(await stored(other.skill)).toHaveLength(1);
    });
  });

  describe('POST /requerimiento: modificar', () => {
    it('guarda lo enviado, conserva replyMissing si no se envía, sube rev y anota lo cambiado', async () => {
      const f = await fixture();
      t.clock.advance(1000);
      const saved = await ok(await save(f, { id: f.requerimiento, tp: 0, op: 'OR', fields: [field(f.producto, 'IS_ABSENT', { order: 0 })], rev: 0 }));
      expect(saved).toEqual({ id: f.requerimiento, idBot: f.bot, idSkill: f.skill, tp: 0, op: 'OR', fields: [field(f.producto, 'IS_ABSENT', { order: 0 })], replyMissing: ['¿Qué producto?'], rev: 1 });
      expect(await list(f, 0)).toEqual([saved]);
      expect(await auditLines(t, f.botNm)).toEqual([`Bot «${f.botNm}»: skill «Saludo»: cambió el requerimiento (op, fields)`]);
      t.clock.advance(1000);
      await ok(await save(f, { id: f.requerimiento, tp: 0, op: 'OR', fields: saved.fields, rev: 1 }));
      expect((await auditLines(t, f.botNm)).at(-1)).toBe(`Bot «${f.botNm}»: skill «Saludo»: guardó el requerimiento sin cambios`);
    });

    it('sin rev 400, con un rev viejo 409, no pasa de requerimiento a memoria, y nada cambia', async () => {
      const f = await fixture();
      const fields = [field(f.producto, 'IS_ABSENT')];
      const cases: Array<[object, number, object]> = [
        [{ tp: 0, fields }, 400, { message: 'rev: falta la revisión del requerimiento que se leyó' }],
        [{ tp: 0, fields, rev: 5 }, 409, { message: SKILL_MESSAGES.stale }],
        [{ tp: 1, fields: [field(f.producto, 'AS', { value: 'p' })], rev: 0 }, 400, { message: 'Un requerimiento no puede pasar a memoria ni una memoria a requerimiento', field: 'tp' }],
        [{ tp: 0, fields: [], rev: 0 }, 400, { message: SKILL_MESSAGES.alMenosUnCampo, field: 'fields' }],
      ];
      const before = await stored(f.skill);
      for (const [body, status, answer] of cases) {
        const response = await save(f, { id: f.requerimiento, ...body });
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json()).toEqual(answer);
      }
      expect(await stored(f.skill)).toEqual(before);
      expect(await auditLines(t, f.botNm)).toEqual([]);
    });

    it('un requerimiento no se pasa a otro skill', async () => {
      const f = await fixture();
      const otro = await insertSkill(t, f.bot, 'Otro');
      const response = await (await as('compania')).post(REQ, { id: f.requerimiento, idBot: f.bot, idSkill: otro, tp: 0, fields: [field(f.producto, 'IS_PRESENT')], rev: 0 });
      expect(response.json()).toEqual({ message: SKILL_MESSAGES.otroSkill, field: 'idSkill' });
    });

    it('un campo guardado con otra forma (un archivo importado) se responde sin lo que no corresponde', async () => {
      const f = await freshSkill(t, demo);
      await insertRequerimiento(t, f, 1, [{ id: 'email', type: 1, path: 'text', op: ['AS'], value: 'correo' }, 'no es un campo' as unknown as object], ['ok', 3 as unknown as string]);
      expect(await list(f, 1)).toEqual([{ id: expect.any(String), idBot: f.bot, idSkill: f.skill, op: 'AND', tp: 1, fields: [{ id: 'email', type: 1, path: 'text', op: '', value: 'correo' }], replyMissing: ['ok'], rev: 0 }]);
    });
  });

  describe('DELETE /requerimiento', () => {
    it('borra el requerimiento o la memoria y lo anota', async () => {
      const f = await fixture();
      const memoria = await insertRequerimiento(t, f, 1, [{ id: 'email', type: 1, path: 'text', op: 'AS', value: 'correo' }]);
      const c = await as('admin');
      t.clock.advance(1000);
      expect(await ok(await c.send('DELETE', `${REQ}?id=${memoria}`))).toEqual({ id: memoria });
      t.clock.advance(1000);
      await ok(await c.send('DELETE', `${REQ}?id=${f.requerimiento}`));
      expect(await stored(f.skill)).toEqual([]);
      expect(await auditLines(t, f.botNm)).toEqual([
        `Bot «${f.botNm}»: skill «Saludo»: eliminó el requerimiento de memoria`,
        `Bot «${f.botNm}»: skill «Saludo»: eliminó el requerimiento`,
      ]);
    });
  });

  describe('datos de demostración', () => {
    it('un skill tiene un requerimiento y otro una memoria, y cumplen las reglas con las entidades del bot', async () => {
      const c = await as('compania');
      const bot = (await ok(await c.get(`${API}/bots`))).find((b: { nm: string }) => b.nm === 'Asistente de ventas');
      const entities: Array<{ id: string; paths: Array<{ nm: string }> }> = await ok(await c.get(`${API}/entity?botId=${bot.id}`));
      const internal: Array<{ id: string }> = await ok(await c.get(`${API}/entity/internal/list`));
      const catalogue: EntityCatalogue = {
        custom: new Map(entities.map((e) => [e.id, e.paths.map((p) => p.nm)])),
        internal: new Map(internal.map((e) => [e.id, ENTITY_PATHS.map((p) => p.nm)])),
      };
      const skills: Array<{ id: string; nm: string }> = await ok(await c.get(`${API}/skills?idBot=${bot.id}`));
      const found: string[] = [];
      for (const skill of skills) {
        for (const tp of [0, 1] as const) {
          for (const r of await list({ ...skill, bot: bot.id, botNm: bot.nm, skill: skill.id }, tp)) {
            expect(validateRequerimiento(r, catalogue), `${skill.nm} (${tp})`).toEqual([]);
            found.push(`${skill.nm}:${tp}`);
          }
        }
      }
      expect(found.sort()).toEqual(['Consultar precios:0', 'Tomar pedido:1']);
    });
  });
});
