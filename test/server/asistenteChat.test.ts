// 'Asistente Quipu' as a newcomer meets it: the deployed demo bot answers through POST
// /webchat/demo on a listening server (its order webhook calls this same server), in Spanish it
// was not trained on word for word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASISTENTE_BOT } from '../../server/src/db/seedAsistente';
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
    expect(answer.join(' ')).toMatch(/^Su pedido Q-12345 está (en camino|entregado|en preparación)\. Entrega estimada: \d{4}-\d{2}-\d{2}\.$/);
  });

  it('lo que no entiende va al skill de respaldo', async () => {
    const answer = await talk(newPsi(), 'zxqv plimbo trastabilla');
    expect(answer[0].text).toMatch(/\S/);
    const nr = await t.app.db.selectFrom('frase_nr').select('f').where('idBot', '=', bot).execute();
    expect(nr.map((r) => r.f)).toContain('zxqv plimbo trastabilla');
  });
});
