// Caps on what one company can make the server store and train (phrases per skill, skills and
// training phrases per bot, bots per company, an import's size), on every save that can pass them
// and again at deploy, against the real app with its default caps.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, companyId, type Account } from './adminFixtures';
import { insertBot, insertSkill, ok } from './botFixtures';
import { insertFullBot } from './fullBot';
import { API, createTestApp, dialects, type TestApp } from './helpers';
import type { Bot, BotExport, BotVersion } from '../../common/schemas/bots';
import { phraseHash } from '../../server/src/services/bots/frases';

const EXPORT = `${API}/bot.export`;
const SKILL = `${API}/skill`;
const FRASES = `${API}/skill.frases`;

/** `n` different phrases of skill number `s`. */
const phrases = (s: number, n: number) => Array.from({ length: n }, (_, i) => `quiero información del producto ${s} variante ${i}`);

describe.each(dialects)('máximos por skill, bot y empresa (%s)', (dialect) => {
  let t: TestApp;
  // reset() ends every session: each test signs in again.
  const as = (who: Account) => t.login(ACCOUNTS[who]);
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());
  // Every test starts from the demo data alone (the caps count what the company holds).
  beforeEach(async () => {
    await t.reset();
    demo = await companyId(t, 'Demo Internacional');
  });

  const count = async (table: 'bot' | 'skill') => Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const storedPhrases = async (id: string) => JSON.parse((await t.app.db.selectFrom('skill').select('frases').where('id', '=', id).executeTakeFirstOrThrow()).frases) as string[];

  /** Inserts bots of the company until it has `n`. */
  async function fillCompany(n: number): Promise<void> {
    const have = Number((await t.app.db.selectFrom('bot').select((eb) => eb.fn.countAll<number>().as('n')).where('idE', '=', demo).executeTakeFirstOrThrow()).n);
    for (let i = have; i < n; i++) await insertBot(t, demo, `Relleno ${i}`);
  }

  /** Inserts `n` skills of `perSkill` phrases each into the bot. */
  async function fillBot(idBot: string, n: number, perSkill: number): Promise<void> {
    const fc = new Date(t.clock.now).toISOString();
    const rows = Array.from({ length: n }, (_, s) => ({ id: randomUUID(), idBot, nm: `Skill ${s}`, dsc: null, tipo: 0, frases: JSON.stringify(phrases(s, perSkill)), cfg: '{}', fc }));
    for (let i = 0; i < rows.length; i += 100) await t.app.db.insertInto('skill').values(rows.slice(i, i + 100)).execute();
  }

  describe('POST /bot.export (importar)', () => {
    it('un archivo de 200 skills × 400 frases se rechaza por las frases del bot y no guarda nada', async () => {
      const full = await insertFullBot(t, demo);
      const c = await as('compania');
      const doc: BotExport = ok(await c.get(`${EXPORT}?id=${full.id}`));
      const skills = Array.from({ length: 200 }, (_, s) => ({ id: randomUUID(), nm: `Skill ${s}`, dsc: null, tipo: 0, frases: phrases(s, 400), cfg: {}, fc: doc.skills[0].fc }));
      const huge: BotExport = { ...doc, bot: { ...doc.bot, diagram: { nodes: [], edges: [] }, params: {} }, skills, acciones: [], requerimientos: [] };
      expect(JSON.stringify(huge).length).toBeGreaterThan(2_000_000);
      const [bots, storedSkills] = [await count('bot'), await count('skill')];

      for (const query of ['', '?replace=true']) {
        const response = await c.post(`${EXPORT}${query}`, huge);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({ message: 'El bot tiene 80000 frases de entrenamiento en total; el máximo es 20000' });
      }
      expect([await count('bot'), await count('skill')]).toEqual([bots, storedSkills]);
      expect(await storedPhrases(full.skills.saludo)).toEqual(['hola', 'buenos días']);
    }, 60_000);

    it('un skill de 501 frases o un bot de 1001 skills en el archivo se rechazan con el máximo y la cuenta', async () => {
      const full = await insertFullBot(t, demo);
      const c = await as('compania');
      const doc: BotExport = ok(await c.get(`${EXPORT}?id=${full.id}`));
      const long = { ...doc, skills: doc.skills.map((s) => (s.id === full.skills.saludo ? { ...s, frases: phrases(0, 501) } : s)) };
      expect((await c.post(EXPORT, long)).json()).toEqual({ message: 'El skill «Saludo» tiene 501 frases; el máximo es 500' });
      // Four skills of the full bot, one of them a QnA, which the skill cap does not count; the copies are of a skill that is not.
      const skill = doc.skills.find((s) => s.tipo !== 2)!;
      const many = { ...doc, skills: [...doc.skills, ...Array.from({ length: 998 }, (_, s) => ({ ...skill, id: randomUUID(), nm: `Otro ${s}`, frases: ['hola'] }))] };
      expect((await c.post(EXPORT, many)).json()).toEqual({ message: 'El bot tiene 1001 skills; el máximo es 1000' });
    }, 60_000);

    it('una copia no se importa en una empresa que ya tiene 100 bots', async () => {
      const full = await insertFullBot(t, demo);
      const c = await as('compania');
      const doc: BotExport = ok(await c.get(`${EXPORT}?id=${full.id}`));
      await fillCompany(100);
      const response = await c.post(EXPORT, doc);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'La empresa ya tiene 100 bots; el máximo es 100' });
      // Over the bot itself it still imports: no bot is added.
      ok(await c.post(`${EXPORT}?replace=true`, doc));
    });

    it('un archivo de más de 10 MB se rechaza por su tamaño antes de leerlo', async () => {
      const full = await insertFullBot(t, demo);
      const c = await as('compania');
      const doc: BotExport = ok(await c.get(`${EXPORT}?id=${full.id}`));
      const padded = { ...doc, bot: { ...doc.bot, dsc: 'x'.repeat(11 * 1024 * 1024) } };
      const bots = await count('bot');
      const response = await c.post(EXPORT, padded);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'El archivo pesa 11 MB; el máximo es 10 MB' });
      expect(await count('bot')).toBe(bots);
    }, 60_000);
  });

  describe('POST /skill.frases', () => {
    it('la frase 501 de un skill se rechaza y el skill queda con sus 500', async () => {
      const idBot = await insertBot(t, demo);
      const id = await insertSkill(t, idBot, 'Largo', { frases: phrases(0, 499) });
      const c = await as('compania');
      ok(await c.post(`${FRASES}?id=${id}`, ['la frase 500']));
      const response = await c.post(`${FRASES}?id=${id}`, ['la frase 501']);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'El skill tiene 501 frases; el máximo es 500', field: 'frases' });
      expect(await storedPhrases(id)).toHaveLength(500);
    });
  });

  describe('POST /skill', () => {
    it('crear o guardar un skill con 501 frases se rechaza', async () => {
      const idBot = await insertBot(t, demo);
      const c = await as('compania');
      const created = await c.post(SKILL, { idBot, nm: 'Largo', frases: phrases(0, 501) });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({ message: 'El skill tiene 501 frases; el máximo es 500', field: 'frases' });
      const skill = ok(await c.post(SKILL, { idBot, nm: 'Largo', frases: phrases(0, 500) }));
      const saved = await c.post(SKILL, { id: skill.id, idBot, nm: 'Largo', frases: phrases(0, 501), rev: skill.rev });
      expect(saved.json()).toEqual({ message: 'El skill tiene 501 frases; el máximo es 500', field: 'frases' });
      expect(await storedPhrases(skill.id)).toHaveLength(500);
    });

    it('el skill 1001 de un bot se rechaza', async () => {
      const idBot = await insertBot(t, demo);
      await fillBot(idBot, 1000, 1);
      const response = await (await as('compania')).post(SKILL, { idBot, nm: 'Uno más', frases: ['hola'] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'El bot tiene 1001 skills; el máximo es 1000' });
      expect(Number((await t.app.db.selectFrom('skill').select((eb) => eb.fn.countAll<number>().as('n')).where('idBot', '=', idBot).executeTakeFirstOrThrow()).n)).toBe(1000);
    });

    it('las frases de entrenamiento del bot en total no pasan de 20000; quitar frases siempre se permite', async () => {
      const idBot = await insertBot(t, demo);
      await fillBot(idBot, 40, 500);
      const c = await as('compania');
      const response = await c.post(SKILL, { idBot, nm: 'Uno más', frases: ['hola'] });
      expect(response.json()).toEqual({ message: 'El bot tiene 20001 frases de entrenamiento en total; el máximo es 20000', field: 'frases' });
      // A skill of the full bot brought under the caps.
      const [first] = await t.app.db.selectFrom('skill').select(['id', 'rev']).where('idBot', '=', idBot).orderBy('nm').limit(1).execute();
      ok(await c.post(SKILL, { id: first.id, idBot, nm: 'Skill 0', frases: phrases(0, 499), rev: first.rev }));
      ok(await c.post(SKILL, { idBot, nm: 'Uno más', frases: ['hola'] }));
    }, 60_000);
  });

  describe('POST /frases/intent', () => {
    it('asignar frases no reconocidas a un skill lleno se rechaza y las frases siguen en la lista', async () => {
      const idBot = await insertBot(t, demo);
      const skillId = await insertSkill(t, idBot, 'Lleno', { frases: phrases(0, 500) });
      const id = randomUUID();
      await t.app.db.insertInto('frase_nr').values({ id, idBot, f: 'una más', fh: phraseHash('una más'), c: 1, fc: new Date(t.clock.now).toISOString() }).execute();
      const response = await (await as('compania')).post(`${API}/frases/intent`, { botId: idBot, skillId, ids: [id] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'El skill tiene 501 frases; el máximo es 500', field: 'frases' });
      expect(await t.app.db.selectFrom('frase_nr').select('id').where('id', '=', id).execute()).toHaveLength(1);
    });
  });

  describe('POST /bot', () => {
    it('el bot 101 de una empresa se rechaza, al crear y al desplegar uno nuevo', async () => {
      await fillCompany(100);
      const c = await as('compania');
      for (const url of [`${API}/bot`, `${API}/bot.deploy?msg=Nuevo`]) {
        const response = await c.post(url, { nm: 'Uno más' });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({ message: 'La empresa ya tiene 100 bots; el máximo es 100' });
      }
      expect(await t.app.db.selectFrom('bot').select('id').where('nm', '=', 'Uno más').execute()).toEqual([]);
      // Another company is not held back by this one's bots.
      ok(await (await as('otra')).post(`${API}/bot`, { nm: 'Uno más' }));
    });
  });

  describe('despliegue y restauración', () => {
    it('un bot que supera un máximo bajado después falla su despliegue con la razón, y no se restaura una versión que lo supera', async () => {
      const full = await insertFullBot(t, demo);
      const c = await as('compania');
      const bot: Bot = ok(await c.get(`${API}/bot?id=${full.id}`));
      const body = { ...bot, extrasEnc: bot.extrasEnc.map((e) => ({ key: e.key })) };
      const first: BotVersion = ok(await c.post(`${API}/bot.deploy?msg=Uno`, body));
      await t.app.jobs.drain();
      const saved = t.config.maxFrasesPorSkill;
      t.config.maxFrasesPorSkill = 1;
      try {
        const again: Bot = ok(await c.get(`${API}/bot?id=${full.id}`));
        ok(await c.post(`${API}/bot.deploy?msg=Dos`, { ...again, extrasEnc: again.extrasEnc.map((e) => ({ key: e.key })) }));
        await t.app.jobs.drain();
        const version: BotVersion = ok(await c.get(`${API}/bot-version?botId=${full.id}`));
        expect(version).toMatchObject({ version: 2, done: true, error: true });
        expect(version.msg).toBe('El skill «Saludo» tiene 2 frases; el máximo es 1');
        const restore = await c.post(`${API}/restaurar?idBot=${full.id}&id=${first.id}`);
        expect(restore.statusCode).toBe(400);
        expect(restore.json()).toEqual({ message: 'El skill «Saludo» tiene 2 frases; el máximo es 1' });
      } finally {
        t.config.maxFrasesPorSkill = saved;
      }
    });
  });
});
