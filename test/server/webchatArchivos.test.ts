// A visitor's message with files through the web chat widget (POST /public/webchat/{key}/archivos,
// multipart, unsigned like the widget's other calls): the files reach the skill that answers as a
// channel's files do and are kept with the conversation; a resend is answered once; the token, the
// page's origin and the channel are checked as for /mensaje, the origin before the body is read;
// what the widget cannot send is refused whole in Spanish; each address has its own per-minute limit.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_FILES, CHAT_MESSAGES } from '../../common/schemas/chat';
import { WEBCHAT_MESSAGES, type WebchatConversation, type WebchatReply } from '../../common/schemas/webchat';
import { encodeCanalKey } from '../../common/schemas/webchatKey';
import { WEBCHAT_MESSAGES_PER_MINUTE } from '../../server/src/channels/web/widget';
import { companyId } from './adminFixtures';
import { insertSkill } from './botFixtures';
import { deployNow, insertChatBot, texts, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { multipart, type Part } from './multipartFixtures';
import { insertAccion } from './skillFixtures';

const SHOP = 'https://tienda.example.com';
const MB = 1024 * 1024;

describe.each(dialects)('archivos por el chat web (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  let key: string;
  /** The test's visitor: one address, its own. */
  let visitor: Client;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    const idE = await companyId(t, 'Demo Internacional');
    chat = await insertChatBot(t, idE);
    // 'Reclamo' requires one file (pdf or jpg, 1 MB) and thanks the visitor once it has it.
    const reclamo = await insertSkill(t, chat.bot, 'Reclamo', {
      frases: ['quiero presentar un reclamo', 'tengo un reclamo', 'presentar una queja', 'reclamo por mi pedido'],
      cfg: { hasAttachments: true, attachmentsRequired: true, attachmentMaxCount: 1, attachmentMaxSize: 1, attachmentTypes: ['pdf', 'jpg'] },
    });
    await insertAccion(t, { bot: chat.bot, skill: reclamo }, 'TEXT', 0, { text: ['Recibimos su reclamo.'], red: [8] });
    await deployNow(t, chat.bot);
    const canal = randomUUID();
    await t.app.db
      .insertInto('canal')
      .values({
        id: canal, idE, name: 'Web', red: 3, dsc: 'Chat de la tienda', activo: 1, idR: null, b: chat.bot, porHora: 0, hi: null, hf: null, msgFueraHora: null, liveAgent: 0, email: null, useChasqui: 0, chasquiUrl: null,
        web: JSON.stringify({ headerTitle: 'Tienda Andina', domain: ['tienda.example.com'] }), fc: new Date(t.clock.now).toISOString(),
      })
      .execute();
    key = encodeCanalKey(canal);
    visitor = t.client();
  });
  afterAll(async () => {
    await t?.close();
  });


  async function open(): Promise<WebchatConversation> {
    const response = await visitor.inject({ method: 'POST', url: `${API}/public/webchat/${key}/conversacion`, payload: '{}', headers: { 'content-type': 'application/json', origin: SHOP }});
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  function upload(parts: readonly Part[], options: { origin?: string; channelKey?: string } = {}): Promise<LightMyRequestResponse> {
    const { payload, contentType } = multipart(parts);
    return visitor.inject({ method: 'POST', url: `${API}/public/webchat/${options.channelKey ?? key}/archivos`, payload, headers: { 'content-type': contentType, origin: options.origin ?? SHOP }});
  }

  const datos = (token: string, message?: string, extra: object = {}, id: string = randomUUID()): Part => ({ name: 'datos', value: JSON.stringify({ token, id, ...(message ? { message } : {}), ...extra }) });
  const archivo = (n: number, filename: string, value: string | Buffer = `contenido de ${filename}`): Part => ({ name: `${CHAT_FILES.part}${n}`, value, filename });
  /** The files kept with this test's bot's conversations. */
  const stored = () =>
    t.app.db.selectFrom('adjunto').innerJoin('chat_sesion', 'chat_sesion.id', 'adjunto.idSesion').select(['adjunto.nm', 'adjunto.datos', 'chat_sesion.test']).where('chat_sesion.idBot', '=', chat.bot).orderBy('adjunto.nm').execute();

  it('el archivo llega al skill que responde y queda con la conversación del visitante; el reenvío del mismo mensaje se responde una vez', async () => {
    const { token } = await open();
    const id = randomUUID();
    const response = await upload([datos(token, 'quiero presentar un reclamo', {}, id), archivo(1, 'boleta.pdf')]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(SHOP);
    const reply = response.json() as WebchatReply;
    expect(texts(reply.messages)).toEqual(['Recibimos su reclamo.']);
    expect(reply.token).toEqual(expect.any(String));
    const again = (await upload([datos(token, 'quiero presentar un reclamo', {}, id), archivo(1, 'boleta.pdf')])).json() as WebchatReply;
    expect(again).toMatchObject({ messages: [], repetido: true });
    expect((await stored()).map((f) => [f.nm, Buffer.from(f.datos).toString(), Number(f.test)])).toEqual([['boleta.pdf', 'contenido de boleta.pdf', 0]]);
  });

  it('el skill pide el archivo por /mensaje y un archivo solo, sin texto, sigue con él', async () => {
    const { token } = await open();
    const asked = await visitor.inject({ method: 'POST', url: `${API}/public/webchat/${key}/mensaje`, payload: JSON.stringify({ token, id: randomUUID(), message: 'tengo un reclamo' }), headers: { 'content-type': 'application/json', origin: SHOP }});
    expect(texts(asked.json().messages)).toEqual(['Por favor adjunte el archivo (pdf o jpg, de hasta 1 MB).']);
    const file = await upload([datos(token), archivo(1, 'foto.JPG')]);
    expect(texts(file.json().messages)).toEqual(['Recibimos su reclamo.']);
    const refused = await upload([datos(token, 'quiero presentar un reclamo'), archivo(1, 'virus.exe')]);
    expect(texts(refused.json().messages)).toEqual(['No se recibió el archivo "virus.exe": el tipo de archivo no es admitido (se admiten pdf o jpg).', 'Por favor adjunte el archivo (pdf o jpg, de hasta 1 MB).']);
    expect((await stored()).map((f) => f.nm)).toEqual(['foto.JPG']);
  });

  it('lo que el widget no puede enviar se rechaza entero, en español, sin que el bot lo vea', async () => {
    const { token } = await open();
    const refused = async (parts: Part[], status: number, message: string) => {
      const response = await upload(parts);
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    };
    await refused([datos(token, 'hola'), ...Array.from({ length: CHAT_FILES.max + 1 }, (_, i) => archivo(i + 1, `a${i}.pdf`))], 400, CHAT_MESSAGES.archivosDemasiados);
    await refused([datos(token, 'hola'), archivo(1, 'vacio.pdf', '')], 400, CHAT_MESSAGES.archivoVacio('vacio.pdf'));
    await refused([datos(token, 'hola'), archivo(1, 'enorme.pdf', Buffer.alloc(CHAT_FILES.maxMb * MB + 1))], 400, CHAT_MESSAGES.archivoPesado('enorme.pdf'));
    await refused([datos(token, undefined, { postback: 'tengo un reclamo' }), archivo(1, 'a.pdf')], 400, CHAT_MESSAGES.archivosIlegibles);
    await refused([{ name: 'datos', value: 'no es json' }, archivo(1, 'a.pdf')], 400, CHAT_MESSAGES.archivosIlegibles);
    await refused([datos(token), archivo(1, 'a.pdf'), { name: 'otra', value: 'x', filename: 'b.pdf' }], 400, CHAT_MESSAGES.archivosIlegibles);
    await refused([datos('token-falso', 'hola'), archivo(1, 'a.pdf')], 401, WEBCHAT_MESSAGES.badToken);
    expect(await stored()).toEqual([]);
  });

  it('otro sitio u otro canal no llegan: el origen y la clave se revisan antes de leer el cuerpo', async () => {
    const { token } = await open();
    const foreign = await upload([datos(token, 'hola'), archivo(1, 'a.pdf')], { origin: 'https://otro-sitio.example.net' });
    expect([foreign.statusCode, foreign.json().message]).toEqual([403, WEBCHAT_MESSAGES.foreignOrigin]);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect((await upload([datos(token, 'hola'), archivo(1, 'a.pdf')], { channelKey: encodeCanalKey(randomUUID()) })).statusCode).toBe(404);
    // A body that says it is larger than any message with files is refused before it is read.
    const huge = await visitor.inject({
      method: 'POST', url: `${API}/public/webchat/${key}/archivos`, payload: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x', origin: SHOP, 'content-length': String(CHAT_FILES.max * CHAT_FILES.maxMb * MB + MB) },
    });
    expect([huge.statusCode, huge.json().message]).toEqual([400, CHAT_MESSAGES.archivosPesados]);
    expect(await stored()).toEqual([]);
  });

  it(`cada dirección envía a lo más ${WEBCHAT_MESSAGES_PER_MINUTE} mensajes con archivos por minuto`, async () => {
    const { token } = await open();
    for (let i = 0; i < WEBCHAT_MESSAGES_PER_MINUTE; i++) expect((await upload([datos(token, 'hola'), archivo(1, 'a.pdf')])).statusCode).toBe(200);
    const throttled = await upload([datos(token, 'hola'), archivo(1, 'a.pdf')]);
    expect([throttled.statusCode, throttled.json().message]).toEqual([429, WEBCHAT_MESSAGES.throttled]);
  });
});
