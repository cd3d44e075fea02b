// What the console's chat (POST /webchat/demo and /webchat/demo.terminar) may make, whatever its
// body says: its conversations are always tests, which the history, its report and the dashboard
// never show; a channel id other than the test chat's own is refused; and an image of this server
// is answered and stored as its path, whatever Host the request named.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '../../common/schemas/chat';
import { companyId } from './adminFixtures';
import { insertCanal } from './canalFixtures';
import { addSkill, newPsi, post, recorded, say, texts, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, userRow, type Client, type TestApp } from './helpers';
import { futureDay, limaAt, limaBot, sheetRows, talk, workbook } from './historialFixtures';

/** What a ROLE_USER sends to pass a test for a real WhatsApp customer. */
const POSING = { test: false, red: 4, nm: 'María Pérez (cliente real)' };
const IMAGE = '/api/demo/imagen/sede-san-isidro.svg';

describe.each(dialects)('el chat de la consola (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  let idE: string;
  let usuario: Client;
  const dia = futureDay(1);
  const range = () => ({ idBot: chat.bot, fd: dia, fh: dia });
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    ({ idE, chat } = await limaBot(t));
    t.clock.now = limaAt(dia, 10);
    usuario = await t.login('usuario@quipu.test');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /webchat/demo con test: false, red 4 y un nombre de cliente', () => {
    it('responde la versión desplegada, pero la conversación queda como prueba de quien la escribió', async () => {
      const psi = newPsi();
      expect(texts(await say(usuario, chat.bot, psi, 'hola', POSING))).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
      const { client, sesiones, conversacion } = await recorded(t, psi);
      expect(client).toMatchObject({ idChannel: 'demo', red: 4, test: 1, idU: (await userRow(t, 'usuario@quipu.test')).id });
      expect(sesiones.map((s) => s.test)).toEqual([1]);
      expect(conversacion).toMatchObject({ test: 1 });
    });

    it('ni el historial, ni su informe, ni el dashboard la muestran; al cliente de un canal, sí', async () => {
      const psi = newPsi();
      await say(usuario, chat.bot, psi, 'hola', POSING);
      const posing = (await recorded(t, psi)).client!;
      const real = await talk(t, chat.bot, `wa-${randomUUID()}`, 'Ana García', limaAt(dia, 11), ['hola']);
      const compania = await t.login('compania@quipu.test');

      const cards = (await compania.post(`${API}/session.clientes`, range())).json();
      expect(cards.content.map((card: { idClt: string; nm: string }) => [card.idClt, card.nm])).toEqual([[real, 'Ana García']]);
      expect((await compania.post(`${API}/session.clientes`, { ...range(), name: 'María' })).json().content).toEqual([]);
      const sessions = await compania.post(`${API}/session?idClt=${posing.id}`, range());
      expect(sessions.statusCode).toBe(404);

      const datos = (await compania.post(`${API}/dashboard/datos`, range())).json();
      expect(datos).toMatchObject({ totSessions: 1, totClts: 1, canales: [{ red: 1, ses: 1, clt: 1 }] });

      const { id } = (await compania.post(`${API}/informe/excel`, { ...range(), completo: true })).json() as { id: string };
      await t.app.jobs.drain();
      const book = await workbook(await compania.get(`${API}/informe?id=${id}`));
      const cells = book.worksheets.flatMap((sheet) => sheetRows(sheet)).flat().map(String).join(' | ');
      expect(cells).toContain('Ana García');
      expect(cells).not.toContain('María Pérez');
    });
  });

  describe('idChannel', () => {
    it("uno inventado: 400 'El canal no existe', y no se graba nada", async () => {
      const psi = newPsi();
      const response = await post(usuario, chat.bot, psi, 'hola', { ...POSING, idChannel: 'whatsapp-de-mentira' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(CHAT_MESSAGES.canalNoExiste);
      const ended = await usuario.post(`${API}/webchat/demo.terminar`, { psi, idBot: chat.bot, test: true, idChannel: 'whatsapp-de-mentira' });
      expect([ended.statusCode, ended.json().message]).toEqual([400, CHAT_MESSAGES.canalNoExiste]);
      expect(await recorded(t, psi)).toMatchObject({ client: undefined, sesiones: [], conversacion: undefined });
    });

    it('el de un canal de otra empresa es, para esta, uno que no existe: 400', async () => {
      const ajeno = await insertCanal(t, await companyId(t, 'Otra Empresa'));
      const response = await post(usuario, chat.bot, newPsi(), 'hola', { idChannel: ajeno });
      expect([response.statusCode, response.json().message]).toEqual([400, CHAT_MESSAGES.canalNoExiste]);
    });

    it('uno de la empresa es de sus clientes: 403; el del chat de prueba (demo) se acepta', async () => {
      const propio = (await t.app.db.selectFrom('canal').select('id').where('idE', '=', idE).executeTakeFirstOrThrow()).id;
      const response = await post(usuario, chat.bot, newPsi(), 'hola', { idChannel: propio });
      expect([response.statusCode, response.json().message]).toEqual([403, CHAT_MESSAGES.canalAjeno]);
      expect((await post(usuario, chat.bot, newPsi(), 'hola', { idChannel: 'demo' })).statusCode).toBe(200);
    });
  });

  it('una imagen de este servidor se responde y se guarda como ruta, aunque la solicitud diga Host: evil.example', async () => {
    await addSkill(t, chat.bot, 'Sede', ['dónde queda la sede', 'dirección de la oficina', 'ubicación de la sede', 'dónde están ubicados'], [
      ['CARD', { imageUrl: IMAGE, title: 'Sede San Isidro', subTitle: 'Av. Las Begonias 415', invalidOption: 'Elija una opción', buttons: [] }],
    ]);
    const psi = newPsi();
    const response = await usuario.post(`${API}/webchat/demo`, { psi, idBot: chat.bot, test: true, message: 'dónde queda la sede' }, { headers: { host: 'evil.example' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().messages).toEqual([expect.objectContaining({ type: 'CARD', image_url: IMAGE })]);
    const stored = (await recorded(t, psi)).mensajes.flat().map((m) => m.body ?? '').join(' ');
    expect(stored).toContain(`"image_url":"${IMAGE}"`);
    expect(stored).not.toContain('evil.example');
  });
});
