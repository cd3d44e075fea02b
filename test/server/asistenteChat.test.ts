// 'Asistente Quipu' as a newcomer meets it: the deployed demo bot answers through POST
// /webchat/demo on a listening server (its order webhook calls this same server), in Spanish it
// was not trained on word for word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASISTENTE_BOT } from '../../server/src/seed/asistente';
import { CHAT_MESSAGES } from '../../common/schemas/chat';
import { createTestApp, dialects, type Client, type TestApp } from './helpers';
import { newPsi, say, texts } from './chatFixtures';

describe.each(dialects)('Asistente Quipu (%s)', (dialect) => {
  let t: TestApp;
  let c: Client;
  let bot: string;
  beforeAll(async () => {
    // The embedded default admits this server's own PORT; on a port of its own, the test admits its loopback address.
    t = await createTestApp(dialect, { outboundAllow: ['127.0.0.1'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    c = await t.login('compania@quipu.test');
    bot = (await t.app.db.selectFrom('bot').select('id').where('nm', '=', ASISTENTE_BOT).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const talk = (psi: string, text: string) => say(c, bot, psi, text, { test: false });

  it('saluda, pide el correo para contratar un plan y lo recuerda', async () => {
    const psi = newPsi();
    expect((await talk(psi, 'buenas, qué tal')).map((m) => m.type)).toContain('BUTTON');
    expect(texts(await talk(psi, 'me interesa contratar un plan para mi empresa'))).toEqual(['¿A qué correo le enviamos la propuesta?']);
    expect(texts(await talk(psi, 'claro, es ventas@miempresa.pe'))).toEqual(['Listo, enviaremos la propuesta a ventas@miempresa.pe.']);
  });

  it('consulta un pedido: pide el código, llama a su webhook y responde con lo que devolvió', async () => {
    const psi = newPsi();
    const asked = texts(await talk(psi, 'quisiera saber dónde está mi pedido'));
    expect(asked).toHaveLength(1);
    const answer = texts(await talk(psi, 'el código es Q-12345'));
    expect(answer.join(' ')).toMatch(/^Su pedido Q-12345 está (en camino|entregado|en preparación)\. Fecha de entrega: \d{2}\/\d{2}\/\d{4}\.$/);
  });

  it('un pedido que no existe (404 de la consulta) dice que no lo encontró, no que falló la consulta', async () => {
    const psi = newPsi();
    expect(texts(await talk(psi, 'dónde está mi pedido Q-10000'))).toEqual(['No encontramos el pedido Q-10000. Revise el código, por favor.']);
    // The next order found answers with its own state, not the one before.
    expect(texts(await talk(psi, 'y mi pedido Q-12346'))[0]).toMatch(/^Su pedido Q-12346 está /);
  });

  it('las fechas de los pedidos cuentan desde hoy en la zona horaria de la empresa y se escriben DD/MM/AAAA', async () => {
    // 03:00 UTC of the 27th is still the 26th in Lima (the demo company's zone, CHAT_TIME_ZONE).
    t.clock.advance(Date.UTC(2026, 10, 27, 3) - t.clock.now);
    c = await t.login('compania@quipu.test');
    // Q-00002 was delivered three days before today; Q-00001 is on its way, two days after.
    expect(texts(await talk(newPsi(), 'dónde está mi pedido Q-00002'))).toEqual(['Su pedido Q-00002 está entregado. Fecha de entrega: 23/11/2026.']);
    expect(texts(await talk(newPsi(), 'dónde está mi pedido Q-00001'))).toEqual(['Su pedido Q-00001 está en camino. Fecha de entrega: 28/11/2026.']);
  });

  it("'¿cómo me llamo?' pide el nombre si no lo tiene y, una vez dicho, lo responde", async () => {
    const psi = newPsi();
    expect(texts(await talk(psi, '¿cómo me llamo?'))).toEqual(['Todavía no me ha dicho su nombre. ¿Cómo se llama? Escríbame, por ejemplo, «me llamo Ana».']);
    expect(texts(await talk(psi, 'me llamo Lucía'))).toEqual(['Mucho gusto, Lucía.']);
    expect(texts(await talk(psi, '¿cómo me llamo?'))).toEqual(['Se llama Lucía.']);
  });

  it("'quiero hablar con una persona' responde un solo mensaje", async () => {
    expect(texts(await talk(newPsi(), 'quiero hablar con una persona'))).toEqual([CHAT_MESSAGES.humano]);
  });

  it('tras el menú, una pregunta de otro skill lo corre y solo lo que no es nada recibe la opción no válida', async () => {
    const psi = newPsi();
    await talk(psi, 'hola');
    expect(texts(await talk(psi, 'cuál es el horario de atención'))[0]).toMatch(/^Atendemos de lunes a viernes/);
    await talk(psi, 'hola');
    expect(texts(await talk(psi, 'xyzzy'))).toEqual(['Elija una de las opciones, por favor.']);
  });

  it('las imágenes de las tarjetas son rutas de este servidor, y se sirven', async () => {
    const [, carousel] = await talk(newPsi(), 'qué planes tienen');
    const images = carousel.carousel!.map((card) => card.image_url!);
    expect(images).toEqual(['plan-basico', 'plan-pro', 'plan-empresa'].map((nombre) => `/api/demo/imagen/${nombre}.svg`));
    for (const image of images) {
      const res = await t.client().get(image);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('lo que no entiende va al skill de respaldo', async () => {
    const answer = await talk(newPsi(), 'zxqv plimbo trastabilla');
    expect(answer[0].text).toMatch(/\S/);
    const nr = await t.app.db.selectFrom('frase_nr').select('f').where('idBot', '=', bot).execute();
    expect(nr.map((r) => r.f)).toContain('zxqv plimbo trastabilla');
  });
});
