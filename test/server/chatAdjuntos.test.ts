// Files a channel's client sends the bot, in real conversations through the conversation module: a
// skill that receives files admits them by type, size and count and the refused ones are named
// with why; an admitted file is kept with the conversation and named in the history; a skill that
// requires a file asks for it and waits; a skill without files leaves them unread; the company's
// room for files; the retention; and a WEB_HOOK with `files` posting them as multipart.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyId } from './adminFixtures';
import { deployNow, fromChannel, insertChatBot, recorded, setBot, texts, type ChatBot } from './chatFixtures';
import { createTestApp, dialects, type TestApp } from './helpers';
import { listenLocally } from './localServer';
import { insertSkill } from './botFixtures';
import { insertAccion } from './skillFixtures';
import { ATTACHMENT_MESSAGES, type AttachmentRules, type InboundFile } from '../../server/src/engine/attachments';
import { deleteExpiredAttachments } from '../../server/src/services/historial/adjuntos';

const RECLAMO = ['quiero presentar un reclamo', 'tengo un reclamo', 'presentar una queja', 'reclamo por mi pedido'];
const MB = 1024 * 1024;

/** A file as a channel hands it in, recording each read (with the rules it was read under). */
function file(name: string, bytes: Buffer | string = `contenido de ${name}`) {
  const reads: AttachmentRules[] = [];
  const data = Buffer.from(bytes);
  const inbound: InboundFile = {
    name,
    type: name.split('.').pop()!.toLowerCase(),
    async read(rules) {
      reads.push(rules);
      if (data.length > rules.maxMb * MB) return { kind: 'refused', reason: 'size' };
      return { kind: 'file', name, type: this.type, bytes: data };
    },
  };
  return { inbound, reads };
}

describe.each(dialects)('archivos que envía el cliente (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  let demo: string;
  let psi: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { outboundAllow: ['127.0.0.1'] });
  });
  beforeEach(async () => {
    await t.reset();
    demo = await companyId(t, 'Demo Internacional');
    chat = await insertChatBot(t, demo);
    psi = `cliente-${randomUUID()}`;
  });
  afterAll(async () => {
    await t.close();
  });

  /** 'Reclamo', a skill that receives files (pdf or jpg, 1 MB, two at most unless told) and thanks the client. */
  async function reclamo(cfg: object = {}, actions: Array<[string, object]> = [['TEXT', { text: ['Recibimos su reclamo.'] }]]) {
    const skill = await insertSkill(t, chat.bot, 'Reclamo', {
      frases: RECLAMO,
      cfg: { hasAttachments: true, attachmentsRequired: false, attachmentMaxCount: 2, attachmentMaxSize: 1, attachmentTypes: ['pdf', 'jpg'], ...cfg },
    });
    for (const [i, [type, action]] of actions.entries()) await insertAccion(t, { bot: chat.bot, skill }, type, i, { red: [8], ...action });
    await deployNow(t, chat.bot);
    return skill;
  }

  const send = (text: string, ...files: InboundFile[]) => fromChannel(t, chat.bot, psi, { ...(text ? { text } : {}), files });
  const stored = () => t.app.db.selectFrom('adjunto').selectAll().orderBy('nm').execute();

  it('un archivo admitido se guarda con la conversación (empresa, sesión y mensaje del cliente) y el historial lo nombra', async () => {
    await reclamo();
    const factura = file('factura.pdf');
    expect(texts(await send('quiero presentar un reclamo', factura.inbound))).toEqual(['Recibimos su reclamo.']);
    expect(factura.reads).toEqual([{ types: ['pdf', 'jpg'], maxMb: 1 }]);
    const { mensajes, sesiones } = await recorded(t, psi);
    const incoming = mensajes[0].find((m) => Number(m.t) === 1)!;
    expect(incoming.m).toBe('quiero presentar un reclamo\nAdjunto: factura.pdf');
    const [row] = await stored();
    expect(row).toMatchObject({ idE: demo, idSesion: sesiones[0].id, idMensaje: incoming.id, nm: 'factura.pdf', tipo: 'pdf' });
    expect(Number(row.tam)).toBe(Buffer.byteLength('contenido de factura.pdf'));
    expect(Buffer.from(row.datos).toString()).toBe('contenido de factura.pdf');
  });

  it('un tipo no admitido no se descarga; uno de más del tamaño y uno de más de la cantidad se rechazan, cada uno con su motivo', async () => {
    await reclamo();
    const [hoja, grande, a, b, c] = [file('precios.xlsx'), file('grande.pdf', 'x'.repeat(MB + 1)), file('a.pdf'), file('b.jpg'), file('c.pdf')];
    const answer = texts(await send('tengo un reclamo', hoja.inbound, grande.inbound, a.inbound, b.inbound, c.inbound));
    expect(answer).toEqual([
      'No se recibió el archivo "precios.xlsx": el tipo de archivo no es admitido (se admiten pdf o jpg).',
      'No se recibió el archivo "grande.pdf": supera el tamaño máximo de 1 MB.',
      'No se recibió el archivo "c.pdf": se admiten como máximo 2 archivos.',
      'Recibimos su reclamo.',
    ]);
    expect(hoja.reads).toEqual([]);
    expect(c.reads).toEqual([]);
    expect((await stored()).map((f) => f.nm)).toEqual(['a.pdf', 'b.jpg']);
  });

  it('un archivo que no se pudo leer se nombra con el motivo, y el skill sigue', async () => {
    await reclamo();
    const roto: InboundFile = { name: 'roto.pdf', type: 'pdf', read: async () => ({ kind: 'refused', reason: 'unreachable' }) };
    expect(texts(await send('tengo un reclamo', roto))).toEqual(['No se recibió el archivo "roto.pdf": no se pudo leer el archivo.', 'Recibimos su reclamo.']);
    expect(await stored()).toEqual([]);
  });

  it('un skill que exige un archivo lo pide sin ejecutar sus acciones; la conversación se queda en él y el siguiente mensaje con archivo sigue', async () => {
    await reclamo({ attachmentsRequired: true, attachmentMaxCount: 1, attachmentMaxSize: 2 });
    expect(texts(await send('quiero presentar un reclamo'))).toEqual(['Por favor adjunte el archivo (pdf o jpg, de hasta 2 MB).']);
    // Words that are no other skill: asked again.
    expect(texts(await send('un momento'))).toEqual(['Por favor adjunte el archivo (pdf o jpg, de hasta 2 MB).']);
    expect(texts(await send('', file('foto.jpg').inbound))).toEqual(['Recibimos su reclamo.']);
    expect((await stored()).map((f) => f.nm)).toEqual(['foto.jpg']);
    const { mensajes } = await recorded(t, psi);
    expect(mensajes[0].filter((m) => Number(m.t) === 1).map((m) => m.m)).toEqual(['quiero presentar un reclamo', 'un momento', 'Adjunto: foto.jpg']);
  });

  it('un archivo que no llega se pide hasta maxAttempt veces seguidas; después msgAttempt, skillAttempt y la conversación sigue sin esperarlo', async () => {
    await setBot(t, chat.bot, { maxAttempt: 3, msgAttempt: 'No recibimos el archivo.', skillAttempt: chat.skills.saludo });
    await reclamo({ attachmentsRequired: true, attachmentMaxCount: 1, attachmentMaxSize: 2 });
    const ask = 'Por favor adjunte el archivo (pdf o jpg, de hasta 2 MB).';
    expect(texts(await send('quiero presentar un reclamo'))).toEqual([ask]);
    expect(texts(await send('no lo tengo a mano'))).toEqual([ask]);
    expect(texts(await send('un momento'))).toEqual([ask]);
    expect(texts(await send('sigo sin el archivo'))).toEqual(['No recibimos el archivo.', '¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
    // No longer waiting: a file alone is not taken as the reclamo's.
    expect(texts(await send('', file('foto.jpg').inbound))).toEqual(['Este paso no recibe archivos.']);
    expect(await stored()).toEqual([]);
  });

  it('un archivo que llega reinicia la cuenta: el siguiente reclamo vuelve a tener maxAttempt mensajes', async () => {
    await setBot(t, chat.bot, { maxAttempt: 2, msgAttempt: 'No recibimos el archivo.' });
    await reclamo({ attachmentsRequired: true, attachmentMaxCount: 1, attachmentMaxSize: 2 });
    const ask = 'Por favor adjunte el archivo (pdf o jpg, de hasta 2 MB).';
    expect(texts(await send('quiero presentar un reclamo'))).toEqual([ask]);
    expect(texts(await send('un momento'))).toEqual([ask]);
    expect(texts(await send('', file('foto.jpg').inbound))).toEqual(['Recibimos su reclamo.']);
    expect(texts(await send('tengo un reclamo'))).toEqual([ask]);
    expect(texts(await send('un momento'))).toEqual([ask]);
    expect(texts(await send('ya va'))).toEqual(['No recibimos el archivo.']);
  });

  it('mientras espera el archivo, otro skill que el cliente pide claramente toma la conversación', async () => {
    await reclamo({ attachmentsRequired: true });
    await send('quiero presentar un reclamo');
    expect(texts(await send('hola'))).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
  });

  it('un skill sin adjuntos no lee los archivos y responde al texto; un archivo solo recibe que este paso no recibe archivos', async () => {
    await deployNow(t, chat.bot);
    const factura = file('factura.pdf');
    expect(texts(await send('hola', factura.inbound))).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
    expect(texts(await send('', factura.inbound))).toEqual([ATTACHMENT_MESSAGES.sinArchivos]);
    expect(factura.reads).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('un archivo solo va al skill en que está la conversación, si recibe archivos', async () => {
    await reclamo();
    await send('quiero presentar un reclamo');
    expect(texts(await send('', file('anexo.pdf').inbound))).toEqual(['Recibimos su reclamo.']);
    expect((await stored()).map((f) => f.nm)).toEqual(['anexo.pdf']);
  });

  it('pasado el espacio de la empresa (ADJUNTOS_MB_POR_EMPRESA) el archivo se rechaza con el motivo', async () => {
    await reclamo();
    t.app.config.adjuntosMbPorEmpresa = 1;
    try {
      const big = Buffer.alloc(MB - 100, 1);
      expect(texts(await send('tengo un reclamo', file('primero.pdf', big).inbound))).toEqual(['Recibimos su reclamo.']);
      psi = `cliente-${randomUUID()}`;
      expect(texts(await send('tengo un reclamo', file('segundo.pdf', Buffer.alloc(200, 1)).inbound))).toEqual([
        'No se recibió el archivo "segundo.pdf": se agotó el espacio para archivos de la empresa.',
        'Recibimos su reclamo.',
      ]);
      expect((await stored()).map((f) => f.nm)).toEqual(['primero.pdf']);
    } finally {
      t.app.config.adjuntosMbPorEmpresa = 500;
    }
  });

  it('los archivos de más de ADJUNTOS_DIAS días se borran; los recientes quedan', async () => {
    await reclamo();
    await send('tengo un reclamo', file('viejo.pdf').inbound);
    t.clock.advance(31 * 24 * 60 * 60_000);
    psi = `cliente-${randomUUID()}`;
    await send('tengo un reclamo', file('nuevo.pdf').inbound);
    expect(await deleteExpiredAttachments(t.app)).toBe(1);
    expect((await stored()).map((f) => f.nm)).toEqual(['nuevo.pdf']);
  });

  describe('WEB_HOOK con files', () => {
    it('envía los campos en la parte datos y cada archivo de la sesión admitido desde que empezó el skill, como multipart', async () => {
      const received: Array<{ type: string; form: FormData }> = [];
      const server = await listenLocally((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', async () => {
          const type = req.headers['content-type'] ?? '';
          received.push({ type, form: await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData() });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{}');
        });
      });
      try {
        await reclamo({ attachmentsRequired: true }, [
          ['WEB_HOOK', { method: 'POST', url: `${server.base}/reclamos`, headers: [{ k: 'Content-Type', v: 'application/json' }], fields: [{ k: 'cliente', v: 'Ana' }], files: true, cond: [], op: 'AND', resp: [] }],
          ['TEXT', { text: ['Enviado.'] }],
        ]);
        // The first file comes alone and is kept; the second reaches the skill with it, and both go.
        expect(texts(await send('quiero presentar un reclamo'))).toEqual(['Por favor adjunte hasta 2 archivos (pdf o jpg, de hasta 1 MB cada uno).']);
        expect(texts(await send('', file('factura.pdf').inbound))).toEqual(['Enviado.']);
        expect(texts(await send('', file('foto.jpg', Buffer.from([0xff, 0xd8, 0xff])).inbound))).toEqual(['Enviado.']);
        expect(received).toHaveLength(2);
        expect((received[0].form.getAll('files') as File[]).map((f) => f.name)).toEqual(['factura.pdf']);
        const last = received[1];
        expect(last.type).toMatch(/^multipart\/form-data; boundary=/);
        expect(JSON.parse(last.form.get('datos') as string)).toEqual({ cliente: 'Ana' });
        const files = last.form.getAll('files') as File[];
        expect(files.map((f) => [f.name, f.type])).toEqual([['factura.pdf', 'application/pdf'], ['foto.jpg', 'image/jpeg']]);
        expect(await files[0].text()).toBe('contenido de factura.pdf');
        expect([...new Uint8Array(await files[1].arrayBuffer())]).toEqual([0xff, 0xd8, 0xff]);
      } finally {
        await server.close();
      }
    });
  });
});
