// The test chat with files (POST /webchat/demo.archivos, multipart, signed over its bytes): the
// files reach the skill that answers as a channel's files do (admitted, kept with the conversation
// and named in the history, or refused with why), a file alone goes on with a skill that waits for
// one, what the console cannot send is refused whole in Spanish, and the route lets in whom POST
// /webchat/demo lets in.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, CHAT_FILES, type ChatMessage } from '../../common/schemas/chat';
import { ALL_ACCOUNTS, companyId, signedIn, type Account } from './adminFixtures';
import { expectedStatus, insertSkill } from './botFixtures';
import { insertChatBot, newPsi, recorded, texts, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { postMultipart, type Part } from './multipartFixtures';
import { insertAccion } from './skillFixtures';
import { ATTACHMENT_MESSAGES } from '../../server/src/engine/attachments';

const URL = `${API}/webchat/demo.archivos`;
const MB = 1024 * 1024;

describe.each(dialects)('chat de prueba con archivos (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  let psi: string;
  const as = signedIn(() => t);

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
    // 'Reclamo' requires one file (pdf or txt, 1 MB) and thanks the client once it has it.
    const reclamo = await insertSkill(t, chat.bot, 'Reclamo', {
      frases: ['quiero presentar un reclamo', 'tengo un reclamo', 'presentar una queja', 'reclamo por mi pedido'],
      cfg: { hasAttachments: true, attachmentsRequired: true, attachmentMaxCount: 1, attachmentMaxSize: 1, attachmentTypes: ['pdf', 'txt'] },
    });
    await insertAccion(t, { bot: chat.bot, skill: reclamo }, 'TEXT', 0, { text: ['Recibimos su reclamo.'], red: [8] });
    psi = newPsi();
  });
  afterAll(async () => {
    await t?.close();
  });

  const datos = (message?: string, body: object = {}) => ({ name: 'datos', value: JSON.stringify({ psi, idBot: chat.bot, test: true, ...(message ? { message } : {}), ...body }) });
  const archivo = (n: number, filename: string, value: string | Buffer = `contenido de ${filename}`): Part => ({ name: `${CHAT_FILES.part}${n}`, value, filename });
  /** The files kept with the conversations of this test's bot. */
  const stored = () =>
    t.app.db.selectFrom('adjunto').innerJoin('chat_sesion', 'chat_sesion.id', 'adjunto.idSesion').selectAll('adjunto').where('chat_sesion.idBot', '=', chat.bot).orderBy('adjunto.nm').execute();
  const send = async (who: Account | Client, parts: Part[]) => postMultipart(t, typeof who === 'string' ? await as(who) : who, URL, parts);
  const answered = async (parts: Part[]): Promise<ChatMessage[]> => {
    const response = await send('compania', parts);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().messages;
  };

  it('el archivo llega al skill que responde: se guarda con la conversación, el historial lo nombra y el skill sigue', async () => {
    expect(texts(await answered([datos('quiero presentar un reclamo'), archivo(1, 'factura.pdf')]))).toEqual(['Recibimos su reclamo.']);
    const { mensajes } = await recorded(t, psi);
    const incoming = mensajes[0].find((m) => Number(m.t) === 1)!;
    expect(incoming.m).toBe('quiero presentar un reclamo\nAdjunto: factura.pdf');
    const rows = await stored();
    expect(rows.map((r) => [r.nm, r.tipo, Buffer.from(r.datos).toString(), r.idMensaje])).toEqual([['factura.pdf', 'pdf', 'contenido de factura.pdf', incoming.id]]);
  });

  it('el skill que exige un archivo lo pide; un archivo solo, sin texto, sigue con él', async () => {
    const asked = await answered([datos('quiero presentar un reclamo')]);
    expect(texts(asked)).toEqual(['Por favor adjunte el archivo (pdf o txt, de hasta 1 MB).']);
    expect(texts(await answered([datos(), archivo(1, 'Reclamo.TXT')]))).toEqual(['Recibimos su reclamo.']);
    expect((await stored()).map((r) => [r.nm, r.tipo])).toEqual([['Reclamo.TXT', 'txt']]);
  });

  it('un archivo que el skill no admite se nombra con su motivo y no se guarda', async () => {
    const messages = await answered([datos('quiero presentar un reclamo'), archivo(1, 'foto.exe'), archivo(2, 'grande.pdf', Buffer.alloc(2 * MB, 1))]);
    expect(texts(messages)).toEqual([
      'No se recibió el archivo "foto.exe": el tipo de archivo no es admitido (se admiten pdf o txt).',
      'No se recibió el archivo "grande.pdf": supera el tamaño máximo de 1 MB.',
      'Por favor adjunte el archivo (pdf o txt, de hasta 1 MB).',
    ]);
    expect(messages.map((m) => m.text)).toContain(ATTACHMENT_MESSAGES.askFile({ types: ['pdf', 'txt'], maxMb: 1, maxCount: 1, required: true }));
    expect(await stored()).toEqual([]);
  });

  it('lo que la consola no puede enviar se rechaza entero con su motivo, sin que el bot lo vea', async () => {
    const refused = async (parts: Part[], message: string) => {
      const response = await send('compania', parts);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    };
    const six = Array.from({ length: CHAT_FILES.max + 1 }, (_, i) => archivo(i + 1, `a${i}.pdf`));
    await refused([datos('hola'), ...six.slice(0, CHAT_FILES.max - 1), { ...six[5], name: 'otro' }], CHAT_MESSAGES.archivosIlegibles);
    await refused([datos('hola'), ...six], CHAT_MESSAGES.archivosDemasiados);
    await refused([datos('hola'), archivo(1, 'vacio.pdf', '')], CHAT_MESSAGES.archivoVacio('vacio.pdf'));
    await refused([datos('hola'), archivo(1, 'enorme.pdf', Buffer.alloc(CHAT_FILES.maxMb * MB + 1))], CHAT_MESSAGES.archivoPesado('enorme.pdf'));
    await refused([{ name: 'datos', value: '{no es json' }, archivo(1, 'a.pdf')], CHAT_MESSAGES.archivosIlegibles);
    await refused([datos('hola', { red: 99 }), archivo(1, 'a.pdf')], CHAT_MESSAGES.archivosIlegibles);
    await refused([datos()], CHAT_MESSAGES.vacio);
    const json = await (await as('compania')).post(URL, { psi, idBot: chat.bot, test: true, message: 'hola' });
    expect(json.statusCode).toBe(400);
    expect((await recorded(t, psi)).mensajes).toEqual([]);
  });

  it('un cuerpo que declara más que el límite se rechaza antes de leerse', async () => {
    const c = await as('compania');
    const response = await c.inject({ method: 'POST', url: URL, payload: 'x', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(CHAT_FILES.max * CHAT_FILES.maxMb * MB + 200 * 1024) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CHAT_MESSAGES.archivosPesados);
  });

  describe('quién llega', () => {
    it.each(ALL_ACCOUNTS)('%s', async (who: Account) => {
      const expected = expectedStatus(who, 'read');
      const response = await send(who, [datos('quiero presentar un reclamo'), archivo(1, 'factura.pdf')]);
      expect(response.statusCode, response.body).toBe(expected);
      if (expected !== 200) expect(await stored()).toEqual([]);
    });

    it('sin sesión: 401', async () => {
      const response = await send(t.client(), [datos('hola'), archivo(1, 'factura.pdf')]);
      expect(response.statusCode).toBe(401);
    });
  });
});
