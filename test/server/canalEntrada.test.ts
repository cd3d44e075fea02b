// What every channel does with a client's message before and after the bot answers
// (conversation/gate.ts): an active channel linked to a deployed bot answers through the engine and
// records the conversation under the channel; an inactive, unlinked or undeployed one does not; a
// delivery the provider repeats is answered once; outside its hours the channel says so in the
// company's time zone; WhatsApp's excluded numbers get nothing; the console cannot write into a
// channel's conversation.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { localHour, outOfHoursText, receiveChannelMessage, withinHours, type CanalRow } from '../../server/src/conversation/gate';
import { CHAT_MESSAGES } from '../../common/schemas/chat';
import { companyId } from './adminFixtures';
import { addSkill, deployNow, insertChatBot, post, texts, type ChatBot } from './chatFixtures';
import { createTestApp, dialects, type TestApp } from './helpers';

describe('horario de un canal', () => {
  it('lee la hora en la zona horaria dada', () => {
    expect(localHour(new Date('2026-03-02T14:05:00Z'), 'America/Lima')).toBe('09:05');
    expect(localHour(new Date('2026-03-02T14:05:00Z'), 'Europe/Madrid')).toBe('15:05');
  });
  it('incluye el inicio y excluye el fin; un horario que cruza la medianoche también vale', () => {
    expect(withinHours('09:00', '09:00', '18:00')).toBe(true);
    expect(withinHours('17:59', '09:00', '18:00')).toBe(true);
    expect(withinHours('18:00', '09:00', '18:00')).toBe(false);
    expect(withinHours('08:59', '09:00', '18:00')).toBe(false);
    expect(withinHours('23:30', '22:00', '06:00')).toBe(true);
    expect(withinHours('05:59', '22:00', '06:00')).toBe(true);
    expect(withinHours('12:00', '22:00', '06:00')).toBe(false);
  });
  it('el texto fuera de horario nombra las horas, el propio del canal o el de siempre', () => {
    expect(outOfHoursText({ msgFueraHora: null, hi: '09:00', hf: '18:00' })).toBe('Nuestro horario de atención es de 09:00 a 18:00. Escríbanos dentro de ese horario, por favor.');
    expect(outOfHoursText({ msgFueraHora: 'Cerrado. Abrimos a las {hi}.', hi: '08:30', hf: '17:00' })).toBe('Cerrado. Abrimos a las 08:30.');
  });
});

describe.each(dialects)('un mensaje que llega por un canal (%s)', (dialect) => {
  let t: TestApp;
  let demo: string;
  let chat: ChatBot;

  async function canal(values: Partial<CanalRow> = {}): Promise<CanalRow> {
    const row = {
      id: randomUUID(), idE: demo, name: 'Whatsapp', red: 4, dsc: 'WhatsApp Ventas', activo: 1 as const, idR: null, b: chat.bot,
      porHora: 0 as const, hi: null, hf: null, msgFueraHora: null, liveAgent: 0 as const, email: null, useChasqui: 0 as const, chasquiUrl: null,
      excluir: '[]', web: null, cfg: '{}', secretos: '{}', uc: null, fc: new Date(t.clock.now).toISOString(), rev: 0,
      ...values,
    };
    await t.app.db.insertInto('canal').values(row).execute();
    return row;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    demo = await companyId(t, 'Demo Internacional');
    chat = await insertChatBot(t, demo);
    await deployNow(t, chat.bot);
  });
  afterAll(async () => {
    await t.close();
  });

  it('el bot desplegado responde y la conversación queda registrada con el canal y su código', async () => {
    const c = await canal();
    const result = await receiveChannelMessage(t.app, c, { psi: '51999888777', nm: 'Lucía', text: 'hola' });
    expect(result.kind).toBe('answered');
    if (result.kind !== 'answered') return;
    expect(texts(result.messages)[0]).toBe('¡Hola! ¿En qué le ayudo?');
    const client = await t.app.db.selectFrom('chat_cliente').selectAll().where('psi', '=', '51999888777').executeTakeFirstOrThrow();
    expect(client).toMatchObject({ idE: demo, idChannel: c.id, red: 4, nm: 'Lucía', test: 0 });
    const mensajes = await t.app.db.selectFrom('chat_mensaje').innerJoin('chat_sesion', 'chat_sesion.id', 'chat_mensaje.idSesion').select(['chat_mensaje.t', 'chat_mensaje.m', 'chat_sesion.red']).where('chat_sesion.idClt', '=', client.id).orderBy('chat_mensaje.seq').execute();
    expect(mensajes[0]).toMatchObject({ t: 1, m: 'hola', red: 4 });
    expect(mensajes.length).toBeGreaterThan(1);
  });

  it('una imagen de este servidor va al proveedor con la dirección de PUBLIC_URL; al widget, como ruta', async () => {
    const sede = await insertChatBot(t, demo);
    await addSkill(t, sede.bot, 'Sede', ['dónde queda la sede', 'dirección de la oficina', 'ubicación de la sede', 'dónde están ubicados'], [
      ['CARD', { imageUrl: '/api/demo/imagen/sede-san-isidro.svg', title: 'Sede San Isidro', invalidOption: 'Elija una opción', buttons: [] }],
    ]);
    await deployNow(t, sede.bot);
    t.app.config.publicUrl = 'https://bots.tienda.pe/quipu/';
    try {
      const whatsapp = await receiveChannelMessage(t.app, await canal({ b: sede.bot }), { psi: '51999888777', text: 'dónde queda la sede' });
      const web = await receiveChannelMessage(t.app, await canal({ name: 'Web', red: 3, b: sede.bot }), { psi: 'web-1', text: 'dónde queda la sede' });
      const images = [whatsapp, web].map((r) => (r.kind === 'answered' ? r.messages.map((m) => m.image_url) : r.kind));
      expect(images).toEqual([['https://bots.tienda.pe/api/demo/imagen/sede-san-isidro.svg'], ['/api/demo/imagen/sede-san-isidro.svg']]);
    } finally {
      t.app.config.publicUrl = undefined;
    }
  });

  it('un postback va directo a su skill', async () => {
    const c = await canal();
    const result = await receiveChannelMessage(t.app, c, { psi: '51911111111', postback: chat.skills.precios });
    expect(result.kind === 'answered' && texts(result.messages)[0]).toBe('Estos son nuestros planes.');
  });

  it('un canal inactivo, sin bot o con un bot sin desplegar no responde', async () => {
    expect(await receiveChannelMessage(t.app, await canal({ activo: 0 }), { psi: '1', text: 'hola' })).toEqual({ kind: 'refused', reason: 'inactive' });
    expect(await receiveChannelMessage(t.app, await canal({ b: null }), { psi: '1', text: 'hola' })).toEqual({ kind: 'refused', reason: 'unlinked' });
    const other = await insertChatBot(t, demo);
    expect(await receiveChannelMessage(t.app, await canal({ b: other.bot }), { psi: '1', text: 'hola' })).toEqual({ kind: 'refused', reason: 'notDeployed' });
    expect(await receiveChannelMessage(t.app, await canal(), { psi: '1', text: '   ' })).toEqual({ kind: 'refused', reason: 'empty' });
    expect(await t.app.db.selectFrom('chat_mensaje').select('id').execute()).toHaveLength(0);
  });

  it('un bot de otra empresa enlazado a mano no responde', async () => {
    const otra = await companyId(t, 'Otra Empresa');
    const foreign = await insertChatBot(t, otra);
    await deployNow(t, foreign.bot);
    expect(await receiveChannelMessage(t.app, await canal({ b: foreign.bot }), { psi: '1', text: 'hola' })).toEqual({ kind: 'refused', reason: 'notDeployed' });
  });

  it('una entrega repetida por el proveedor se responde una sola vez, también si llegan a la vez', async () => {
    const c = await canal();
    const first = await receiveChannelMessage(t.app, c, { psi: '51922222222', text: 'hola', delivery: 'wamid.1' });
    expect(first.kind).toBe('answered');
    expect(await receiveChannelMessage(t.app, c, { psi: '51922222222', text: 'hola', delivery: 'wamid.1' })).toEqual({ kind: 'duplicate' });
    const both = await Promise.all([1, 2].map(() => receiveChannelMessage(t.app, c, { psi: '51922222222', text: 'cuánto cuesta', delivery: 'wamid.2' })));
    expect(both.map((r) => r.kind).sort()).toEqual(['answered', 'duplicate']);
    const entrantes = await t.app.db.selectFrom('chat_mensaje').select('m').where('t', '=', 1).execute();
    expect(entrantes.map((m) => m.m)).toEqual(['hola', 'cuánto cuesta']);
    // Another channel may use the same delivery id.
    expect((await receiveChannelMessage(t.app, await canal(), { psi: '51922222222', text: 'hola', delivery: 'wamid.1' })).kind).toBe('answered');
  });

  it('fuera de horario responde el texto del canal en la zona horaria de la empresa, sin pasar por el bot', async () => {
    await t.app.db.updateTable('empresa').set({ tz: 'America/Lima' }).where('id', '=', demo).execute();
    t.clock.now = Date.parse('2026-03-02T03:00:00Z'); // 22:00 in Lima
    const c = await canal({ porHora: 1, hi: '09:00', hf: '18:00' });
    const result = await receiveChannelMessage(t.app, c, { psi: '51933333333', text: 'hola' });
    expect(result).toMatchObject({ kind: 'outOfHours', messages: [{ type: 'TEXT', text: 'Nuestro horario de atención es de 09:00 a 18:00. Escríbanos dentro de ese horario, por favor.' }] });
    expect(await t.app.db.selectFrom('chat_mensaje').select('id').execute()).toHaveLength(0);

    t.clock.now = Date.parse('2026-03-02T15:00:00Z'); // 10:00 in Lima
    expect((await receiveChannelMessage(t.app, c, { psi: '51933333333', text: 'hola' })).kind).toBe('answered');

    // The same instant is 16:00 in Madrid, past a 09:00–15:00 channel there.
    await t.app.db.updateTable('empresa').set({ tz: 'Europe/Madrid' }).where('id', '=', demo).execute();
    // The bot's kept row holds its company's zone for up to a second: read it again now.
    t.app.bots.forget(chat.bot);
    const madrid = await canal({ porHora: 1, hi: '09:00', hf: '15:00', msgFueraHora: 'Volvemos a las {hi}.' });
    expect(await receiveChannelMessage(t.app, madrid, { psi: '51933333333', text: 'hola' })).toMatchObject({ kind: 'outOfHours', messages: [{ text: 'Volvemos a las 09:00.' }] });
  });

  it('con horario, la zona de la empresa viene de la fila guardada del bot: ningún mensaje lee la empresa aparte', async () => {
    await t.app.db.updateTable('empresa').set({ tz: 'America/Lima' }).where('id', '=', demo).execute();
    const c = await canal({ porHora: 1, hi: '09:00', hf: '18:00' });
    const spy = vi.spyOn(t.app.db.getExecutor(), 'executeQuery');
    try {
      t.clock.now = Date.parse('2026-03-02T15:00:00Z'); // 10:00 in Lima
      expect((await receiveChannelMessage(t.app, c, { psi: '51966666666', text: 'hola' })).kind).toBe('answered');
      t.clock.now = Date.parse('2026-03-03T03:00:00Z'); // 22:00 in Lima
      expect((await receiveChannelMessage(t.app, c, { psi: '51966666666', text: 'hola' })).kind).toBe('outOfHours');
      expect((await receiveChannelMessage(t.app, c, { psi: '51966666666', text: 'hola' })).kind).toBe('outOfHours');
      expect(spy.mock.calls.map(([query]) => query.sql).filter((sql) => /^select .* from "empresa"/is.test(sql))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it('nunca responde a un número excluido, escrito con o sin espacios y signos', async () => {
    const c = await canal({ excluir: JSON.stringify([{ numero: '+51 944 444 444', nombre: 'Gerencia' }]) });
    expect(await receiveChannelMessage(t.app, c, { psi: '51944444444', text: 'hola' })).toEqual({ kind: 'refused', reason: 'excluded' });
    expect((await receiveChannelMessage(t.app, c, { psi: '51955555555', text: 'hola' })).kind).toBe('answered');
  });

  it('la consola no puede escribir en la conversación de un canal', async () => {
    const c = await canal();
    const compania = await t.login('compania@quipu.test');
    const response = await post(compania, chat.bot, '51999888777', 'hola', { test: false, idChannel: c.id });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(CHAT_MESSAGES.canalAjeno);
  });
});
