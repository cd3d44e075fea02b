// WhatsApp against a local fake Cloud API (and an https relay): the verify-token handshake,
// X-Hub-Signature-256 on every post, texts and interactive replies through the deployed bot and
// back out as Cloud API messages, excluded numbers, replays, hours, the relay (useChasqui), and
// 'Exportar configuración' with its roles and another company.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hubSignature } from '../../server/src/channels/whatsapp/verify';
import { CANAL_MESSAGES } from '../../common/schemas/canales';
import { ACCOUNTS, ALL_ACCOUNTS, auditRows, companyId, type Account } from './adminFixtures';
import { deployNow, insertChatBot, recorded, type ChatBot } from './chatFixtures';
import {
  RELAY_CA, WA_ACCESS_TOKEN, WA_APP_SECRET, WA_PHONE_ID, WA_VERIFY_TOKEN, canalRow, closeHours, cloudApi, cloudWebhook, createCanal, fakeRelay, fakeServer,
  linkBot, postWhatsapp, signedInNow, waText, type FakeServer,
} from './canalesProveedoresFakes';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';

const ANA = '51988777666';
const ALLOWED: Account[] = ['admin', 'compania', 'usuario'];

describe.each(dialects)('WhatsApp (%s)', (dialect) => {
  let t: TestApp;
  let cloud: FakeServer;
  let relay: FakeServer;
  let as: (who: Account) => Promise<Client>;
  let demo: string;
  let id: string;
  let chat: ChatBot;
  let n = 0;

  beforeAll(async () => {
    cloud = await fakeServer(cloudApi);
    relay = await fakeRelay();
    // The relay listens on loopback, which an installation reaches only by naming it in OUTBOUND_ALLOW.
    t = await createTestApp(dialect, { whatsappApiBase: `${cloud.base}/v21.0`, relayCa: RELAY_CA, outboundAllow: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await t.close();
    await cloud.close();
    await relay.close();
  });
  beforeEach(async () => {
    await t.reset();
    as = signedInNow(t);
    cloud.requests.length = 0;
    relay.requests.length = 0;
    demo = await companyId(t, 'Demo Internacional');
    id = await createCanal(await as('compania'), {
      name: 'Whatsapp', dsc: 'WhatsApp de ventas',
      cfg: { phoneNumberId: WA_PHONE_ID },
      secretos: { accessToken: WA_ACCESS_TOKEN, verifyToken: WA_VERIFY_TOKEN, whatsappAppSecret: WA_APP_SECRET },
      excluir: [{ numero: '+51 999 000 111', nombre: 'Gerencia' }],
    });
    chat = await insertChatBot(t, demo);
    await deployNow(t, chat.bot);
    await linkBot(await as('compania'), id, chat.bot);
  });

  const wamid = () => `wamid.HBgLNTE5ODg3Nzc2NjYVAgASGBQz${++n}`;
  const sends = () => cloud.calls(`/v21.0/${WA_PHONE_ID}/messages`);
  const bodies = () => sends().map((r) => r.body);

  describe('GET /wh/whatsapp/{id} (verificación)', () => {
    const verify = (query: string, target = id) => t.app.inject({ method: 'GET', url: `${API}/wh/whatsapp/${target}?${query}` });

    it('devuelve hub.challenge cuando hub.verify_token es el del canal', async () => {
      const res = await verify(`hub.mode=subscribe&hub.verify_token=${WA_VERIFY_TOKEN}&hub.challenge=1158201444`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('1158201444');
    });

    it('un token equivocado, otro modo o un canal sin verify token responden 403', async () => {
      expect((await verify('hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1')).statusCode).toBe(403);
      expect((await verify(`hub.mode=unsubscribe&hub.verify_token=${WA_VERIFY_TOKEN}&hub.challenge=1`)).statusCode).toBe(403);
      expect((await verify('hub.mode=subscribe&hub.challenge=1')).statusCode).toBe(403);
      const sinToken = await createCanal(await as('compania'), { name: 'Whatsapp', dsc: 'Sin token' });
      expect((await verify('hub.mode=subscribe&hub.verify_token=&hub.challenge=1', sinToken)).statusCode).toBe(403);
    });

    it('un canal que no existe o de otro tipo responde 404', async () => {
      const slack = await createCanal(await as('compania'), { name: 'Slack', dsc: 'Slack' });
      for (const target of ['no-existe', slack]) expect((await verify(`hub.mode=subscribe&hub.verify_token=${WA_VERIFY_TOKEN}&hub.challenge=1`, target)).statusCode).toBe(404);
    });
  });

  describe('POST /wh/whatsapp/{id}', () => {
    it('un texto llega al bot desplegado y la respuesta sale por la Cloud API, con los botones como botones de respuesta', async () => {
      const res = await postWhatsapp(t, id, cloudWebhook([waText(wamid(), 'hola')]));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(sends().every((r) => r.method === 'POST' && r.headers.authorization === `Bearer ${WA_ACCESS_TOKEN}` && r.headers['content-type'] === 'application/json')).toBe(true);
      expect(bodies()).toEqual([
        { messaging_product: 'whatsapp', recipient_type: 'individual', to: ANA, type: 'text', text: { body: '¡Hola! ¿En qué le ayudo?', preview_url: false } },
        {
          messaging_product: 'whatsapp', recipient_type: 'individual', to: ANA, type: 'interactive',
          interactive: {
            type: 'button',
            body: { text: 'Elija una opción' },
            action: { buttons: [{ type: 'reply', reply: { id: 'cuánto cuesta', title: 'Ver precios' } }, { type: 'reply', reply: { id: chat.skills.registro, title: 'Registrarme' } }] },
          },
        },
      ]);
      const { client, conversacion } = await recorded(t, ANA);
      expect(client).toMatchObject({ nm: 'Ana Torres' });
      expect(conversacion).toMatchObject({ idBot: chat.bot, idChannel: id });
    });

    it('un envío firmado de hace 4 días (fuera de la ventana de duplicados) se acusa con 200 y no produce turno; uno reciente sí', async () => {
      const old = await postWhatsapp(t, id, cloudWebhook([waText(wamid(), 'hola', ANA, t.clock.now - 4 * 24 * 60 * 60_000)]));
      expect(old.statusCode).toBe(200);
      expect(old.json()).toEqual({ ok: true });
      expect(sends()).toHaveLength(0);
      const before = await recorded(t, ANA);
      expect(before.client).toBeUndefined();
      expect(before.conversacion).toBeUndefined();

      const fresh = await postWhatsapp(t, id, cloudWebhook([waText(wamid(), 'hola', ANA, t.clock.now - 60_000)]));
      expect(fresh.statusCode).toBe(200);
      expect(sends().length).toBeGreaterThan(0);
      const after = await recorded(t, ANA);
      expect(after.conversacion).toMatchObject({ idBot: chat.bot, idChannel: id });
      expect(after.mensajes.flat().map((m) => m.m)).toContain('hola');
    });

    it('una respuesta de botón llega como postback; tarjetas con imagen y botones, y los enlaces en el texto', async () => {
      await postWhatsapp(t, id, cloudWebhook([{ from: ANA, id: wamid(), timestamp: String(Math.floor(t.clock.now / 1000)), type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'cuánto cuesta', title: 'Ver precios' } } }]));
      expect(bodies().map(({ type, text, image, interactive }) => ({ type, text, image, interactive }))).toEqual([
        { type: 'text', text: { body: 'Estos son nuestros planes.', preview_url: false }, image: undefined, interactive: undefined },
        {
          type: 'interactive', text: undefined, image: undefined,
          interactive: { type: 'button', header: { type: 'image', image: { link: 'https://example.com/basico.png' } }, body: { text: 'Plan Básico\nS/ 50 al mes' }, action: { buttons: [{ type: 'reply', reply: { id: 'quiero registrarme', title: 'Quiero el básico' } }] } },
        },
        { type: 'image', text: undefined, image: { link: 'https://example.com/pro.png', caption: 'Plan Pro\nS/ 90 al mes\nDetalles: https://example.com/pro' }, interactive: undefined },
        {
          type: 'interactive', text: undefined, image: undefined,
          interactive: { type: 'button', header: { type: 'image', image: { link: 'https://example.com/menu.png' } }, body: { text: '¿Algo más?\nElija' }, action: { buttons: [{ type: 'reply', reply: { id: chat.skills.humano, title: 'Hablar con alguien' } }] } },
        },
      ]);
    });

    it('una respuesta de lista también llega como postback', async () => {
      await postWhatsapp(t, id, cloudWebhook([{ from: ANA, id: wamid(), timestamp: String(Math.floor(t.clock.now / 1000)), type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: chat.skills.registro, title: 'Registrarme' } } }]));
      expect(bodies().map((b) => (b.text as { body: string }).body)).toEqual(['¿A qué correo le escribimos?']);
    });

    it('sin firma o mal firmado responde 401 y no envía nada', async () => {
      const body = cloudWebhook([waText(wamid(), 'hola')]);
      for (const secret of [null, 'otro-secreto']) {
        const res = await postWhatsapp(t, id, body, secret);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Firma del proveedor inválida');
      }
      // Signed, then altered on the way.
      const payload = JSON.stringify(body);
      const res = await t.app.inject({
        method: 'POST', url: `${API}/wh/whatsapp/${id}`, payload: payload.replace('hola', 'HOLA'),
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(WA_APP_SECRET, payload) },
      });
      expect(res.statusCode).toBe(401);
      expect(cloud.requests).toHaveLength(0);
      expect((await recorded(t, ANA)).client).toBeUndefined();
    });

    it('un canal sin el secreto de la app responde 403', async () => {
      const sinSecreto = await createCanal(await as('compania'), { name: 'Whatsapp', dsc: 'Sin secreto', secretos: { accessToken: WA_ACCESS_TOKEN } });
      const res = await postWhatsapp(t, sinSecreto, cloudWebhook([waText(wamid(), 'hola')]));
      expect(res.statusCode).toBe(403);
      expect(cloud.requests).toHaveLength(0);
    });

    it('el mismo mensaje entregado dos veces se responde una vez', async () => {
      const body = cloudWebhook([waText(wamid(), 'hola')]);
      expect((await postWhatsapp(t, id, body)).statusCode).toBe(200);
      expect(sends()).toHaveLength(2);
      expect((await postWhatsapp(t, id, body)).statusCode).toBe(200);
      expect(sends()).toHaveLength(2);
    });

    it('un número de la lista de exclusión nunca recibe respuesta', async () => {
      const res = await postWhatsapp(t, id, cloudWebhook([waText(wamid(), 'hola', '51999000111')], '51999000111', 'Gerencia'));
      expect(res.statusCode).toBe(200);
      expect(cloud.requests).toHaveLength(0);
      expect((await recorded(t, '51999000111')).client).toBeUndefined();
    });

    it('los estados de entrega y los mensajes a otro número de la cuenta no se responden', async () => {
      const statuses = { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: WA_PHONE_ID }, statuses: [{ id: wamid(), status: 'delivered', recipient_id: ANA }] } }] }] };
      expect((await postWhatsapp(t, id, statuses)).statusCode).toBe(200);
      const otherNumber = cloudWebhook([waText(wamid(), 'hola')]);
      otherNumber.entry[0].changes[0].value.metadata.phone_number_id = '999999999';
      expect((await postWhatsapp(t, id, otherNumber)).statusCode).toBe(200);
      expect(cloud.requests).toHaveLength(0);
    });

    it('fuera de horario responde el texto de fuera de horario por la Cloud API', async () => {
      await closeHours(t, id);
      const { hi, hf } = await canalRow(t, id);
      expect((await postWhatsapp(t, id, cloudWebhook([waText(wamid(), 'hola')]))).statusCode).toBe(200);
      expect(bodies()).toEqual([{ messaging_product: 'whatsapp', recipient_type: 'individual', to: ANA, type: 'text', text: { body: CANAL_MESSAGES.outOfHours.replace('{hi}', hi!).replace('{hf}', hf!), preview_url: false } }]);
    });

    it('un canal inactivo responde 200 sin enviar nada', async () => {
      await (await as('compania')).post(`${API}/ch/active?id=${id}&active=false`);
      expect((await postWhatsapp(t, id, cloudWebhook([waText(wamid(), 'hola')]))).statusCode).toBe(200);
      expect(cloud.requests).toHaveLength(0);
    });

    it('con useChasqui la respuesta va al relay por https, firmada con el verify token, y no a la Cloud API', async () => {
      const c = await as('compania');
      const current = (await c.get(`${API}/ch?id=${id}`)).json();
      const saved = await c.post(`${API}/ch/web`, { id, name: 'Whatsapp', dsc: current.dsc, rev: current.rev, useChasqui: true, chasquiUrl: `${relay.base}/quipu/respuestas`, excluir: current.excluir });
      expect(saved.statusCode).toBe(200);
      expect((await postWhatsapp(t, id, cloudWebhook([waText(wamid(), 'hola')]))).statusCode).toBe(200);
      expect(cloud.requests).toHaveLength(0);
      expect(relay.requests).toHaveLength(1);
      const [post] = relay.requests;
      expect(post).toMatchObject({ method: 'POST', path: '/quipu/respuestas' });
      expect(post.headers['x-hub-signature-256']).toBe(hubSignature(WA_VERIFY_TOKEN, post.raw));
      expect(post.body).toMatchObject({
        canal: id,
        to: ANA,
        mensajes: [{ type: 'TEXT', text: '¡Hola! ¿En qué le ayudo?' }, { type: 'BUTTON', title: 'Elija una opción', quick: true }],
        whatsapp: [{ to: ANA, type: 'text', text: { body: '¡Hola! ¿En qué le ayudo?' } }, { to: ANA, type: 'interactive' }],
      });
    });
  });

  describe('POST /wh/export/archivo', () => {
    const exportFile = async (who: Account = 'compania', body: object = { url: 'https://relay.tienda.pe/base', idC: id }) => (await as(who)).post(`${API}/wh/export/archivo`, body);

    it("descarga '<bot>.yanicfg' con la configuración del relay en base64 y registra la exportación", async () => {
      const res = await exportFile();
      expect(res.statusCode).toBe(200);
      const { nombre, contenido } = res.json();
      const bot = await t.app.db.selectFrom('bot').select('nm').where('id', '=', chat.bot).executeTakeFirstOrThrow();
      expect(nombre).toBe(`${bot.nm}.yanicfg`);
      expect(JSON.parse(Buffer.from(contenido, 'base64').toString('utf8'))).toEqual({
        formato: 'quipu-whatsapp-relay',
        version: 1,
        url: 'https://relay.tienda.pe/base',
        canal: id,
        nombre: 'WhatsApp de ventas',
        bot: bot.nm,
        webhook: `http://127.0.0.1:8080${API}/wh/whatsapp/${id}`,
        verifyToken: WA_VERIFY_TOKEN,
        phoneNumberId: WA_PHONE_ID,
        respuestas: null,
        firma: 'X-Hub-Signature-256: sha256=HMAC-SHA256(verifyToken, cuerpo)',
        generado: new Date(t.clock.now).toISOString(),
      });
      expect(contenido).not.toContain(Buffer.from(WA_ACCESS_TOKEN).toString('base64').slice(0, 12));
      expect(Buffer.from(contenido, 'base64').toString()).not.toContain(WA_APP_SECRET);
      expect((await auditRows(t, 3)).find((r) => r.val?.includes('exportada'))).toMatchObject({ us: ACCOUNTS.compania, idE: demo, val: 'Canal Whatsapp «WhatsApp de ventas»: configuración del relay de WhatsApp exportada' });
    });

    it('el webhook del archivo es el de PUBLIC_URL, o donde escucha el servidor; nunca el Host de la solicitud', async () => {
      const webhookOf = (res: { json: () => { contenido: string } }) => JSON.parse(Buffer.from(res.json().contenido, 'base64').toString('utf8')).webhook;
      const forged = await (await as('compania')).post(`${API}/wh/export/archivo`, { url: 'https://relay.tienda.pe/base', idC: id }, { headers: { host: 'evil.example', origin: 'https://evil.example' } });
      expect(forged.statusCode).toBe(200);
      expect(webhookOf(forged)).toBe(`http://127.0.0.1:8080${API}/wh/whatsapp/${id}`);
      t.app.config.publicUrl = 'https://bots.tienda.pe/';
      try {
        expect(webhookOf(await exportFile())).toBe(`https://bots.tienda.pe${API}/wh/whatsapp/${id}`);
      } finally {
        t.app.config.publicUrl = undefined;
      }
    });

    it('una URL que no es http(s) responde 400 con el campo url; sin verify token, 400 con el suyo', async () => {
      const bad = await exportFile('compania', { url: 'ftp://relay', idC: id });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: 'Ingrese una URL válida (http o https)', field: 'url' });
      const sinToken = await createCanal(await as('compania'), { name: 'Whatsapp', dsc: 'Sin token' });
      const res = await exportFile('compania', { url: 'https://relay.tienda.pe', idC: sinToken });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Defina el verify token del canal y guarde antes de exportar la configuración', field: 'secretos.verifyToken' });
      const vacio = await exportFile('compania', { url: ' ', idC: id });
      expect(vacio.statusCode).toBe(400);
      expect(vacio.json().message).toBe(CANAL_MESSAGES.required);
    });

    it('sin bot vinculado el archivo lleva el nombre del canal', async () => {
      await (await as('compania')).post(`${API}/ch/suscribe?id=${id}&idB=blk`);
      expect((await exportFile()).json().nombre).toBe('WhatsApp de ventas.yanicfg');
    });

    it.each(ALL_ACCOUNTS)('rol y empresa: %s', async (who) => {
      const res = await exportFile(who);
      if (ALLOWED.includes(who)) expect(res.statusCode).toBe(200);
      else expect(res.statusCode).toBe(who === 'otra' ? 404 : 403);
      if (!ALLOWED.includes(who)) expect(res.body).not.toContain('contenido');
    });

    it('sin sesión o sin firma responde 401', async () => {
      expect((await t.client().post(`${API}/wh/export/archivo`, { url: 'https://relay.tienda.pe', idC: id })).statusCode).toBe(401);
      expect((await (await as('compania')).post(`${API}/wh/export/archivo`, { url: 'https://relay.tienda.pe', idC: id }, { sign: false })).statusCode).toBe(401);
    });
  });
});
