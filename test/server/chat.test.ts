// Real conversations with a bot through POST /webchat/demo (the test chat, `test: true`): every
// action type, the channel filter, requirements and memory, postbacks, invalid options, attempts,
// the fallback and the unrecognised phrases, session expiry, what is recorded, the debug of each
// answer, and a restart in the middle of a question.
import type { App } from '../../server/src/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/src/app';
import { CHAT_MESSAGES, type ChatMessage } from '../../common/schemas/chat';
import { companyId } from './adminFixtures';
import { insertBot } from './botFixtures';
import { addRegexEntity, addRequirement, addSkill, deployNow, insertChatBot, newPsi, recorded, say, setBot, texts, type ChatBot } from './chatFixtures';
import { Client, TEST_PASSWORD_COST, createTestApp, dialects, userRow, type TestApp } from './helpers';
import { listenLocally } from './localServer';

const NOMBRE_RGX = '(?:me llamo|soy)\\s+([A-Za-zÁÉÍÓÚÑáéíóúñ]+)';
const email = (m: string, path = 'text') => ({ id: 'email', type: 1, path, op: 'IS_PRESENT', value: null, order: 0, replyMissing: m });

describe.each(dialects)('conversaciones por POST /webchat/demo (%s)', (dialect) => {
  let t: TestApp;
  let demo: string;
  let chat: ChatBot;
  let c: Client;
  let psi: string;
  const talk = (input: string | { postback: string }, extra: object = {}) => say(c, chat.bot, psi, input, extra);
  const debugOf = (messages: ChatMessage[]) => messages[0].debug!;

  beforeAll(async () => {
    // The webhooks here call a local server, which an installation reaches only by naming it in OUTBOUND_ALLOW.
    t = await createTestApp(dialect, { outboundAllow: ['127.0.0.1'] });
  });
  beforeEach(async () => {
    await t.reset();
    demo = await companyId(t, 'Demo Internacional');
    chat = await insertChatBot(t, demo);
    c = await t.login('compania@quipu.test');
    psi = newPsi();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('cada tipo de acción', () => {
    it('TEXT y QUICK_REPLY: el saludo llega como texto y botones rápidos (quick) con sus postbacks', async () => {
      const messages = await talk('hola');
      expect(messages.map((m) => m.type)).toEqual(['TEXT', 'BUTTON']);
      expect(messages[0].text).toBe('¡Hola! ¿En qué le ayudo?');
      expect(messages[1]).toMatchObject({
        title: 'Elija una opción',
        quick: true,
        buttons: [
          { type: 'POSTBACK', title: 'Ver precios', value: 'cuánto cuesta' },
          { type: 'POSTBACK', title: 'Registrarme', value: chat.skills.registro },
        ],
      });
      for (const m of messages) {
        expect(m.id).toBeTruthy();
        expect(new Date(m.fc).getTime()).toBe(t.clock.now);
      }
    });

    it('CAROUSEL y CARD: los precios llegan con sus tarjetas, imágenes y botones', async () => {
      const messages = await talk('cuánto cuesta');
      expect(messages.map((m) => m.type)).toEqual(['TEXT', 'CAROUSEL', 'CARD']);
      expect(messages[1].carousel).toEqual([
        { title: 'Plan Básico', subtitle: 'S/ 50 al mes', image_url: 'https://example.com/basico.png', buttons: [{ type: 'POSTBACK', title: 'Quiero el básico', value: 'quiero registrarme' }] },
        { title: 'Plan Pro', subtitle: 'S/ 90 al mes', image_url: 'https://example.com/pro.png', buttons: [{ type: 'WEB_URL', title: 'Detalles', value: 'https://example.com/pro' }] },
      ]);
      expect(messages[2]).toMatchObject({ type: 'CARD', image_url: 'https://example.com/menu.png', title: '¿Algo más?', subtitle: 'Elija', buttons: [{ type: 'POSTBACK', title: 'Hablar con alguien', value: chat.skills.humano }] });
      expect(messages[2].quick).toBeUndefined();
    });

    it('BUTTON: un menú de botones que no son rápidos, con su título de la memoria', async () => {
      const menu = await addSkill(t, chat.bot, 'Menú', ['muéstrame el menú', 'qué opciones hay', 'ver el menú principal', 'menú de opciones'], [
        ['BUTTON', { title: 'Menú principal', buttons: [{ type: 'POSTBACK', title: 'Precios', value: chat.skills.precios }, { type: 'CALL', title: 'Llamar', value: '+51 1 555 0000' }] }],
      ]);
      const messages = await talk('muéstrame el menú');
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ type: 'BUTTON', title: 'Menú principal', buttons: [{ type: 'POSTBACK', title: 'Precios', value: chat.skills.precios }, { type: 'CALL', title: 'Llamar', value: '+51 1 555 0000' }] });
      expect(messages[0].quick).toBeUndefined();
      expect(debugOf(messages).skill?.id).toBe(menu);
    });

    it('TEXT con {{memoria}}: el correo guardado con AS aparece en la respuesta', async () => {
      expect(texts(await talk('quiero registrarme'))).toEqual(['¿A qué correo le escribimos?']);
      const messages = await talk('ana.perez@example.com');
      expect(texts(messages)).toEqual(['Listo, le escribiremos a ana.perez@example.com.']);
      expect(debugOf(messages).memory).toEqual({ correo: 'ana.perez@example.com' });
    });

    it('WEB_HOOK: llama al servidor, guarda la respuesta por su ruta y un TEXT la usa', async () => {
      const server = await listenLocally((req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ clima: { hoy: 'soleado' }, pedido: req.url }));
      });
      try {
        const { port } = server;
        await addSkill(t, chat.bot, 'Clima', ['cómo está el clima', 'qué tiempo hace hoy', 'va a llover', 'pronóstico del tiempo'], [
          ['WEB_HOOK', { method: 'GET', url: `http://127.0.0.1:${port}/clima`, headers: [], fields: [{ k: 'ciudad', v: 'Lima' }], cond: [], op: 'AND', resp: [{ path: 'clima.hoy', k: 'clima' }] }],
          ['TEXT', { text: ['Hoy está {{clima}} en Lima.'] }],
        ]);
        const messages = await talk('cómo está el clima');
        expect(texts(messages)).toEqual(['Hoy está soleado en Lima.']);
        expect(debugOf(messages).webhooks).toEqual([expect.objectContaining({ method: 'GET', url: `http://127.0.0.1:${port}/clima?ciudad=Lima`, status: 200 })]);
      } finally {
        await server.close();
      }
    });

    it('GO_SKILL: salta a otro skill con sus campos en la memoria; las acciones después del salto no corren', async () => {
      const confirmar = await addSkill(t, chat.bot, 'Confirmar', [], [['TEXT', { text: ['Pedido de {{producto}} ({{cantidad}}) confirmado.'] }]]);
      const pedido = await addSkill(t, chat.bot, 'Pedido', ['quiero pedir una pizza', 'hacer un pedido de pizza', 'ordenar una pizza grande', 'me antoja una pizza'], [
        ['TEXT', { text: ['Anotado.'] }],
        ['GO_SKILL', { sk: confirmar, fields: [{ k: 'producto', v: 'pizza' }, { k: 'cantidad', v: '2' }] }],
        ['TEXT', { text: ['Esto no se dice.'] }],
      ]);
      const messages = await talk('quiero pedir una pizza');
      expect(texts(messages)).toEqual(['Anotado.', 'Pedido de pizza (2) confirmado.']);
      const debug = debugOf(messages);
      expect(debug.skills.map((s) => s.id)).toEqual([pedido, confirmar]);
      expect(debug.skill?.id).toBe(pedido);
      expect(debug.memory).toMatchObject({ producto: 'pizza', cantidad: '2' });
    });

    it('GO_BOT: otro bot de la empresa responde con el valor y se queda con la conversación', async () => {
      const soporte = await insertBot(t, demo, 'Soporte técnico');
      const averia = await addSkill(t, soporte, 'Avería', ['mi internet no funciona', 'tengo una avería', 'se cayó el servicio', 'no tengo conexión'], [['TEXT', { text: ['Soporte: revisaremos su conexión.'] }]]);
      const despedida = await addSkill(t, soporte, 'Despedida', ['adiós', 'hasta luego', 'chau', 'nos vemos'], [['TEXT', { text: ['Soporte: hasta luego.'] }]]);
      await addSkill(t, chat.bot, 'Derivar', ['tengo un problema técnico', 'necesito soporte técnico', 'ayuda técnica', 'falla técnica'], [
        ['TEXT', { text: ['Le paso con soporte.'] }],
        ['GO_BOT', { b: soporte, sk: 'tengo una avería' }],
        ['TEXT', { text: ['Esto no se dice.'] }],
      ]);
      const messages = await talk('necesito soporte técnico');
      expect(texts(messages)).toEqual(['Le paso con soporte.', 'Soporte: revisaremos su conexión.']);
      expect(debugOf(messages).bot).toEqual({ id: soporte, nm: 'Soporte técnico' });
      expect(debugOf(messages).skills.map((s) => s.id)).toContain(averia);
      // The next message is the other bot's.
      const next = await talk('hasta luego');
      expect(texts(next)).toEqual(['Soporte: hasta luego.']);
      expect(debugOf(next).skill?.id).toBe(despedida);
      const { mensajes } = await recorded(t, psi);
      expect(mensajes[0].at(-1)).toMatchObject({ t: 0, m: 'Soporte: hasta luego.', idSkill: despedida });
    });

    it('GO_BOT a un bot de otra empresa no pasa: el bot sigue con sus acciones y la conversación', async () => {
      const ajeno = await insertBot(t, await companyId(t, 'Otra Empresa'), 'Bot ajeno');
      await addSkill(t, ajeno, 'Hola ajeno', ['hola', 'buenos días', 'buenas', 'qué tal'], [['TEXT', { text: ['Soy de otra empresa.'] }]]);
      await addSkill(t, chat.bot, 'Derivar', ['tengo un problema técnico', 'necesito soporte técnico', 'ayuda técnica', 'falla técnica'], [
        ['GO_BOT', { b: ajeno, sk: 'hola' }],
        ['TEXT', { text: ['Sigo atendiéndole yo.'] }],
      ]);
      const messages = await talk('necesito soporte técnico');
      expect(texts(messages)).toEqual(['Sigo atendiéndole yo.']);
      expect(debugOf(messages).bot.id).toBe(chat.bot);
      expect(texts(await talk('hola'))).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
    });

    it('GO_HUMAN: dice que le comunica con una persona y luego que la conversación está en espera', async () => {
      const messages = await talk('quiero hablar con una persona');
      expect(texts(messages)).toEqual([CHAT_MESSAGES.humano]);
      expect(debugOf(messages).human).toBe(true);
      const waiting = await talk('hola');
      expect(texts(waiting)).toEqual([CHAT_MESSAGES.esperandoHumano]);
      expect(debugOf(waiting)).toMatchObject({ via: 'humano', human: true, skill: null });
    });
  });

  describe('filtro por canal (red)', () => {
    it.each([
      [1, ['Está en Facebook', 'En cualquier canal']],
      [4, ['Está en WhatsApp', 'En cualquier canal']],
      [8, ['Está en WhatsApp', 'Está en Facebook', 'En cualquier canal']],
      // Web, Slack and Google: the kinds of channel an action cannot name answer the all-channel actions.
      [3, ['En cualquier canal']],
      [7, ['En cualquier canal']],
      [9, ['En cualquier canal']],
    ])('red %i: responden sus acciones y las de todos los canales', async (red, expected) => {
      expect(texts(await talk('en qué canal estoy', { red }))).toEqual(expected);
    });

    it('la red por defecto del chat de prueba es Web (3)', async () => {
      const response = await c.post('/api/webchat/demo', { psi, idBot: chat.bot, test: true, message: 'en qué canal estoy' });
      expect(texts(response.json().messages)).toEqual(['En cualquier canal']);
      expect((await recorded(t, psi)).sesiones[0].red).toBe(3);
    });

    it('una red que no es de ningún tipo de canal es un 400', async () => {
      const response = await c.post('/api/webchat/demo', { psi, idBot: chat.bot, test: true, red: 5, message: 'hola' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('El campo red tiene un valor no permitido');
    });
  });

  describe('requerimientos (tp 0) y memoria (tp 1)', () => {
    async function citaSkill(op: 'AND' | 'OR') {
      const nombre = await addRegexEntity(t, chat.bot, 'nombre', NOMBRE_RGX);
      const cita = await addSkill(t, chat.bot, 'Cita', ['quiero una cita', 'agendar una cita', 'reservar una cita', 'necesito una cita'], [['TEXT', { text: ['Gracias {{nombre}}, le escribiremos a {{correo}}.'] }]]);
      await addRequirement(t, chat.bot, cita, 0, [
        { id: 'email', type: 1, path: 'text', op: 'IS_PRESENT', value: null, order: 0, replyMissing: '¿Cuál es su correo?' },
        { id: nombre, type: 0, path: 'text', op: 'IS_PRESENT', value: null, order: 1, replyMissing: '¿Cómo se llama?' },
      ], { op });
      await addRequirement(t, chat.bot, cita, 1, [
        { id: 'email', type: 1, path: 'text', op: 'AS', value: 'correo', order: 0 },
        { id: nombre, type: 0, path: 'text', op: 'AS', value: 'nombre', order: 1 },
      ]);
      return { nombre, cita };
    }

    it('lo que falta se pide con el replyMissing del campo y el mensaje siguiente lo completa', async () => {
      const asked = await talk('quiero registrarme');
      expect(texts(asked)).toEqual(['¿A qué correo le escribimos?']);
      expect(debugOf(asked).missing).toEqual([{ id: 'email', nm: expect.any(String), message: '¿A qué correo le escribimos?' }]);
      const done = await talk('es ana@example.com');
      expect(texts(done)).toEqual(['Listo, le escribiremos a ana@example.com.']);
      expect(debugOf(done)).toMatchObject({ via: 'requerimiento', missing: [], skill: { id: chat.skills.registro } });
    });

    it('con el dato en la primera frase no pregunta nada', async () => {
      expect(texts(await talk('quiero registrarme, mi correo es luis@example.com'))).toEqual(['Listo, le escribiremos a luis@example.com.']);
    });

    it('AND: pide cada campo en su orden, uno por mensaje, y la memoria guarda los dos (también el del mensaje anterior)', async () => {
      const { nombre } = await citaSkill('AND');
      const first = await talk('quiero una cita');
      expect(texts(first)).toEqual(['¿Cuál es su correo?']);
      expect(debugOf(first).missing.map((m) => m.id)).toEqual(['email', nombre]);
      const second = await talk('ana@example.com');
      expect(texts(second)).toEqual(['¿Cómo se llama?']);
      expect(debugOf(second).missing.map((m) => m.id)).toEqual([nombre]);
      const third = await talk('me llamo Ana');
      expect(texts(third)).toEqual(['Gracias Ana, le escribiremos a ana@example.com.']);
      expect(debugOf(third).memory).toEqual({ correo: 'ana@example.com', nombre: 'Ana' });
    });

    it('AND: los dos campos en un mensaje completan la cita de una vez', async () => {
      await citaSkill('AND');
      await talk('quiero una cita');
      expect(texts(await talk('soy Beto, beto@example.com'))).toEqual(['Gracias Beto, le escribiremos a beto@example.com.']);
    });

    it('OR: basta uno de los campos (una entidad regex del bot)', async () => {
      await citaSkill('OR');
      const first = await talk('quiero una cita');
      expect(texts(first)).toEqual(['¿Cuál es su correo?']);
      expect(texts(await talk('me llamo Carla'))).toEqual(['Gracias Carla, le escribiremos a .']);
    });

    it('un requerimiento sobre una entidad regex del bot guarda su primer grupo', async () => {
      const nombre = await addRegexEntity(t, chat.bot, 'nombre', NOMBRE_RGX);
      const presentar = await addSkill(t, chat.bot, 'Presentación', ['quiero presentarme', 'le digo mi nombre', 'presentarme', 'mi nombre'], [['TEXT', { text: ['Mucho gusto, {{cliente}}.'] }]]);
      await addRequirement(t, chat.bot, presentar, 0, [{ id: nombre, type: 0, path: 'text', op: 'IS_PRESENT', value: null, order: 0, replyMissing: '¿Cómo se llama?' }]);
      await addRequirement(t, chat.bot, presentar, 1, [{ id: nombre, type: 0, path: 'text', op: 'AS', value: 'cliente', order: 0 }]);
      expect(texts(await talk('quiero presentarme'))).toEqual(['¿Cómo se llama?']);
      const done = await talk('soy Mariana');
      expect(texts(done)).toEqual(['Mucho gusto, Mariana.']);
      expect(debugOf(done).entities).toEqual([expect.objectContaining({ id: nombre, type: 0, value: 'Mariana' })]);
    });

    it("las fechas del mensaje se leen en la zona horaria de la empresa ('mañana' a las 22:00 de Lima es el mediodía de Tokio)", async () => {
      const reservar = await addSkill(t, chat.bot, 'Reserva', ['quiero reservar', 'hacer una reserva', 'reservar una mesa', 'necesito reservar'], [['TEXT', { text: ['Reservado para el {{dia}}.'] }]]);
      await addRequirement(t, chat.bot, reservar, 0, [{ id: 'date', type: 1, path: 'text', op: 'IS_PRESENT', value: null, order: 0, replyMissing: '¿Para qué día?' }]);
      await addRequirement(t, chat.bot, reservar, 1, [{ id: 'date', type: 1, path: 'text', op: 'AS', value: 'dia', order: 0 }]);
      // 2026-03-10 03:00 UTC: still the 9th in Lima, already the 10th in Tokyo.
      t.clock.now = Date.UTC(2026, 2, 10, 3, 0);
      expect(texts(await say(c, chat.bot, newPsi(), 'quiero reservar'))).toEqual(['¿Para qué día?']);
      const lima = newPsi();
      await say(c, chat.bot, lima, 'quiero reservar');
      expect(texts(await say(c, chat.bot, lima, 'para mañana'))).toEqual(['Reservado para el 2026-03-10.']);
      await t.app.db.updateTable('empresa').set({ tz: 'Asia/Tokyo' }).where('id', '=', demo).execute();
      const tokio = newPsi();
      await say(c, chat.bot, tokio, 'quiero reservar');
      expect(texts(await say(c, chat.bot, tokio, 'para mañana'))).toEqual(['Reservado para el 2026-03-11.']);
      // A zone the runtime does not know (a row edited by hand) reads dates in CHAT_TIME_ZONE instead of failing.
      await t.app.db.updateTable('empresa').set({ tz: 'Marte/Olympus' }).where('id', '=', demo).execute();
      const marte = newPsi();
      await say(c, chat.bot, marte, 'quiero reservar');
      expect(texts(await say(c, chat.bot, marte, 'para mañana'))).toEqual(['Reservado para el 2026-03-10.']);
    });

    it('sin replyMissing del campo pide con el mensaje general del requerimiento', async () => {
      const boletin = await addSkill(t, chat.bot, 'Boletín', ['quiero el boletín', 'envíenme el boletín', 'suscribirme al boletín mensual', 'boletín de noticias'], [['TEXT', { text: ['Enviado a {{correo}}.'] }]]);
      await addRequirement(t, chat.bot, boletin, 0, [email('')], { replyMissing: ['Necesito su correo electrónico.'] });
      await addRequirement(t, chat.bot, boletin, 1, [{ id: 'email', type: 1, path: 'text', op: 'AS', value: 'correo', order: 0 }]);
      expect(texts(await talk('quiero el boletín'))).toEqual(['Necesito su correo electrónico.']);
      expect(texts(await talk('eva@example.com'))).toEqual(['Enviado a eva@example.com.']);
    });

    it('mientras pide el dato, una frase clara de otro skill deja la pregunta y responde ese skill', async () => {
      await talk('quiero registrarme');
      const messages = await talk('en qué canal estoy');
      expect(texts(messages)).toEqual(['Está en Facebook', 'En cualquier canal']);
      expect(debugOf(messages).missing).toEqual([]);
      expect(texts(await talk('ana@example.com'))).toEqual(['No le entendí. Puedo darle precios o registrarlo.']);
    });

    it('mientras pide el dato, el postback de un botón que nombra otro skill lleva a ese skill', async () => {
      await talk('quiero registrarme');
      const messages = await talk({ postback: chat.skills.precios });
      expect(debugOf(messages).skill?.id).toBe(chat.skills.precios);
      expect(texts(messages)[0]).toBe('Estos son nuestros planes.');
    });

    it('el dato que no llega se vuelve a pedir hasta maxAttempt, luego msgAttempt', async () => {
      await talk('quiero registrarme');
      expect(texts(await talk('mmm zzz'))).toEqual(['¿A qué correo le escribimos?']);
      expect(texts(await talk('qqq www'))).toEqual(['¿A qué correo le escribimos?']);
      const given = await talk('xyzzy plugh');
      expect(texts(given)).toEqual(['Intentos excedidos']);
      expect(debugOf(given).missing).toEqual([]);
      expect(texts(await talk('ana@example.com'))).toEqual(['No le entendí. Puedo darle precios o registrarlo.']);
    });
  });

  describe('postbacks', () => {
    it('el id de un skill va directo a ese skill y se graba como POSTBACK', async () => {
      const messages = await talk({ postback: chat.skills.registro });
      expect(texts(messages)).toEqual(['¿A qué correo le escribimos?']);
      expect(debugOf(messages)).toMatchObject({ via: 'postback', input: chat.skills.registro, skill: { id: chat.skills.registro, score: 1 } });
      const { mensajes } = await recorded(t, psi);
      expect(mensajes[0][0]).toMatchObject({ t: 1, tipo: 'POSTBACK', m: chat.skills.registro, idSkill: chat.skills.registro });
    });

    it('el nombre de un skill también', async () => {
      expect(debugOf(await talk({ postback: 'Precios' })).skill?.id).toBe(chat.skills.precios);
    });

    it('una frase se lee como el texto que lleva', async () => {
      const messages = await talk({ postback: 'cuánto cuesta' });
      expect(debugOf(messages)).toMatchObject({ via: 'postback', skill: { id: chat.skills.precios } });
    });

    it('el título de un botón escrito a mano cuenta como pulsarlo', async () => {
      await talk('hola');
      const messages = await talk('registrarme');
      expect(texts(messages)).toEqual(['¿A qué correo le escribimos?']);
      expect(debugOf(messages)).toMatchObject({ via: 'postback', skill: { id: chat.skills.registro } });
    });
  });

  describe('opción no válida', () => {
    it('fuera de los botones responde el invalidOption de la acción y vuelve a ofrecerlos', async () => {
      await talk('cuánto cuesta');
      const messages = await talk('zzz qqq');
      expect(texts(messages)).toEqual(['Elija una opción del menú']);
      expect(debugOf(messages).via).toBe('reintento');
      // The buttons still count: typing one of their titles presses it.
      expect(texts(await talk('Hablar con alguien'))).toEqual([CHAT_MESSAGES.humano]);
    });

    it("sin invalidOption en la acción ni en el bot: 'Opción no válida'", async () => {
      await talk('hola');
      expect(texts(await talk('zzz qqq'))).toEqual(['Opción no válida']);
    });

    it('el invalidOption del bot y luego su skillInvalidOption', async () => {
      await setBot(t, chat.bot, { invalidOption: 'Esa opción no está en el menú.', skillInvalidOption: chat.skills.saludo });
      await talk('hola');
      const messages = await talk('zzz qqq');
      expect(texts(messages)).toEqual(['Esa opción no está en el menú.', '¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
      expect(debugOf(messages).skills.map((s) => s.id)).toEqual([chat.skills.saludo]);
    });

    it('una frase reconocida de otro skill no es una opción no válida', async () => {
      await talk('hola');
      expect(texts(await talk('en qué canal estoy'))).toEqual(['Está en Facebook', 'En cualquier canal']);
    });
  });

  describe('intentos (maxAttempt, msgAttempt, skillAttempt) y fallback', () => {
    it("el fallback responde lo no reconocido; a la tercera vez seguida: 'Intentos excedidos'", async () => {
      const fallback = 'No le entendí. Puedo darle precios o registrarlo.';
      const first = await talk('xyzzy plugh');
      expect(texts(first)).toEqual([fallback]);
      expect(debugOf(first)).toMatchObject({ recognised: false, skill: { id: chat.skills.fallback } });
      expect(texts(await talk('blorp frobnicate'))).toEqual([fallback]);
      expect(texts(await talk('qwzx vbnm'))).toEqual(['Intentos excedidos']);
      // The count starts again.
      expect(texts(await talk('xyzzy plugh'))).toEqual([fallback]);
    });

    it('una frase reconocida pone la cuenta en cero', async () => {
      const fallback = 'No le entendí. Puedo darle precios o registrarlo.';
      await talk('xyzzy plugh');
      await talk('blorp frobnicate');
      await talk('en qué canal estoy');
      expect(texts(await talk('qwzx vbnm'))).toEqual([fallback]);
    });

    it('maxAttempt, msgAttempt y skillAttempt del bot', async () => {
      await setBot(t, chat.bot, { maxAttempt: 2, msgAttempt: 'Le paso con alguien de nuestro equipo.', skillAttempt: chat.skills.humano });
      await talk('xyzzy plugh');
      const messages = await talk('blorp frobnicate');
      expect(texts(messages)).toEqual(['Le paso con alguien de nuestro equipo.', CHAT_MESSAGES.humano]);
      expect(debugOf(messages).human).toBe(true);
    });

    it('las opciones no válidas también cuentan hasta maxAttempt', async () => {
      await setBot(t, chat.bot, { maxAttempt: 2 });
      await talk('hola');
      expect(texts(await talk('zzz qqq'))).toEqual(['Opción no válida']);
      expect(texts(await talk('zzz qqq'))).toEqual(['Intentos excedidos']);
    });

    it('la frase no reconocida se cuenta en frase_nr (c sube al repetirla); las reconocidas no', async () => {
      await talk('xyzzy plugh');
      await talk('hola');
      await talk('xyzzy plugh');
      await talk({ postback: 'zzz postback' });
      const rows = await t.app.db.selectFrom('frase_nr').select(['f', 'c']).where('idBot', '=', chat.bot).execute();
      expect(rows.map((r) => ({ f: r.f, c: Number(r.c) }))).toEqual([{ f: 'xyzzy plugh', c: 2 }]);
    });
  });

  describe('vencimiento de la sesión (tsession)', () => {
    it('pasado tsession (30 min por defecto) dice sessionExpired primero, cierra la sesión, abre otra y olvida la memoria', async () => {
      await setBot(t, chat.bot, { sessionExpired: 'Su sesión anterior terminó; empecemos de nuevo.' });
      await talk('quiero registrarme');
      expect(debugOf(await talk('ana@example.com')).memory).toEqual({ correo: 'ana@example.com' });
      const lastActivity = t.clock.now;
      t.clock.advance(29 * 60_000);
      expect(texts(await talk('hola'))).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
      expect((await recorded(t, psi)).sesiones).toHaveLength(1);

      t.clock.advance(31 * 60_000);
      // The console session has expired too by now: the same user signs in again.
      c = await t.login('compania@quipu.test');
      const messages = await talk('en qué canal estoy');
      expect(texts(messages)).toEqual(['Su sesión anterior terminó; empecemos de nuevo.', 'Está en Facebook', 'En cualquier canal']);
      expect(debugOf(messages).memory).toEqual({});
      const { sesiones, mensajes } = await recorded(t, psi);
      expect(sesiones).toHaveLength(2);
      expect(sesiones[0].ff).toBe(new Date(lastActivity + 29 * 60_000).toISOString());
      expect(sesiones[1].ff).toBeNull();
      expect(mensajes[1].map((m) => [m.t, m.m])).toEqual([
        [1, 'en qué canal estoy'],
        [0, 'Su sesión anterior terminó; empecemos de nuevo.'],
        [0, 'Está en Facebook'],
        [0, 'En cualquier canal'],
      ]);
    });

    it('la columna tsession del bot manda; sin sessionExpired no se dice nada', async () => {
      await setBot(t, chat.bot, {}, { tsession: 5 });
      await talk('quiero registrarme');
      t.clock.advance(6 * 60_000);
      // The pending question is gone with the old session: the e-mail alone is not understood.
      expect(texts(await talk('ana@example.com'))).toEqual(['No le entendí. Puedo darle precios o registrarlo.']);
      expect((await recorded(t, psi)).sesiones).toHaveLength(2);
    });
  });

  describe('sesiones, saltos y acciones únicas', () => {
    it('una sesión nueva vuelve al bot de la conversación y deja la espera de una persona', async () => {
      await talk('quiero hablar con una persona');
      t.clock.advance(31 * 60_000);
      c = await t.login('compania@quipu.test');
      const messages = await talk('hola');
      expect(texts(messages)).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
      expect(debugOf(messages).human).toBe(false);
    });

    it('después de un GO_BOT, una sesión nueva vuelve al primer bot', async () => {
      const soporte = await insertBot(t, demo, 'Soporte técnico');
      await addSkill(t, soporte, 'Avería', ['mi internet no funciona', 'tengo una avería', 'se cayó el servicio', 'no tengo conexión'], [['TEXT', { text: ['Soporte: revisaremos su conexión.'] }]]);
      await addSkill(t, chat.bot, 'Derivar', ['tengo un problema técnico', 'necesito soporte técnico', 'ayuda técnica', 'falla técnica'], [['GO_BOT', { b: soporte, sk: 'tengo una avería' }]]);
      expect(debugOf(await talk('necesito soporte técnico')).bot.id).toBe(soporte);
      t.clock.advance(31 * 60_000);
      c = await t.login('compania@quipu.test');
      expect(debugOf(await talk('hola')).bot.id).toBe(chat.bot);
    });

    it('una acción única (unique) se dice una vez por sesión', async () => {
      await addSkill(t, chat.bot, 'Horario', ['cuál es el horario', 'a qué hora abren', 'horario de atención', 'hasta qué hora atienden'], [
        ['TEXT', { text: ['Bienvenido a nuestro horario.'], unique: true }],
        ['TEXT', { text: ['Abrimos de 9 a 18.'] }],
      ]);
      expect(texts(await talk('cuál es el horario'))).toEqual(['Bienvenido a nuestro horario.', 'Abrimos de 9 a 18.']);
      expect(texts(await talk('a qué hora abren'))).toEqual(['Abrimos de 9 a 18.']);
      t.clock.advance(31 * 60_000);
      c = await t.login('compania@quipu.test');
      expect(texts(await talk('a qué hora abren'))).toEqual(['Bienvenido a nuestro horario.', 'Abrimos de 9 a 18.']);
    });

    it('mensajes simultáneos de una conversación se responden uno tras otro, sin perder ninguno', async () => {
      await talk('hola');
      const answers = await Promise.all(['en qué canal estoy', 'qué red es esta', 'por dónde me escribes', 'en qué canal estoy'].map((m) => talk(m)));
      for (const answer of answers) expect(texts(answer)).toEqual(['Está en Facebook', 'En cualquier canal']);
      const rows = (await recorded(t, psi)).mensajes[0];
      expect(rows).toHaveLength(3 + 4 * 3);
      expect(rows.map((m) => Number(m.seq))).toEqual(rows.map((_m, i) => i + 1));
    });
  });

  describe('lo que se graba', () => {
    it('chat_cliente (test 1, idU), chat_sesion y chat_mensaje en orden, con tipo, skill y puntaje', async () => {
      await talk('hola');
      await talk({ postback: chat.skills.registro });
      const { client, sesiones, mensajes, conversacion } = await recorded(t, psi);
      const user = await userRow(t, 'compania@quipu.test');
      expect(client).toMatchObject({ idE: demo, idChannel: 'demo', psi, red: 1, test: 1, idU: user.id, nm: 'Demo' });
      expect(sesiones).toHaveLength(1);
      expect(sesiones[0]).toMatchObject({ idClt: client!.id, idE: demo, idBot: chat.bot, red: 1, test: 1, ff: null });
      expect(conversacion).toMatchObject({ idBot: chat.bot, idClt: client!.id, idSesion: sesiones[0].id, test: 1 });
      const rows = mensajes[0];
      expect(rows.map((m) => Number(m.seq))).toEqual([1, 2, 3, 4, 5]);
      expect(rows.map((m) => [Number(m.t), m.tipo, m.m, m.idSkill])).toEqual([
        [1, 'TEXT', 'hola', chat.skills.saludo],
        [0, 'TEXT', '¡Hola! ¿En qué le ayudo?', chat.skills.saludo],
        [0, 'BUTTON', 'Elija una opción', chat.skills.saludo],
        [1, 'POSTBACK', chat.skills.registro, chat.skills.registro],
        [0, 'TEXT', '¿A qué correo le escribimos?', chat.skills.registro],
      ]);
      expect(Number(rows[0].score)).toBeGreaterThan(0.5);
      expect(Number(rows[1].score)).toBe(Number(rows[0].score));
      expect(JSON.parse(rows[2].body!)).toMatchObject({ type: 'BUTTON', title: 'Elija una opción', quick: true });
      expect(JSON.parse(rows[2].body!).debug).toBeUndefined();
      expect(rows[0].body).toBeNull();
    });

    it('lo no reconocido se graba sin skill del cliente y con el fallback en la respuesta', async () => {
      await talk('xyzzy plugh');
      const rows = (await recorded(t, psi)).mensajes[0];
      expect(rows.map((m) => [Number(m.t), m.idSkill])).toEqual([[1, chat.skills.fallback], [0, chat.skills.fallback]]);
    });
  });

  describe('debug', () => {
    it('con test: true cada mensaje trae el skill, hasta 3 candidatos, entidades, memoria y lo que falta', async () => {
      const messages = await talk('quiero registrarme');
      const debug = debugOf(messages);
      expect(debug).toMatchObject({ input: 'quiero registrarme', via: 'clasificador', recognised: true, skill: { id: chat.skills.registro, nm: 'Registro' }, human: false, webhooks: [], entities: [], memory: {} });
      expect(debug.skill!.score).toBeGreaterThan(0.5);
      expect(debug.candidates.length).toBeGreaterThan(0);
      expect(debug.candidates.length).toBeLessThanOrEqual(3);
      expect(debug.candidates[0]).toMatchObject({ skillId: chat.skills.registro, passed: true });
      expect(debug.missing).toEqual([{ id: 'email', nm: expect.any(String), message: '¿A qué correo le escribimos?' }]);
      expect(debug.bot).toMatchObject({ id: chat.bot });
      const { mensajes } = await recorded(t, psi);
      expect(debug.turn).toBe(mensajes[0][0].id);

      const done = await talk('ana@example.com');
      expect(debugOf(done).entities).toEqual([expect.objectContaining({ id: 'email', type: 1, value: 'ana@example.com', text: 'ana@example.com' })]);
      expect(debugOf(done).memory).toEqual({ correo: 'ana@example.com' });
      // Every message of one answer carries the same debug.
      const many = await talk('cuánto cuesta');
      expect(new Set(many.map((m) => m.debug?.turn)).size).toBe(1);
    });

    it('con test: false responde la versión desplegada y sin debug', async () => {
      await deployNow(t, chat.bot);
      // A change after the deploy is not seen outside the test chat.
      await addSkill(t, chat.bot, 'Nuevo', ['cuál es el horario', 'a qué hora abren', 'horario de atención', 'hasta qué hora atienden'], [['TEXT', { text: ['Abrimos de 9 a 18.'] }]]);
      const live = newPsi();
      const messages = await say(c, chat.bot, live, 'hola', { test: false });
      expect(texts(messages)).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
      for (const m of messages) expect(m).not.toHaveProperty('debug');
      expect(texts(await say(c, chat.bot, live, 'a qué hora abren', { test: false }))).not.toContain('Abrimos de 9 a 18.');
      expect(texts(await talk('a qué hora abren'))).toEqual(['Abrimos de 9 a 18.']);
      const { client, sesiones, conversacion } = await recorded(t, live);
      // Started from the console: its user's, and a test conversation whichever version answers.
      expect(client).toMatchObject({ test: 1, idU: (await userRow(t, 'compania@quipu.test')).id });
      expect(sesiones[0].test).toBe(1);
      expect(conversacion).toMatchObject({ test: 1 });
    });
  });

  it('el primer mensaje lee la conversación y el cliente del psi en una sola sentencia; los siguientes no la leen', async () => {
    const spy = vi.spyOn(t.app.db.getExecutor(), 'executeQuery');
    const reads = () => spy.mock.calls.filter(([query]) => /^select/i.test(query.sql) && /"conversacion"|"chat_cliente"/.test(query.sql)).length;
    try {
      await talk('hola');
      expect(reads()).toBe(1);
      await talk('hola');
      expect(reads()).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('mensajes simultáneos a un bot desplegado leen su fila una sola vez', async () => {
    await deployNow(t, chat.bot);
    const spy = vi.spyOn(t.app.db.getExecutor(), 'executeQuery');
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => say(c, chat.bot, newPsi(), 'hola', { test: false })));
      for (const answer of answers) expect(texts(answer)).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
      expect(spy.mock.calls.filter(([query]) => query.sql.includes('left join "bot_version"'))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  describe('dos instancias sobre la misma base', () => {
    let b: App;
    let onB: Client;
    beforeAll(async () => {
      b = await buildApp(t.config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false });
    });
    beforeEach(async () => {
      onB = new Client({ app: b, clock: t.clock });
      expect((await onB.signIn('compania@quipu.test')).statusCode).toBe(200);
    });
    afterAll(async () => {
      await b?.close();
    });
    const conversation = () => t.app.db.selectFrom('conversacion').select(['rev', 'estado']).where('psi', '=', psi).executeTakeFirstOrThrow();

    it('se turnan una conversación: la copia que cada una guarda de lo que grabó no pisa lo que grabó la otra', async () => {
      expect(texts(await talk('quiero registrarme'))).toEqual(['¿A qué correo le escribimos?']);
      expect(texts(await say(onB, chat.bot, psi, 'ana@example.com'))).toEqual(['Listo, le escribiremos a ana@example.com.']);
      // A kept the conversation waiting for the e-mail; B answered it since, so A reads it again.
      const third = await talk('ana@example.com');
      expect(debugOf(third).skill?.id).toBe(chat.skills.fallback);
      expect(texts(await talk('quiero registrarme'))).toEqual(['¿A qué correo le escribimos?']);
      expect(texts(await say(onB, chat.bot, psi, 'beto@example.com'))).toEqual(['Listo, le escribiremos a beto@example.com.']);
      const rows = (await recorded(t, psi)).mensajes[0];
      expect(rows.filter((m) => Number(m.t) === 1).map((m) => m.m)).toEqual(['quiero registrarme', 'ana@example.com', 'ana@example.com', 'quiero registrarme', 'beto@example.com']);
      expect(rows.map((m) => Number(m.seq))).toEqual(rows.map((_m, i) => i + 1));
      expect(Number((await conversation()).rev)).toBe(4);
    });

    it('con un WEB_HOOK en el bot, cada mensaje lo llama una sola vez aunque la conversación cambie de instancia', async () => {
      let calls = 0;
      const server = await listenLocally((_req, res) => {
        calls += 1;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ clima: { hoy: 'soleado' } }));
      });
      try {
        const { port } = server;
        await addSkill(t, chat.bot, 'Clima', ['cómo está el clima', 'qué tiempo hace hoy', 'va a llover', 'pronóstico del tiempo'], [
          ['WEB_HOOK', { method: 'GET', url: `http://127.0.0.1:${port}/clima`, headers: [], fields: [], cond: [], op: 'AND', resp: [{ path: 'clima.hoy', k: 'clima' }] }],
          ['TEXT', { text: ['Hoy está {{clima}}.'] }],
        ]);
        const turns = [talk, (m: string) => say(onB, chat.bot, psi, m), talk, talk, (m: string) => say(onB, chat.bot, psi, m), talk];
        for (const [i, turn] of turns.entries()) {
          expect(texts(await turn('cómo está el clima'))).toEqual(['Hoy está soleado.']);
          expect(calls).toBe(i + 1);
        }
        expect(Number((await conversation()).rev)).toBe(turns.length - 1);
      } finally {
        await server.close();
      }
    });

    it('mensajes simultáneos de una conversación en las dos: se responden todos, uno tras otro, sin perder ninguno', async () => {
      await talk('hola');
      await say(onB, chat.bot, psi, 'hola');
      const sent = ['en qué canal estoy', 'qué red es esta', 'por dónde me escribes'];
      const answers = await Promise.all(sent.flatMap((m) => [talk(m), say(onB, chat.bot, psi, m)]));
      for (const answer of answers) expect(texts(answer)).toEqual(['Está en Facebook', 'En cualquier canal']);
      const rows = (await recorded(t, psi)).mensajes[0];
      expect(rows).toHaveLength(2 * 3 + 6 * 3);
      expect(rows.map((m) => Number(m.seq))).toEqual(rows.map((_m, i) => i + 1));
      expect(Number((await conversation()).rev)).toBe(7);
      expect(JSON.parse((await conversation()).estado).seq).toBe(rows.length);
    });
  });

  it('un reinicio en medio de un requerimiento: otra instancia (cachés nuevas) sobre la misma base completa el skill', async () => {
    expect(texts(await talk('quiero registrarme'))).toEqual(['¿A qué correo le escribimos?']);
    const again = await buildApp(t.config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false });
    try {
      const browser = new Client({ app: again, clock: t.clock });
      expect((await browser.signIn('compania@quipu.test')).statusCode).toBe(200);
      const messages = await say(browser, chat.bot, psi, 'ana@example.com');
      expect(texts(messages)).toEqual(['Listo, le escribiremos a ana@example.com.']);
      expect(debugOf(messages)).toMatchObject({ via: 'requerimiento', skill: { id: chat.skills.registro } });
      expect((await recorded(t, psi)).mensajes[0]).toHaveLength(4);
    } finally {
      await again.close();
    }
  });
});
