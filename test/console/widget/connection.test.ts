// The widget's conversation with the server, with the network faked: opening (and resuming with
// the kept token), sending, answers shown once whether they come in the reply or over STOMP, the
// catch-up after a dropped connection, resending after a failed POST, the channel's refusal, and
// messages with files (multipart to /archivos).
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../common/schemas/chat';
import { WebchatConnection, backoffDelay, type StompHandlers } from '../../../src/widget/connection';
import { WIDGET_TEXTS } from '../../../src/widget/texts';

const API = 'https://bots.example.com/api';
const KEY = 'Y2FuYWwtMQ';
const INACTIVE = 'Este canal no está disponible en este momento.';

const bot = (id: string, text: string): ChatMessage => ({ id, type: 'TEXT', text, fc: '2026-03-02T10:00:00.000Z' });

interface Call {
  url: string;
  /** The JSON body; for a multipart one, its part `datos`. */
  body: Record<string, unknown> | undefined;
  /** A multipart body's files, by part, and the Content-Type header the widget set for it. */
  multipart?: { files: Record<string, { name: string; size: number }>; contentType: string | null };
}

function readBody(init: RequestInit | undefined): Omit<Call, 'url'> {
  if (!(init?.body instanceof FormData)) return { body: init?.body ? JSON.parse(String(init.body)) : undefined };
  const files: Record<string, { name: string; size: number }> = {};
  for (const [part, value] of init.body.entries()) if (value instanceof File) files[part] = { name: value.name, size: value.size };
  return { body: JSON.parse(String(init.body.get('datos'))), multipart: { files, contentType: new Headers(init.headers).get('Content-Type') } };
}

/** A fake server: answers each call with the next queued answer for its path ('network' throws like a dropped connection). */
function fakeServer() {
  const calls: Call[] = [];
  const queue = new Map<string, Array<object | 'network' | { status: number; message: string }>>();
  const answer = (path: string, ...answers: Array<object | 'network' | { status: number; message: string }>) => queue.set(path, [...(queue.get(path) ?? []), ...answers]);
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.slice(`${API}/public/webchat/${KEY}`.length) || '/';
    calls.push({ url: path, ...readBody(init) });
    expect(init?.credentials).toBe('omit');
    const next = queue.get(path)?.shift();
    if (next === undefined) throw new Error(`sin respuesta preparada para ${path}`);
    if (next === 'network') throw new TypeError('Failed to fetch');
    if ('status' in next && typeof next.status === 'number') return new Response(JSON.stringify({ message: next.message }), { status: next.status });
    return new Response(JSON.stringify(next), { status: 200 });
  });
  return { calls, answer, fetch: fetch as unknown as typeof globalThis.fetch, inits: () => fetch.mock.calls.map(([, init]) => init) };
}

function fakeStomp() {
  const link = { handlers: undefined as StompHandlers | undefined, url: '', starts: [] as Array<[string, string]>, stops: 0 };
  const factory = (url: string, handlers: StompHandlers) => {
    link.url = url;
    link.handlers = handlers;
    return { start: (passcode: string, psi: string) => void link.starts.push([passcode, psi]), stop: () => void (link.stops += 1) };
  };
  return { link, factory };
}

function connection(storage: Map<string, string> = new Map()) {
  const server = fakeServer();
  const stomp = fakeStomp();
  const chat = new WebchatConnection({
    api: API,
    key: KEY,
    fetch: server.fetch,
    stomp: stomp.factory,
    wait: async () => undefined,
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
  });
  return { chat, server, stomp: stomp.link, storage };
}

const conversation = (psi: string, token: string, historial: object[] = []) => ({ psi, token, idBot: 'bot-1', historial });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('la conexión del widget', () => {
  it('abre la conversación, guarda el token y se suscribe por STOMP con él en la dirección del servidor', async () => {
    const { chat, server, stomp, storage } = connection();
    server.answer('/conversacion', conversation('web-1', 'tok-1'));
    chat.start();
    await vi.waitFor(() => expect(chat.state().status).toBe('ready'));
    expect(server.calls).toEqual([{ url: '/conversacion', body: { token: null } }]);
    expect(stomp.url).toBe('wss://bots.example.com/api/ws');
    expect(stomp.starts).toEqual([['tok-1', 'web-1']]);
    expect(storage.get(`quipu-webchat:${KEY}`)).toBe('tok-1');
  });

  it('con un token guardado retoma la conversación y muestra lo conversado', async () => {
    const { chat, server } = connection(new Map([[`quipu-webchat:${KEY}`, 'tok-viejo']]));
    server.answer('/conversacion', conversation('web-1', 'tok-2', [{ from: 'user', id: 'u1', text: 'hola' }, { from: 'bot', id: 'b1', message: bot('b1', '¡Hola!') }]));
    chat.start();
    await vi.waitFor(() => expect(chat.state().entries.map((e) => e.id)).toEqual(['u1', 'b1']));
    expect(server.calls[0].body).toEqual({ token: 'tok-viejo' });
  });

  it('muestra el mensaje del visitante al instante y cada respuesta una sola vez, llegue por la respuesta o por STOMP', async () => {
    const { chat, server, stomp } = connection();
    server.answer('/conversacion', conversation('web-1', 'tok-1'));
    server.answer('/mensaje', { messages: [bot('b1', '¡Hola!'), bot('b2', '¿Algo más?')], repetido: false, token: 'tok-2' });
    chat.start();
    await vi.waitFor(() => expect(chat.state().status).toBe('ready'));
    // The topic is quicker than the reply for the first message.
    stomp.handlers?.onMessage(JSON.stringify(bot('b1', '¡Hola!')));
    chat.send({ text: 'hola' });
    expect(chat.state().entries.at(-1)).toMatchObject({ from: 'user', text: 'hola' });
    await vi.waitFor(() => expect(chat.state().entries).toHaveLength(3));
    const sent = server.calls[1];
    expect(sent.url).toBe('/mensaje');
    expect(sent.body).toMatchObject({ token: 'tok-1', message: 'hola' });
    expect(String(sent.body?.id)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    stomp.handlers?.onMessage(JSON.stringify(bot('b2', '¿Algo más?')));
    expect(chat.state().entries.map((e) => e.id)).toEqual(['b1', chat.state().entries[1].id, 'b2']);
    // A postback shows the button's title and sends its value, with the renewed token.
    server.answer('/mensaje', { messages: [], repetido: false, token: 'tok-3' });
    chat.send({ postback: 'skill-precios', title: 'Ver precios' });
    await vi.waitFor(() => expect(server.calls).toHaveLength(3));
    expect(server.calls[2].body).toMatchObject({ token: 'tok-2', postback: 'skill-precios' });
    expect(chat.state().entries.at(-1)).toMatchObject({ from: 'user', text: 'Ver precios' });
  });

  it('si el POST no llega al servidor lo reenvía con el mismo id; si ya se respondió, lee la conversación de nuevo', async () => {
    const { chat, server } = connection();
    server.answer('/conversacion', conversation('web-1', 'tok-1'), conversation('web-1', 'tok-1', [{ from: 'user', id: 'x', text: 'hola' }, { from: 'bot', id: 'b1', message: bot('b1', '¡Hola!') }]));
    server.answer('/mensaje', 'network', 'network', { messages: [], repetido: true, token: 'tok-2' });
    chat.start();
    await vi.waitFor(() => expect(chat.state().status).toBe('ready'));
    chat.send({ text: 'hola' });
    await vi.waitFor(() => expect(chat.state().entries.map((e) => e.id).at(-1)).toBe('b1'));
    const ids = server.calls.filter((c) => c.url === '/mensaje').map((c) => c.body?.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    // The visitor's own line is not shown twice.
    expect(chat.state().entries.filter((e) => e.from === 'user')).toHaveLength(1);
  });

  it('sin red después de varios intentos marca el mensaje como no enviado y lo reintenta a pedido', async () => {
    const { chat, server } = connection();
    server.answer('/conversacion', conversation('web-1', 'tok-1'));
    server.answer('/mensaje', 'network', 'network', 'network', 'network', { messages: [bot('b1', '¡Hola!')], repetido: false, token: 'tok-2' });
    chat.start();
    await vi.waitFor(() => expect(chat.state().status).toBe('ready'));
    chat.send({ text: 'hola' });
    await vi.waitFor(() => expect(chat.state().entries[0]).toMatchObject({ failed: true }));
    expect(chat.state().notice).toBe(WIDGET_TEXTS.sinConexion);
    chat.retry(chat.state().entries[0].id);
    await vi.waitFor(() => expect(chat.state().entries.map((e) => e.id).at(-1)).toBe('b1'));
    expect(chat.state().entries[0]).toMatchObject({ failed: false });
    expect(chat.state().notice).toBeNull();
  });

  it('al volver la conexión STOMP lee la conversación y agrega lo que el bot dijo mientras tanto', async () => {
    const { chat, server, stomp } = connection();
    server.answer('/conversacion', conversation('web-1', 'tok-1'), conversation('web-1', 'tok-2', [{ from: 'bot', id: 'b1', message: bot('b1', 'Uno') }, { from: 'bot', id: 'b2', message: bot('b2', 'Dos') }]));
    chat.start();
    await vi.waitFor(() => expect(chat.state().status).toBe('ready'));
    stomp.handlers?.onConnect();
    stomp.handlers?.onMessage(JSON.stringify(bot('b1', 'Uno')));
    stomp.handlers?.onClose();
    expect(chat.state().status).toBe('offline');
    stomp.handlers?.onConnect();
    await vi.waitFor(() => expect(chat.state().entries.map((e) => e.id)).toEqual(['b1', 'b2']));
    expect(chat.state().status).toBe('ready');
    expect(stomp.starts).toHaveLength(1);
  });

  it('un canal desactivado rechaza: el aviso del servidor, el mensaje sin enviar y STOMP detenido', async () => {
    const { chat, server, stomp, storage } = connection();
    server.answer('/conversacion', conversation('web-1', 'tok-1'));
    server.answer('/mensaje', { status: 403, message: INACTIVE });
    chat.start();
    await vi.waitFor(() => expect(chat.state().status).toBe('ready'));
    chat.send({ text: 'hola' });
    await vi.waitFor(() => expect(chat.state().status).toBe('refused'));
    expect(chat.state().notice).toBe(INACTIVE);
    expect(chat.state().entries[0]).toMatchObject({ failed: true });
    expect(stomp.stops).toBe(1);
    expect(storage.has(`quipu-webchat:${KEY}`)).toBe(false);
  });

  it('si STOMP rechaza el token, pregunta al servidor: un canal desactivado queda rechazado', async () => {
    const { chat, server, stomp } = connection();
    server.answer('/conversacion', conversation('web-1', 'tok-1'), { status: 403, message: INACTIVE });
    chat.start();
    await vi.waitFor(() => expect(chat.state().status).toBe('ready'));
    stomp.handlers?.onRefused('La credencial de la conversación no es válida o está vencida');
    await vi.waitFor(() => expect(chat.state()).toMatchObject({ status: 'refused', notice: INACTIVE }));
  });

  it('un token vencido al enviar abre otra conversación y envía el mensaje en ella', async () => {
    const { chat, server, stomp } = connection();
    server.answer('/conversacion', conversation('web-1', 'tok-1'), conversation('web-2', 'tok-nuevo'));
    server.answer('/mensaje', { status: 401, message: 'vencido' }, { messages: [bot('b1', '¡Hola!')], repetido: false, token: 'tok-3' });
    chat.start();
    await vi.waitFor(() => expect(chat.state().status).toBe('ready'));
    chat.send({ text: 'hola' });
    await vi.waitFor(() => expect(chat.state().entries.at(-1)?.id).toBe('b1'));
    expect(server.calls.map((c) => c.url)).toEqual(['/conversacion', '/mensaje', '/conversacion', '/mensaje']);
    expect(server.calls[2].body).toEqual({ token: null });
    expect(server.calls[3].body).toMatchObject({ token: 'tok-nuevo' });
    expect(stomp.starts).toEqual([['tok-1', 'web-1'], ['tok-nuevo', 'web-2']]);
    await settled();
  });

  it('una imagen que el servidor nombra por ruta se pide al servidor del chat, no al sitio; una dirección completa queda igual', async () => {
    const card = (id: string, image: string): ChatMessage => ({ id, type: 'CARD', title: 'Sede', image_url: image, buttons: [], fc: '2026-03-02T10:00:00.000Z' });
    const { chat, server, stomp } = connection();
    server.answer('/conversacion', conversation('web-1', 'tok-1', [{ from: 'bot', id: 'b0', message: card('b0', '/api/demo/imagen/antes.svg') }]));
    server.answer('/mensaje', {
      messages: [
        card('b1', '/api/demo/imagen/sede.svg'),
        { id: 'b2', type: 'CAROUSEL', carousel: [{ title: 'Uno', image_url: '/api/demo/imagen/uno.svg', buttons: [] }, { title: 'Dos', image_url: 'https://cdn.example.org/dos.png', buttons: [] }], fc: '2026-03-02T10:00:00.000Z' },
      ],
      repetido: false,
      token: 'tok-2',
    });
    chat.start();
    await vi.waitFor(() => expect(chat.state().status).toBe('ready'));
    chat.send({ text: 'dónde están' });
    await vi.waitFor(() => expect(chat.state().entries).toHaveLength(4));
    stomp.handlers?.onMessage(JSON.stringify(card('b3', '//otro.example/x.png')));
    const images = chat.state().entries.flatMap((e) => (e.from === 'bot' ? [e.message.image_url, ...(e.message.carousel ?? []).map((c) => c.image_url)] : [])).filter(Boolean);
    expect(images).toEqual([
      'https://bots.example.com/api/demo/imagen/antes.svg',
      'https://bots.example.com/api/demo/imagen/sede.svg',
      'https://bots.example.com/api/demo/imagen/uno.svg',
      'https://cdn.example.org/dos.png',
      '//otro.example/x.png',
    ]);
  });

  it('GET del canal: su apariencia, o el aviso de un canal no disponible', async () => {
    const { chat, server } = connection();
    server.answer('/', { web: { headerTitle: 'Tienda' }, bot: 'Asistente Quipu' }, { status: 403, message: INACTIVE });
    expect(await chat.load()).toEqual({ web: { headerTitle: 'Tienda' }, bot: 'Asistente Quipu' });
    expect(await chat.load()).toBeNull();
    expect(chat.state()).toMatchObject({ status: 'refused', notice: INACTIVE });
    chat.start();
    expect(server.calls).toHaveLength(2);
  });

  it('al volver la conexión pide lo que la conversación tiene después de la última respuesta mostrada, y dice que se recuperó', async () => {
    const server = fakeServer();
    const stomp = fakeStomp();
    let recover: () => void = () => undefined;
    const chat = new WebchatConnection({
      api: API, key: KEY, fetch: server.fetch, stomp: stomp.factory, storage: null,
      wait: (ms) => (ms === 4000 ? new Promise<void>((resolve) => (recover = resolve)) : Promise.resolve()),
    });
    server.answer('/conversacion', conversation('web-1', 'tok-1'));
    server.answer('/mensaje', { messages: [bot('b1', 'Uno')], repetido: false, token: 'tok-1' });
    server.answer('/mensajes?token=tok-1&desde=b1', { historial: [{ from: 'user', id: 'u2', text: 'otra' }, { from: 'bot', id: 'b2', message: bot('b2', 'Dos') }] });
    chat.start();
    await vi.waitFor(() => expect(chat.state().status).toBe('ready'));
    stomp.link.handlers?.onConnect();
    chat.send({ text: 'hola' });
    await vi.waitFor(() => expect(chat.state().entries.map((e) => e.id).at(-1)).toBe('b1'));
    stomp.link.handlers?.onClose();
    expect(chat.state()).toMatchObject({ status: 'offline', recovered: false });
    stomp.link.handlers?.onConnect();
    expect(chat.state()).toMatchObject({ status: 'ready', recovered: true });
    await vi.waitFor(() => expect(chat.state().entries.filter((e) => e.from === 'bot').map((e) => e.id)).toEqual(['b1', 'b2']));
    expect(server.calls.map((c) => c.url)).toEqual(['/conversacion', '/mensaje', '/mensajes?token=tok-1&desde=b1']);
    recover();
    await vi.waitFor(() => expect(chat.state().recovered).toBe(false));
  });

  it('reintenta la conexión cada vez más espaciada: 0,5 s que se duplican hasta 10 s, con ±50 % al azar', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 12].map((n) => backoffDelay(n, () => 0.5))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(5, () => 0.999)).toBe(14_990);
    expect(backoffDelay(2, () => 0.25)).toBe(1500);
  });

  it('el aviso de una instancia que se detiene no detiene la conexión: vuelve a conectar y lee lo que faltó', async () => {
    const { chat, server, stomp } = connection();
    server.answer('/conversacion', conversation('web-1', 'tok-1'));
    server.answer('/mensajes?token=tok-1', { historial: [{ from: 'bot', id: 'b1', message: bot('b1', 'Uno') }] });
    chat.start();
    await vi.waitFor(() => expect(chat.state().status).toBe('ready'));
    stomp.handlers?.onConnect();
    stomp.handlers?.onRefused('El servidor se está deteniendo: vuelva a conectarse');
    stomp.handlers?.onClose();
    expect(stomp.stops).toBe(0);
    stomp.handlers?.onConnect();
    await vi.waitFor(() => expect(chat.state().entries.map((e) => e.id)).toEqual(['b1']));
    expect(chat.state().status).toBe('ready');
  });
});

describe('los archivos del visitante', () => {
  const reply = (token: string, messages: ChatMessage[] = []) => ({ messages, repetido: false, token });
  const file = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'application/pdf' });

  async function ready() {
    const c = connection();
    c.server.answer('/conversacion', conversation('web-1', 'tok-1'));
    c.chat.start();
    await vi.waitFor(() => expect(c.chat.state().status).toBe('ready'));
    return c;
  }

  it('un mensaje con dos archivos va a /archivos en multipart: datos con token, id y texto, y archivo1 y archivo2 con sus nombres; la burbuja muestra el texto y los archivos', async () => {
    const { chat, server } = await ready();
    server.answer('/archivos', reply('tok-2', [bot('b1', 'Recibí sus archivos.')]));
    chat.send({ text: 'mis documentos', files: [file('factura.pdf', 1200), file('foto.jpg', 30)] });
    expect(chat.state().entries.at(-1)).toMatchObject({ from: 'user', text: 'mis documentos', files: ['factura.pdf', 'foto.jpg'] });
    await vi.waitFor(() => expect(chat.state().entries.at(-1)?.id).toBe('b1'));
    const sent = server.calls[1];
    expect(sent.url).toBe('/archivos');
    expect(sent.body).toEqual({ token: 'tok-1', id: chat.state().entries[0].id, message: 'mis documentos' });
    expect(String(sent.body?.id)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // No Content-Type of its own: the browser writes the multipart type with its boundary.
    expect(sent.multipart).toEqual({ files: { archivo1: { name: 'factura.pdf', size: 1200 }, archivo2: { name: 'foto.jpg', size: 30 } }, contentType: null });
  });

  it('un archivo sin texto no lleva message en datos', async () => {
    const { chat, server } = await ready();
    server.answer('/archivos', reply('tok-2'));
    chat.send({ text: '', files: [file('cv.pdf')] });
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls[1].body).toEqual({ token: 'tok-1', id: chat.state().entries[0].id });
    expect(server.calls[1].multipart?.files).toEqual({ archivo1: { name: 'cv.pdf', size: 10 } });
    expect(chat.state().entries[0]).toMatchObject({ text: '', files: ['cv.pdf'] });
  });

  it('si el POST con archivos no llega al servidor, lo reenvía con los mismos archivos y el mismo id', async () => {
    const { chat, server } = await ready();
    server.answer('/archivos', 'network', 'network', reply('tok-2', [bot('b1', 'Listo.')]));
    chat.send({ text: 'aquí va', files: [file('a.pdf', 5), file('b.jpg', 7)] });
    await vi.waitFor(() => expect(chat.state().entries.at(-1)?.id).toBe('b1'));
    const tries = server.calls.filter((c) => c.url === '/archivos');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((c) => c.body?.id)).size).toBe(1);
    for (const sent of tries) {
      expect(sent.body).toMatchObject({ token: 'tok-1', message: 'aquí va' });
      expect(sent.multipart?.files).toEqual({ archivo1: { name: 'a.pdf', size: 5 }, archivo2: { name: 'b.jpg', size: 7 } });
    }
    expect(chat.state().entries.filter((e) => e.from === 'user')).toHaveLength(1);
  });

  it('un token vencido abre otra conversación y envía los archivos en ella; un 400 muestra el aviso del servidor', async () => {
    const { chat, server } = await ready();
    server.answer('/conversacion', conversation('web-2', 'tok-nuevo'));
    server.answer('/archivos', { status: 401, message: 'vencido' }, reply('tok-3'), { status: 400, message: 'El archivo "x.pdf" supera los 5 MB' });
    chat.send({ text: '', files: [file('cv.pdf')] });
    await vi.waitFor(() => expect(server.calls).toHaveLength(4));
    expect(server.calls.map((c) => c.url)).toEqual(['/conversacion', '/archivos', '/conversacion', '/archivos']);
    expect(server.calls[3].body).toMatchObject({ token: 'tok-nuevo', id: server.calls[1].body?.id });
    expect(server.calls[3].multipart?.files).toEqual({ archivo1: { name: 'cv.pdf', size: 10 } });
    chat.send({ text: '', files: [file('x.pdf')] });
    await vi.waitFor(() => expect(chat.state().notice).toBe('El archivo "x.pdf" supera los 5 MB'));
    expect(chat.state().entries.at(-1)).toMatchObject({ files: ['x.pdf'], failed: true });
    await settled();
  });

  it('un mensaje sin archivos sigue yendo a /mensaje como JSON', async () => {
    const { chat, server, storage } = await ready();
    server.answer('/mensaje', reply('tok-2'), reply('tok-3'));
    chat.send({ text: 'hola' });
    await vi.waitFor(() => expect(storage.get(`quipu-webchat:${KEY}`)).toBe('tok-2'));
    chat.send({ text: 'otra vez', files: [] });
    await vi.waitFor(() => expect(server.calls).toHaveLength(3));
    expect(server.calls.slice(1)).toEqual([
      { url: '/mensaje', body: { token: 'tok-1', id: chat.state().entries[0].id, message: 'hola' } },
      { url: '/mensaje', body: { token: 'tok-2', id: chat.state().entries[1].id, message: 'otra vez' } },
    ]);
    for (const init of server.inits().slice(1)) {
      expect(typeof init?.body).toBe('string');
      expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    }
    expect(chat.state().entries.every((e) => !('files' in e))).toBe(true);
  });
});
