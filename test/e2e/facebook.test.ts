// Facebook Messenger in Chromium against a local fake Graph API and OAuth dialog: a company user
// creates a Facebook channel and connects it (the dialog sends the browser back with a code; the
// account and its pages are read), links the demo bot to one page, saves a persistent menu of
// three buttons, and a signed Messenger message to the webhook gets the bot's answer through the
// Send API with that page's token.
import { afterAll, describe, expect, it } from 'vitest';
import { FB_APP_ID, FB_APP_SECRET, FB_PAGES, fakeDialog, graphApi, messengerHeaders, messengerText, messengerWebhook } from '../fixtures/facebook';
import { fakeServer } from '../fixtures/providers';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { notice } from './support/botEditor';
import { setupQuipu } from './support/quipu';

const graph = await fakeServer(graphApi);
const dialog = await fakeDialog();
const quipu = setupQuipu({ GRAPH_API_BASE: graph.base, FACEBOOK_DIALOG_BASE: `${dialog.base}/dialog/oauth`, FACEBOOK_APP_ID: FB_APP_ID, FACEBOOK_APP_SECRET: FB_APP_SECRET });
afterAll(async () => {
  await graph.close();
  await dialog.close();
});

const TIENDA = FB_PAGES.find((p) => p.name === 'Tienda Andina')!;
const PSID = '6783921045512';
const calls = (method: string, path: string) => graph.requests.filter((r) => r.method === method && r.path === path);

describe('Facebook Messenger', () => {
  it('conecta la cuenta, vincula el bot a una página, guarda un menú persistente y el bot responde por la Send API', async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).signInAndWait('compania@quipu.test');

    await page.goto(`${quipu.server.url}/canal/fb/new`);
    await page.getByText('Guarde para iniciar sesión').first().waitFor();
    await page.getByLabel('Nombre del canal').fill('Messenger de la tienda');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('link', { name: 'Conectar' }).waitFor();
    // The saved channel's own address replaces /new.
    await page.waitForURL(/\/canal\/fb\/(?!new$)[^/]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('textbox', { name: 'Verify token' }).waitFor();
    await expectAccessible(page, 'el editor de Facebook sin conectar');

    // The dialog accepts and sends the browser back; the server reads the account and its pages.
    await page.getByRole('link', { name: 'Conectar' }).click();
    await notice(page, 'Vinculado con éxito').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/canal/fb/${id}`);
    await page.getByText('Cuenta conectada: Ana Torres').waitFor();
    expect(calls('POST', '/oauth/access_token')).toHaveLength(2);
    expect(calls('GET', '/me/accounts')).toHaveLength(1);
    await page.getByRole('table').waitFor();
    expect(await page.getByText(TIENDA.access_token).count()).toBe(0);

    await page.getByRole('combobox', { name: 'Bot de Tienda Andina' }).click();
    await page.getByRole('option', { name: 'Asistente Quipu' }).click();
    await notice(page, 'Guardado con éxito').waitFor();
    expect(calls('POST', `/${TIENDA.id}/subscribed_apps`).map((r) => [r.headers.authorization, r.body])).toEqual([[`Bearer ${TIENDA.access_token}`, { subscribed_fields: 'messages,messaging_postbacks' }]]);
    await expectAccessible(page, 'el editor de Facebook conectado, con sus páginas');

    await page.getByRole('button', { name: 'Menu Persistente' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu Persistente' });
    await menu.getByText('Debe tener al menos un botón').waitFor();
    await menu.getByRole('combobox', { name: 'Página' }).click();
    await page.getByRole('option', { name: 'Tienda Andina' }).click();
    const buttons = [['WEB_URL', 'Nuestra web', 'https://tienda.example/'], ['POSTBACK', 'Ver opciones', 'hola'], ['POSTBACK', 'Un asesor', 'quiero hablar con una persona']];
    for (const [i, [type, title, value]] of buttons.entries()) {
      await menu.getByRole('button', { name: 'Agregar botón' }).click();
      const group = menu.getByRole('group', { name: `Botón ${i + 1}` });
      if (type === 'WEB_URL') {
        await group.getByRole('combobox', { name: 'Tipo' }).click();
        await page.getByRole('option', { name: 'WEB_URL' }).click();
      }
      await group.getByRole('textbox', { name: 'Título' }).fill(title);
      await group.getByRole('textbox', { name: 'Valor' }).fill(value);
    }
    expect(await menu.getByRole('button', { name: 'Agregar botón' }).count()).toBe(0);
    await expectAccessible(page, 'el menú persistente con tres botones');
    await menu.getByRole('button', { name: 'Guardar' }).click();
    await notice(page, 'Guardado con éxito').waitFor();
    const [profile] = calls('POST', '/me/messenger_profile');
    expect(profile.headers.authorization).toBe(`Bearer ${TIENDA.access_token}`);
    expect(profile.body).toEqual({
      persistent_menu: [{
        locale: 'default',
        composer_input_disabled: false,
        call_to_actions: [
          { type: 'web_url', title: 'Nuestra web', url: 'https://tienda.example/' },
          { type: 'postback', title: 'Ver opciones', payload: 'hola' },
          { type: 'postback', title: 'Un asesor', payload: 'quiero hablar con una persona' },
        ],
      }],
    });

    // Meta delivers a message to the page, signed with the app secret.
    const payload = JSON.stringify(messengerWebhook(TIENDA.id, [messengerText(TIENDA.id, PSID, 'm_e2e_1', 'hola')]));
    const delivered = await fetch(`${quipu.server.url}/api/wh/facebook/${id}`, { method: 'POST', headers: messengerHeaders(payload), body: payload });
    expect(delivered.status).toBe(200);
    const answers = calls('POST', '/me/messages');
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.headers.authorization === `Bearer ${TIENDA.access_token}` && (a.body.recipient as { id: string }).id === PSID && a.body.messaging_type === 'RESPONSE')).toBe(true);
    expect(JSON.stringify(answers.map((a) => a.body.message))).toContain('¿Qué desea hacer?');

    // A forged delivery is refused and answers nothing.
    const forged = await fetch(`${quipu.server.url}/api/wh/facebook/${id}`, { method: 'POST', headers: messengerHeaders(payload, 'adivinado'), body: payload });
    expect(forged.status).toBe(401);
    expect(calls('POST', '/me/messages')).toHaveLength(answers.length);
  });
});
