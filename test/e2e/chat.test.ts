// A bot builder's first conversation in Chromium: builds a small bot
// (a greeting, a subscription that asks for an e-mail and remembers it, a fallback), deploys it,
// talks to it in 'Probar Bot' over STOMP, reads the debug panel, saves the conversation as a
// regression test, breaks the greeting and sees 'Probar todo' fail.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { addMemory, addSkill, notice, skillNode as node, tab } from './support/botEditor';
import { setupQuipu } from './support/quipu';

const quipu = setupQuipu();

const BOT = 'Boletín de novedades';
async function saveBot(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await notice(page, 'Guardado con éxito').waitFor();
}

/** Opens a skill from the bot's diagram (the bot must be saved). */
async function openSkill(page: Page, botUrl: string, name: string): Promise<void> {
  await page.goto(botUrl);
  await page.getByRole('button', { name: 'Ajustar' }).click();
  await node(page, name).scrollIntoViewIfNeeded();
  await node(page, name).dblclick();
  await page.waitForURL(/\/skill\/[^/]+$/);
  await page.getByRole('textbox', { name: 'Nombre' }).first().waitFor();
}

async function typeEach(page: Page, label: string, items: string[]): Promise<void> {
  const input = page.getByRole('textbox', { name: label });
  for (const item of items) {
    await input.fill(item);
    await input.press('Enter');
  }
}

async function saveSkill(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Guardar', exact: true }).first().click();
  await notice(page, 'Guardado con éxito').waitFor();
}

/** A TEXT action with one text, saved. */
async function addText(page: Page, text: string): Promise<void> {
  await tab(page, 'Acciones').click();
  await page.getByRole('button', { name: 'Texto', exact: true }).click();
  const card = page.getByRole('region', { name: 'Texto 1', exact: true });
  await typeEach(page, 'Nuevo texto', [text]);
  await card.getByRole('button', { name: 'Guardar' }).click();
  await card.getByRole('button', { name: 'Editar Texto 1' }).waitFor();
}

async function openTestChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Probar Bot' }).click();
  await page.getByRole('dialog', { name: 'Probar Bot' }).waitFor();
  await page.getByText('Conectado', { exact: true }).waitFor();
}

/** Sends a message in the test chat and waits for the bot's answer `answer`. */
async function chat(page: Page, text: string, answer: string): Promise<void> {
  const panel = page.getByRole('dialog', { name: 'Probar Bot' });
  await panel.getByRole('textbox', { name: 'Mensaje' }).fill(text);
  await panel.getByRole('button', { name: 'Enviar' }).click();
  await panel.getByRole('log', { name: 'Conversación' }).getByText(answer, { exact: true }).waitFor();
}

describe('el chat de prueba', () => {
  it('arma un bot, lo despliega, conversa con él, lee la depuración, guarda una prueba y la ve fallar al romper el bot', async () => {
    const page = await quipu.newPage({ width: 1400 });
    await new LoginPage(page, quipu.server.url).signInAndWait('compania@quipu.test');

    // 1. A small bot: greeting, a subscription that needs an e-mail; a new bot brings its fallback ('No entendí').
    await page.goto(`${quipu.server.url}/bot/new`);
    await page.getByRole('textbox', { name: 'Nombre' }).first().fill(BOT);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.waitForURL((url) => /^\/bot\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    const botUrl = page.url();
    for (const name of ['Saludo', 'Suscripción']) await addSkill(page, name);
    await saveBot(page);

    await openSkill(page, botUrl, 'Saludo');
    await typeEach(page, 'Nueva frase de entrenamiento', ['hola', 'buenos días', 'buenas tardes', 'qué tal', 'hola, cómo estás', 'saludos cordiales']);
    await saveSkill(page);
    await addText(page, '¡Hola! ¿En qué le ayudo?');

    await openSkill(page, botUrl, 'Suscripción');
    await typeEach(page, 'Nueva frase de entrenamiento', ['quiero suscribirme', 'suscribirme al boletín', 'quiero recibir novedades', 'anótame en la lista de correo', 'quiero registrarme al boletín']);
    await saveSkill(page);
    await tab(page, 'Requerimientos').click();
    await page.getByRole('button', { name: 'Agregar requerimiento' }).click();
    const campo = page.getByRole('tabpanel', { name: 'Requerimientos' }).getByRole('group', { name: 'Campo 1' });
    await campo.getByRole('combobox', { name: 'Entidad' }).selectOption({ label: 'Correo electrónico' });
    await campo.getByRole('textbox', { name: 'Mensaje si falta' }).fill('¿A qué correo le enviamos el boletín?');
    await page.getByRole('tabpanel', { name: 'Requerimientos' }).getByRole('button', { name: 'Guardar', exact: true }).click();
    await notice(page, 'Guardado con éxito').waitFor();
    await addMemory(page, 'Correo electrónico', 'correo');
    await addText(page, 'Listo, le enviaremos el boletín a {{correo}}.');

    // 2. Deploy: the model is trained with the version.
    await page.goto(botUrl);
    await page.getByRole('button', { name: 'Desplegar' }).click();
    const deploy = page.getByRole('dialog', { name: 'Desplegar Bot' });
    await deploy.getByRole('textbox', { name: 'Descripción' }).fill('Primera versión');
    await deploy.getByRole('button', { name: 'Desplegar' }).click();
    await page.getByText(/^Desplegado con éxito versión 1$/).first().waitFor({ timeout: 60_000 });

    // 3. Talk to it in 'Probar Bot', over STOMP.
    await openTestChat(page);
    await expectAccessible(page, "'Probar Bot' abierto");
    await chat(page, 'hola, buenas', '¡Hola! ¿En qué le ayudo?');
    // What it does not understand, its fallback answers, offering the skills a client can ask for.
    await chat(page, 'quiero una pizza hawaiana', 'Puedo ayudarte con: Saludo y Suscripción.');
    await chat(page, 'me quiero suscribir a las novedades', '¿A qué correo le enviamos el boletín?');
    await chat(page, 'claro, es ana.perez@example.com', 'Listo, le enviaremos el boletín a ana.perez@example.com.');

    // 4. The debug panel of the last answer: the skill, how it got there, the entity and the memory.
    const debug = page.getByRole('region', { name: 'Depuración' });
    await debug.getByText(/^Suscripción \(\d+ ?%\)$/).waitFor();
    await debug.getByText('Elegido por: Requerimiento pendiente').waitFor();
    await debug.getByRole('cell', { name: 'Correo electrónico' }).first().waitFor();
    await expect(debug.getByRole('row').filter({ hasText: 'correo' }).last().innerText()).resolves.toMatch(/correo\s+ana\.perez@example\.com/);
    await expectAccessible(page, "'Probar Bot' con la depuración");

    // 5. Saved as a regression test, it passes; with the greeting broken, 'Probar todo' shows it failing.
    const panel = page.getByRole('dialog', { name: 'Probar Bot' });
    await panel.getByRole('button', { name: 'Guardar como prueba' }).click();
    const save = page.getByRole('dialog', { name: 'Guardar como prueba' });
    await save.getByRole('textbox', { name: 'Nombre de la prueba' }).fill('Saludo y suscripción');
    await save.getByRole('button', { name: 'Guardar' }).click();
    await notice(page, 'Guardado con éxito').waitFor();
    await panel.getByRole('button', { name: 'Probar todo' }).click();
    await panel.getByText('1 de 1 pruebas pasan').waitFor();
    // A file alone, sent as a multipart signed over the bytes the browser wrote: this step takes no files, and the bot says so.
    await panel.locator('input[type="file"]').setInputFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 factura') });
    await panel.getByRole('button', { name: 'Quitar factura.pdf' }).waitFor();
    await panel.getByRole('button', { name: 'Enviar' }).click();
    const log = panel.getByRole('log', { name: 'Conversación' });
    await log.getByText('📎 factura.pdf').waitFor();
    await log.getByText('Este paso no recibe archivos.').waitFor();

    await openSkill(page, botUrl, 'Saludo');
    await typeEach(page, 'Palabra clave excluida', ['hola']);
    await saveSkill(page);
    await page.goto(botUrl);
    await openTestChat(page);
    const broken = page.getByRole('dialog', { name: 'Probar Bot' });
    await broken.getByRole('button', { name: 'Probar todo' }).click();
    await broken.getByText('0 de 1 pruebas pasan').waitFor();
    await broken.getByText('Falla', { exact: true }).first().waitFor();
    await broken.getByText('hola, buenas').first().waitFor();
    await expectAccessible(page, "'Probar todo' con una prueba que falla");
  });
});
