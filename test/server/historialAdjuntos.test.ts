// The files a client sent, in the history: a conversation's page lists them under the client's
// message that carried them, and GET /conversacion/adjunto downloads one (as an attachment, never
// rendered), for whoever reads the history of its company, recorded in the audit log; a test
// conversation's file, another company's, or one already deleted is 404.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADJUNTO_NO_ENCONTRADO, type ConversationPage } from '../../common/schemas/historial';
import { EV } from '../../common/schemas/rules';
import { auditRows, companyId } from './adminFixtures';
import { insertSkill } from './botFixtures';
import { deployNow, fromChannel, insertChatBot, newPsi, say, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type TestApp } from './helpers';
import { ALL, historyStatus, signInAll } from './historialFixtures';
import { insertAccion } from './skillFixtures';
import { fileInMemory } from '../../server/src/engine/attachments';
import { deleteExpiredAttachments } from '../../server/src/services/historial/adjuntos';

describe.each(dialects)('archivos del cliente en el historial (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  const PDF = Buffer.from('%PDF-1.4 reclamo de Ana');

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    // The history's bot, with a skill that takes files added before its deploy.
    chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
    const reclamo = await insertSkill(t, chat.bot, 'Reclamo', {
      frases: ['quiero presentar un reclamo', 'tengo un reclamo', 'presentar una queja'],
      cfg: { hasAttachments: true, attachmentMaxCount: 2, attachmentMaxSize: 1, attachmentTypes: ['pdf', 'jpg'] },
    });
    await insertAccion(t, { bot: chat.bot, skill: reclamo }, 'TEXT', 0, { text: ['Recibimos su reclamo.'], red: [8] });
    await deployNow(t, chat.bot);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A channel's client sends two files with a reclamo; the session's id. */
  async function reclamoWithFiles(): Promise<string> {
    const psi = `web-${randomUUID()}`;
    await fromChannel(t, chat.bot, psi, { text: 'quiero presentar un reclamo', files: [fileInMemory('reclamo.pdf', PDF), fileInMemory('foto.jpg', Buffer.from('jpg'))] }, { nm: 'Ana' });
    const session = await t.app.db.selectFrom('chat_sesion').innerJoin('chat_cliente', 'chat_cliente.id', 'chat_sesion.idClt').select('chat_sesion.id').where('chat_cliente.psi', '=', psi).executeTakeFirstOrThrow();
    return session.id;
  }

  it('la página de la conversación nombra los archivos bajo el mensaje del cliente, y cada uno se descarga como adjunto', async () => {
    const idS = await reclamoWithFiles();
    const c = await t.login('compania@quipu.test');
    const page = (await c.get(`${API}/conversacion?idS=${idS}`)).json() as ConversationPage;
    const [incoming, answer] = page.msgs;
    expect(incoming.adjuntos?.map((a) => [a.nm, a.tam])).toEqual([
      ['foto.jpg', 3],
      ['reclamo.pdf', PDF.length],
    ]);
    expect(answer.adjuntos).toBeUndefined();
    t.clock.advance(1000);
    const response = await c.get(`${API}/conversacion/adjunto?id=${incoming.adjuntos![1].id}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="reclamo.pdf"; filename*=UTF-8''reclamo.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    expect(response.headers['content-security-policy']).toContain('sandbox');
    const [audited] = await auditRows(t, EV.HISTORIAL);
    expect(audited.val).toBe(`Descargar adjunto: reclamo.pdf de la sesión ${idS} del cliente ${(await t.app.db.selectFrom('chat_sesion').select('idClt').where('id', '=', idS).executeTakeFirstOrThrow()).idClt}`);
  });

  it('cada rol según el historial: los que lo leen lo descargan, los demás 403, otra empresa 404, sin sesión 401', async () => {
    const idS = await reclamoWithFiles();
    const [file] = await t.app.db.selectFrom('adjunto').select('id').where('idSesion', '=', idS).orderBy('nm', 'desc').execute();
    const who = await signInAll(t);
    for (const account of ALL) {
      const response = await who[account].get(`${API}/conversacion/adjunto?id=${file.id}`);
      expect([account, response.statusCode]).toEqual([account, historyStatus(account)]);
      if (response.statusCode === 404) expect(response.json().message).toBe(ADJUNTO_NO_ENCONTRADO);
    }
    expect((await t.client().get(`${API}/conversacion/adjunto?id=${file.id}`)).statusCode).toBe(401);
  });

  it('el archivo de una conversación de prueba, uno que ya se borró o uno que no existe: 404', async () => {
    const compania = await t.login('compania@quipu.test');
    const psi = newPsi();
    await say(compania, chat.bot, psi, 'hola');
    const idS = await reclamoWithFiles();
    // A test conversation's file, as the console's test chat keeps it.
    const testSession = await t.app.db.selectFrom('chat_sesion').innerJoin('chat_cliente', 'chat_cliente.id', 'chat_sesion.idClt').select(['chat_sesion.id', 'chat_sesion.idE']).where('chat_cliente.psi', '=', psi).executeTakeFirstOrThrow();
    const testFile = randomUUID();
    const message = await t.app.db.selectFrom('chat_mensaje').select('id').where('idSesion', '=', testSession.id).executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('adjunto')
      .values({ id: testFile, idE: testSession.idE, idSesion: testSession.id, idMensaje: message.id, nm: 'prueba.pdf', tipo: 'pdf', tam: 3, datos: Buffer.from('pdf'), fc: t.clock.now })
      .execute();
    for (const id of [testFile, randomUUID()]) {
      const response = await compania.get(`${API}/conversacion/adjunto?id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ADJUNTO_NO_ENCONTRADO);
    }
    const [file] = await t.app.db.selectFrom('adjunto').select('id').where('idSesion', '=', idS).execute();
    t.clock.advance((t.app.config.adjuntosDias + 1) * 24 * 60 * 60_000);
    expect(await deleteExpiredAttachments(t.app)).toBeGreaterThan(0);
    const later = await t.login('compania@quipu.test');
    expect((await later.get(`${API}/conversacion/adjunto?id=${file.id}`)).statusCode).toBe(404);
    const page = (await later.get(`${API}/conversacion?idS=${idS}`)).json() as ConversationPage;
    expect(page.msgs[0].m).toBe('quiero presentar un reclamo\nAdjunto: reclamo.pdf\nAdjunto: foto.jpg');
    expect(page.msgs[0].adjuntos).toBeUndefined();
  });
});
