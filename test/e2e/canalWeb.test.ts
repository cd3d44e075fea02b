// The web chat channel in Chromium: a company user creates a web channel
// that allows a shop's site, links the demo bot, changes the header's colour and title and watches
// the live preview (the real widget, in a shadow root) follow; copies the embed snippet; a plain page
// served from another port with exactly that snippet shows the widget, and the bot answers there.
// Deactivated, the channel is refused in the widget; deleted, the editor is a new channel again and
// the list no longer has it. axe judges every screen, the customer's page with the chat open too.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { notice } from './support/botEditor';
import { setupQuipu } from './support/quipu';
import { shopServer } from './support/shop';

const quipu = setupQuipu();

// The customer's site, on its own origin, with whatever snippet it was given.
let snippet = '';
const shop = await shopServer(() => snippet);
const shopUrl = shop.url;
afterAll(() => shop.close());

const NAME = 'Chat de la Tienda Aurora';
const TITLE = 'Tienda Aurora';
const HEADER_BG = 'rgba(183, 28, 28, 1)';

/** Guardar, once the server has answered it. */
async function save(page: Page): Promise<void> {
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && /\/ch\/web(\?|$)/.test(new URL(r.url()).pathname) && r.ok());
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await saved;
  await notice(page, 'Guardado con éxito').waitFor();
}

describe('el canal web', () => {
  it('crea el canal, vincula el bot, cambia su apariencia, se inserta en otro sitio, conversa, se desactiva y se elimina', async () => {
    const page = await quipu.newPage({ width: 1400 });
    await new LoginPage(page, quipu.server.url).signInAndWait('compania@quipu.test');

    // 1. From the list, a new web channel that allows the shop's site.
    await page.goto(`${quipu.server.url}/canal`);
    const cards = page.getByRole('list', { name: 'Canales' });
    await cards.getByRole('listitem').first().waitFor();
    await expectAccessible(page, 'la lista de canales');
    await page.getByRole('link', { name: 'Agregar canal Web' }).click();
    await page.waitForURL(/\/canal\/web\/new$/);
    await page.getByText('Guarde el canal para obtener el código para insertar.').waitFor();
    await page.getByRole('textbox', { name: 'Nombre del canal' }).fill(NAME);
    const site = page.getByRole('textbox', { name: 'Sitio permitido' });
    await site.fill(shopUrl);
    await site.press('Enter');
    await page.getByRole('list', { name: 'Sitios permitidos' }).getByText(shopUrl, { exact: true }).waitFor();
    await save(page);
    await page.waitForURL((url) => /^\/canal\/web\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    const editorUrl = page.url();

    await page.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: 'Asistente Quipu' }).click();
    await notice(page, 'Guardado con éxito').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Bot' }).innerText()).toBe('Asistente Quipu');

    // The live preview is the widget itself, in an open shadow root: it follows what is typed.
    const preview = page.getByRole('region', { name: 'Vista previa' });
    const header = preview.locator('.qw-head');
    const headerBackground = () => header.evaluate((element) => getComputedStyle(element).backgroundColor);
    await header.waitFor();
    expect(await headerBackground()).toBe('rgb(103, 58, 183)');
    await expect.poll(() => header.getByRole('heading').innerText()).toBe('Chat');

    await page.getByRole('textbox', { name: 'Fondo de la cabecera (rgba)', exact: true }).fill(HEADER_BG);
    await expect.poll(headerBackground).toBe('rgb(183, 28, 28)');
    await page.getByRole('textbox', { name: 'Título de la cabecera' }).fill(TITLE);
    await expect.poll(() => header.getByRole('heading').innerText()).toBe(TITLE);
    await preview.getByRole('dialog', { name: TITLE }).waitFor();
    await save(page);
    await expect.poll(headerBackground).toBe('rgb(183, 28, 28)');
    await expectAccessible(page, 'el editor del canal web guardado');

    // 2. The embed snippet, through its copy button and the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: quipu.server.url });
    const shown = await page.locator('pre code').innerText();
    expect(shown).toMatch(/^<script id="quipu-webchat" src="[^"]+\/webchat\/quipu-webchat\.js" data-canal="[\w-]+" async><\/script>$/);
    await page.getByRole('button', { name: 'Copiar código' }).click();
    await page.getByRole('button', { name: 'Copiado' }).waitFor();
    snippet = await page.evaluate(() => navigator.clipboard.readText());
    expect(snippet).toBe(shown);
    expect(snippet).toContain(`src="${quipu.server.url}/webchat/quipu-webchat.js"`);

    // 3. The shop's page on another origin, with exactly that snippet: the widget, and the bot answering there.
    const visitor = await quipu.newPage();
    await visitor.goto(shopUrl);
    await visitor.getByRole('heading', { name: 'Tienda Aurora', level: 1 }).waitFor();
    await visitor.getByRole('button', { name: 'Abrir chat' }).click();
    const chat = visitor.getByRole('dialog', { name: TITLE });
    await chat.waitFor();
    expect(await chat.locator('.qw-head').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(183, 28, 28)');
    const messages = chat.getByRole('log', { name: 'Mensajes' });
    await chat.getByRole('textbox', { name: 'Mensaje' }).fill('hola');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    await messages.getByText('hola', { exact: true }).waitFor();
    // Asistente Quipu greets with one of three texts, each naming itself (server/src/seed/asistente.ts).
    await messages.getByText(/Asistente Quipu/).first().waitFor({ timeout: 30_000 });
    await messages.getByText('¿Qué desea hacer?').waitFor();
    await expectAccessible(visitor, 'la página de la tienda con el chat abierto');
    // A file alone, chosen with the paperclip, goes from the shop's page as the browser's multipart;
    // this step of the bot takes no files, and says so.
    await chat.getByLabel('Elegir archivos para adjuntar').setInputFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 factura') });
    await chat.getByRole('list', { name: 'Archivos adjuntos' }).getByText('factura.pdf').waitFor();
    await expectAccessible(visitor, 'el chat con un archivo elegido');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    await messages.getByText('📎 factura.pdf').waitFor();
    await messages.getByText('Este paso no recibe archivos.').waitFor();

    // 4. Deactivated in the console, the channel is refused in the widget.
    await page.getByRole('button', { name: 'Desactivar Canal' }).click();
    await notice(page, 'Desactivado con éxito').waitFor();
    await page.getByRole('button', { name: 'Activar Canal' }).waitFor();
    await chat.getByRole('textbox', { name: 'Mensaje' }).fill('¿sigue ahí?');
    await chat.getByRole('textbox', { name: 'Mensaje' }).press('Enter');
    await chat.getByRole('alert').getByText('Este canal no está disponible en este momento.').waitFor();
    await expect.poll(() => chat.getByRole('textbox', { name: 'Mensaje' }).isDisabled()).toBe(true);
    expect(await chat.getByRole('button', { name: 'Enviar' }).isDisabled()).toBe(true);

    // The list shows it inactive with its bot, and its card opens its editor.
    await page.goto(`${quipu.server.url}/canal`);
    const card = cards.getByRole('listitem').filter({ hasText: NAME });
    await card.getByText('Bot: Asistente Quipu').waitFor();
    await card.getByText('Web - Inactivo').waitFor();
    await card.getByRole('link').click();
    await page.waitForURL(editorUrl);
    await page.getByRole('button', { name: 'Activar Canal' }).waitFor();

    // 5. Deleted, the editor is a new channel again, and the list no longer has it.
    await page.getByRole('button', { name: 'Eliminar Canal' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar Canal' });
    await confirm.getByText('Seguro desea borrar este canal ?').waitFor();
    await confirm.getByRole('button', { name: 'Si' }).click();
    await notice(page, 'Eliminado con exito').waitFor();
    await page.waitForURL(/\/canal\/web\/new$/);
    await page.getByText('Guarde el canal para obtener el código para insertar.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Nombre del canal' }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Fondo de la cabecera (rgba)', exact: true }).inputValue()).toBe('rgba(103, 58, 183, 1)');
    expect(await page.getByRole('textbox', { name: 'Título de la cabecera' }).inputValue()).toBe('Chat');
    expect(await page.getByRole('list', { name: 'Sitios permitidos' }).getByRole('listitem').count()).toBe(0);
    await expect.poll(headerBackground).toBe('rgb(103, 58, 183)');
    expect(await page.getByRole('button', { name: 'Eliminar Canal' }).count()).toBe(0);

    await page.goto(`${quipu.server.url}/canal`);
    await cards.getByRole('listitem').first().waitFor();
    expect(await cards.getByText(NAME).count()).toBe(0);
  });
});
