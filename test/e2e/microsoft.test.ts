// 'Ingresar con Microsoft' and the Teams channel in Chromium against local stand-ins: oidc-provider
// as Microsoft's multi-tenant authority, its sign-in pages on another site (localhost) than the
// console (127.0.0.1) as Microsoft's are, each submitting itself as a person's click would; and on
// the same server Bot Framework's OpenID configuration and
// keys, the botframework.com tenant's token endpoint and the serviceUrl that records what the bot
// posts. The admin marks a user as signing in with Microsoft; that user enters through the
// provider, has no password to change, creates a Teams channel, signs it in and authorises its
// files, links the demo bot, and a signed activity gets the bot's answer.
import type http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MS_CLIENT, startOidcIssuer, TENANT } from '../fixtures/oidcIssuer';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { notice } from './support/botEditor';
import { setupQuipu } from './support/quipu';

const USER = 'compania@quipu.test';
const USER_NAME = 'Lucía Fernández Rojas';
const APP_ID = '6f1b3d2e-8a4c-4f0e-9b7d-2c5a1e9f0d31';
const APP_PASSWORD = 'Qp8~s3cr3t.de-la-app_Teams';
const BOT_ISSUER = 'https://api.botframework.com';
const CONNECTOR_TOKEN = 'bf-conector-token';

const signing = await generateKeyPair('RS256', { extractable: true });
const botKey: JWK = { ...(await exportJWK(signing.publicKey)), kid: 'clave-1', use: 'sig', alg: 'RS256', endorsements: ['msteams'] } as JWK;

interface Posted {
  path: string;
  authorization?: string;
  body: Record<string, unknown>;
}
/** What the bot posted to the serviceUrl. */
const posted: Posted[] = [];

const bodyOf = (req: http.IncomingMessage) => new Promise<string>((resolve) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
});

/** Bot Framework's services, beside the provider (the token's discovery is under MICROSOFT_AUTHORITY's host). */
async function botFramework(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
  const answer = (body: unknown, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
    return true;
  };
  const base = `${url.protocol}//${url.host}`;
  switch (url.pathname) {
    case '/botframework/openid':
      return answer({ issuer: BOT_ISSUER, jwks_uri: `${base}/botframework/keys`, id_token_signing_alg_values_supported: ['RS256'] });
    case '/botframework/keys':
      return answer({ keys: [botKey] });
    case '/botframework.com/v2.0/.well-known/openid-configuration':
      return answer({ issuer: `${base}/botframework.com/v2.0`, token_endpoint: `${base}/botframework.com/oauth2/v2.0/token` });
    case '/botframework.com/oauth2/v2.0/token': {
      const form = new URLSearchParams(await bodyOf(req));
      const good = form.get('client_id') === APP_ID && form.get('client_secret') === APP_PASSWORD && form.get('grant_type') === 'client_credentials';
      return good ? answer({ token_type: 'Bearer', expires_in: 3600, access_token: CONNECTOR_TOKEN }) : answer({ error: 'invalid_client' }, 401);
    }
  }
  if (!url.pathname.startsWith('/teams/')) return false;
  posted.push({ path: url.pathname, authorization: req.headers.authorization, body: JSON.parse(await bodyOf(req)) as Record<string, unknown> });
  return answer({ id: `respuesta-${posted.length}` }, 201);
}

const ms = await startOidcIssuer('microsoft', { redirectUri: () => `${quipu.server.url}/api/callback-microsoft`, extra: botFramework, browserHost: 'localhost', interactionPage: true });
ms.accounts.set('lucia', { email: USER, tid: TENANT, name: USER_NAME });
ms.signInAs = 'lucia';
const quipu = setupQuipu({
  MICROSOFT_AUTHORITY: ms.authority,
  MICROSOFT_CLIENT_ID: MS_CLIENT.id,
  MICROSOFT_CLIENT_SECRET: MS_CLIENT.secret,
  BOTFRAMEWORK_OPENID_URL: `${ms.base}/botframework/openid`,
  OUTBOUND_ALLOW: '127.0.0.1',
});
afterAll(() => ms.close());

/** A Bot Framework token for the app, vouching for `serviceUrl`. */
function botToken(serviceUrl: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ serviceurl: serviceUrl })
    .setProtectedHeader({ alg: 'RS256', kid: 'clave-1', typ: 'JWT' })
    .setIssuer(BOT_ISSUER)
    .setAudience(APP_ID)
    .setNotBefore(now - 60)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 3600)
    .sign(signing.privateKey);
}

/** The page signed in through 'Ingresar con Microsoft', after the provider and the callback. */
let page: Page;

describe('Ingresar con Microsoft y el canal de Teams', () => {
  it("el administrador marca a la usuaria como 'Ingresa con Microsoft'", async () => {
    const admin = await quipu.newPage();
    await new LoginPage(admin, quipu.server.url).signInAndWait('admin@quipu.test');
    await admin.goto(`${quipu.server.url}/usuarios`);
    await admin.getByRole('textbox', { name: 'Correo' }).fill(USER);
    // Her own row: the filter also keeps her as the creator ('Creado por') of others.
    await admin.getByRole('cell', { name: 'Fernández Rojas', exact: true }).click();
    await admin.getByText('DATOS GENERALES').waitFor();
    expect(await admin.getByRole('textbox', { name: 'Correo' }).inputValue()).toBe(USER);
    const sso = admin.getByLabel('Ingresa con Microsoft');
    expect(await sso.isChecked()).toBe(false);
    await sso.check();
    await expectAccessible(admin, '/usuario/{id} con Ingresa con Microsoft');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await notice(admin, 'Guardado con éxito').waitFor();
    // Back on the list, whose address may keep the filter in its query.
    await admin.waitForURL((url) => url.pathname === '/usuarios');
  });

  it("la usuaria ingresa por Microsoft y no tiene 'Cambiar contraseña'", async () => {
    page = await quipu.newPage();
    const login = new LoginPage(page, quipu.server.url);
    await login.open();
    await expectAccessible(page, 'la página de ingreso');
    const callbacks: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === '/api/callback-microsoft') callbacks.push(request.url());
    });
    await page.getByRole('link', { name: 'Ingresar con Microsoft' }).click();
    await page.getByRole('navigation', { name: 'Menú principal' }).waitFor();
    // The way back started on the provider's site, which keeps the SameSite=Strict cookie off it:
    // the callback's page opened the callback again from the console's own site.
    expect(callbacks).toHaveLength(2);
    expect(new URL(page.url()).origin).toBe(quipu.server.url);
    const menu = page.getByRole('button', { name: `${USER_NAME} (perfil)` });
    await menu.waitFor();
    await expectAccessible(page, 'el escritorio tras ingresar con Microsoft');

    await menu.click();
    await page.getByRole('menuitem', { name: 'Salir' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).count()).toBe(0);
    await expectAccessible(page, 'el menú de la usuaria de Microsoft');
    await page.keyboard.press('Escape');

    await page.goto(`${quipu.server.url}/cambiar`);
    await page.getByText('Su usuario no tiene acceso a esta página. Si necesita entrar, consulte con el administrador de su empresa.').waitFor();
    expect(await page.getByLabel('Contraseña actual').count()).toBe(0);
    await expectAccessible(page, '/cambiar para una usuaria de Microsoft');
  });

  it('crea el canal de Teams, inicia sesión, autoriza archivos, vincula el bot y una actividad firmada recibe la respuesta', async () => {
    await page.goto(`${quipu.server.url}/canal/msft/new`);
    await page.getByRole('textbox', { name: 'Nombre del canal' }).fill('Teams de soporte');
    await page.getByRole('button', { name: 'Configuración del bot de Microsoft Teams' }).click();
    await page.getByLabel('Id de la aplicación (Bot Framework)').fill(APP_ID);
    await page.getByLabel('Contraseña de la aplicación').fill(APP_PASSWORD);
    await expectAccessible(page, 'el editor de un canal de Teams nuevo');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await notice(page, 'Guardado con éxito').waitFor();
    await page.waitForURL((url) => /^\/canal\/msft\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    const id = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await notice(page, 'Vinculado con éxito').waitFor();
    const tenant = page.getByRole('textbox', { name: 'Id del tenant' });
    await tenant.waitFor();
    expect(await tenant.inputValue()).toBe(TENANT);
    expect(page.url()).toBe(`${quipu.server.url}/canal/msft/${id}`);
    await expectAccessible(page, 'el editor de Teams con la sesión iniciada');

    await page.getByRole('link', { name: 'Autorizar archivos' }).click();
    await notice(page, 'Vinculado con éxito').waitFor();
    const authorised = page.getByRole('textbox', { name: 'Correo autorizado' });
    await authorised.waitFor();
    expect(await authorised.inputValue()).toBe(USER);
    await expectAccessible(page, 'el editor de Teams con los archivos autorizados');

    await page.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: 'Asistente Quipu' }).click();
    await notice(page, 'Guardado con éxito').waitFor();
    await expectAccessible(page, 'el editor de Teams con el bot vinculado');

    // Teams delivers a message of the channel's tenant, with Bot Framework's token for the app.
    const serviceUrl = `${ms.base}/teams/`;
    const activity = {
      type: 'message',
      id: '1750000000001',
      timestamp: new Date().toISOString(),
      serviceUrl,
      channelId: 'msteams',
      from: { id: '29:1AnaTorres', name: 'Ana Torres', aadObjectId: '3c1e9a55-0d3f-4d3c-9a2e-6b1f0c2d4e5f' },
      conversation: { id: 'a:1ConversacionPersonal', conversationType: 'personal', tenantId: TENANT },
      recipient: { id: `28:${APP_ID}`, name: 'Quipu' },
      text: 'hola',
      textFormat: 'plain',
      channelData: { tenant: { id: TENANT } },
    };
    const delivered = await fetch(`${quipu.server.url}/api/wh/teams/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await botToken(serviceUrl)}` },
      body: JSON.stringify(activity),
    });
    expect(delivered.status).toBe(200);
    expect(posted.map((p) => [p.path, p.authorization])).toEqual([
      [`/teams/v3/conversations/a%3A1ConversacionPersonal/activities/${activity.id}`, `Bearer ${CONNECTOR_TOKEN}`],
      [`/teams/v3/conversations/a%3A1ConversacionPersonal/activities/${activity.id}`, `Bearer ${CONNECTOR_TOKEN}`],
    ]);
    const [greeting, options] = posted.map((p) => p.body);
    expect(greeting).toMatchObject({ type: 'message', text: expect.stringMatching(/Asistente Quipu|¡Hola!|¡Buen día!/), replyToId: activity.id });
    const card = (options.attachments as Array<{ contentType: string; content: { body: Array<Record<string, unknown>> } }>)[0];
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content.body[0]).toEqual({ type: 'TextBlock', text: '¿Qué desea hacer?', wrap: true });
    expect(card.content.body[1]).toMatchObject({ type: 'ActionSet', actions: expect.arrayContaining([expect.objectContaining({ type: 'Action.Submit', title: 'Precios y planes' })]) });
  });
});
