// Microsoft Teams against local stand-ins: Bot Framework's OpenID configuration and keys (a key pair
// made here with jose), Microsoft's token endpoint (discovery and client credentials), the Bot
// Connector service an activity's serviceUrl names (which records what the bot posts) and a file's
// address, all on one local server admitted by OUTBOUND_ALLOW. The webhook verifies the token
// (signature, issuer, audience, expiry, serviceUrl) and the tenant, answers a repeated activity
// once, and the answers leave as activities with Adaptive Cards; the app's id and password are
// never answered; every call goes through the outbound guard. A file an activity carries reaches the
// skill that receives files, fetched and kept; a SharePoint one needs the channel's 'Autorizar archivos'.
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import dns from 'node:dns';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BY_TITLE } from '../../server/src/channels/adapter';
import { fetchTeamsFile, teamsFiles, FILE_DOWNLOAD_INFO } from '../../server/src/channels/microsoft/files';
import { ADAPTIVE_CARD, toTeams, type TeamsActivity } from '../../server/src/channels/microsoft/format';
import { readActivity } from '../../server/src/channels/microsoft/receive';
import { botFrameworkAuthority } from '../../server/src/channels/microsoft/send';
import type { ChatButton, ChatMessage } from '../../common/schemas/chat';
import { companyId, type Account } from './adminFixtures';
import { deployNow, insertChatBot, recorded, type ChatBot } from './chatFixtures';
import { insertSkill } from './botFixtures';
import { insertAccion } from './skillFixtures';
import { canalRow, createCanal, fakeServer, linkBot, signedInNow, storedSecret, type FakeServer, type Received } from './canalesProveedoresFakes';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';

const APP_ID = '6f1b3d2e-8a4c-4f0e-9b7d-2c5a1e9f0d31';
const APP_PASSWORD = 'Qp8~s3cr3t.de-la-app_Teams';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const OTHER_TENANT = '0b9f2c1d-1111-4a4a-9c9c-abcdefabcdef';
const BOT_ISSUER = 'https://api.botframework.com';
const CONNECTOR_TOKEN = 'bf-conector-token-1';
/** A SharePoint host, resolved to the local server by the test's name resolution. */
const SHAREPOINT = 'tienda.sharepoint.com';

interface KeyPair {
  privateKey: CryptoKey;
  jwk: JWK;
}

async function keyPair(kid: string): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256', endorsements: ['msteams'] } as JWK };
}

describe.each(dialects)('Teams (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeServer;
  let as: (who: Account) => Promise<Client>;
  let demo: string;
  let id: string;
  let serviceUrl: string;
  let signing: KeyPair;
  let rogue: KeyPair;
  /** The keys the fake Bot Framework publishes. */
  let published: JWK[];
  let tokensIssued = 0;
  let n = 0;
  /** The test's own addresses for what the adapter keeps. */
  let run = 0;

  const handler = (r: Received) => {
    if (r.path === '/botframework/openid') return { body: { issuer: BOT_ISSUER, jwks_uri: `${fake.base}/botframework/keys`, id_token_signing_alg_values_supported: ['RS256'] } };
    if (r.path === '/botframework/keys') return { body: { keys: published } };
    if (r.path.endsWith('/botframework.com/v2.0/.well-known/openid-configuration')) {
      return { body: { issuer: 'https://login.example/bf/v2.0', token_endpoint: `${fake.base}${r.path.replace('/v2.0/.well-known/openid-configuration', '/oauth2/v2.0/token')}` } };
    }
    if (r.path.endsWith('/oauth2/v2.0/token')) {
      const good = r.body.client_id === APP_ID && r.body.client_secret === APP_PASSWORD;
      return good ? { body: { token_type: 'Bearer', expires_in: 3600, ext_expires_in: 3600, access_token: `${CONNECTOR_TOKEN}.${++tokensIssued}` } } : { status: 401, body: { error: 'invalid_client' } };
    }
    if (r.path.startsWith('/teams/v3/conversations/')) return { status: 201, body: { id: `respuesta-${r.path.length}` } };
    if (r.path.startsWith('/archivos/')) return { body: r.path.endsWith('grande.pdf') ? 'x'.repeat(1024 * 1024 + 10) : `contenido de ${r.path}` };
    return { status: 404, body: { error: 'no encontrado' } };
  };

  beforeAll(async () => {
    [signing, rogue] = await Promise.all([keyPair('clave-1'), keyPair('clave-1')]);
    fake = await fakeServer(handler);
    serviceUrl = `${fake.base}/teams/`;
    t = await createTestApp(dialect, {
      botframeworkOpenidUrl: `${fake.base}/botframework/openid`,
      microsoftAuthority: `${fake.base}/common/v2.0`,
      // The local server stands in for Microsoft's hosts: loopback is reached only by naming it.
      outboundAllow: ['127.0.0.1'],
      outboundResolve: async (host) => (host === SHAREPOINT ? [{ address: '127.0.0.1', family: 4 }] : dns.promises.lookup(host, { all: true })),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.reset();
    as = signedInNow(t);
    published = [signing.jwk];
    tokensIssued = 0;
    // What the adapter keeps is kept per address: each test starts from addresses it has not read yet.
    t.app.config.botframeworkOpenidUrl = `${fake.base}/botframework/openid?prueba=${++run}`;
    t.app.config.microsoftAuthority = `${fake.base}/prueba-${run}/common/v2.0`;
    fake.requests.length = 0;
    demo = await companyId(t, 'Demo Internacional');
    id = await createCanal(await as('compania'), { name: 'Microsoft', dsc: 'Teams de soporte', secretos: { msAppId: APP_ID, msAppPassword: APP_PASSWORD } });
    await t.app.db.updateTable('canal').set({ idR: TENANT }).where('id', '=', id).execute();
  });

  const seconds = () => Math.floor(t.clock.now / 1000);

  /** A Bot Framework token for the channel's app, vouching for `serviceUrl`, valid for an hour unless told. */
  function botToken(claims: { iss?: string; aud?: string; exp?: number; serviceurl?: string } = {}, key = signing, kid = 'clave-1'): Promise<string> {
    return new SignJWT({ serviceurl: claims.serviceurl ?? serviceUrl })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(claims.iss ?? BOT_ISSUER)
      .setAudience(claims.aud ?? APP_ID)
      .setNotBefore(seconds() - 300)
      .setIssuedAt(seconds() - 300)
      .setExpirationTime(claims.exp ?? seconds() + 3600)
      .sign(key.privateKey);
  }

  /** A Teams message activity from Ana in a personal chat of the channel's tenant. */
  const activity = (over: Record<string, unknown> = {}) => ({
    type: 'message',
    id: `1750000000${String(++n).padStart(3, '0')}`,
    timestamp: new Date(t.clock.now).toISOString(),
    serviceUrl,
    channelId: 'msteams',
    from: { id: '29:1AnaTorres', name: 'Ana Torres', aadObjectId: '3c1e9a55-0d3f-4d3c-9a2e-6b1f0c2d4e5f' },
    conversation: { id: 'a:1ConversacionPersonal', conversationType: 'personal', tenantId: TENANT },
    recipient: { id: `28:${APP_ID}`, name: 'Quipu' },
    text: 'hola',
    textFormat: 'plain',
    channelData: { tenant: { id: TENANT } },
    ...over,
  });

  async function postTeams(body: object, token: string | null | Promise<string> = botToken(), channel = id) {
    const bearer = await token;
    return t.app.inject({
      method: 'POST',
      url: `${API}/wh/teams/${channel}`,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }) },
    });
  }

  const posts = () => fake.requests.filter((r) => r.path.startsWith('/teams/'));
  const tokenRequests = () => fake.calls('/oauth2/v2.0/token');
  const keyFetches = () => fake.calls('/botframework/keys');
  const cardOf = (r: Received) => ((r.body.attachments as Array<{ content: { body: unknown[] } }>)[0]).content;

  let chat: ChatBot;
  /** Linked to a deployed bot. */
  async function ready(): Promise<void> {
    chat = await insertChatBot(t, demo);
    await deployNow(t, chat.bot);
    await linkBot(await as('compania'), id, chat.bot);
    fake.requests.length = 0;
  }

  describe('POST /wh/teams/{id}', () => {
    it('una actividad firmada llega al bot y la respuesta sale por el serviceUrl, con los botones en una Adaptive Card', async () => {
      await ready();
      const message = activity();
      const res = await postTeams(message);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      // The token: discovery of the botframework.com tenant (MICROSOFT_AUTHORITY is 'common'), then client credentials.
      expect(fake.calls('/.well-known/openid-configuration').map((r) => r.path)).toEqual([`/prueba-${run}/botframework.com/v2.0/.well-known/openid-configuration`]);
      expect(tokenRequests().map((r) => r.body)).toEqual([{ grant_type: 'client_credentials', client_id: APP_ID, client_secret: APP_PASSWORD, scope: 'https://api.botframework.com/.default' }]);
      expect(posts().map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
        ['POST', `/teams/v3/conversations/a%3A1ConversacionPersonal/activities/${message.id}`, `Bearer ${CONNECTOR_TOKEN}.1`],
        ['POST', `/teams/v3/conversations/a%3A1ConversacionPersonal/activities/${message.id}`, `Bearer ${CONNECTOR_TOKEN}.1`],
      ]);
      const [greeting, options] = posts().map((r) => r.body);
      expect(greeting).toEqual({ type: 'message', textFormat: 'plain', text: '¡Hola! ¿En qué le ayudo?', conversation: { id: 'a:1ConversacionPersonal' }, replyToId: message.id });
      expect(options).toMatchObject({ type: 'message', replyToId: message.id });
      expect((options.attachments as Array<{ contentType: string }>)[0].contentType).toBe(ADAPTIVE_CARD);
      expect(cardOf(posts()[1])).toEqual({
        type: 'AdaptiveCard',
        $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
        version: '1.2',
        body: [
          { type: 'TextBlock', text: 'Elija una opción', wrap: true },
          {
            type: 'ActionSet',
            actions: [
              { type: 'Action.Submit', title: 'Ver precios', data: { quipu: 'cuánto cuesta', quipuTitle: 'Ver precios' } },
              { type: 'Action.Submit', title: 'Registrarme', data: { quipu: chat.skills.registro, quipuTitle: 'Registrarme' } },
            ],
          },
        ],
      });
      expect((await recorded(t, '29:1AnaTorres')).conversacion).toMatchObject({ idBot: chat.bot, idChannel: id });
    });

    it('un botón pulsado (Action.Submit) llega como postback; el carrusel sale en una actividad con attachmentLayout carousel', async () => {
      await ready();
      const res = await postTeams(activity({ text: undefined, value: { quipu: 'cuánto cuesta', quipuTitle: 'Ver precios' } }));
      expect(res.statusCode).toBe(200);
      const bodies = posts().map((r) => r.body);
      expect(bodies.map((b) => b.text ?? b.attachmentLayout ?? 'tarjeta')).toEqual(['Estos son nuestros planes.', 'carousel', 'tarjeta']);
      const cards = (bodies[1].attachments as Array<{ contentType: string; content: { body: unknown[] } }>);
      expect(cards.map((c) => c.contentType)).toEqual([ADAPTIVE_CARD, ADAPTIVE_CARD]);
      expect(cards[0].content.body).toEqual([
        { type: 'Image', url: 'https://example.com/basico.png', size: 'Stretch', altText: 'Plan Básico' },
        { type: 'TextBlock', text: 'Plan Básico', wrap: true, weight: 'Bolder', size: 'Medium' },
        { type: 'TextBlock', text: 'S/ 50 al mes', wrap: true, isSubtle: true },
        { type: 'ActionSet', actions: [{ type: 'Action.Submit', title: 'Quiero el básico', data: { quipu: 'quiero registrarme', quipuTitle: 'Quiero el básico' } }] },
      ]);
      expect(cards[1].content.body.at(-1)).toEqual({ type: 'ActionSet', actions: [{ type: 'Action.OpenUrl', title: 'Detalles', url: 'https://example.com/pro' }] });
      const { mensajes } = await recorded(t, '29:1AnaTorres');
      expect(mensajes.flat().map((m) => m.m)).toContain('Estos son nuestros planes.');
    });

    it('la mención del bot no llega al bot como texto', async () => {
      await ready();
      await postTeams(activity({ text: '<at>Quipu</at> hola', conversation: { id: '19:canal@thread.tacv2;messageid=1750000000001', conversationType: 'channel', tenantId: TENANT } }));
      expect(posts()[0].body.text).toBe('¡Hola! ¿En qué le ayudo?');
      expect(posts()[0].path).toBe(`/teams/v3/conversations/${encodeURIComponent('19:canal@thread.tacv2;messageid=1750000000001')}/activities/1750000000${String(n).padStart(3, '0')}`);
    });

    it('una actividad repetida (el mismo id en la misma conversación) se responde una vez', async () => {
      await ready();
      const message = activity();
      expect((await postTeams(message)).statusCode).toBe(200);
      expect(posts()).toHaveLength(2);
      expect((await postTeams(message)).statusCode).toBe(200);
      expect(posts()).toHaveLength(2);
      // The same id in another conversation is another activity.
      expect((await postTeams({ ...message, conversation: { id: 'a:1OtraConversacion', tenantId: TENANT } })).statusCode).toBe(200);
      expect(posts()).toHaveLength(4);
    });

    it('el token de Bot Framework se pide una vez por canal y se renueva poco antes de vencer; las claves se leen una vez', async () => {
      await ready();
      await postTeams(activity());
      await postTeams(activity());
      expect(tokenRequests()).toHaveLength(1);
      expect(keyFetches()).toHaveLength(1);
      expect(fake.calls('/botframework/openid')).toHaveLength(1);
      t.clock.advance(56 * 60_000);
      await postTeams(activity());
      expect(tokenRequests()).toHaveLength(2);
      expect(posts().at(-1)?.headers.authorization).toBe(`Bearer ${CONNECTOR_TOKEN}.2`);
    });

    it('sin token, firmado con otra clave, de otro emisor, para otra aplicación o vencido responde 401 y no envía nada', async () => {
      await ready();
      const refusals = [
        [null, 'Firma del proveedor inválida'],
        ['no.es.un-jwt', 'Firma del proveedor inválida'],
        [botToken({}, rogue), 'Firma del proveedor inválida'],
        [botToken({ iss: 'https://api.botframework.evil' }), 'Firma del proveedor inválida'],
        [botToken({ aud: 'otra-aplicacion' }), 'Firma del proveedor inválida'],
        [botToken({ exp: seconds() - 301 }), 'La firma del proveedor está vencida'],
      ] as const;
      for (const [token, message] of refusals) {
        const res = await postTeams(activity(), token);
        expect(res.statusCode, String(message)).toBe(401);
        expect(res.json().message).toBe(message);
      }
      // Within Bot Framework's five minutes of clock skew an expired token still counts.
      expect((await postTeams(activity(), botToken({ exp: seconds() - 240 }))).statusCode).toBe(200);
      expect(posts()).toHaveLength(2);
    });

    it('un token que avala otro serviceUrl que el de la actividad responde 401 y no envía nada', async () => {
      await ready();
      const res = await postTeams(activity(), botToken({ serviceurl: 'https://smba.trafficmanager.net/amer/' }));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Firma del proveedor inválida');
      const moved = await postTeams(activity({ serviceUrl: `${fake.base}/otro/` }));
      expect(moved.statusCode).toBe(401);
      expect(fake.requests.filter((r) => r.path.startsWith('/otro/') || r.path.startsWith('/teams/'))).toHaveLength(0);
    });

    it('una actividad de otro inquilino que el del canal responde 403; un canal sin inquilino (sin sesión iniciada) también', async () => {
      await ready();
      const other = await postTeams(activity({ channelData: { tenant: { id: OTHER_TENANT } }, conversation: { id: 'a:1x', tenantId: OTHER_TENANT } }));
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('La actividad es de otro inquilino de Microsoft que el del canal');
      expect((await postTeams(activity({ channelData: {}, conversation: { id: 'a:1x' } }))).statusCode).toBe(403);
      await t.app.db.updateTable('canal').set({ idR: null }).where('id', '=', id).execute();
      const unsigned = await postTeams(activity());
      expect(unsigned.statusCode).toBe(403);
      expect(unsigned.json().message).toBe('El canal de Teams no tiene iniciada la sesión con Microsoft');
      expect(posts()).toHaveLength(0);
    });

    it('un canal sin el id o la contraseña de la aplicación responde 403', async () => {
      for (const secretos of [{}, { msAppId: APP_ID }, { msAppPassword: APP_PASSWORD }]) {
        const sin = await createCanal(await as('compania'), { name: 'Microsoft', dsc: `Sin secretos ${++n}`, secretos });
        await t.app.db.updateTable('canal').set({ idR: TENANT }).where('id', '=', sin).execute();
        const res = await postTeams(activity(), botToken(), sin);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('El canal no tiene configurado el secreto con el que el proveedor firma sus llamadas');
      }
    });

    it('un canal de otro tipo o inexistente responde 404', async () => {
      const slack = await createCanal(await as('compania'), { name: 'Slack', dsc: 'Slack' });
      expect((await postTeams(activity(), botToken(), slack)).statusCode).toBe(404);
      expect((await postTeams(activity(), botToken(), 'no-existe')).statusCode).toBe(404);
    });

    it('conversationUpdate y otras actividades se aceptan sin responder', async () => {
      await ready();
      const res = await postTeams(activity({ type: 'conversationUpdate', text: undefined, membersAdded: [{ id: `28:${APP_ID}` }] }));
      expect(res.statusCode).toBe(200);
      expect((await postTeams(activity({ type: 'typing', text: undefined }))).statusCode).toBe(200);
      expect(posts()).toHaveLength(0);
    });

    it('una clave nueva (kid desconocido) vuelve a leer las claves, a lo sumo una vez cada cinco minutos', async () => {
      await ready();
      await postTeams(activity());
      expect(keyFetches()).toHaveLength(1);
      const rotated = await keyPair('clave-2');
      published = [signing.jwk, rotated.jwk];
      // Within five minutes of the last read, an unknown kid is refused without reading again.
      expect((await postTeams(activity(), botToken({}, rotated, 'clave-2'))).statusCode).toBe(401);
      expect(keyFetches()).toHaveLength(1);
      t.clock.advance(5 * 60_000 + 1);
      expect((await postTeams(activity(), botToken({}, rotated, 'clave-2'))).statusCode).toBe(200);
      expect(keyFetches()).toHaveLength(2);
      for (let i = 0; i < 3; i++) expect((await postTeams(activity(), botToken({}, rogue, `falsa-${i}`))).statusCode).toBe(401);
      expect(keyFetches()).toHaveLength(2);
    });

    it('una clave no avalada para msteams no sirve', async () => {
      await ready();
      const other = await keyPair('clave-web');
      published = [signing.jwk, { ...other.jwk, endorsements: ['webchat'] } as JWK];
      expect((await postTeams(activity(), botToken({}, other, 'clave-web'))).statusCode).toBe(401);
    });

    it('si Bot Framework no publica sus claves responde 502, para que la actividad se reintente', async () => {
      t.app.config.botframeworkOpenidUrl = `${fake.base}/no-existe/openid`;
      const res = await postTeams(activity());
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Bot Framework no respondió. Intente nuevamente en unos minutos.');
    });

    it('cada llamada sale por la guarda de salida, que rechaza un serviceUrl interno no permitido', async () => {
      await ready();
      const calls: string[] = [];
      const guarded = t.app.outbound.fetch.bind(t.app.outbound);
      const guard = vi.spyOn(t.app.outbound, 'fetch').mockImplementation((url, request) => {
        calls.push(url.toString());
        return guarded(url, request);
      });
      try {
        await postTeams(activity());
        expect(fake.requests.length).toBeGreaterThan(0);
        expect(calls.map((c) => c.replace(/\?.*$/, ''))).toEqual(fake.requests.map((r) => `${fake.base}${r.path}`));
        // 127.0.0.2 is loopback, and OUTBOUND_ALLOW names only 127.0.0.1: the answer is not sent there.
        fake.requests.length = 0;
        const internal = serviceUrl.replace('127.0.0.1', '127.0.0.2');
        expect((await postTeams(activity({ serviceUrl: internal }), botToken({ serviceurl: internal }))).statusCode).toBe(200);
        expect(calls.at(-1)).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/teams\/v3\/conversations\//);
        expect(fake.requests).toHaveLength(0);
      } finally {
        guard.mockRestore();
      }
    });
  });

  describe('secretos del canal', () => {
    it('el id y la contraseña de la aplicación se guardan cifrados y GET /ch solo dice que están', async () => {
      const row = await canalRow(t, id);
      expect(row.secretos).not.toContain(APP_PASSWORD);
      expect(row.secretos).not.toContain(APP_ID);
      expect(await storedSecret(t, id, 'msAppPassword')).toBe(APP_PASSWORD);
      const c = await as('compania');
      const one = await c.get(`${API}/ch?id=${id}`);
      expect(one.json().secretos).toEqual({ msAppId: true, msAppPassword: true });
      const list = await c.get(`${API}/ch?idE=${demo}`);
      for (const body of [one.body, list.body]) {
        expect(body).not.toContain(APP_PASSWORD);
        expect(body).not.toContain(APP_ID);
        expect(body).not.toMatch(/v2\./);
      }
    });
  });

  describe('archivos que llegan en Teams', () => {
    const rules = { types: ['pdf', 'jpg'], maxMb: 1 };
    const fakeToken = async () => 'graph-token-de-prueba';

    it('un archivo compartido se lee de su downloadUrl sin token; una imagen de SharePoint, con el token de Graph', async () => {
      const files = teamsFiles(activity({
        attachments: [
          { contentType: FILE_DOWNLOAD_INFO, name: 'factura.pdf', content: { downloadUrl: `${fake.base}/archivos/factura.pdf`, uniqueId: 'u1', fileType: 'pdf' } },
          { contentType: 'image/jpeg', name: 'foto.jpg', contentUrl: `http://${SHAREPOINT}:${new URL(fake.base).port}/archivos/foto.jpg` },
          { contentType: 'text/html', content: '<p>hola</p>' },
        ],
      }));
      expect(files.map((f) => [f.name, f.type, f.auth])).toEqual([['factura.pdf', 'pdf', 'none'], ['foto.jpg', 'jpg', 'graph']]);
      const pdf = await fetchTeamsFile(t.app, files[0], { graph: fakeToken }, rules);
      expect(pdf).toEqual({ kind: 'file', name: 'factura.pdf', type: 'pdf', bytes: Buffer.from(JSON.stringify('contenido de /archivos/factura.pdf')) });
      expect(fake.calls('/archivos/factura.pdf')[0].headers.authorization).toBeUndefined();
      const photo = await fetchTeamsFile(t.app, files[1], { graph: fakeToken }, rules);
      expect(photo).toMatchObject({ kind: 'file', name: 'foto.jpg' });
      expect(fake.calls('/archivos/foto.jpg')[0].headers.authorization).toBe('Bearer graph-token-de-prueba');
      expect(await fetchTeamsFile(t.app, files[1], {}, rules)).toEqual({ kind: 'refused', reason: 'token' });
    });

    it('las reglas de adjuntos del skill: un tipo no admitido no se lee; uno de más del tamaño se corta', async () => {
      const [xls, big] = teamsFiles(activity({
        attachments: [
          { contentType: FILE_DOWNLOAD_INFO, name: 'precios.xlsx', content: { downloadUrl: `${fake.base}/archivos/precios.xlsx`, fileType: 'xlsx' } },
          { contentType: FILE_DOWNLOAD_INFO, name: 'grande.pdf', content: { downloadUrl: `${fake.base}/archivos/grande.pdf`, fileType: 'pdf' } },
        ],
      }));
      expect(await fetchTeamsFile(t.app, xls, {}, rules)).toEqual({ kind: 'refused', reason: 'type' });
      expect(fake.calls('/archivos/precios.xlsx')).toHaveLength(0);
      expect(await fetchTeamsFile(t.app, big, {}, rules)).toEqual({ kind: 'refused', reason: 'size' });
    });

    /** The linked bot with 'Reclamo', a skill that receives pdf and jpg files of up to 1 MB. */
    async function readyForFiles(): Promise<void> {
      chat = await insertChatBot(t, demo);
      const skill = await insertSkill(t, chat.bot, 'Reclamo', {
        frases: ['tengo un reclamo', 'quiero presentar un reclamo', 'presentar una queja', 'reclamo por mi pedido'],
        cfg: { hasAttachments: true, attachmentsRequired: false, attachmentMaxCount: 2, attachmentMaxSize: 1, attachmentTypes: ['pdf', 'jpg'] },
      });
      await insertAccion(t, { bot: chat.bot, skill }, 'TEXT', 0, { text: ['Recibimos su reclamo.'], red: [8] });
      await deployNow(t, chat.bot);
      await linkBot(await as('compania'), id, chat.bot);
      fake.requests.length = 0;
    }

    it('una actividad con un archivo compartido (file.download.info) se responde, y el archivo se descarga y se guarda con la conversación', async () => {
      await readyForFiles();
      const res = await postTeams(activity({
        text: 'tengo un reclamo',
        attachments: [{ contentType: FILE_DOWNLOAD_INFO, name: 'factura.pdf', content: { downloadUrl: `${fake.base}/archivos/factura.pdf`, uniqueId: 'u1', fileType: 'pdf' } }],
      }));
      expect(res.statusCode).toBe(200);
      expect(posts().map((r) => r.body.text)).toEqual(['Recibimos su reclamo.']);
      expect(fake.calls('/archivos/factura.pdf')).toHaveLength(1);
      const files = await t.app.db.selectFrom('adjunto').selectAll().execute();
      expect(files.map((f) => [f.idE, f.nm, f.tipo, Buffer.from(f.datos).toString()])).toEqual([[demo, 'factura.pdf', 'pdf', JSON.stringify('contenido de /archivos/factura.pdf')]]);
      const { mensajes } = await recorded(t, '29:1AnaTorres');
      expect(mensajes[0].find((m) => Number(m.t) === 1)?.m).toBe('tengo un reclamo\nAdjunto: factura.pdf');
    });

    it("una imagen de SharePoint sin 'Autorizar archivos' no se lee, y el cliente sabe por qué", async () => {
      await readyForFiles();
      const res = await postTeams(activity({
        text: 'tengo un reclamo',
        attachments: [{ contentType: 'image/jpeg', name: 'foto.jpg', contentUrl: `http://${SHAREPOINT}:${new URL(fake.base).port}/archivos/foto.jpg` }],
      }));
      expect(res.statusCode).toBe(200);
      expect(posts().map((r) => r.body.text)).toEqual([
        'No se recibió el archivo "foto.jpg": el canal no tiene autorizado el acceso a los archivos de SharePoint y OneDrive.',
        'Recibimos su reclamo.',
      ]);
      expect(fake.calls('/archivos/foto.jpg')).toHaveLength(0);
      expect(await t.app.db.selectFrom('adjunto').selectAll().execute()).toEqual([]);
    });
  });
});

describe('formato de Teams', () => {
  const at = '2026-03-02T15:00:00.000Z';
  const postback = (title: string, value: string): ChatButton => ({ type: 'POSTBACK', title, value });
  const actionsOf = (a: TeamsActivity) => a.attachments?.[0].content.body.filter((e) => e.type === 'ActionSet').map((e) => (e as { actions: unknown[] }).actions);
  const LONG = 'quiero registrarme para recibir las novedades del boletín mensual de la tienda '.repeat(20);

  it('un texto solo va como texto plano, en piezas de hasta 7000 caracteres', () => {
    const text = `${'palabra '.repeat(1000)}fin`;
    const out = toTeams([{ id: '1', type: 'TEXT', text, fc: at }]);
    expect(out).toHaveLength(2);
    expect(out.every((a) => a.type === 'message' && a.textFormat === 'plain' && [...(a.text ?? '')].length <= 7000)).toBe(true);
    expect(out.map((a) => a.text).join(' ')).toBe(text);
  });

  it('los botones son acciones de una Adaptive Card: postbacks Action.Submit, enlaces Action.OpenUrl, teléfonos una línea de texto; de seis en seis', () => {
    const buttons = [postback('Menú', 'menu'), { type: 'WEB_URL', title: 'Web', value: 'https://tienda.pe' }, { type: 'CALL', title: 'Llámenos', value: '+51 1 705 2300' }, ...Array.from({ length: 6 }, (_, i) => postback(`Opción ${i + 1}`, `op-${i + 1}`))];
    const [out] = toTeams([{ id: '1', type: 'BUTTON', title: 'Elija', buttons, fc: at }]);
    expect(out.attachments?.[0].content.body[0]).toEqual({ type: 'TextBlock', text: 'Elija\nLlámenos: +51 1 705 2300', wrap: true });
    const sets = actionsOf(out)!;
    expect(sets.map((s) => s.length)).toEqual([6, 2]);
    expect(sets[0].slice(0, 2)).toEqual([
      { type: 'Action.Submit', title: 'Menú', data: { quipu: 'menu', quipuTitle: 'Menú' } },
      { type: 'Action.OpenUrl', title: 'Web', url: 'https://tienda.pe/' },
    ]);
  });

  it('un postback de más de 1000 bytes viaja por el título, y pulsarlo llega como ese título', () => {
    const [out] = toTeams([{ id: '1', type: 'BUTTON', title: 'Elija', buttons: [postback('Corto', 'corto'), postback('Largo', LONG)], fc: at }]);
    const [[short, long]] = actionsOf(out) as Array<Array<{ data: Record<string, string> }>>;
    expect(short.data).toEqual({ quipu: 'corto', quipuTitle: 'Corto' });
    expect(long.data).toEqual({ quipu: `${BY_TITLE}:1`, quipuTitle: 'Largo' });
    const pressed = (value: object) => readActivity({ type: 'message', id: '1', serviceUrl: 'https://smba.example/', from: { id: '29:a' }, conversation: { id: 'a:1' }, value });
    expect(pressed(long.data)[0]).toMatchObject({ text: 'Largo' });
    expect(pressed(long.data)[0]).not.toHaveProperty('postback');
    expect(pressed(short.data)[0]).toMatchObject({ postback: 'corto' });
  });

  it('un carrusel es una actividad con attachmentLayout carousel, de hasta diez tarjetas', () => {
    const carousel = Array.from({ length: 12 }, (_, i) => ({ title: `Plan ${i + 1}`, buttons: [postback('Elegir', `plan-${i + 1}`)] }));
    const out = toTeams([{ id: '1', type: 'CAROUSEL', carousel, fc: at } as ChatMessage]);
    expect(out.map((a) => [a.attachmentLayout, a.attachments?.length])).toEqual([['carousel', 10], ['carousel', 2]]);
    expect(out[0].attachments?.[0].content.body).toEqual([
      { type: 'TextBlock', text: 'Plan 1', wrap: true, weight: 'Bolder', size: 'Medium' },
      { type: 'ActionSet', actions: [{ type: 'Action.Submit', title: 'Elegir', data: { quipu: 'plan-1', quipuTitle: 'Elegir' } }] },
    ]);
  });

  it('una tarjeta sin imagen ni botones es texto; una imagen con su texto es una tarjeta', () => {
    expect(toTeams([{ id: '1', type: 'CARD', title: 'T', subtitle: 'S', buttons: [], fc: at }])).toEqual([{ type: 'message', textFormat: 'plain', text: 'T\nS' }]);
    expect(toTeams([{ id: '1', type: 'IMAGE', image_url: 'https://example.com/b.png', text: 'Mire', fc: at }])[0].attachments?.[0].content.body).toEqual([
      { type: 'Image', url: 'https://example.com/b.png', size: 'Stretch', altText: 'Mire' },
      { type: 'TextBlock', text: 'Mire', wrap: true },
    ]);
  });

  it("la autoridad 'common' pide el token de Bot Framework al inquilino botframework.com; una que nombra su inquilino, a ese", () => {
    expect(botFrameworkAuthority('https://login.microsoftonline.com/common/v2.0')).toBe('https://login.microsoftonline.com/botframework.com/v2.0');
    expect(botFrameworkAuthority('https://login.microsoftonline.com/organizations/v2.0')).toBe('https://login.microsoftonline.com/botframework.com/v2.0');
    expect(botFrameworkAuthority(`https://login.microsoftonline.com/${TENANT}/v2.0`)).toBe(`https://login.microsoftonline.com/${TENANT}/v2.0`);
  });
});
