// A new bot answers what it does not understand: POST /bot gives it a fallback skill (tipo 1) whose
// texts say so and offer the bot's skills, read when it answers; a bot that answers nothing says why
// in the test chat's debug. Imported and existing bots keep their own skills.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebchatAnswer } from '../../common/schemas/chat';
import { companyId, signedIn } from './adminFixtures';
import { botAudit, insertBot, insertSkill, ok } from './botFixtures';
import { deployNow, newPsi, texts } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { insertAccion } from './skillFixtures';

const PIZZA = 'quiero una pizza hawaiana';

describe.each(dialects)('el skill de respaldo de un bot nuevo (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
  });
  afterAll(() => t?.close());

  /** One message in the test chat (the working definition), the whole answer. */
  async function chat(c: Client, idBot: string, message: string, psi = newPsi()): Promise<WebchatAnswer> {
    return ok(await c.post(`${API}/webchat/demo`, { psi, idBot, test: true, red: 1, message }));
  }

  it("POST /bot crea el bot con el skill 'No entendí' (tipo 1) en su diagrama, con sus dos textos, y lo audita", async () => {
    const c = await as('compania');
    const bot = ok(await c.post(`${API}/bot`, { nm: 'Pizzería' }));
    const skills = ok(await c.get(`${API}/skills?idBot=${bot.id}`));
    expect(skills).toEqual([{ id: expect.any(String), idBot: bot.id, nm: 'No entendí', dsc: 'Responde cuando ningún skill reconoce el mensaje', tipo: 1, nFrases: 0 }]);
    expect(bot.diagram).toEqual({ nodes: [{ id: skills[0].id, x: 0, y: 0 }], edges: [] });
    expect(bot.rev).toBe(0);
    const acciones = ok(await c.get(`${API}/acciones?skillId=${skills[0].id}`));
    expect(acciones.map((a: { type: string; text: string[]; red: number[]; order: number }) => [a.order, a.type, a.text, a.red])).toEqual([
      [0, 'TEXT', ['No entendí tu mensaje.'], [8]],
      [1, 'TEXT', ['Puedo ayudarte con: {{bot.skills}}.'], [8]],
    ]);
    // The skill opens in the skill editor like any other, as a Fallback.
    expect(ok(await c.get(`${API}/skill?id=${skills[0].id}`))).toMatchObject({ nm: 'No entendí', tipo: 1, frases: [], threshold: 0.5 });
    expect((await botAudit(t, 'Pizzería'))[0].val).toBe('Bot «Pizzería»: creado con el skill «No entendí»');
  });

  it('responde lo que no entiende y ofrece los skills del bot, leídos al responder (los agregados después también)', async () => {
    const c = await as('compania');
    const bot = ok(await c.post(`${API}/bot`, { nm: 'Pizzería Napoli' }));
    // With nothing to offer yet, it only says it did not understand.
    expect(texts((await chat(c, bot.id, PIZZA)).messages)).toEqual(['No entendí tu mensaje.']);

    const skill = (nm: string, frases: string[]) => c.post(`${API}/skill`, { idBot: bot.id, nm, frases });
    ok(await skill('Horarios', ['a qué hora abren', 'cuál es su horario de atención', 'hasta qué hora atienden', 'abren los domingos']));
    ok(await skill('Estado del pedido', ['dónde está mi pedido', 'cuánto falta para mi pedido', 'ya salió mi pedido', 'estado de mi orden']));
    // A skill nothing written can reach (only a jump or a button) is a step of another: not offered.
    ok(await skill('Pedir dirección', []));
    const answer = await chat(c, bot.id, PIZZA);
    expect(texts(answer.messages)).toEqual(['No entendí tu mensaje.', 'Puedo ayudarte con: Estado del pedido y Horarios.']);
    expect(answer.messages[0].debug).toMatchObject({ skill: { nm: 'No entendí' }, recognised: false });
    expect(answer.messages[0].debug?.noAnswer).toBeUndefined();

    ok(await skill('Promociones', ['qué promociones tienen', 'hay ofertas hoy', 'tienen descuentos', 'cuál es la promo del día']));
    expect(texts((await chat(c, bot.id, PIZZA)).messages)).toEqual(['No entendí tu mensaje.', 'Puedo ayudarte con: Estado del pedido, Horarios y Promociones.']);
    // What it does understand is answered by its skill, not the fallback.
    expect((await chat(c, bot.id, 'a qué hora abren')).debug).toMatchObject({ skill: { nm: 'Horarios' }, recognised: true });
  });

  it('un bot importado, o uno que ya existía, no recibe el skill de respaldo', async () => {
    const c = await as('compania');
    const existing = await insertBot(t, demo, 'Ya existía');
    await insertSkill(t, existing, 'Saludo', { frases: ['hola', 'buenos días'] });
    ok(await c.post(`${API}/bot`, { id: existing, nm: 'Ya existía', rev: 0 }));
    const doc = ok(await c.get(`${API}/bot.export?id=${existing}`));
    const imported = ok(await c.post(`${API}/bot.export`, doc));
    for (const id of [existing, imported.id]) {
      expect(ok(await c.get(`${API}/skills?idBot=${id}`)).map((s: { nm: string; tipo: number }) => [s.nm, s.tipo])).toEqual([['Saludo', 0]]);
    }
  });

  describe("el debug de un turno sin respuesta dice por qué (no solo 'Sin datos de depuración')", () => {
    it('un bot sin skills: sinSkills', async () => {
      const c = await as('compania');
      const idBot = await insertBot(t, demo, 'Vacío');
      const answer = await chat(c, idBot, PIZZA);
      expect(answer.messages).toEqual([]);
      expect(answer.debug).toMatchObject({ input: PIZZA, skill: null, recognised: false, skills: [], noAnswer: 'sinSkills', turn: expect.any(String) });
    });

    it('ningún skill reconoce el mensaje y no hay skill de respaldo: sinRespaldo', async () => {
      const c = await as('compania');
      const idBot = await insertBot(t, demo, 'Sin respaldo');
      const horarios = await insertSkill(t, idBot, 'Horarios', { frases: ['a qué hora abren', 'cuál es su horario de atención', 'hasta qué hora atienden'] });
      await insertAccion(t, { bot: idBot, skill: horarios }, 'TEXT', 0, { text: ['De 9 a 18 h'], red: [8] });
      const answer = await chat(c, idBot, PIZZA);
      expect(answer.messages).toEqual([]);
      expect(answer.debug).toMatchObject({ skill: null, recognised: false, noAnswer: 'sinRespaldo' });
    });

    it('el skill que respondió no envió nada (sin acciones para el canal): sinMensajes, con el skill', async () => {
      const c = await as('compania');
      const idBot = await insertBot(t, demo, 'Sin acciones');
      const horarios = await insertSkill(t, idBot, 'Horarios', { frases: ['a qué hora abren', 'cuál es su horario de atención', 'hasta qué hora atienden'] });
      // Only for WhatsApp (4); the test chat speaks as Facebook (1).
      await insertAccion(t, { bot: idBot, skill: horarios }, 'TEXT', 0, { text: ['De 9 a 18 h'], red: [4] });
      const answer = await chat(c, idBot, 'a qué hora abren');
      expect(answer.messages).toEqual([]);
      expect(answer.debug).toMatchObject({ skill: { nm: 'Horarios' }, skills: [{ nm: 'Horarios' }], noAnswer: 'sinMensajes' });
    });

    it('fuera de la prueba (test: false: la versión desplegada) la respuesta no trae debug', async () => {
      const c = await as('compania');
      const idBot = await insertBot(t, demo, 'Desplegado vacío');
      await deployNow(t, idBot);
      const answer: WebchatAnswer = ok(await c.post(`${API}/webchat/demo`, { psi: newPsi(), idBot, test: false, red: 1, message: PIZZA }));
      expect(answer).toEqual({ psi: expect.any(String), messages: [] });
    });
  });
});
