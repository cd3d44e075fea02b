// The QnA knowledge base on the server: GET/POST /tag-kb, POST /skill/qna-search, DELETE
// /skill/qna, POST /skill/qna-delete, GET /skill/jedai, GET /skills/kb, and a QnA saved through
// POST /skill (tipo 2), against the real app on a seeded database.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACCOUNTS, companyId, signedIn } from './adminFixtures';
import { botAudit, botRow, expectedStatus, insertBot, insertSkill, ok } from './botFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { BOT_MESSAGES } from '../../common/schemas/bots';
import { DEFAULT_QNA_BOT, GLOBAL_TAG, QNA_MESSAGES, QNA_TIPO } from '../../common/schemas/qna';
import { SKILL_MESSAGES, textKey, validateSkill } from '../../common/schemas/skillRules';
import { ACCION_RULES } from '../../common/actions';
import { LIMIT_MESSAGES, definitionLimitProblems } from '../../server/src/services/bots/limits';
import { DEFAULT_QNAS, DEFAULT_TAGS } from '../../server/src/services/qna/porDefectoQnas';
import { ensureDefaultBot } from '../../server/src/services/qna/porDefecto';
import type { SessionUser } from '../../server/src/types';

const SEARCH = `${API}/skill/qna-search`;
const MINUTE = 60_000;

interface Fixture {
  bot: string;
  botNm: string;
  qna: string;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe.each(dialects)('qna (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
    admin = await companyId(t, 'Administración');
  });
  afterAll(() => t?.close());

  const iso = (ms: number) => new Date(ms).toISOString();

  /** Inserts a QnA straight into the database (fa null: its creation stands). */
  async function insertQna(bot: string, nm: string, fields: { tags?: string[] | null; frases?: string[]; fc?: number; fa?: number | null; origen?: number } = {}): Promise<string> {
    const id = randomUUID();
    const cfg = fields.tags === null ? {} : { tagsKb: fields.tags ?? [GLOBAL_TAG], modKb: false, tokens: [{ nm: 't1', sinonimos: [], obl: false, req: false, order: 0, unique: false }] };
    await t.app.db.insertInto('skill').values({
      id, idBot: bot, nm, dsc: null, tipo: QNA_TIPO, frases: JSON.stringify(fields.frases ?? ['una pregunta']), cfg: JSON.stringify(cfg),
      fc: iso(fields.fc ?? t.clock.now), fa: fields.fa === undefined || fields.fa === null ? null : iso(fields.fa), origen: fields.origen ?? 0,
    }).execute();
    return id;
  }

  const insertTag = (bot: string, sg: string, nm: string) => t.app.db.insertInto('tag_kb').values({ idBot: bot, sg, nm, nmKey: fold(nm) }).execute();
  const insertText = (bot: string, skill: string, text = 'Respuesta') =>
    t.app.db.insertInto('accion').values({ id: randomUUID(), idBot: bot, idSkill: skill, type: 'TEXT', ord: 0, cfg: JSON.stringify({ text: [text], red: [8] }) }).execute();
  const qnaRows = (bot: string) => t.app.db.selectFrom('skill').selectAll().where('idBot', '=', bot).where('tipo', '=', QNA_TIPO).orderBy('nm').execute();
  const tagRows = (bot: string) => t.app.db.selectFrom('tag_kb').select(['sg', 'nm']).where('idBot', '=', bot).orderBy('sg').execute();
  const actionCount = async (bot: string) => Number((await t.app.db.selectFrom('accion').select((eb) => eb.fn.countAll<number>().as('n')).where('idBot', '=', bot).executeTakeFirstOrThrow()).n);

  /** A Demo Internacional bot with the tag t1 'Saludos', one QnA of it with its answer, and one KB-mode skill. */
  async function fixture(): Promise<Fixture> {
    const botNm = `QnA ${randomUUID().slice(0, 8)}`;
    const bot = await insertBot(t, demo, botNm, { qna: 1 });
    await insertTag(bot, 't1', 'Saludos');
    const qna = await insertQna(bot, 'Hola', { tags: ['t1'], frases: ['hola', 'buenas'] });
    await insertText(bot, qna);
    await insertSkill(t, bot, 'Consultas', { cfg: { modKb: true, tagsKb: ['t1'] } });
    return { bot, botNm, qna };
  }

  const ROUTES: Array<{ route: string; need: 'read' | 'edit'; missing?: string; call: (c: Client, f: Fixture) => Promise<LightMyRequestResponse> }> = [
    { route: 'GET /tag-kb', need: 'read', call: (c, f) => c.get(`${API}/tag-kb?idBot=${f.bot}`) },
    { route: 'POST /tag-kb', need: 'edit', call: (c, f) => c.post(`${API}/tag-kb`, { idBot: f.bot, nm: 'Ayuda' }) },
    { route: 'POST /skill/qna-search', need: 'read', call: (c, f) => c.post(SEARCH, { idBot: f.bot, page: 0, pageSize: 5 }) },
    { route: 'DELETE /skill/qna', need: 'edit', missing: QNA_MESSAGES.qnaNoEncontrada, call: (c, f) => c.send('DELETE', `${API}/skill/qna?id=${f.qna}&idBot=${f.bot}`) },
    { route: 'POST /skill/qna-delete', need: 'edit', call: (c, f) => c.post(`${API}/skill/qna-delete`, { idBot: f.bot, tags: ['t1'] }) },
    { route: 'GET /skill/jedai', need: 'edit', call: (c, f) => c.get(`${API}/skill/jedai?idBot=${f.bot}`) },
    { route: 'GET /skills/kb', need: 'read', call: (c, f) => c.get(`${API}/skills/kb?idBot=${f.bot}`) },
    { route: 'POST /skill (QnA nueva)', need: 'edit', call: (c, f) => c.post(`${API}/skill`, { idBot: f.bot, nm: 'Nueva', tipo: 2, tagsKb: ['t1'], frases: ['nueva'] }) },
  ];

  describe('quién llega a cada ruta (leer como un bot; cambiar con isBotEdit)', () => {
    it.each(ROUTES.flatMap((r) => ALL_ACCOUNTS.map((who) => [r.route, who, expectedStatus(who, r.need)] as const)))('%s: %s recibe %i', async (route, who, status) => {
      const r = ROUTES.find((x) => x.route === route)!;
      const f = await fixture();
      const response = await r.call(await as(who), f);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 403) expect(response.json()).toEqual({ message: 'No tiene permiso para realizar esta acción' });
      if (status === 404) expect(response.json()).toEqual({ message: r.missing ?? BOT_MESSAGES.notFound });
      // A refused call changes nothing and writes no audit row.
      if (status !== 200) {
        expect((await qnaRows(f.bot)).map((q) => q.nm)).toEqual(['Hola']);
        expect(await tagRows(f.bot)).toEqual([{ sg: 't1', nm: 'Saludos' }]);
        expect(await botAudit(t, f.botNm)).toEqual([]);
      }
    });

    it.each(ROUTES.map((r) => [r.route]))('%s sin sesión responde 401', async (route) => {
      expect((await ROUTES.find((x) => x.route === route)!.call(t.client(), await fixture())).statusCode).toBe(401);
    });
  });

  describe('GET/POST /tag-kb', () => {
    it('el tag global t0 primero; los nuevos reciben t1, t2 … y un nombre repetido (mayúsculas, tildes, espacios) responde el tag que ya existe', async () => {
      const bot = await insertBot(t, demo, 'Tags A');
      const c = await as('compania');
      expect(ok(await c.get(`${API}/tag-kb?idBot=${bot}`))).toEqual([{ sg: 't0', nm: 'Global' }]);
      expect(ok(await c.post(`${API}/tag-kb`, { idBot: bot, nm: '  Saludos ' }))).toEqual({ sg: 't1', nm: 'Saludos' });
      expect(ok(await c.post(`${API}/tag-kb`, { idBot: bot, nm: 'Cortesía' }))).toEqual({ sg: 't2', nm: 'Cortesía' });
      expect(ok(await c.post(`${API}/tag-kb`, { idBot: bot, nm: 'SALUDOS' }))).toEqual({ sg: 't1', nm: 'Saludos' });
      expect(ok(await c.post(`${API}/tag-kb`, { idBot: bot, nm: 'cortesia' }))).toEqual({ sg: 't2', nm: 'Cortesía' });
      expect(ok(await c.post(`${API}/tag-kb`, { idBot: bot, nm: 'global' }))).toEqual({ sg: 't0', nm: 'Global' });
      expect(ok(await c.post(`${API}/tag-kb`, { idBot: bot, nm: 'Ayuda' }))).toEqual({ sg: 't3', nm: 'Ayuda' });
      expect(ok(await c.get(`${API}/tag-kb?idBot=${bot}`))).toEqual([
        { sg: 't0', nm: 'Global' }, { sg: 't3', nm: 'Ayuda' }, { sg: 't2', nm: 'Cortesía' }, { sg: 't1', nm: 'Saludos' },
      ]);
      // Written at one instant: compared as a set.
      expect((await botAudit(t, 'Tags A')).map((a) => a.val).sort()).toEqual([
        'Bot «Tags A»: agregó el tag «Ayuda» (t3)', 'Bot «Tags A»: agregó el tag «Cortesía» (t2)', 'Bot «Tags A»: agregó el tag «Saludos» (t1)',
      ]);
    });

    it('el código es el primero libre del bot, y cada bot cuenta los suyos', async () => {
      const bot = await insertBot(t, demo);
      const other = await insertBot(t, demo);
      await insertTag(bot, 't2', 'Dos');
      const c = await as('admin');
      expect(ok(await c.post(`${API}/tag-kb`, { idBot: bot, nm: 'Uno' })).sg).toBe('t1');
      expect(ok(await c.post(`${API}/tag-kb`, { idBot: bot, nm: 'Tres' })).sg).toBe('t3');
      expect(ok(await c.post(`${API}/tag-kb`, { idBot: other, nm: 'Uno' })).sg).toBe('t1');
    });

    it.each([[''], ['   ']])("un nombre en blanco (%j) responde 400 'Ingrese el nombre del tag' sobre el campo nm", async (nm) => {
      const bot = await insertBot(t, demo);
      const response = await (await as('compania')).post(`${API}/tag-kb`, { idBot: bot, nm });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: QNA_MESSAGES.tagVacio, field: 'nm' });
      expect(await tagRows(bot)).toEqual([]);
    });
  });

  describe('POST /skill/qna-search', () => {
    const NAMES = ['Cómo pago', 'como PAGAR en línea', 'horario', 'dónde están', 'pagos con tarjeta', 'reclamos', 'Pagó dos veces', 'devoluciones', 'envíos', 'sin tags'];
    /** Ten QnAs with tags from t1..t3 (and one without tagsKb: global), each changed at its own time. */
    async function table() {
      const bot = await insertBot(t, demo);
      const base = t.clock.now - 100 * MINUTE;
      const tagsOf = (i: number): string[] | null => (i === 9 ? null : [['t1'], ['t2'], ['t1', 't3'], [GLOBAL_TAG], ['t3']][i % 5]);
      const rows = [];
      for (const [i, nm] of NAMES.entries()) {
        // Created in one order, changed in another; some never changed (fa null: fc stands).
        const fc = base + i * MINUTE;
        const fa = i % 3 === 0 ? null : base + ((i * 7) % 10) * 10 * MINUTE + 30 * MINUTE;
        const id = await insertQna(bot, nm, { tags: tagsOf(i), fc, fa, frases: Array.from({ length: i + 1 }, (_, k) => `variante ${k}`), origen: i % 2 });
        rows.push({ id, nm, tags: tagsOf(i) ?? [GLOBAL_TAG], fc: iso(fc), fa: iso(fa ?? fc), origen: i % 2, nFrases: i + 1 });
      }
      // A business skill is never a QnA row.
      await insertSkill(t, bot, 'pago normal', { cfg: { tagsKb: ['t1'] } });
      return { bot, rows };
    }

    /** Every page of a search, one after the other, with the totals each page reported. */
    async function allPages(c: Client, body: Record<string, unknown>, pageSize: number) {
      const first = ok(await c.post(SEARCH, { ...body, page: 0, pageSize }));
      const content = [...first.content];
      for (let page = 1; page < first.totalPages; page++) {
        const next = ok(await c.post(SEARCH, { ...body, page, pageSize }));
        expect([next.totalElements, next.totalPages]).toEqual([first.totalElements, first.totalPages]);
        content.push(...next.content);
      }
      return { content, totalElements: first.totalElements, totalPages: first.totalPages };
    }

    it.each([
      ['sin tags: todas', [], undefined],
      ['t1', ['t1'], undefined],
      ['t2 o t3', ['t2', 't3'], undefined],
      ['global (también la que no guarda tags)', [GLOBAL_TAG], undefined],
      ["nombre 'PAGO' sin distinguir mayúsculas ni tildes", [], 'PAGO'],
      ["t1 y nombre 'pagó'", ['t1'], 'pagó'],
      ["nombre 'LÍNEA'", [], 'LÍNEA'],
    ])('%s: las filas y los totales coinciden con una cuenta lenta, por última modificación', async (_, tags, name) => {
      const { bot, rows } = await table();
      const c = await as('usuario');
      const filtered = name ? [{ id: 'nm', value: name }] : undefined;
      const got = await allPages(c, { idBot: bot, tags, filtered }, 3);
      const expected = rows
        .filter((r) => tags.length === 0 || r.tags.some((tag) => tags.includes(tag)))
        .filter((r) => !name || fold(r.nm).includes(fold(name)))
        .sort((a, b) => (a.fa < b.fa ? 1 : a.fa > b.fa ? -1 : a.fc < b.fc ? 1 : -1));
      expect(expected.length).toBeGreaterThan(0);
      expect(got.totalElements).toBe(expected.length);
      expect(got.totalPages).toBe(Math.ceil(expected.length / 3));
      expect(got.content).toEqual(expected.map((r) => ({ id: r.id, nm: r.nm, fa: r.fa, origen: r.origen, tagsKb: r.tags, nFrases: r.nFrases })));
    });

    it('ordena por nombre y por Actualizado en ambos sentidos; por defecto 5 por página', async () => {
      const { bot, rows } = await table();
      const c = await as('compania');
      const ascii = rows.filter((r) => /^[a-z ]+$/.test(r.nm));
      const idsOf = (list: Array<{ id: string }>) => list.map((r) => r.id);
      const inTable = (list: Array<{ id: string }>) => idsOf(list).filter((id) => ascii.some((r) => r.id === id));
      const byName = await allPages(c, { idBot: bot, sorted: [{ id: 'nm' }] }, 4);
      expect(inTable(byName.content)).toEqual(idsOf([...ascii].sort((a, b) => (a.nm < b.nm ? -1 : 1))));
      const byNameDesc = await allPages(c, { idBot: bot, sorted: [{ id: 'nm', desc: true }] }, 4);
      expect(inTable(byNameDesc.content)).toEqual(idsOf([...ascii].sort((a, b) => (a.nm < b.nm ? 1 : -1))));
      const oldest = await allPages(c, { idBot: bot, sorted: [{ id: 'fa', desc: false }] }, 4);
      expect(idsOf(oldest.content)).toEqual(idsOf([...rows].sort((a, b) => (a.fa < b.fa ? -1 : a.fa > b.fa ? 1 : a.fc < b.fc ? -1 : 1))));
      const page = ok(await c.post(SEARCH, { idBot: bot }));
      expect(page).toMatchObject({ totalElements: 10, totalPages: 2 });
      expect(page.content).toHaveLength(5);
      const past = ok(await c.post(SEARCH, { idBot: bot, page: 9, pageSize: 5 }));
      expect(past).toEqual({ content: [], totalElements: 10, totalPages: 2, totalExact: true });
    });

    it('un orden o filtro fuera de la lista responde 400', async () => {
      const { bot } = await table();
      const c = await as('compania');
      expect((await c.post(SEARCH, { idBot: bot, sorted: [{ id: 'cfg' }] })).statusCode).toBe(400);
      expect((await c.post(SEARCH, { idBot: bot, filtered: [{ id: 'frases', value: 'x' }] })).statusCode).toBe(400);
    });

    it('10.000 QnA en un bot: una página con filtro de tag (tiempo impreso) y su total igual a una cuenta lenta', async () => {
      const bot = await insertBot(t, demo);
      const base = t.clock.now - 20_000 * MINUTE;
      const rows = Array.from({ length: 10_000 }, (_, i) => ({
        id: randomUUID(), idBot: bot, nm: `Pregunta ${i}`, dsc: null, tipo: QNA_TIPO,
        frases: JSON.stringify([`pregunta número ${i}`, `otra forma ${i}`]),
        cfg: JSON.stringify({ tagsKb: i % 7 === 0 ? ['t2', 't5'] : [`t${i % 4}`], modKb: false, threshold: 0.5, tokens: [] }),
        fc: iso(base + i * MINUTE), fa: i % 2 ? iso(base + (10_000 + i) * MINUTE) : null, origen: 1,
      }));
      for (let i = 0; i < rows.length; i += 500) await t.app.db.insertInto('skill').values(rows.slice(i, i + 500)).execute();
      const expected = rows.filter((r) => (JSON.parse(r.cfg).tagsKb as string[]).some((tag) => tag === 't2' || tag === 't3'));
      const c = await as('compania');
      const timings: number[] = [];
      let page;
      for (let run = 0; run < 5; run++) {
        const started = performance.now();
        page = ok(await c.post(SEARCH, { idBot: bot, tags: ['t2', 't3'], page: 3, pageSize: 20 }));
        timings.push(performance.now() - started);
      }
      expect(page.totalElements).toBe(expected.length);
      const newest = [...expected].sort((a, b) => ((a.fa ?? a.fc) < (b.fa ?? b.fc) ? 1 : -1));
      expect(page.content.map((r: { id: string }) => r.id)).toEqual(newest.slice(60, 80).map((r) => r.id));
      const named = ok(await c.post(SEARCH, { idBot: bot, tags: ['t1'], filtered: [{ id: 'nm', value: 'pregunta 99' }], page: 0, pageSize: 20 }));
      expect(named.totalElements).toBe(rows.filter((r) => r.nm.startsWith('Pregunta 99') && JSON.parse(r.cfg).tagsKb.includes('t1')).length);
      console.log(`[${dialect}] POST /skill/qna-search, 10.000 QnA, tags t2|t3, página 4 de 20: ${timings.map((ms) => ms.toFixed(1)).join(', ')} ms`);
    }, 120_000);
  });

  describe('DELETE /skill/qna y POST /skill/qna-delete', () => {
    it('elimina una QnA con sus acciones, con su fila de auditoría', async () => {
      const f = await fixture();
      const other = await insertQna(f.bot, 'Adiós', { tags: ['t1'] });
      await insertText(f.bot, other);
      const response = await (await as('compania')).send('DELETE', `${API}/skill/qna?id=${f.qna}&idBot=${f.bot}`);
      expect(ok(response)).toEqual({ message: BOT_MESSAGES.deleted });
      expect((await qnaRows(f.bot)).map((q) => q.nm)).toEqual(['Adiós']);
      expect(await actionCount(f.bot)).toBe(1);
      expect((await botAudit(t, f.botNm))[0].val).toBe(`Bot «${f.botNm}»: eliminó la QnA «Hola»`);
    });

    it("una QnA inexistente, un skill que no es QnA o la QnA de otro bot responden 404 'QnA no encontrada'", async () => {
      const f = await fixture();
      const other = await fixture();
      const skill = await insertSkill(t, f.bot, 'Negocio');
      const c = await as('compania');
      for (const id of ['no-existe', skill, other.qna]) {
        const response = await c.send('DELETE', `${API}/skill/qna?id=${id}&idBot=${f.bot}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: QNA_MESSAGES.qnaNoEncontrada });
      }
      expect(await botRow(t, f.bot)).toBeDefined();
      expect(await t.app.db.selectFrom('skill').select('id').where('id', 'in', [skill, other.qna]).execute()).toHaveLength(2);
    });

    it('por tags: se van las QnA con alguno de ellos (y sus acciones), las demás quedan', async () => {
      const bot = await insertBot(t, demo, 'Borrar por tags');
      await insertTag(bot, 't1', 'Saludos');
      await insertTag(bot, 't2', 'Ayuda');
      const ids = {
        uno: await insertQna(bot, 'uno', { tags: ['t1'] }),
        dos: await insertQna(bot, 'dos', { tags: ['t2'] }),
        ambos: await insertQna(bot, 'ambos', { tags: ['t2', 't1'] }),
        global: await insertQna(bot, 'global', { tags: [GLOBAL_TAG] }),
        sinTags: await insertQna(bot, 'sin tags', { tags: null }),
      };
      for (const id of Object.values(ids)) await insertText(bot, id);
      const negocio = await insertSkill(t, bot, 'negocio', { cfg: { tagsKb: ['t1'] } });
      const c = await as('compania');
      expect(ok(await c.post(`${API}/skill/qna-delete`, { idBot: bot, tags: ['t1'] }))).toEqual({ msg: 'Se eliminaron 2 QnA', n: 2 });
      expect((await qnaRows(bot)).map((q) => q.nm)).toEqual(['dos', 'global', 'sin tags']);
      expect(await actionCount(bot)).toBe(3);
      expect(ok(await c.post(`${API}/skill/qna-delete`, { idBot: bot, tags: [GLOBAL_TAG] }))).toEqual({ msg: 'Se eliminaron 2 QnA', n: 2 });
      expect(ok(await c.post(`${API}/skill/qna-delete`, { idBot: bot, tags: ['t2', 't9'] }))).toEqual({ msg: 'Se eliminó 1 QnA', n: 1 });
      expect(ok(await c.post(`${API}/skill/qna-delete`, { idBot: bot, tags: ['t2'] }))).toEqual({ msg: 'Se eliminaron 0 QnA', n: 0 });
      expect(await qnaRows(bot)).toEqual([]);
      expect(await t.app.db.selectFrom('skill').select('id').where('id', '=', negocio).execute()).toHaveLength(1);
      expect((await botAudit(t, 'Borrar por tags')).map((a) => a.val).sort()).toEqual([
        'Bot «Borrar por tags»: eliminó 1 QnA de los tags «Ayuda», «t9»',
        'Bot «Borrar por tags»: eliminó 2 QnA de los tags «Global»',
        'Bot «Borrar por tags»: eliminó 2 QnA de los tags «Saludos»',
      ]);
    });

    it("sin tags responde 400 'Seleccione mínimo 1 tag' y no borra nada", async () => {
      const f = await fixture();
      const response = await (await as('compania')).post(`${API}/skill/qna-delete`, { idBot: f.bot, tags: [] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Seleccione mínimo 1 tag', field: 'tags' });
      expect(await qnaRows(f.bot)).toHaveLength(1);
    });
  });

  describe('una QnA se guarda con POST /skill (tipo 2)', () => {
    it('sin nodo en el diagrama ni en GET /skills; fa al crear y en cada cambio; origen 0 (Usuario)', async () => {
      const f = await fixture();
      const c = await as('compania');
      const before = await botRow(t, f.bot);
      t.clock.advance(MINUTE);
      const created = ok(await c.post(`${API}/skill`, { idBot: f.bot, nm: '¿Cuál es el horario?', tipo: 2, tagsKb: ['t1', GLOBAL_TAG], frases: ['horario', 'a qué hora abren'] }));
      expect(created).toMatchObject({ tipo: 2, tagsKb: ['t1', GLOBAL_TAG], frases: ['horario', 'a qué hora abren'] });
      const after = await botRow(t, f.bot);
      expect([after?.diagram, after?.rev]).toEqual([before?.diagram, before?.rev]);
      const stored = await t.app.db.selectFrom('skill').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
      expect([stored.fa, stored.fc, Number(stored.origen)]).toEqual([iso(t.clock.now), iso(t.clock.now), 0]);
      expect((await botAudit(t, f.botNm))[0].val).toBe(`Bot «${f.botNm}»: agregó la QnA «¿Cuál es el horario?»`);

      const listed = ok(await c.get(`${API}/skills?idBot=${f.bot}`));
      expect(listed.map((s: { nm: string }) => s.nm)).toEqual(['Consultas']);
      const table = ok(await c.post(SEARCH, { idBot: f.bot }));
      expect(table.content.map((r: { nm: string }) => r.nm)).toEqual(['¿Cuál es el horario?', 'Hola']);

      t.clock.advance(5 * MINUTE);
      ok(await (await as('usuario')).post(`${API}/skill`, { id: created.id, idBot: f.bot, nm: created.nm, frases: ['horario', 'a qué hora abren', 'hasta qué hora'], rev: 0 }));
      const changed = await t.app.db.selectFrom('skill').select(['fa', 'fc']).where('id', '=', created.id).executeTakeFirstOrThrow();
      expect([changed.fa, changed.fc]).toEqual([iso(t.clock.now), stored.fc]);
      expect((await botRow(t, f.bot))?.diagram).toBe(before?.diagram);

      // Its answer is part of it: adding, changing, ordering or deleting an action changes 'Actualizado' too.
      t.clock.advance(MINUTE);
      ok(await c.post(`${API}/accion`, { idBot: f.bot, idSkill: created.id, type: 'TEXT', text: ['De 9 a 18 h.'], red: [8] }));
      const answered = await t.app.db.selectFrom('skill').select('fa').where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(answered.fa).toBe(iso(t.clock.now));
    });

    it('un skill de negocio sigue en el diagrama y no lleva fa', async () => {
      const f = await fixture();
      const created = ok(await (await as('compania')).post(`${API}/skill`, { idBot: f.bot, nm: 'Negocio' }));
      expect(JSON.parse((await botRow(t, f.bot))!.diagram).nodes.map((n: { id: string }) => n.id)).toEqual([created.id]);
      expect((await t.app.db.selectFrom('skill').select('fa').where('id', '=', created.id).executeTakeFirstOrThrow()).fa).toBeNull();
    });

    it.each([
      ['un tag que el bot no tiene', { tagsKb: ['t1', 't9'] }, QNA_MESSAGES.tagNoExiste('t9')],
      ['sin tags', { tagsKb: [] }, `Tags: ${SKILL_MESSAGES.tagMinimo}`],
    ])('%s responde 400 sobre tagsKb y no guarda', async (_, change, message) => {
      const f = await fixture();
      const response = await (await as('compania')).post(`${API}/skill`, { idBot: f.bot, nm: 'Mal', tipo: 2, frases: ['x'], ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field: 'tagsKb' });
      expect((await qnaRows(f.bot)).map((q) => q.nm)).toEqual(['Hola']);
      // Changing a stored QnA to an unknown tag is refused too.
      const update = await (await as('compania')).post(`${API}/skill`, { id: f.qna, idBot: f.bot, nm: 'Hola', rev: 0, ...change });
      expect(update.json()).toEqual({ message, field: 'tagsKb' });
    });
  });

  describe('GET /skills/kb', () => {
    it('los skills del bot en modo KB, por nombre (ni los demás ni las QnA)', async () => {
      const f = await fixture();
      await insertSkill(t, f.bot, 'Ayuda KB', { cfg: { modKb: true } });
      await insertSkill(t, f.bot, 'Sin KB', { cfg: { modKb: false } });
      await insertQna(f.bot, 'QnA en modo KB', { tags: ['t1'] });
      const list = ok(await (await as('usuario')).get(`${API}/skills/kb?idBot=${f.bot}`));
      expect(list.map((s: { nm: string }) => s.nm)).toEqual(['Ayuda KB', 'Consultas']);
      expect(Object.keys(list[0]).sort()).toEqual(['id', 'nm']);
    });
  });

  describe('el conjunto por defecto (bot jedai)', () => {
    const adminUser = async (): Promise<SessionUser> => {
      const row = await t.app.db.selectFrom('usuario').select(['id', 'usuario', 'idE']).where('usuario', '=', 'admin@quipu.test').executeTakeFirstOrThrow();
      return { ...row, flags: { isAdmin: true } } as unknown as SessionUser;
    };
    const dropJedai = () => t.app.db.deleteFrom('bot').where('id', '=', DEFAULT_QNA_BOT).execute();

    it('tiene al menos 60 QnA válidas: nombre único, 4 a 8 variantes sin repetir, un tag de 3 a 5 y una respuesta de texto', () => {
      expect(DEFAULT_QNAS.length).toBeGreaterThanOrEqual(60);
      expect(DEFAULT_TAGS.length).toBeGreaterThanOrEqual(3);
      expect(DEFAULT_TAGS.length).toBeLessThanOrEqual(5);
      expect(new Set(DEFAULT_QNAS.map((q) => q.tag))).toEqual(new Set(DEFAULT_TAGS));
      expect(new Set(DEFAULT_QNAS.map((q) => fold(q.nm))).size).toBe(DEFAULT_QNAS.length);
      const variants = DEFAULT_QNAS.flatMap((q) => q.frases.map(textKey));
      expect(variants.filter((v, i) => variants.indexOf(v) !== i)).toEqual([]);
      for (const q of DEFAULT_QNAS) {
        expect(q.frases.length, q.nm).toBeGreaterThanOrEqual(4);
        expect(q.frases.length, q.nm).toBeLessThanOrEqual(8);
        expect(validateSkill({ nm: q.nm, tipo: QNA_TIPO, frases: q.frases, tagsKb: ['t1'] }), q.nm).toEqual([]);
        expect(q.respuesta.length, q.nm).toBeGreaterThan(0);
        expect(ACCION_RULES.TEXT.validate({ text: [...q.respuesta] }, { idBot: 'b', idSkill: 's' }), q.nm).toEqual([]);
      }
    });

    it('la primera carga copia todas con sus tags por nombre y su acción (origen Automático); la segunda no agrega nada', async () => {
      await dropJedai();
      const bot = await insertBot(t, demo, 'Con defecto');
      await insertTag(bot, 't1', 'ayuda');
      const c = await as('compania');
      const first = ok(await c.get(`${API}/skill/jedai?idBot=${bot}`));
      expect(first).toEqual({ msg: QNA_MESSAGES.cargadas(DEFAULT_QNAS.length), nuevos: DEFAULT_QNAS.length });
      const jedai = await botRow(t, DEFAULT_QNA_BOT);
      expect(jedai).toMatchObject({ idE: admin, nm: 'Skills QNA' });

      const tags = await tagRows(bot);
      // 'Ayuda' matched the bot's own 'ayuda' (t1); the other four were created.
      expect(tags.map((x) => x.nm).sort()).toEqual(['ayuda', ...DEFAULT_TAGS.filter((x) => x !== 'Ayuda')].sort());
      const codeOf = new Map(tags.map((x) => [fold(x.nm), x.sg]));
      const stored = await qnaRows(bot);
      expect(stored).toHaveLength(DEFAULT_QNAS.length);
      for (const q of DEFAULT_QNAS) {
        const row = stored.find((s) => s.nm === q.nm)!;
        expect(JSON.parse(row.frases)).toEqual(q.frases);
        expect(JSON.parse(row.cfg).tagsKb).toEqual([codeOf.get(fold(q.tag))]);
        expect(Number(row.origen)).toBe(1);
        const acciones = await t.app.db.selectFrom('accion').select(['type', 'cfg']).where('idSkill', '=', row.id).execute();
        expect(acciones.map((a) => [a.type, JSON.parse(a.cfg).text])).toEqual([['TEXT', [...q.respuesta]]]);
      }
      expect(ok(await c.get(`${API}/skills?idBot=${bot}`))).toEqual([]);
      expect((await botAudit(t, 'Con defecto'))[0].val).toBe(`Bot «Con defecto»: agregó ${DEFAULT_QNAS.length} QnA por defecto`);

      expect(ok(await c.get(`${API}/skill/jedai?idBot=${bot}`))).toEqual({ msg: QNA_MESSAGES.cargadas(0), nuevos: 0 });
      expect(await qnaRows(bot)).toHaveLength(DEFAULT_QNAS.length);
      expect(await tagRows(bot)).toHaveLength(5);
    });

    it('copia las QnA actuales del bot jedai, que solo el administrador del sistema edita', async () => {
      await dropJedai();
      const adminC = await as('admin');
      const tags = ok(await adminC.get(`${API}/tag-kb?idBot=${DEFAULT_QNA_BOT}`));
      expect(tags.map((x: { nm: string }) => x.nm)).toEqual(['Global', ...[...DEFAULT_TAGS].sort((a, b) => a.localeCompare(b, 'es'))]);
      expect(ok(await adminC.post(SEARCH, { idBot: DEFAULT_QNA_BOT })).totalElements).toBe(DEFAULT_QNAS.length);
      const nuevo = ok(await adminC.post(`${API}/tag-kb`, { idBot: DEFAULT_QNA_BOT, nm: 'Promociones' }));
      ok(await adminC.post(`${API}/skill`, { idBot: DEFAULT_QNA_BOT, nm: '¿Tienen promociones?', tipo: 2, tagsKb: [nuevo.sg], frases: ['promociones', 'ofertas', 'descuentos', 'hay ofertas'] }));
      const hola = (await qnaRows(DEFAULT_QNA_BOT)).find((q) => q.nm === 'Hola')!;
      expect(ok(await adminC.send('DELETE', `${API}/skill/qna?id=${hola.id}&idBot=${DEFAULT_QNA_BOT}`))).toEqual({ message: BOT_MESSAGES.deleted });

      for (const who of ['compania', 'usuario', 'otra'] as const) {
        expect((await (await as(who)).get(`${API}/tag-kb?idBot=${DEFAULT_QNA_BOT}`)).statusCode, who).toBe(404);
      }
      // A ROLE_COMPANIA of the admin's own company does not reach it either.
      await t.app.db.updateTable('usuario').set({ idE: admin }).where('usuario', '=', 'otra@quipu.test').execute();
      const sameCompany = await t.login('otra@quipu.test');
      expect((await sameCompany.get(`${API}/tag-kb?idBot=${DEFAULT_QNA_BOT}`)).statusCode).toBe(404);
      expect((await sameCompany.post(SEARCH, { idBot: DEFAULT_QNA_BOT })).statusCode).toBe(404);
      await t.app.db.updateTable('usuario').set({ idE: (await companyId(t, 'Otra Empresa')) }).where('usuario', '=', 'otra@quipu.test').execute();

      const own = await adminC.get(`${API}/skill/jedai?idBot=${DEFAULT_QNA_BOT}`);
      expect(own.statusCode).toBe(400);
      expect(own.json()).toEqual({ message: QNA_MESSAGES.porDefectoEnSiMismo });

      // It is edited at /qnas: no list of bots shows it, not even the admin's.
      const listedIds = (ok(await adminC.get(`${API}/bots?idE=${admin}`)) as Array<{ id: string }>).map((b) => b.id);
      expect(listedIds).not.toContain(DEFAULT_QNA_BOT);
      const searched = ok(await adminC.post(`${API}/bot/search?idE=${admin}`, { page: 0, pageSize: 100 })) as { content: Array<{ id: string }> };
      expect(searched.content.map((b) => b.id)).not.toContain(DEFAULT_QNA_BOT);

      const bot = await insertBot(t, demo);
      expect(ok(await (await as('compania')).get(`${API}/skill/jedai?idBot=${bot}`)).nuevos).toBe(DEFAULT_QNAS.length);
      const names = (await qnaRows(bot)).map((q) => q.nm);
      expect(names).toContain('¿Tienen promociones?');
      expect(names).not.toContain('Hola');
      expect((await tagRows(bot)).map((x) => x.nm)).toContain('Promociones');
    });

    it('dos cargas a la vez crean un solo bot jedai con un solo conjunto', async () => {
      await dropJedai();
      const a = await insertBot(t, demo);
      const b = await insertBot(t, demo);
      const c = await as('compania');
      const creations = async () => (await botAudit(t, 'Skills QNA')).filter((x) => x.val === `Bot «Skills QNA»: creado con ${DEFAULT_QNAS.length} QnA por defecto`).length;
      const created = await creations();
      const user = await adminUser();
      const answers = await Promise.all([c.get(`${API}/skill/jedai?idBot=${a}`), c.get(`${API}/skill/jedai?idBot=${b}`), ensureDefaultBot(t.app, user), ensureDefaultBot(t.app, user)]);
      expect(answers.slice(0, 2).map((r) => (r as LightMyRequestResponse).json().nuevos)).toEqual([DEFAULT_QNAS.length, DEFAULT_QNAS.length]);
      expect(await t.app.db.selectFrom('bot').select('id').where('nm', '=', 'Skills QNA').execute()).toEqual([{ id: DEFAULT_QNA_BOT }]);
      expect(await qnaRows(DEFAULT_QNA_BOT)).toHaveLength(DEFAULT_QNAS.length);
      expect(await tagRows(DEFAULT_QNA_BOT)).toHaveLength(DEFAULT_TAGS.length);
      expect(await creations()).toBe(created + 1);
      // Two loads into one bot at once add the set once.
      const same = await insertBot(t, demo);
      const both = await Promise.all([c.get(`${API}/skill/jedai?idBot=${same}`), c.get(`${API}/skill/jedai?idBot=${same}`)]);
      expect(both.map((r) => r.json().nuevos).sort((x, y) => x - y)).toEqual([0, DEFAULT_QNAS.length]);
      expect(await qnaRows(same)).toHaveLength(DEFAULT_QNAS.length);
    });
  });
});

describe.each(dialects)('máximos de QnA (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { maxQnasPorBot: 3, maxVariantesQnaPorBot: 6, maxSkillsPorBot: 2, maxFrasesPorBot: 4 });
    demo = await companyId(t, 'Demo Internacional');
  });
  afterAll(() => t?.close());

  const save = (c: Client, body: Record<string, unknown>) => c.post(`${API}/skill`, body);

  it('las QnA cuentan contra sus propios máximos y no contra los de skills', async () => {
    const bot = await insertBot(t, demo);
    const c = await as('compania');
    for (const nm of ['A', 'B']) ok(await save(c, { idBot: bot, nm, frases: ['uno', 'dos'] }));
    // The bot is at its skill caps (2 skills, 4 phrases); QnAs still go in, up to 3 and 6 variants.
    const qnas = [];
    for (const nm of ['q1', 'q2', 'q3']) qnas.push(ok(await save(c, { idBot: bot, nm, tipo: 2, tagsKb: ['t0'], frases: ['una', 'otra'] })));
    const fourth = await save(c, { idBot: bot, nm: 'q4', tipo: 2, tagsKb: ['t0'], frases: ['x'] });
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json()).toEqual({ message: QNA_MESSAGES.maxQnas(4, 3) });
    const more = await save(c, { id: qnas[0].id, idBot: bot, nm: 'q1', frases: ['una', 'otra', 'tercera'], rev: 0 });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({ message: QNA_MESSAGES.maxVariantes(7, 6), field: 'frases' });
    const merged = await c.post(`${API}/skill.frases?id=${qnas[1].id}`, ['nueva']);
    expect(merged.json()).toEqual({ message: QNA_MESSAGES.maxVariantes(7, 6), field: 'frases' });
    // Fewer variants are always allowed.
    ok(await save(c, { id: qnas[0].id, idBot: bot, nm: 'q1', frases: ['una'], rev: 0 }));
    const third = await save(c, { idBot: bot, nm: 'C' });
    expect(third.json()).toEqual({ message: LIMIT_MESSAGES.botSkills(3, 2) });
    // Loading the default set into this bot passes the QnA cap: nothing is copied.
    const load = await c.get(`${API}/skill/jedai?idBot=${bot}`);
    expect(load.statusCode).toBe(400);
    expect(load.json().message).toBe(QNA_MESSAGES.maxQnas(3 + DEFAULT_QNAS.length, 3));
    expect(Number((await t.app.db.selectFrom('skill').select((eb) => eb.fn.countAll<number>().as('n')).where('idBot', '=', bot).executeTakeFirstOrThrow()).n)).toBe(5);
  });

  it('el despliegue cuenta las QnA con los máximos de QnA', () => {
    const skill = (tipo: number, n: number) => ({ id: randomUUID(), nm: `s${n}`, dsc: null, tipo, frases: Array.from({ length: n }, (_, i) => `f${i}`), cfg: {}, fc: '' });
    const limits = { maxFrasesPorSkill: 10, maxSkillsPorBot: 2, maxFrasesPorBot: 4, maxBotsPorEmpresa: 1, maxQnasPorBot: 3, maxVariantesQnaPorBot: 6 };
    expect(definitionLimitProblems({ skills: [skill(0, 2), skill(1, 2), skill(2, 2), skill(2, 2), skill(2, 2)] }, limits)).toEqual([]);
    expect(definitionLimitProblems({ skills: [skill(0, 2), skill(0, 3), skill(0, 1), skill(2, 4), skill(2, 1), skill(2, 1), skill(2, 1)] }, limits)).toEqual([
      LIMIT_MESSAGES.botSkills(3, 2), LIMIT_MESSAGES.botPhrases(6, 4), QNA_MESSAGES.maxQnas(4, 3), QNA_MESSAGES.maxVariantes(7, 6),
    ]);
  });
});
