// 'Probar Skill' (POST /skill.test) and the bot's regression tests: save, list, run against the
// working definition, see a step fail after the definition changes, delete.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, type Prueba, type PruebaResultado, type SkillTestAnswer } from '../../common/schemas/chat';
import { companyId } from './adminFixtures';
import { insertBot, insertSkill, ok } from './botFixtures';
import { addSkill, insertChatBot, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';

const token = (nm: string, sinonimos: string[] = [], order = 0) => ({ nm, sinonimos, obl: true, req: false, order, unique: false });

describe.each(dialects)('Probar Skill y pruebas de regresión (%s)', (dialect) => {
  let t: TestApp;
  let demo: string;
  let chat: ChatBot;
  let c: Client;

  const skillTest = async (id: string, text: string, extra: object = {}): Promise<SkillTestAnswer> => ok(await c.post(`${API}/skill.test`, { id, idBot: chat.bot, text, ...extra }));
  const save = (body: object) => c.post(`${API}/bot.prueba`, { idBot: chat.bot, ...body });
  const run = async (): Promise<PruebaResultado[]> => ok(await c.post(`${API}/bot.pruebas.run?idBot=${chat.bot}`));
  const list = async (): Promise<Prueba[]> => ok(await c.get(`${API}/bot.pruebas?idBot=${chat.bot}`));

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    demo = await companyId(t, 'Demo Internacional');
    chat = await insertChatBot(t, demo);
    c = await t.login('compania@quipu.test');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /skill.test', () => {
    it('una frase del skill llega a él con un puntaje sobre su umbral', async () => {
      const answer = await skillTest(chat.skills.precios, 'cuánto cuesta el plan');
      expect(answer).toMatchObject({ match: true, text: 'cuánto cuesta el plan', winner: null, result: [] });
      expect(answer.score).toBeGreaterThanOrEqual(answer.threshold);
      expect(answer.threshold).toBeGreaterThan(0);
      expect(answer.reason).toBeTruthy();
    });

    it('la frase de otro skill no llega: winner es ese otro skill con su puntaje', async () => {
      const answer = await skillTest(chat.skills.precios, 'quiero hablar con una persona');
      expect(answer.match).toBe(false);
      expect(answer.winner).toMatchObject({ id: chat.skills.humano, nm: 'Humano' });
      expect(answer.winner!.score).toBeGreaterThan(answer.score);
    });

    it('una frase que no entiende nadie no llega y no tiene ganador', async () => {
      const answer = await skillTest(chat.skills.precios, 'xyzzy plugh');
      expect(answer).toMatchObject({ match: false, winner: null });
      expect(answer.score).toBeLessThan(answer.threshold);
    });

    it('la prueba de tokens dice qué tokens coincidieron y con qué palabra', async () => {
      const pagos = await insertSkill(t, chat.bot, 'Pagos', { cfg: { modToken: true, tokenOrd: false, tokens: [token('pagar', ['abonar', 'cancelar']), token('factura', [], 1)] } });
      const both = await skillTest(pagos, 'quiero abonar la factura', { token: true });
      expect(both.match).toBe(true);
      expect(both.result).toEqual([
        { match: true, key: 'abonar', nm: 'pagar', obl: true },
        { match: true, key: 'factura', nm: 'factura', obl: true },
      ]);
      const one = await skillTest(pagos, 'quiero pagar', { token: true });
      expect(one.match).toBe(false);
      expect(one.result).toEqual([
        { match: true, key: 'pagar', nm: 'pagar', obl: true },
        { match: false, key: '', nm: 'factura', obl: true },
      ]);
    });

    it('sigue la definición de trabajo: una frase nueva cuenta al instante', async () => {
      expect((await skillTest(chat.skills.canal, 'cuál es el horario de atención')).match).toBe(false);
      await t.app.db.updateTable('skill').set({ frases: JSON.stringify(['cuál es el horario de atención', 'a qué hora abren', 'horario de la tienda', 'en qué canal estoy']) }).where('id', '=', chat.skills.canal).execute();
      expect((await skillTest(chat.skills.canal, 'cuál es el horario de atención')).match).toBe(true);
    });

    it('un skill de otro bot (o de otra empresa) es 404', async () => {
      const other = await insertBot(t, demo);
      const skill = await insertSkill(t, other, 'Saludo', { frases: ['hola'] });
      expect((await c.post(`${API}/skill.test`, { id: skill, idBot: chat.bot, text: 'hola' })).statusCode).toBe(404);
      const ajeno = await insertSkill(t, await insertBot(t, await companyId(t, 'Otra Empresa')), 'Saludo', { frases: ['hola'] });
      expect((await c.post(`${API}/skill.test`, { id: ajeno, idBot: chat.bot, text: 'hola' })).statusCode).toBe(404);
    });
  });

  describe('pruebas de regresión', () => {
    const conversation = () => [
      { text: 'hola', skills: [chat.skills.saludo] },
      { postback: chat.skills.registro, skills: [chat.skills.registro] },
      { text: 'ana@example.com', skills: [chat.skills.registro] },
      { text: 'cuánto cuesta', skills: [chat.skills.precios] },
    ];

    it('sin nombre, sin pasos o con un skill de otro bot: 400 en español', async () => {
      const blank = await save({ nm: '  ', pasos: conversation() });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(CHAT_MESSAGES.pruebaNombre);

      for (const pasos of [[], [{ text: '   ', skills: [] }]]) {
        const empty = await save({ nm: 'Vacía', pasos });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().message).toBe(CHAT_MESSAGES.pruebaSinPasos);
      }

      const foreign = await insertSkill(t, await insertBot(t, demo), 'Saludo', { frases: ['hola'] });
      const wrong = await save({ nm: 'Ajena', pasos: [{ text: 'hola', skills: [foreign] }] });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(CHAT_MESSAGES.skillNoEncontrado);
      expect(await list()).toEqual([]);
    });

    it('guardar, listar, correr (todo pasa), cambiar la definición y ver el paso que falla, borrar', async () => {
      const saved: Prueba = ok(await save({ nm: '  Registro completo  ', pasos: conversation(), red: 1 }));
      expect(saved).toMatchObject({ idBot: chat.bot, nm: 'Registro completo', red: 1, pasos: conversation() });
      t.clock.advance(1000);
      const second: Prueba = ok(await save({ nm: 'Canal', pasos: [{ text: 'en qué canal estoy', skills: [chat.skills.canal] }] }));
      expect(second.red).toBe(8);
      expect((await list()).map((p) => p.id)).toEqual([saved.id, second.id]);

      const first = await run();
      expect(first.map((r) => [r.id, r.nm, r.ok])).toEqual([[saved.id, 'Registro completo', true], [second.id, 'Canal', true]]);
      expect(first[0].pasos.map((p) => p.input)).toEqual(['hola', chat.skills.registro, 'ana@example.com', 'cuánto cuesta']);
      expect(first[0].pasos[0]).toEqual({ input: 'hola', expected: [{ id: chat.skills.saludo, nm: 'Saludo' }], got: [{ id: chat.skills.saludo, nm: 'Saludo' }], ok: true });

      // The prices' phrases move to a new skill: 'cuánto cuesta' is answered by it now.
      const precios = (await t.app.db.selectFrom('skill').select('frases').where('id', '=', chat.skills.precios).executeTakeFirstOrThrow()).frases;
      const tarifas = await addSkill(t, chat.bot, 'Tarifas', JSON.parse(precios) as string[], [['TEXT', { text: ['Tarifas nuevas.'] }]]);
      await t.app.db.updateTable('skill').set({ frases: '[]' }).where('id', '=', chat.skills.precios).execute();

      const again = await run();
      expect(again.map((r) => r.ok)).toEqual([false, true]);
      const failing = again[0].pasos;
      expect(failing.map((p) => p.ok)).toEqual([true, true, true, false]);
      expect(failing[3]).toEqual({ input: 'cuánto cuesta', expected: [{ id: chat.skills.precios, nm: 'Precios' }], got: [{ id: tarifas, nm: 'Tarifas' }], ok: false });

      expect((await c.send('DELETE', `${API}/bot.prueba?id=${saved.id}`)).statusCode).toBe(204);
      expect((await list()).map((p) => p.id)).toEqual([second.id]);
      const gone = await c.send('DELETE', `${API}/bot.prueba?id=${saved.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe(CHAT_MESSAGES.pruebaNoEncontrada);
    });

    it('borrar las frases del skill con POST /skill hace fallar el paso: responde el fallback', async () => {
      ok(await save({ nm: 'Precios', pasos: [{ text: 'cuánto cuesta', skills: [chat.skills.precios] }] }));
      expect((await run())[0].ok).toBe(true);
      const skill = ok(await c.get(`${API}/skill?id=${chat.skills.precios}`));
      ok(await c.post(`${API}/skill`, { id: skill.id, idBot: chat.bot, nm: skill.nm, rev: skill.rev, frases: [] }));
      const [result] = await run();
      expect(result.ok).toBe(false);
      expect(result.pasos[0].got).toEqual([{ id: chat.skills.fallback, nm: 'No entendí' }]);
    });

    it('los pasos corren en una conversación: el requerimiento pendiente se completa en el paso siguiente', async () => {
      ok(await save({ nm: 'Pendiente', pasos: [{ text: 'quiero registrarme', skills: [chat.skills.registro] }, { text: 'ana@example.com', skills: [chat.skills.registro] }] }));
      const [result] = await run();
      expect(result.ok).toBe(true);
    });

    it('un GO_SKILL cuenta los dos skills, en orden', async () => {
      const destino = await addSkill(t, chat.bot, 'Destino', [], [['TEXT', { text: ['Llegó.'] }]]);
      const salto = await addSkill(t, chat.bot, 'Salto', ['quiero saltar', 'salta al otro', 'llévame al destino', 'ir al destino'], [['GO_SKILL', { sk: destino, fields: [] }]]);
      ok(await save({ nm: 'Salto', pasos: [{ text: 'quiero saltar', skills: [salto, destino] }] }));
      expect((await run())[0].ok).toBe(true);
    });

    it('las pruebas de otro bot no aparecen; las de otra empresa son 404', async () => {
      ok(await save({ nm: 'Mía', pasos: [{ text: 'hola', skills: [chat.skills.saludo] }] }));
      const other = await insertChatBot(t, demo);
      expect(ok(await c.get(`${API}/bot.pruebas?idBot=${other.bot}`))).toEqual([]);
      const otra = await t.login('otra@quipu.test');
      expect((await otra.get(`${API}/bot.pruebas?idBot=${chat.bot}`)).statusCode).toBe(404);
      const [mine] = await list();
      expect((await otra.send('DELETE', `${API}/bot.prueba?id=${mine.id}`)).statusCode).toBe(404);
      expect(await list()).toHaveLength(1);
    });
  });
});
