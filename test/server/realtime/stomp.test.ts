// The STOMP endpoint at /api/ws against a listening server, with @stomp/stompjs as the console
// will use it: who may connect and subscribe, what a publish delivers, receipts, heart-beats,
// errors, reconnection, and the session's end.
import type { Socket } from 'node:net';
import type { IMessage } from '@stomp/stompjs';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationGrant, TokenVerifier } from '../../../server/src/realtime/access';
import { SUBSCRIBE_TRUST_MS } from '../../../server/src/realtime/broker';
import { STOMP_MESSAGES } from '../../../server/src/realtime/messages';
import { channelTopic, userTopic } from '../../../common/topics';
import { DEMO_CHANNEL } from '../../../common/schemas/chat';
import { insertBot } from '../botFixtures';
import { API, createTestApp, dialects, userRow, type TestApp } from '../helpers';
import { ChannelObserver, RawStomp, TestStomp, WAIT, closeStompClients, cookieOf, listen, untilAlone } from './stompClients';

/** The server offers heart-beats this often, so the heart-beat tests take a fraction of a second. */
// Short enough to keep the tests quick, long enough for a loaded two-core machine.
const BEAT_MS = 250;
/** On PostgreSQL the fan-out's grace after LISTEN, short so that a test sees the lone instance stop notifying. */
const PRESENCE = { graceMs: 100 };

describe.each(dialects)('STOMP en /api/ws (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let demo: string;
  let otra: string;
  let demoBot: string;
  let otraBot: string;
  let compania: string;
  /** The topic compania@quipu.test's chat with demoBot under `psi` is published on. */
  const mine = (psi: string) => userTopic(compania, demoBot, psi);
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    t = await createTestApp(dialect, { stompHeartbeatMs: BEAT_MS, realtimePresence: PRESENCE });
    url = await listen(t.app);
    t.app.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
  });
  beforeEach(async () => {
    await t.reset();
    ({ idE: demo, id: compania } = await userRow(t, 'compania@quipu.test'));
    otra = (await userRow(t, 'otra@quipu.test')).idE;
    demoBot = await insertBot(t, demo, 'Asistente de prueba');
    otraBot = await insertBot(t, otra, 'Bot de otra empresa');
    t.app.realtime.useTokens(undefined);
  });
  afterEach(async () => {
    await closeStompClients();
  });
  afterAll(async () => {
    await t.close();
  });

  async function signedIn(usuario: string, options: { reconnectDelay?: number; heartbeat?: [number, number] } = {}): Promise<TestStomp> {
    const browser = await t.login(usuario);
    const stomp = new TestStomp(url, { cookie: cookieOf(browser), ...options });
    await stomp.connect();
    expect(stomp.connected, stomp.errors[0]?.headers.message).toHaveLength(1);
    return stomp;
  }

  /** Waits until every array has `count` messages, then a moment more to catch any extra. */
  async function received(inbox: IMessage[], count = 1): Promise<IMessage[]> {
    await vi.waitFor(() => expect(inbox.length).toBeGreaterThanOrEqual(count), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return inbox;
  }

  describe('CONNECT', () => {
    it('con la sesión de la consola responde CONNECTED 1.2 con heart-beat y un id de sesión', async () => {
      const stomp = await signedIn('compania@quipu.test');
      const headers = stomp.connected[0].headers;
      expect(headers.version).toBe('1.2');
      expect(headers['heart-beat']).toBe('10000,10000');
      expect(headers.session).toMatch(/^[0-9a-f-]{36}$/);
      expect(t.app.realtime.connectedCount).toBe(1);
    });

    it("sin sesión: ERROR 'Sesión no iniciada' en español y la conexión se cierra", async () => {
      const stomp = new TestStomp(url);
      await stomp.connect();
      const error = await stomp.refused();
      expect(error.headers.message).toBe('Sesión no iniciada');
      expect(error.body).toBe('Sesión no iniciada');
      expect(stomp.connected).toHaveLength(0);
    });

    it('con la cookie de una sesión cerrada (logout) no conecta', async () => {
      const browser = await t.login('compania@quipu.test');
      expect((await browser.post(`${API}/logout`)).statusCode).toBe(204);
      const stomp = new TestStomp(url, { cookie: cookieOf(browser) });
      await stomp.connect();
      expect((await stomp.refused()).headers.message).toBe(STOMP_MESSAGES.notSignedIn);
    });

    it('con la cookie de una sesión inactiva más que el ts de su empresa no conecta', async () => {
      const browser = await t.login('compania@quipu.test');
      t.clock.advance(24 * 60 * 60_000);
      const stomp = new TestStomp(url, { cookie: cookieOf(browser) });
      await stomp.connect();
      expect((await stomp.refused()).headers.message).toBe(STOMP_MESSAGES.notSignedIn);
    });

    it('una página de otro origen no usa la cookie de la consola', async () => {
      const browser = await t.login('compania@quipu.test');
      const stomp = new TestStomp(url, { cookie: cookieOf(browser), origin: 'https://ajeno.example' });
      await stomp.connect();
      expect((await stomp.refused()).headers.message).toBe('El origen de la conexión no es el de la consola');
    });

    it('desde el mismo origen de la consola conecta', async () => {
      const browser = await t.login('compania@quipu.test');
      const stomp = new TestStomp(url, { cookie: cookieOf(browser), origin: new URL(url.replace('ws:', 'http:')).origin });
      await stomp.connect();
      expect(stomp.connected).toHaveLength(1);
    });

    it('un GET sin upgrade responde 426 en español', async () => {
      const res = await t.client().get(`${API}/ws`);
      expect(res.statusCode).toBe(426);
      expect(res.json()).toEqual({ message: 'Esta dirección solo acepta conexiones WebSocket (STOMP 1.2)' });
    });

    it('solo habla STOMP 1.2: un cliente 1.0 recibe ERROR con version:1.2', async () => {
      const browser = await t.login('compania@quipu.test');
      const raw = await RawStomp.open(url, cookieOf(browser));
      const error = await raw.connect({ 'accept-version': '1.0,1.1' });
      expect(error.command).toBe('ERROR');
      expect(error.headers.version).toBe('1.2');
      expect(error.headers.message).toBe(STOMP_MESSAGES.version);
      await raw.closed();
    });

    it('una trama antes de CONNECT recibe ERROR', async () => {
      const raw = await RawStomp.open(url);
      raw.send('SUBSCRIBE\nid:0\ndestination:/topic/x\n\n\0');
      const error = await raw.next();
      expect(error.headers.message).toBe('Debe enviar CONNECT antes de cualquier otra trama');
      await raw.closed();
    });

    it('un socket que no envía CONNECT a tiempo se cierra con ERROR', async () => {
      const previous = t.app.realtime.settings.connectTimeoutMs;
      t.app.realtime.settings.connectTimeoutMs = 100;
      try {
        const raw = await RawStomp.open(url);
        const error = await raw.next();
        expect(error.headers.message).toBe('No se recibió CONNECT a tiempo');
        await raw.closed();
      } finally {
        t.app.realtime.settings.connectTimeoutMs = previous;
      }
    });
  });

  describe('SUBSCRIBE a /user/bot/{idBot}/{psi}', () => {
    it('un usuario recibe en su tópico lo que se publica, como JSON', async () => {
      const stomp = await signedIn('compania@quipu.test');
      const inbox = await stomp.subscribe(`/user/bot/${demoBot}/psi-1`);
      const body = { type: 'TEXT', text: '¡Hola! ¿En qué puedo ayudarle?' };
      await t.app.realtime.publish(mine('psi-1'), body);
      const [message] = await received(inbox);
      expect(inbox).toHaveLength(1);
      expect(JSON.parse(message.body)).toEqual(body);
      expect(message.headers['content-type']).toBe('application/json');
      expect(message.headers.destination).toBe(`/user/bot/${demoBot}/psi-1`);
      expect(message.headers['message-id']).toBeTruthy();
    });

    it.runIf(dialect === 'postgres')('sola en su PostgreSQL, la instancia no envía NOTIFY por mensaje pasada la gracia, y el suscriptor lo recibe todo', async () => {
      const observer = await ChannelObserver.open(t.app);
      try {
        const stomp = await signedIn('compania@quipu.test');
        const inbox = await stomp.subscribe(`/user/bot/${demoBot}/psi-1`);
        await untilAlone(t.app, observer, `/user/bot/${demoBot}/psi-1`);
        const probes = inbox.length;
        const texts = Array.from({ length: 5 }, (_, i) => `solo aquí ${i}`);
        // Statements as pg submits them (prepared or not), and notifications as a listener sees them.
        const submit = vi.spyOn(pg.Query.prototype, 'submit');
        let statements: string[] = [];
        try {
          expect(await observer.carried(() => Promise.all(texts.map((text) => t.app.realtime.publish(mine('psi-1'), { type: 'TEXT', text }))), 'solo aquí')).toBe(0);
          statements = submit.mock.contexts.map((query) => (query as { text: string }).text);
        } finally {
          submit.mockRestore();
        }
        expect(statements.filter((text) => text.includes('unnest'))).toEqual([]);
        await vi.waitFor(() => expect(inbox).toHaveLength(probes + 5), WAIT);
        expect(inbox.slice(probes).map((m) => JSON.parse(m.body).text)).toEqual(texts);
      } finally {
        await observer.close();
      }
    });

    it('lo publicado en otro tópico no le llega', async () => {
      const stomp = await signedIn('compania@quipu.test');
      const inbox = await stomp.subscribe(`/user/bot/${demoBot}/psi-1`);
      await t.app.realtime.publish(mine('psi-2'), { type: 'TEXT', text: 'otra conversación' });
      await t.app.realtime.publish(mine('psi-1'), { type: 'TEXT', text: 'la suya' });
      expect((await received(inbox)).map((m) => JSON.parse(m.body).text)).toEqual(['la suya']);
    });

    it('ROLE_USER de la empresa también se suscribe', async () => {
      const stomp = await signedIn('usuario@quipu.test');
      await stomp.subscribe(`/user/bot/${demoBot}/psi-1`);
      expect(stomp.errors).toHaveLength(0);
    });

    it("el tópico de otra empresa: ERROR 'No tiene permiso para suscribirse a este destino' y la conexión se cierra", async () => {
      const stomp = await signedIn('otra@quipu.test');
      stomp.client.subscribe(`/user/bot/${demoBot}/psi-1`, () => undefined);
      const error = await stomp.refused();
      expect(error.headers.message).toBe('No tiene permiso para suscribirse a este destino');
      expect(error.body).toContain(`/user/bot/${demoBot}/psi-1`);
      expect(stomp.closes).toEqual([1008]);
      expect(t.app.realtime.connectedCount).toBe(0);
    });

    it('después del rechazo, lo publicado en ese tópico no le llega a nadie de la otra empresa', async () => {
      const own = await signedIn('compania@quipu.test');
      const inbox = await own.subscribe(`/user/bot/${demoBot}/psi-1`);
      const intruder = await signedIn('otra@quipu.test');
      const stolen: IMessage[] = [];
      intruder.client.subscribe(`/user/bot/${demoBot}/psi-1`, (m) => void stolen.push(m));
      await intruder.refused();
      await t.app.realtime.publish(mine('psi-1'), { type: 'TEXT', text: 'privado' });
      await received(inbox);
      expect(stolen).toHaveLength(0);
    });

    it('ROLE_ADMIN se suscribe a su chat con el bot de cualquier empresa', async () => {
      const stomp = await signedIn('admin@quipu.test');
      const inbox = await stomp.subscribe(`/user/bot/${otraBot}/psi-9`);
      await t.app.realtime.publish(userTopic((await userRow(t, 'admin@quipu.test')).id, otraBot, 'psi-9'), { type: 'TEXT', text: 'hola' });
      expect(await received(inbox)).toHaveLength(1);
    });

    it('un rol sin bots (ROLE_DASHBOARD) es rechazado aun en su empresa', async () => {
      const stomp = await signedIn('dashboard@quipu.test');
      stomp.client.subscribe(`/user/bot/${demoBot}/psi-1`, () => undefined);
      expect((await stomp.refused()).headers.message).toBe(STOMP_MESSAGES.notAllowed);
    });

    it('un bot que no existe es rechazado', async () => {
      const stomp = await signedIn('compania@quipu.test');
      stomp.client.subscribe('/user/bot/no-existe/psi-1', () => undefined);
      expect((await stomp.refused()).headers.message).toBe(STOMP_MESSAGES.notAllowed);
    });

    it.each(['/queue/algo', '/topic/psi-1', '/topic/bot/psi-1'])('un destino que no es de los que se suscriben (%s) recibe ERROR', async (destination) => {
      const stomp = await signedIn('compania@quipu.test');
      stomp.client.subscribe(destination.replace('bot', demoBot), () => undefined);
      expect((await stomp.refused()).headers.message).toBe('Destino desconocido');
    });

    it('los temas internos del servidor no se pueden nombrar', async () => {
      const stomp = await signedIn('compania@quipu.test');
      stomp.client.subscribe(mine('psi-1'), () => undefined);
      expect((await stomp.refused()).headers.message).toBe('Destino desconocido');
    });

    it('cada conexión del usuario recibe una copia; el mismo psi de otro usuario es otro tema y no recibe nada', async () => {
      const a = await signedIn('compania@quipu.test');
      const b = await signedIn('compania@quipu.test');
      const colleague = await signedIn('usuario@quipu.test');
      const inboxA = await a.subscribe(`/user/bot/${demoBot}/psi-1`);
      const inboxB = await b.subscribe(`/user/bot/${demoBot}/psi-1`);
      const inboxC = await colleague.subscribe(`/user/bot/${demoBot}/psi-1`);
      await t.app.realtime.publish(mine('psi-1'), { type: 'TEXT', text: 'a todos' });
      expect(await received(inboxA)).toHaveLength(1);
      expect(await received(inboxB)).toHaveLength(1);
      expect(inboxC).toHaveLength(0);
    });
  });

  describe('SUBSCRIBE al chat de prueba de otro usuario', () => {
    it('el psi de la conversación de prueba de otro usuario de la empresa se rechaza', async () => {
      await t.app.db.insertInto('chat_cliente').values({ id: 'clt-ajeno', idE: demo, idChannel: DEMO_CHANNEL, psi: 'psi-ajeno', red: 1, nm: null, test: 1, idU: (await userRow(t, 'usuario@quipu.test')).id, fc: new Date().toISOString() }).execute();
      const stomp = await signedIn('compania@quipu.test');
      stomp.client.subscribe(`/user/bot/${demoBot}/psi-ajeno`, () => undefined);
      expect((await stomp.refused()).headers.message).toBe(STOMP_MESSAGES.notAllowed);
    });

    it('una sesión de la consola no se suscribe a /user/conversacion', async () => {
      const stomp = await signedIn('compania@quipu.test');
      stomp.client.subscribe('/user/conversacion', () => undefined);
      expect((await stomp.refused()).headers.message).toBe(STOMP_MESSAGES.notAllowed);
    });
  });

  describe('credencial de conversación (passcode)', () => {
    const grant: ConversationGrant = { psi: 'psi-widget', idCanal: 'canal-widget', idBot: 'bot-widget', idE: 'empresa-widget' };
    const verifier: TokenVerifier = { verify: async (token) => (token === 'ficha-valida' ? grant : null) };

    it('abre su conversación en /user/conversacion, y nada más', async () => {
      t.app.realtime.useTokens(verifier);
      const stomp = new TestStomp(url, { passcode: 'ficha-valida', origin: 'https://cliente.example' });
      await stomp.connect();
      expect(stomp.connected).toHaveLength(1);
      const inbox = await stomp.subscribe('/user/conversacion');
      await t.app.realtime.publish(channelTopic('canal-widget', 'psi-widget'), { type: 'TEXT', text: 'hola desde el widget' });
      await t.app.realtime.publish(channelTopic('canal-widget', 'psi-otra'), { type: 'TEXT', text: 'de otra conversación' });
      expect((await received(inbox)).map((m) => JSON.parse(m.body).text)).toEqual(['hola desde el widget']);

      stomp.client.subscribe('/user/bot/bot-widget/psi-widget', () => undefined);
      expect((await stomp.refused()).headers.message).toBe(STOMP_MESSAGES.notAllowed);
    });

    it('una credencial inválida, o sin verificador, no conecta', async () => {
      const without = new TestStomp(url, { passcode: 'ficha-valida' });
      await without.connect();
      expect((await without.refused()).headers.message).toBe('La credencial de la conversación no es válida o está vencida');

      t.app.realtime.useTokens(verifier);
      const wrong = new TestStomp(url, { passcode: 'ficha-falsa' });
      await wrong.connect();
      expect((await wrong.refused()).headers.message).toBe(STOMP_MESSAGES.badToken);
    });

    it('una credencial que vence cierra la conexión en la siguiente verificación', async () => {
      let valid = true;
      t.app.realtime.useTokens({ verify: async () => (valid ? grant : null) });
      const stomp = new TestStomp(url, { passcode: 'ficha' });
      await stomp.connect();
      await stomp.subscribe('/user/conversacion');
      valid = false;
      await t.app.realtime.recheck();
      expect((await stomp.refused()).headers.message).toBe(STOMP_MESSAGES.badToken);
    });
  });

  describe('recibos, UNSUBSCRIBE, SEND y DISCONNECT', () => {
    it('UNSUBSCRIBE con recibo: lo publicado después ya no llega', async () => {
      const stomp = await signedIn('compania@quipu.test');
      const inbox: IMessage[] = [];
      const subscription = await stomp.withReceipt((receipt) => stomp.client.subscribe(`/user/bot/${demoBot}/p`, (m) => void inbox.push(m), { receipt, id: 'mi-sub' }));
      expect(subscription.headers['receipt-id']).toBe('r-1');
      const gone = await stomp.withReceipt((receipt) => stomp.client.unsubscribe('mi-sub', { receipt }));
      expect(gone.command).toBe('RECEIPT');
      await t.app.realtime.publish(mine('p'), { type: 'TEXT', text: 'tarde' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(inbox).toHaveLength(0);
    });

    it('SEND a un destino sin manejador: ERROR que remite a POST /webchat/demo, con el receipt-id', async () => {
      const stomp = await signedIn('compania@quipu.test');
      stomp.client.publish({ destination: `/user/bot/${demoBot}/p`, body: 'hola', headers: { receipt: 'envio-1' } });
      const error = await stomp.refused();
      expect(error.headers.message).toBe('No se admite SEND a este destino');
      expect(error.headers['receipt-id']).toBe('envio-1');
      expect(error.body).toContain('POST /webchat/demo');
    });

    it('SEND a un destino con manejador registrado llega al manejador, con quién lo envía, y tiene recibo', async () => {
      const seen: Array<{ destination: string; body: string; who: string }> = [];
      t.app.realtime.onSend('/app/eco', ({ destination, body, principal }) => {
        seen.push({ destination, body, who: principal.kind === 'signIn' ? principal.user.usuario : principal.grant.psi });
      });
      const stomp = await signedIn('compania@quipu.test');
      const receipt = await stomp.withReceipt((r) => stomp.client.publish({ destination: '/app/eco/1', body: '¿está ahí?', headers: { receipt: r } }));
      expect(receipt.command).toBe('RECEIPT');
      expect(seen).toEqual([{ destination: '/app/eco/1', body: '¿está ahí?', who: 'compania@quipu.test' }]);
    });

    it('DISCONNECT con recibo: RECEIPT y luego el cierre', async () => {
      const stomp = await signedIn('compania@quipu.test');
      await stomp.client.deactivate();
      expect(stomp.errors).toHaveLength(0);
      await vi.waitFor(() => expect(t.app.realtime.connectedCount).toBe(0), WAIT);
    });

    it('DISCONNECT en crudo: RECEIPT con el receipt-id pedido y cierre normal', async () => {
      const browser = await t.login('compania@quipu.test');
      const raw = await RawStomp.open(url, cookieOf(browser));
      expect((await raw.connect()).command).toBe('CONNECTED');
      raw.send('DISCONNECT\nreceipt:adios-77\n\n\0');
      const receipt = await raw.next();
      expect(receipt).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'adios-77' } });
      expect(await raw.closed()).toBe(1000);
    });

    it('las transacciones no se admiten', async () => {
      const stomp = await signedIn('compania@quipu.test');
      stomp.client.begin('tx-1');
      expect((await stomp.refused()).headers.message).toBe('No se admiten transacciones');
    });

    it('solo ack auto', async () => {
      const stomp = await signedIn('compania@quipu.test');
      stomp.client.subscribe(`/user/bot/${demoBot}/p`, () => undefined, { ack: 'client' });
      expect((await stomp.refused()).headers.message).toBe('Solo se admite ack auto');
    });
  });

  describe('heart-beats', () => {
    it('con intervalos cortos el cliente sigue conectado y el servidor late', async () => {
      const stomp = await signedIn('compania@quipu.test', { heartbeat: [BEAT_MS, BEAT_MS] });
      expect(stomp.connected[0].headers['heart-beat']).toBe(`${BEAT_MS},${BEAT_MS}`);
      await new Promise((resolve) => setTimeout(resolve, 8 * BEAT_MS));
      expect(stomp.closes).toHaveLength(0);
      expect(stomp.client.connected).toBe(true);
      expect(t.app.realtime.connectedCount).toBe(1);
    });

    it('el servidor envía un EOL en cada intervalo acordado', async () => {
      const browser = await t.login('compania@quipu.test');
      const raw = await RawStomp.open(url, cookieOf(browser));
      const connected = await raw.connect({ 'heart-beat': `0,${BEAT_MS}` });
      expect(connected.headers['heart-beat']).toBe(`${BEAT_MS},0`);
      await new Promise((resolve) => setTimeout(resolve, 5 * BEAT_MS));
      expect(raw.beats).toBeGreaterThanOrEqual(3);
      expect(raw.closeCode).toBeUndefined();
    });

    it('un cliente callado más del doble del intervalo acordado queda desconectado', async () => {
      const browser = await t.login('compania@quipu.test');
      const raw = await RawStomp.open(url, cookieOf(browser));
      // Silent from its CONNECT on.
      const start = Date.now();
      const connected = await raw.connect({ 'heart-beat': `${BEAT_MS},0` });
      expect(connected.headers['heart-beat']).toBe(`0,${BEAT_MS}`);
      await raw.closed();
      const silentFor = Date.now() - start;
      expect(silentFor).toBeGreaterThanOrEqual(2 * BEAT_MS);
      expect(silentFor).toBeLessThan(10 * BEAT_MS);
    });

    it('pide al servidor el más lento de los dos intervalos', async () => {
      const browser = await t.login('compania@quipu.test');
      const raw = await RawStomp.open(url, cookieOf(browser));
      const connected = await raw.connect({ 'heart-beat': '50,5000' });
      expect(connected.headers['heart-beat']).toBe(`5000,${BEAT_MS}`);
    });
  });

  describe('tramas con errores', () => {
    async function connectedRaw(): Promise<RawStomp> {
      const browser = await t.login('compania@quipu.test');
      const raw = await RawStomp.open(url, cookieOf(browser));
      expect((await raw.connect()).command).toBe('CONNECTED');
      return raw;
    }

    it.each([
      ['una cabecera sin dos puntos', 'SUBSCRIBE\nid 0\n\n\0', STOMP_MESSAGES.malformed],
      ['un escape no definido', 'SUBSCRIBE\nid:a\\tb\ndestination:/topic/x\n\n\0', STOMP_MESSAGES.badEscape],
      ['un comando en minúsculas', 'subscribe\nid:0\n\n\0', STOMP_MESSAGES.malformed],
      ['un comando desconocido', 'PUBLISH\ndestination:/topic/x\n\n\0', STOMP_MESSAGES.unknownCommand],
      ['content-length que no es un número', 'SEND\ndestination:/x\ncontent-length:diez\n\nhola\0', STOMP_MESSAGES.badContentLength],
      ['content-length que no llega al NUL', 'SEND\ndestination:/x\ncontent-length:2\n\nhola\0', STOMP_MESSAGES.missingNul],
      ['SUBSCRIBE sin destination', 'SUBSCRIBE\nid:0\n\n\0', 'Falta la cabecera destination'],
    ])('%s → ERROR en español y cierre', async (_, frame, message) => {
      const raw = await connectedRaw();
      raw.send(frame);
      const error = await raw.next();
      expect(error.command).toBe('ERROR');
      expect(error.headers.message).toBe(message);
      expect(error.headers['content-type']).toBe('text/plain;charset=utf-8');
      expect(error.body.toString()).toContain(message);
      await raw.closed();
    });

    it('una trama mayor que el límite → ERROR', async () => {
      const raw = await connectedRaw();
      raw.send(`SEND\ndestination:/x\n\n${'a'.repeat(70 * 1024)}\0`);
      const error = await raw.next();
      expect(error.headers.message).toBe('Trama STOMP demasiado grande');
      expect(error.body.toString()).toContain('65536');
      await raw.closed();
    });

    it('demasiadas cabeceras → ERROR', async () => {
      const raw = await connectedRaw();
      const headers = Array.from({ length: 40 }, (_, i) => `x-${i}:${i}\n`).join('');
      raw.send(`SEND\ndestination:/x\n${headers}\n\0`);
      expect((await raw.next()).headers.message).toBe('Demasiadas cabeceras en la trama STOMP');
    });

    it('varias tramas en un mensaje y una trama partida en varios mensajes', async () => {
      const raw = await connectedRaw();
      raw.send(`SUBSCRIBE\nid:a\ndestination:/user/bot/${demoBot}/p1\nreceipt:1\n\n\0\nSUBSCRIBE\nid:b\ndestination:/user/bot/${demoBot}/p2\nreceipt:2\n\n\0`);
      const split = `SUBSCRIBE\nid:c\ndestination:/user/bot/${demoBot}/p3\nreceipt:3\n\n\0`;
      for (const piece of [split.slice(0, 5), split.slice(5, 30), split.slice(30)]) raw.send(piece);
      const receipts = [await raw.next(), await raw.next(), await raw.next()];
      expect(receipts.map((f) => `${f.command} ${f.headers['receipt-id']}`)).toEqual(['RECEIPT 1', 'RECEIPT 2', 'RECEIPT 3']);
      await t.app.realtime.publish(mine('p3'), { type: 'TEXT', text: 'tercera' });
      const message = await raw.next();
      expect(message.headers).toMatchObject({ subscription: 'c', destination: `/user/bot/${demoBot}/p3` });
    });

    it('las cabeceras con escapes llegan sin escapar, y las de MESSAGE se escapan', async () => {
      const raw = await connectedRaw();
      // The psi «a:b» travels escaped as «a\cb».
      raw.send(`SUBSCRIBE\nid:x\\cy\ndestination:/user/bot/${demoBot}/a\\cb\nreceipt:r\n\n\0`);
      expect((await raw.next()).command).toBe('RECEIPT');
      await t.app.realtime.publish(mine('a:b'), { type: 'TEXT', text: 'con dos puntos' });
      const message = await raw.next();
      expect(message.headers.subscription).toBe('x:y');
      expect(message.headers.destination).toBe(`/user/bot/${demoBot}/a:b`);
      expect(JSON.parse(message.body.toString())).toEqual({ type: 'TEXT', text: 'con dos puntos' });
    });
  });

  describe('reconexión y fin de la sesión', () => {
    it('si el servidor corta el socket, stompjs reconecta y recibe lo publicado después', async () => {
      const browser = await t.login('compania@quipu.test');
      const inbox: IMessage[] = [];
      let subscribed = 0;
      const stomp = new TestStomp(url, { cookie: cookieOf(browser), reconnectDelay: 50 });
      // As the console does: subscribe again on every (re)connection.
      stomp.client.onConnect = (frame) => {
        stomp.connected.push(frame);
        const receipt = `sub-${stomp.connected.length}`;
        stomp.client.watchForReceipt(receipt, () => (subscribed += 1));
        stomp.client.subscribe(`/user/bot/${demoBot}/psi-r`, (m) => void inbox.push(m), { receipt });
      };
      await stomp.connect();
      await vi.waitFor(() => expect(subscribed).toBe(1), WAIT);
      await t.app.realtime.publish(mine('psi-r'), { type: 'TEXT', text: 'antes' });
      await received(inbox, 1);

      for (const socket of sockets) socket.destroy();
      await vi.waitFor(() => expect(subscribed).toBe(2), WAIT);
      expect(stomp.connected).toHaveLength(2);
      expect(stomp.closes.length).toBeGreaterThanOrEqual(1);
      await t.app.realtime.publish(mine('psi-r'), { type: 'TEXT', text: 'después' });
      expect((await received(inbox, 2)).map((m) => JSON.parse(m.body).text)).toEqual(['antes', 'después']);
    });

    it('cerrar la sesión (logout) cierra la conexión en la siguiente verificación', async () => {
      const browser = await t.login('compania@quipu.test');
      const stomp = new TestStomp(url, { cookie: cookieOf(browser) });
      await stomp.connect();
      await stomp.subscribe(`/user/bot/${demoBot}/p`);
      await t.app.realtime.recheck();
      expect(stomp.errors).toHaveLength(0);
      expect((await browser.post(`${API}/logout`)).statusCode).toBe(204);
      await t.app.realtime.recheck();
      expect((await stomp.refused()).headers.message).toBe('Su sesión terminó; ingrese nuevamente');
    });

    it('la lista de acceso de la empresa rige también para el WebSocket: 401 en el upgrade', async () => {
      const browser = await t.login('compania@quipu.test');
      await t.app.db.updateTable('empresa').set({ acl: 1, aclList: JSON.stringify(['192.168.5.0/24']) }).where('id', '=', demo).execute();
      t.clock.advance(61_000);
      await expect(RawStomp.open(url, cookieOf(browser))).rejects.toThrow(/401/);
    });

    it('un upgrade respondido por HTTP (401, 404) no deja el socket abierto en el servidor', async () => {
      await expect(RawStomp.open(url.replace('/ws', '/no-existe'))).rejects.toThrow(/404/);
      await vi.waitFor(() => expect(sockets.size).toBe(0), WAIT);
    });

    it('una conexión abierta se cierra con el motivo de la empresa cuando su lista de acceso deja de admitirla', async () => {
      const stomp = await signedIn('compania@quipu.test');
      await t.app.db.updateTable('empresa').set({ acl: 1, aclList: JSON.stringify(['192.168.5.0/24']) }).where('id', '=', demo).execute();
      t.clock.advance(61_000);
      await t.app.realtime.recheck();
      expect((await stomp.refused()).headers.message).toBe('No se permite el ingreso desde la dirección 127.0.0.1');
    });

    it('una sesión que venció por inactividad no puede suscribirse más', async () => {
      const stomp = await signedIn('compania@quipu.test');
      t.clock.advance(24 * 60 * 60_000);
      stomp.client.subscribe(`/user/bot/${demoBot}/p`, () => undefined);
      expect((await stomp.refused()).headers.message).toBe(STOMP_MESSAGES.sessionEnded);
    });

    it('la sesión comprobada al conectar vale para suscribirse durante un segundo; después se lee otra vez', async () => {
      const stomp = await signedIn('compania@quipu.test');
      // Signed out on another instance: this one still trusts its check of a moment ago.
      await t.app.db.deleteFrom('sesion').where('idU', 'is not', null).execute();
      await stomp.subscribe(`/user/bot/${demoBot}/p1`);
      expect(stomp.errors).toHaveLength(0);
      t.clock.advance(SUBSCRIBE_TRUST_MS);
      stomp.client.subscribe(`/user/bot/${demoBot}/p2`, () => undefined);
      expect((await stomp.refused()).headers.message).toBe(STOMP_MESSAGES.sessionEnded);
    });

    it('una conexión abierta no prolonga la sesión', async () => {
      const browser = await t.login('compania@quipu.test');
      const before = await t.app.db.selectFrom('sesion').select('ua').where('idU', 'is not', null).executeTakeFirstOrThrow();
      const stomp = new TestStomp(url, { cookie: cookieOf(browser) });
      await stomp.connect();
      t.clock.advance(60_000);
      await stomp.subscribe(`/user/bot/${demoBot}/p`);
      await t.app.realtime.recheck();
      const after = await t.app.db.selectFrom('sesion').select('ua').where('idU', 'is not', null).executeTakeFirstOrThrow();
      expect(Number(after.ua)).toBe(Number(before.ua));
    });
  });
});
