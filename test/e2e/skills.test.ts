// A bot builder's work on one skill in Chromium: open it from the diagram, give it
// phrases by typing, from a file and from the greetings, tokens with each of their messages, one
// action of each kind (each refused once with its message), a new order by dragging, a requirement
// on an entity of the bot and a memory field; then a reload shows everything as it was saved.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { addMemory, addSkill, notice, skillNode, tab } from './support/botEditor';
import { setupQuipu } from './support/quipu';

const quipu = setupQuipu();

const BOT = 'Asistente de ventas';
const SKILL = 'Estado del pedido';

async function openSkillFromDiagram(page: Page): Promise<void> {
  await page.goto(`${quipu.server.url}/bot`);
  await page.getByText(BOT, { exact: true }).first().click();
  await page.waitForURL(/\/bot\/[^/]+$/);
  await addSkill(page, SKILL);
  const node = skillNode(page, SKILL);
  // 'Agregar Skill' stores the bot with the new node: once that save has ended (Guardar is enabled
  // again), the editor lets the page go without asking.
  await page.getByText('Guardado con éxito').first().waitFor();
  await expect.poll(() => page.getByRole('button', { name: 'Guardar', exact: true }).isEnabled()).toBe(true);
  await node.scrollIntoViewIfNeeded();
  await node.dblclick();
  await page.waitForURL(/\/skill\/[^/]+$/);
  await page.getByRole('textbox', { name: 'Nombre' }).first().waitFor();
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Guardar', exact: true }).first().click();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function addPhrasesFrom(page: Page, source: 'Subir archivo' | 'Saludos', file?: string): Promise<void> {
  await page.getByRole('button', { name: 'Frases de entrenamiento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Frases de entrenamiento' });
  await dialog.getByRole('radio', { name: source }).check();
  if (file !== undefined) await dialog.locator('input[type=file]').setInputFiles({ name: 'frases.txt', mimeType: 'text/plain', buffer: Buffer.from(file, 'utf8') });
  await dialog.getByRole('checkbox').first().waitFor();
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Adds a card of `kind`, saves it empty to see the rule's message, fills it with `fill`, saves it right. */
async function addAction(page: Page, kind: string, title: string, message: string, fill: (card: Locator) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: kind, exact: true }).click();
  const c = card(page, title);
  await c.waitFor();
  await c.getByRole('button', { name: 'Guardar' }).click();
  await c.getByText(message).first().waitFor();
  await fill(c);
  await c.getByRole('button', { name: 'Guardar' }).click();
  await c.getByRole('button', { name: `Editar ${title}` }).waitFor();
}

async function fillButton(c: Locator, group: string, title: string, value: string): Promise<void> {
  const row = c.getByRole('group', { name: group });
  await row.getByRole('combobox', { name: 'Tipo' }).selectOption({ label: 'Respuesta' });
  await row.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  await row.getByRole('textbox', { name: 'Valor', exact: true }).fill(value);
}

describe('el editor de skills', () => {
  it('frases, tokens, una acción de cada tipo, orden, requerimiento y memoria, y todo sigue ahí al recargar', async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).signInAndWait('compania@quipu.test');
    await openSkillFromDiagram(page);
    const skillUrl = page.url();
    await expectAccessible(page, 'editor de skills: pestaña Skill');

    // Phrases typed with Enter: an empty one and a repeated one are refused with their messages.
    const frase = page.getByRole('textbox', { name: 'Nueva frase de entrenamiento' });
    await frase.fill('quiero saber el estado de mi pedido');
    await frase.press('Enter');
    await frase.press('Enter');
    await notice(page, 'Debe ingresar un texto valido para ser agregado').waitFor();
    await frase.fill('Quiero saber el estado de mi pedido');
    await frase.press('Enter');
    await notice(page, 'Esta frase ya fue agregada, ingrese una distinta').waitFor();
    await frase.fill('');

    // From a file (one repeated line) and from the greetings preset: stored at once, counted.
    await addPhrasesFrom(page, 'Subir archivo', 'dónde está mi pedido\nestado de mi compra\nquiero saber el estado de mi pedido\n');
    await notice(page, 'Agregadas con éxito: 2 frases').waitFor();
    await addPhrasesFrom(page, 'Saludos');
    await notice(page, /Agregadas con éxito: \d{2,} frases/).waitFor();

    // Tokens: each validation message, then a valid pair.
    await page.getByRole('switch', { name: 'Modo Token' }).check();
    await save(page);
    await notice(page, 'Modo Token activo, debe ingresar mínimo uno.').waitFor();
    await page.getByRole('button', { name: 'Agregar token' }).click();
    await save(page);
    await notice(page, 'Ingrese un token').waitFor();
    const token1 = page.getByRole('group', { name: 'Token 1' });
    await token1.getByRole('textbox', { name: 'Token', exact: true }).fill('pedido');
    const sinonimo = token1.getByRole('textbox', { name: 'Nuevo sinónimo' });
    await sinonimo.fill('compra');
    await sinonimo.press('Enter');
    await sinonimo.fill('Compra');
    await sinonimo.press('Enter');
    await notice(page, 'Este sinónimo ya fue agregado, ingrese uno distinto').waitFor();
    await sinonimo.fill('');
    await page.getByRole('button', { name: 'Agregar token' }).click();
    const token2 = page.getByRole('group', { name: 'Token 2' });
    await token2.getByRole('textbox', { name: 'Token', exact: true }).fill('Pedido');
    await save(page);
    await notice(page, 'Este token ya fue agregado, ingrese uno distinto').waitFor();
    await token2.getByRole('textbox', { name: 'Token', exact: true }).fill('estado');
    await token1.getByRole('switch', { name: 'Requerimiento' }).check();
    await token2.getByRole('switch', { name: 'Requerimiento' }).check();
    await save(page);
    await notice(page, 'Requerimientos no pueden ser tokens contiguos.').waitFor();
    await token2.getByRole('switch', { name: 'Requerimiento' }).uncheck();
    await save(page);
    await notice(page, 'Guardado con éxito').waitFor();

    // One action of each kind, each refused once with its message.
    await tab(page, 'Acciones').click();
    await page.getByRole('button', { name: 'Texto', exact: true }).waitFor();
    await expectAccessible(page, 'editor de skills: pestaña Acciones');
    await addAction(page, 'Texto', 'Texto 1', 'Debe ingresar al menos un texto', async (c) => {
      const texto = c.getByRole('textbox', { name: 'Nuevo texto' });
      await texto.fill('Con gusto reviso su pedido.');
      await texto.press('Enter');
    });
    await addAction(page, 'Card', 'Card 2', 'Debe ingresar una URL de imagen o un botón', async (c) => {
      await c.getByRole('textbox', { name: 'URL de imagen' }).fill('https://www.example.com/pedido.png');
      await c.getByRole('textbox', { name: 'Título', exact: true }).first().fill('Su pedido');
    });
    await addAction(page, 'Carousel', 'Carousel 3', 'campo requerido', async (c) => {
      const tarjeta = c.getByRole('region', { name: 'Tarjeta 1' });
      await tarjeta.getByRole('textbox', { name: 'URL de imagen' }).fill('https://www.example.com/a.png');
      await tarjeta.getByRole('textbox', { name: 'Título', exact: true }).fill('Envío normal');
      await tarjeta.getByRole('textbox', { name: 'Subtítulo', exact: true }).fill('3 a 5 días');
      await tarjeta.getByRole('textbox', { name: 'Mensaje de opción no válida' }).fill('Elija una tarjeta');
    });
    await addAction(page, 'Botón', 'Botón 4', 'Ingrese un texto', async (c) => {
      await c.getByRole('textbox', { name: 'Título', exact: true }).first().fill('¿Qué desea hacer?');
      await c.getByRole('button', { name: 'Agregar botón' }).click();
      await fillButton(c, 'Botón 1', 'Ver estado', 'estado');
    });
    await addAction(page, 'Respuesta rápida', 'Respuesta rápida 5', 'Ingrese un texto', async (c) => {
      await c.getByRole('textbox', { name: 'Título', exact: true }).first().fill('¿Le ayudo en algo más?');
      await c.getByRole('button', { name: 'Agregar botón' }).click();
      await fillButton(c, 'Botón 1', 'Sí', 'si');
    });
    await addAction(page, 'WebHook', 'WebHook 6', 'Ingrese una URL válida que empiece con http:// o https://', async (c) => {
      await c.getByRole('textbox', { name: 'URL' }).fill('https://api.example.com/pedidos/estado');
    });
    await addAction(page, 'Skill', 'Skill 7', 'Seleccione un Skill', async (c) => {
      await c.getByRole('combobox', { name: 'Skill' }).selectOption({ label: 'Despedida' });
    });
    await addAction(page, 'Bot', 'Bot 8', 'Seleccione un bot', async (c) => {
      await c.getByRole('combobox', { name: 'Bot' }).selectOption({ label: 'Soporte técnico' });
    });
    await page.getByRole('button', { name: 'Humano', exact: true }).click();
    await card(page, 'Humano 9').getByRole('button', { name: 'Guardar' }).click();
    await card(page, 'Humano 9').getByRole('button', { name: 'Editar Humano 9' }).waitFor();
    await expectAccessible(page, 'editor de skills: Acciones con una de cada tipo');

    // Drag the text card below the card: the new order is stored.
    const handle = page.getByRole('button', { name: 'Mover Texto 1' });
    await handle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const from = (await handle.boundingBox())!;
    const below = (await card(page, 'Card 2').boundingBox())!;
    const x = from.x + from.width / 2;
    await page.mouse.move(x, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, from.y + from.height / 2 + 12, { steps: 4 });
    // Down to the bottom of the card below: the text card's top passes that card's middle.
    await page.mouse.move(x, below.y + below.height - 8, { steps: 20 });
    await page.mouse.up();
    await card(page, 'Card 1').waitFor();
    await card(page, 'Texto 2').waitFor();

    // A requirement on an entity of the bot, and a memory field.
    await tab(page, 'Requerimientos').click();
    await page.getByRole('button', { name: 'Agregar requerimiento' }).click();
    const requisito = page.getByRole('group', { name: 'Campo 1' });
    await requisito.getByRole('combobox', { name: 'Entidad' }).selectOption({ label: 'talla' });
    await page.getByRole('button', { name: 'Guardar', exact: true }).last().click();
    await notice(page, 'Guardado con éxito').waitFor();
    await expectAccessible(page, 'editor de skills: pestaña Requerimientos');

    await addMemory(page, 'Correo electrónico', 'correo');
    await expectAccessible(page, 'editor de skills: pestaña Memoria');

    // A reload shows everything as it was saved.
    await page.goto(skillUrl);
    await page.getByRole('textbox', { name: 'Nombre' }).first().waitFor();
    await expect(page.getByRole('textbox', { name: 'Nombre' }).first().inputValue()).resolves.toBe(SKILL);
    for (const text of ['quiero saber el estado de mi pedido', 'dónde está mi pedido', 'estado de mi compra']) await page.getByText(text, { exact: true }).first().waitFor();
    await expect(page.getByRole('group', { name: 'Token 1' }).getByRole('textbox', { name: 'Token', exact: true }).inputValue()).resolves.toBe('pedido');
    await expect(page.getByRole('group', { name: 'Token 2' }).getByRole('textbox', { name: 'Token', exact: true }).inputValue()).resolves.toBe('estado');
    await tab(page, 'Acciones').click();
    await card(page, 'Humano 9').waitFor();
    const titles = await page.getByRole('region').evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-labelledby') && document.getElementById(r.getAttribute('aria-labelledby')!)?.textContent).filter(Boolean));
    expect(titles.slice(0, 9)).toEqual(['Card 1', 'Texto 2', 'Carousel 3', 'Botón 4', 'Respuesta rápida 5', 'WebHook 6', 'Skill 7', 'Bot 8', 'Humano 9']);
    await tab(page, 'Requerimientos').click();
    await page.getByText(/talla/).first().waitFor();
    await tab(page, 'Memoria').click();
    await page.getByText(/correo/).first().waitFor();
  });
});
