// Skills: GET /skills, GET/POST /skill, POST
// /skill.delete, GET/POST /skill.frases, against the real app on a seeded database.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACCOUNTS, companyId, signedIn } from './adminFixtures';
import { botRow, expectedStatus, insertSkill, ok } from './botFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { auditLines, freshSkill, type SkillIds } from './skillFixtures';
import { BOT_MESSAGES } from '../../common/schemas/bots';
import { PRESET_TYPES, SKILL_DEFAULTS, SKILL_MESSAGES, textKey } from '../../common/schemas/skillRules';
import { PHRASE_SETS } from '../../server/src/services/bots/phraseSets';

const SKILL = `${API}/skill`;
const FRASES = `${API}/skill.frases`;

/** Every skill route, with what it needs ('read': ROLE_USER too). */
const ROUTES: Array<{ route: string; need: 'read' | 'edit'; call: (c: Client, ids: SkillIds) => Promise<LightMyRequestResponse> }> = [
  { route: 'GET /skills', need: 'read', call: (c, ids) => c.get(`${API}/skills?idBot=${ids.bot}`) },
  { route: 'GET /skill', need: 'read', call: (c, ids) => c.get(`${SKILL}?id=${ids.skill}`) },
  { route: 'POST /skill (crear)', need: 'edit', call: (c, ids) => c.post(SKILL, { idBot: ids.bot, nm: 'Nuevo' }) },
  { route: 'POST /skill (modificar)', need: 'read', call: (c, ids) => c.post(SKILL, { id: ids.skill, idBot: ids.bot, nm: 'Saludo', frases: ['hola'], rev: 0 }) },
  { route: 'POST /skill.delete', need: 'edit', call: (c, ids) => c.post(`${API}/skill.delete`, { idBot: ids.bot, skills: [ids.skill] }) },
  { route: 'GET /skill.frases', need: 'read', call: (c, ids) => c.get(`${FRASES}?id=${ids.skill}&tipo=saludos`) },
  { route: 'POST /skill.frases', need: 'read', call: (c, ids) => c.post(`${FRASES}?id=${ids.skill}&rev=0`, ['qué tal']) },
];

/** A skill body with every field set away from its default. */
function fullBody(ids: SkillIds, kbMenu: string) {
  return {
    id: ids.skill, idBot: ids.bot, rev: 0,
    nm: 'Bienvenida', dsc: 'Saluda al cliente', tipo: 0, modKeyword: true, login: true, modToken: true, tokenOrd: true,
    tokens: [
      { nm: 'precio', sinonimos: ['costo', 'valor'], obl: true, req: false, order: 0, unique: false },
      { nm: 'producto', sinonimos: [], obl: false, req: true, order: 1, unique: true },
    ],
    frases: ['hola', 'buenas tardes', 'qué tal'], keywordIncluye: ['precio'], keywordExcluye: ['queja'],
    threshold: 0.8, qna: true, tagsKb: ['t0', 't1'], modKb: true, listRespKb: true, opAndKb: true, kbResultsMenu: kbMenu, opReq: 'OR',
    hasAttachments: true, attachmentsRequired: true, attachmentMaxCount: 3, attachmentMaxSize: 2, attachmentTypes: ['pdf', 'xlsx'], to: 'ventas',
  };
}

describe.each(dialects)('skills (%s)', (dialect) => {
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

  const fresh = () => freshSkill(t, demo);
  const skillRow = (id: string) => t.app.db.selectFrom('skill').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('quién llega a cada ruta', () => {
    const cases = ROUTES.flatMap((r) => ALL_ACCOUNTS.map((who) => [r.route, who, expectedStatus(who, r.need)] as const));
    it.each(cases)('%s: %s recibe %i', async (route, who, status) => {
      const r = ROUTES.find((x) => x.route === route)!;
      const ids = await fresh();
      const response = await r.call(await as(who), ids);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 403) expect(response.json()).toEqual({ message: 'No tiene permiso para realizar esta acción' });
      if (status === 404) expect(response.json().message).toMatch(/^(Bot|Skill) no encontrado$/);
      // A refused call changes nothing and writes no audit row.
      if (status !== 200) {
        expect(await skillRow(ids.skill)).toMatchObject({ nm: 'Saludo', rev: 0, frases: JSON.stringify(['hola', 'buenos días']) });
        expect(await auditLines(t, ids.botNm)).toEqual([]);
      }
    });

    it.each(ROUTES.map((r) => [r.route]))('%s sin sesión responde 401', async (route) => {
      const response = await ROUTES.find((x) => x.route === route)!.call(t.client(), await fresh());
      expect(response.statusCode).toBe(401);
    });

    it('un skill inexistente responde 404 y un rol sin bots 403 aunque no exista', async () => {
      expect((await (await as('compania')).get(`${SKILL}?id=no-existe`)).json()).toEqual({ message: BOT_MESSAGES.skillNotFound });
      expect((await (await as('dashboard')).get(`${SKILL}?id=no-existe`)).statusCode).toBe(403);
    });
  });

  describe('GET /skill', () => {
    it('responde cada campo: los guardados, los que faltan con su valor por defecto, y rev', async () => {
      const ids = await fresh();
      const s = await insertSkill(t, ids.bot, 'Ayuda', { tipo: 1, cfg: { threshold: 0.7, opReq: 'OR', tagsKb: ['t3'] } });
      const skill = await ok(await (await as('usuario')).get(`${SKILL}?id=${s}`));
      const { tipo: _tipo, frases: _frases, ...options } = SKILL_DEFAULTS;
      expect(skill).toEqual({ ...options, id: s, idBot: ids.bot, nm: 'Ayuda', dsc: null, tipo: 1, frases: [], threshold: 0.7, opReq: 'OR', tagsKb: ['t3'], fc: expect.any(String), rev: 0 });
    });

    it('un valor guardado que no corresponde a su campo (un archivo importado) se lee con su valor por defecto', async () => {
      const ids = await fresh();
      const s = await insertSkill(t, ids.bot, 'Importado', { cfg: { threshold: 'alto', tokens: [{ nm: 'x' }], attachmentTypes: ['exe'], login: true } });
      const skill = await ok(await (await as('compania')).get(`${SKILL}?id=${s}`));
      expect(skill).toMatchObject({ threshold: SKILL_DEFAULTS.threshold, tokens: [], attachmentTypes: SKILL_DEFAULTS.attachmentTypes, login: true });
    });
  });

  describe('POST /skill: alta', () => {
    it("'Agregar Skill' crea el skill y su nodo a la derecha del último, responde el skill completo y no cambia el rev del bot", async () => {
      const ids = await fresh();
      const c = await as('compania');
      await ok(await c.post(`${API}/bot`, { id: ids.bot, nm: ids.botNm, diagram: { nodes: [{ id: ids.skill, x: 100, y: 40 }], edges: [] }, rev: 0 }));
      t.clock.advance(1000);
      const skill = await ok(await c.post(SKILL, { idBot: ids.bot, nm: ' Despedida ', dsc: 'Adiós' }));
      expect(skill).toMatchObject({ idBot: ids.bot, nm: 'Despedida', dsc: 'Adiós', tipo: 0, frases: [], threshold: SKILL_DEFAULTS.threshold, rev: 0 });
      const row = await botRow(t, ids.bot);
      expect(JSON.parse(row!.diagram).nodes).toEqual([{ id: ids.skill, x: 100, y: 40 }, { id: skill.id, x: 350, y: 40 }]);
      expect(row?.rev).toBe(1);
      expect((await auditLines(t, ids.botNm)).at(-1)).toBe(`Bot «${ids.botNm}»: agregó el skill «Despedida»; cambió diagrama`);
      expect(await ok(await c.get(`${SKILL}?id=${skill.id}`))).toEqual(skill);
    });

    it('crea con todos los campos dados y los guarda como se enviaron', async () => {
      const ids = await fresh();
      const c = await as('admin');
      const { id: _id, rev: _rev, ...body } = fullBody(ids, ids.skill);
      const skill = await ok(await c.post(SKILL, body));
      expect(skill).toEqual({ ...body, id: skill.id, fc: expect.any(String), rev: 0 });
      expect(await ok(await c.get(`${SKILL}?id=${skill.id}`))).toEqual(skill);
    });

    it('un alta que rompe una regla no crea nada', async () => {
      const ids = await fresh();
      const response = await (await as('compania')).post(SKILL, { idBot: ids.bot, nm: 'Malo', frases: ['hola', 'HOLA'] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: `Frase 2: ${SKILL_MESSAGES.fraseRepetida}`, field: 'frases.1' });
      expect(await t.app.db.selectFrom('skill').select('id').where('idBot', '=', ids.bot).execute()).toHaveLength(1);
      expect(await auditLines(t, ids.botNm)).toEqual([]);
    });
  });

  describe('POST /skill: modificar', () => {
    const token = (nm: string, extra: object = {}) => ({ nm, sinonimos: [], obl: false, req: false, order: 0, unique: false, ...extra });
    it.each([
      ['nombre vacío', { nm: '' }, 'Campo requerido: Nombre', undefined],
      ['nombre en blanco', { nm: '   ' }, 'Campo requerido: Nombre', undefined],
      ['frase repetida', { frases: ['hola', ' Hola '] }, `Frase 2: ${SKILL_MESSAGES.fraseRepetida}`, 'frases.1'],
      ['frase en blanco', { frases: ['hola', '  '] }, `Frase 2: ${SKILL_MESSAGES.textoInvalido}`, 'frases.1'],
      ['palabra incluida repetida', { keywordIncluye: ['precio', 'PRECIO'] }, `Palabra clave incluida 2: ${SKILL_MESSAGES.palabraRepetida}`, 'keywordIncluye.1'],
      ['palabra excluida repetida', { keywordExcluye: ['queja', 'queja'] }, `Palabra clave excluida 2: ${SKILL_MESSAGES.palabraRepetida}`, 'keywordExcluye.1'],
      ['modo token sin tokens', { modToken: true, tokens: [] }, SKILL_MESSAGES.tokenMinimo, 'tokens'],
      ['token sin nombre', { tokens: [token(' ')] }, `Token 1: ${SKILL_MESSAGES.tokenNombre}`, 'tokens.0.nm'],
      ['token repetido', { tokens: [token('precio'), token('Precio', { order: 1 })] }, `Token 2: ${SKILL_MESSAGES.tokenRepetido}`, 'tokens.1.nm'],
      ['sinónimo repetido', { tokens: [token('precio', { sinonimos: ['costo', 'Costo'] })] }, `Token 1, sinónimo 2: ${SKILL_MESSAGES.sinonimoRepetido}`, 'tokens.0.sinonimos.1'],
      ['requerimientos contiguos', { tokens: [token('a', { req: true }), token('b', { req: true, order: 1 })] }, `Token 2: ${SKILL_MESSAGES.tokenContiguos}`, 'tokens.1.req'],
      ['umbral fuera de 0 a 1', { threshold: 1.5 }, 'El campo threshold debe ser menor o igual a 1', undefined],
      ['skill QnA sin tags', { tipo: 2, tagsKb: [] }, `Tags: ${SKILL_MESSAGES.tagMinimo}`, 'tagsKb'],
      ['modo KB sin tags', { modKb: true, tagsKb: [] }, `Tags: ${SKILL_MESSAGES.tagMinimo}`, 'tagsKb'],
      ['más de 5 archivos', { hasAttachments: true, attachmentMaxCount: 6 }, SKILL_MESSAGES.adjuntosCantidad, 'attachmentMaxCount'],
      ['0 MB por archivo', { hasAttachments: true, attachmentMaxSize: 0 }, SKILL_MESSAGES.adjuntosTamano, 'attachmentMaxSize'],
      ['adjuntos sin tipos', { hasAttachments: true, attachmentTypes: [] }, SKILL_MESSAGES.adjuntosTipos, 'attachmentTypes'],
      ['menú de resultados inexistente', { kbResultsMenu: 'no-existe' }, SKILL_MESSAGES.kbMenuAjeno, 'kbResultsMenu'],
      ['campo desconocido', { color: 'rojo' }, 'El campo color no está permitido', undefined],
    ])('%s: 400 con el mensaje y el campo, y nada cambia', async (_name, patch, message, field) => {
      const ids = await fresh();
      const response = await (await as('compania')).post(SKILL, { id: ids.skill, idBot: ids.bot, nm: 'Saludo', rev: 0, ...patch });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(field ? { message, field } : { message });
      expect(await skillRow(ids.skill)).toMatchObject({ nm: 'Saludo', rev: 0, cfg: '{}' });
      expect(await auditLines(t, ids.botNm)).toEqual([]);
    });

    it('el menú de resultados no puede ser un skill de otro bot', async () => {
      const ids = await fresh();
      const other = await fresh();
      const response = await (await as('compania')).post(SKILL, { id: ids.skill, idBot: ids.bot, nm: 'Saludo', rev: 0, kbResultsMenu: other.skill });
      expect(response.json()).toEqual({ message: SKILL_MESSAGES.kbMenuAjeno, field: 'kbResultsMenu' });
    });

    it('guarda cada campo como se envió, sube rev y anota los campos cambiados', async () => {
      const ids = await fresh();
      const menu = await insertSkill(t, ids.bot, 'Menú KB');
      const c = await as('compania');
      t.clock.advance(1000);
      const saved = await ok(await c.post(SKILL, fullBody(ids, menu)));
      const { rev: _rev, ...body } = fullBody(ids, menu);
      expect(saved).toEqual({ ...body, fc: expect.any(String), rev: 1 });
      expect(await ok(await c.get(`${SKILL}?id=${ids.skill}`))).toEqual(saved);
      expect((await auditLines(t, ids.botNm)).at(-1)).toBe(
        `Bot «${ids.botNm}»: skill «Bienvenida»: cambió nm, dsc, frases, modKeyword, login, modToken, tokenOrd, tokens, keywordIncluye, keywordExcluye, threshold, qna, tagsKb, modKb, listRespKb, opAndKb, kbResultsMenu, opReq, hasAttachments, attachmentsRequired, attachmentMaxCount, attachmentMaxSize, attachmentTypes, to`,
      );
      // A field left out keeps its value.
      t.clock.advance(1000);
      const again = await ok(await c.post(SKILL, { id: ids.skill, idBot: ids.bot, nm: 'Bienvenida', rev: 1, frases: ['hola'], tokens: [] , modToken: false }));
      expect(again).toMatchObject({ frases: ['hola'], tokens: [], modToken: false, threshold: 0.8, dsc: 'Saluda al cliente', rev: 2 });
      expect((await auditLines(t, ids.botNm)).at(-1)).toBe(`Bot «${ids.botNm}»: skill «Bienvenida»: cambió frases, modToken, tokens`);
    });

    it('sin cambios también sube rev y lo anota', async () => {
      const ids = await fresh();
      const saved = await ok(await (await as('compania')).post(SKILL, { id: ids.skill, idBot: ids.bot, nm: 'Saludo', rev: 0 }));
      expect(saved.rev).toBe(1);
      expect(await auditLines(t, ids.botNm)).toEqual([`Bot «${ids.botNm}»: skill «Saludo»: guardado sin cambios`]);
    });

    it('sin rev responde 400; con un rev viejo 409 y nada cambia', async () => {
      const ids = await fresh();
      const c = await as('compania');
      const missing = await c.post(SKILL, { id: ids.skill, idBot: ids.bot, nm: 'Otro' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'rev: falta la revisión del skill que se leyó' });
      await ok(await c.post(SKILL, { id: ids.skill, idBot: ids.bot, nm: 'Primero', rev: 0 }));
      const stale = await c.post(SKILL, { id: ids.skill, idBot: ids.bot, nm: 'Segundo', frases: [], rev: 0 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: SKILL_MESSAGES.stale });
      expect(await skillRow(ids.skill)).toMatchObject({ nm: 'Primero', rev: 1, frases: JSON.stringify(['hola', 'buenos días']) });
      expect(await auditLines(t, ids.botNm)).toEqual([`Bot «${ids.botNm}»: skill «Primero»: cambió nm`]);
    });

    it('un skill de otro bot (idBot distinto) responde 404', async () => {
      const ids = await fresh();
      const other = await fresh();
      const response = await (await as('compania')).post(SKILL, { id: ids.skill, idBot: other.bot, nm: 'X', rev: 0 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: BOT_MESSAGES.skillNotFound });
    });

    it('otra empresa recibe 404 aunque envíe el skill completo', async () => {
      const ids = await fresh();
      const response = await (await as('otra')).post(SKILL, { id: ids.skill, idBot: ids.bot, nm: 'X', rev: 0 });
      expect(response.statusCode).toBe(404);
      expect((await skillRow(ids.skill)).nm).toBe('Saludo');
      expect(otra).not.toBe(demo);
    });

    it('ROLE_USER guarda solo frases y palabras clave; el resto queda como estaba', async () => {
      const ids = await fresh();
      const c = await as('usuario');
      const saved = await ok(await c.post(SKILL, {
        id: ids.skill, idBot: ids.bot, rev: 0, nm: 'Cambiado', tipo: 1, threshold: 0.9, modToken: true,
        frases: ['hola', 'buenas'], keywordIncluye: ['precio'], keywordExcluye: ['queja'],
      }));
      expect(saved).toMatchObject({ nm: 'Saludo', tipo: 0, threshold: SKILL_DEFAULTS.threshold, modToken: false, frases: ['hola', 'buenas'], keywordIncluye: ['precio'], keywordExcluye: ['queja'], rev: 1 });
      expect(await auditLines(t, ids.botNm)).toEqual([`Bot «${ids.botNm}»: skill «Saludo»: cambió frases, keywordIncluye, keywordExcluye`]);
      const bad = await c.post(SKILL, { id: ids.skill, idBot: ids.bot, rev: 1, nm: 'Saludo', frases: ['hola', 'hola'] });
      expect(bad.json()).toEqual({ message: `Frase 2: ${SKILL_MESSAGES.fraseRepetida}`, field: 'frases.1' });
    });
  });

  describe('GET /skill.frases', () => {
    it.each(PRESET_TYPES.map((tipo) => [tipo]))('%s: al menos 40 frases, sin repetidas', async (tipo) => {
      const ids = await fresh();
      const answer = await ok(await (await as('usuario')).get(`${FRASES}?id=${ids.skill}&tipo=${tipo}`));
      expect(answer.tipo).toBe(tipo);
      expect(answer.frases).toEqual([...PHRASE_SETS[tipo]]);
      expect(answer.frases.length).toBeGreaterThanOrEqual(40);
      expect(new Set(answer.frases.map(textKey)).size).toBe(answer.frases.length);
      for (const f of answer.frases) expect(f).toBe(f.trim());
    });

    it('mezclan formas de Latinoamérica y de España, con y sin tildes', () => {
      expect(PHRASE_SETS.saludos).toEqual(expect.arrayContaining(['buenos días', 'buenos dias', 'qué tal', 'que onda', 'buenas', 'hola qué hay', 'ey', 'muy buenas', 'qué pasa']));
      expect(PHRASE_SETS.despedidas).toEqual(expect.arrayContaining(['chao', 'chau', 'hasta luego', 'nos vemos', 'adiós', 'adios']));
      expect(PHRASE_SETS.insultos).toEqual(expect.arrayContaining(['inútil', 'estúpido', 'estupido', 'gilipollas', 'boludo']));
    });

    it('un tipo desconocido responde 400', async () => {
      const ids = await fresh();
      const response = await (await as('compania')).get(`${FRASES}?id=${ids.skill}&tipo=chistes`);
      expect(response.statusCode).toBe(400);
    });
  });

  describe('POST /skill.frases', () => {
    it('agrega sin repetir (ni contra las guardadas ni entre sí), sube rev y lo anota; ROLE_USER también puede', async () => {
      const ids = await fresh();
      const c = await as('usuario');
      const answer = await ok(await c.post(`${FRASES}?id=${ids.skill}&rev=0`, ['Hola', 'qué tal', '  qué   tal ', '', 'buenas']));
      expect(answer).toEqual({ message: 'Agregadas con éxito: 2 frases', added: 2, frases: ['hola', 'buenos días', 'qué tal', 'buenas'], rev: 1 });
      expect((await ok(await c.get(`${SKILL}?id=${ids.skill}`))).frases).toEqual(answer.frases);
      expect(await auditLines(t, ids.botNm)).toEqual([`Bot «${ids.botNm}»: skill «Saludo»: agregó 2 frases de entrenamiento`]);
    });

    it('un rev viejo no se rechaza: la unión no pisa lo que otro guardó', async () => {
      const ids = await fresh();
      const c = await as('compania');
      await ok(await c.post(SKILL, { id: ids.skill, idBot: ids.bot, nm: 'Saludo', rev: 0, frases: ['hola', 'buenos días', 'buen día'] }));
      const answer = await ok(await c.post(`${FRASES}?id=${ids.skill}&rev=0`, ['ey']));
      expect(answer).toMatchObject({ message: 'Agregadas con éxito: 1 frase', added: 1, frases: ['hola', 'buenos días', 'buen día', 'ey'], rev: 2 });
    });

    it('si todas estaban, no cambia nada: 0 frases, el mismo rev y sin auditoría', async () => {
      const ids = await fresh();
      const answer = await ok(await (await as('compania')).post(`${FRASES}?id=${ids.skill}`, ['HOLA']));
      expect(answer).toEqual({ message: 'Agregadas con éxito: 0 frases', added: 0, frases: ['hola', 'buenos días'], rev: 0 });
      expect(await auditLines(t, ids.botNm)).toEqual([]);
    });

    it.each([[[]], [['', '   ']]])("sin frases (%j) responde 400 'Seleccione frases'", async (lines) => {
      const ids = await fresh();
      const response = await (await as('compania')).post(`${FRASES}?id=${ids.skill}`, lines);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Seleccione frases' });
      expect((await skillRow(ids.skill)).rev).toBe(0);
    });
  });

  describe('skills del diagrama', () => {
    it('GET /skills cuenta las frases de cada skill, en el orden en que se crearon', async () => {
      const ids = await fresh();
      t.clock.advance(1000);
      await insertSkill(t, ids.bot, 'Ayuda', { tipo: 1 });
      const skills = await ok(await (await as('usuario')).get(`${API}/skills?idBot=${ids.bot}`));
      expect(skills.map((x: { nm: string; nFrases: number; tipo: number }) => [x.nm, x.nFrases, x.tipo])).toEqual([['Saludo', 2, 0], ['Ayuda', 0, 1]]);
    });

    it('POST /skill.delete borra los skills con sus acciones y requerimientos, sus nodos, los enlaces que los tocan y los enlaces pedidos', async () => {
      const ids = await fresh();
      const b = await insertSkill(t, ids.bot, 'B');
      const c3 = await insertSkill(t, ids.bot, 'C');
      const db = t.app.db;
      await db.insertInto('accion').values({ id: `a-${b}`, idBot: ids.bot, idSkill: b, type: 'TEXT' }).execute();
      await db.insertInto('requerimiento').values({ id: `r-${b}`, idBot: ids.bot, idSkill: b }).execute();
      const node = (id: string, x: number) => ({ id, x, y: 0 });
      const diagram = {
        nodes: [node(ids.skill, 0), node(b, 250), node(c3, 500)],
        edges: [{ id: 'a-b', source: ids.skill, target: b }, { id: 'b-c', source: b, target: c3 }, { id: 'a-c', source: ids.skill, target: c3 }, { id: 'c-a', source: c3, target: ids.skill }],
      };
      const api = await as('compania');
      await ok(await api.post(`${API}/bot`, { id: ids.bot, nm: ids.botNm, diagram, rev: 0 }));
      t.clock.advance(1000);
      expect(await ok(await api.post(`${API}/skill.delete`, { idBot: ids.bot, skills: [b], links: ['a-c'] }))).toEqual({ message: 'Eliminado con éxito' });
      const stored = JSON.parse((await botRow(t, ids.bot))!.diagram);
      expect(stored.nodes.map((n: { id: string }) => n.id)).toEqual([ids.skill, c3]);
      expect(stored.edges.map((e: { id: string }) => e.id)).toEqual(['c-a']);
      expect(await db.selectFrom('skill').select('id').where('id', '=', b).execute()).toEqual([]);
      expect(await db.selectFrom('accion').select('id').where('idSkill', '=', b).execute()).toEqual([]);
      expect(await db.selectFrom('requerimiento').select('id').where('idSkill', '=', b).execute()).toEqual([]);
      expect((await auditLines(t, ids.botNm)).at(-1)).toBe(`Bot «${ids.botNm}»: eliminó los skills «B»; cambió diagrama`);
    });

    it('POST /skill.delete de un skill de otro bot responde 404 y no borra nada', async () => {
      const mine = await fresh();
      const other = await fresh();
      const response = await (await as('compania')).post(`${API}/skill.delete`, { idBot: mine.bot, skills: [mine.skill, other.skill] });
      expect(response.statusCode).toBe(404);
      expect(await t.app.db.selectFrom('skill').select('id').where('id', 'in', [mine.skill, other.skill]).execute()).toHaveLength(2);
      expect(await auditLines(t, mine.botNm)).toEqual([]);
    });
  });
});
