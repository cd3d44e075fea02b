// The knowledge base (QnA) in Chromium: a bot builder turns QnA on for a new bot with a rating
// question, makes its fallback answer from the knowledge base, imports three QnAs from the
// template and adds a fourth by hand with a card as its answer, deploys, and asks each of them in
// other words in 'Probar Bot'; a question the base cannot answer shows up in Monitoreo. A visitor
// rates an answer on the web chat, and that rating reaches the history's 'Reporte de
// calificaciones' and the dashboard's QnA tab. axe judges every QnA screen.
import ExcelJS from 'exceljs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { notice, skillNode, tab } from './support/botEditor';
import { setupQuipu } from './support/quipu';

const quipu = setupQuipu();

const BOT = 'Tienda Aurora QnA';
const RATING_QUESTION = '¿Le sirvió esta respuesta?';
const FALLBACK = 'No entendí';

/** The imported QnAs, by the template's columns, and how each is asked afterwards: in other words than its question and variants. */
const IMPORTED = [
  {
    pregunta: '¿Cuánto cuesta el envío a provincias?',
    variantes: 'precio del despacho fuera de Lima\ntarifa de envío al interior del país',
    respuesta: 'El envío a provincias cuesta S/ 15 y llega en 3 a 5 días hábiles.',
    asked: '¿cuánto cuesta el envío a Arequipa?',
  },
  {
    pregunta: '¿Puedo devolver un producto?',
    variantes: 'quiero hacer una devolución | cómo cambio un producto que no me gustó',
    respuesta: 'Tiene 30 días para devolver un producto sin uso, con su boleta.',
    asked: 'quiero devolver un producto que compré',
  },
  {
    pregunta: '¿Qué medios de pago aceptan?',
    variantes: 'puedo pagar con tarjeta | aceptan Yape o Plin',
    respuesta: 'Aceptamos tarjetas de crédito y débito, Yape, Plin y transferencia bancaria.',
    asked: '¿aceptan pago con tarjeta de crédito?',
  },
];
/** The QnA added by hand, answered with a card. */
const BY_HAND = {
  nm: '¿Dónde queda la tienda?',
  variantes: ['dirección del local', 'cómo llego a la tienda'],
  tag: 'Tiendas',
  card: 'Tienda Aurora: Av. Larco 1234, Miraflores',
  asked: '¿dónde queda el local?',
};
const UNKNOWN = 'mañana juega el equipo de fútbol en el estadio';
const NOT_FOUND = 'No encontré una respuesta a tu pregunta.';

/** The texts of a sheet's rows, one array per row. */
async function sheetRows(file: string, sheet: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: string[][] = [];
  book.getWorksheet(sheet)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return rows;
}

/** Sends a message in 'Probar Bot' and waits for the bot's answer `answer`. */
async function ask(page: Page, text: string, answer: string): Promise<void> {
  const panel = page.getByRole('dialog', { name: 'Probar Bot' });
  await panel.getByRole('textbox', { name: 'Mensaje' }).fill(text);
  await panel.getByRole('button', { name: 'Enviar' }).click();
  await panel.getByRole('log', { name: 'Conversación' }).getByText(answer, { exact: true }).last().waitFor();
}

describe('la base de conocimiento (QnA)', () => {
  let page: Page;
  let botUrl = '';

  it("activa QnA en un bot nuevo con su pregunta de calificación y pone su fallback en 'Modo KB'", async () => {
    page = await quipu.newPage({ width: 1400 });
    await new LoginPage(page, quipu.server.url).signInAndWait('compania@quipu.test');

    // A new bot with QnA on and a rating question, saved once; it brings its fallback ('No entendí').
    await page.goto(`${quipu.server.url}/bot/new`);
    await page.getByRole('textbox', { name: 'Nombre' }).first().fill(BOT);
    await page.getByRole('button', { name: /^QnA · / }).click();
    await page.getByRole('switch', { name: 'QnA activo' }).check();
    await page.getByRole('textbox', { name: 'Pregunta de calificación' }).fill(RATING_QUESTION);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.waitForURL((url) => /^\/bot\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    botUrl = page.url();

    // The fallback answers from the knowledge base: 'Modo KB', with the global tag it has by default.
    await page.getByRole('button', { name: 'Ajustar' }).click();
    await skillNode(page, FALLBACK).dblclick();
    await page.waitForURL(/\/skill\/[^/]+$/);
    await page.getByRole('switch', { name: 'Modo KB' }).check();
    await page.getByText('Global (t0)', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Guardar', exact: true }).first().click();
    await notice(page, 'Guardado con éxito').waitFor();
  });

  it('importa tres QnA con la plantilla y agrega una a mano con una Card como respuesta', async () => {
    await page.goto(botUrl);
    await tab(page, 'QnA').click();
    await page.getByRole('heading', { name: 'Preguntas y Respuestas' }).waitFor();
    await page.getByText('No hay datos').first().waitFor();
    await expectAccessible(page, 'la pestaña QnA del bot');

    // The template, downloaded through its link: its header row names the columns; the three QnAs
    // take the place of its two examples.
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    const importDialog = page.getByRole('dialog', { name: 'Importar QnA' });
    await expectAccessible(page, 'el diálogo Importar QnA');
    const [download] = await Promise.all([page.waitForEvent('download'), importDialog.getByRole('button', { name: 'Descargar plantilla' }).click()]);
    expect(download.suggestedFilename()).toBe('plantilla-qna.xlsx');
    const file = path.join(quipu.server.dataDir, 'preguntas-tienda.xlsx');
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(['uid', 'pregunta', 'variantes', 'tags', 'respuesta']);
    IMPORTED.forEach((qna, i) => {
      sheet.getRow(i + 2).values = header.map((column) => (column === 'uid' ? '-' : column === 'tags' ? '' : qna[column as 'pregunta' | 'variantes' | 'respuesta']));
    });
    await book.xlsx.writeFile(file);

    await importDialog.getByLabel('Archivo Excel (.xlsx, .xls)').setInputFiles(file);
    await importDialog.getByRole('button', { name: 'Importar', exact: true }).click();
    const outcome = importDialog.getByRole('status');
    await outcome.getByText('Procesado con éxito').waitFor({ timeout: 30_000 });
    for (const count of ['Nuevos: 3', 'Actualizados: 0', 'Rechazados: 0']) await outcome.getByText(count, { exact: true }).waitFor();
    await importDialog.getByRole('button', { name: 'Cerrar' }).click();
    const table = page.getByRole('table', { name: 'Preguntas y respuestas del bot' });
    for (const qna of IMPORTED) await table.getByRole('cell', { name: qna.pregunta, exact: true }).waitFor();

    // One by hand: its question, two variants and a new tag besides the global one.
    await page.getByRole('button', { name: 'Agregar QnA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva QnA' });
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(BY_HAND.nm);
    const variante = dialog.getByRole('textbox', { name: 'Variante de la pregunta' });
    for (const text of BY_HAND.variantes) {
      await variante.fill(text);
      await variante.press('Enter');
    }
    await dialog.getByRole('combobox', { name: 'Tags' }).fill(BY_HAND.tag);
    await page.getByRole('option', { name: `Crear «${BY_HAND.tag}»` }).click();
    await dialog.getByRole('button', { name: BY_HAND.tag }).waitFor();
    await expectAccessible(page, 'el diálogo de la QnA');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await notice(page, 'Guardado con éxito').waitFor();

    // Its answer, in the Acciones tab: a card with an image and a title.
    const saved = page.getByRole('dialog', { name: `QnA: ${BY_HAND.nm}` });
    await saved.getByRole('tab', { name: 'Acciones' }).click();
    await saved.getByRole('button', { name: 'Card', exact: true }).click();
    const card = saved.getByRole('region', { name: 'Card 1', exact: true });
    await card.getByRole('textbox', { name: 'URL de imagen' }).fill(`${quipu.server.url}/favicon.svg`);
    await card.getByRole('textbox', { name: 'Título', exact: true }).first().fill(BY_HAND.card);
    await card.getByRole('button', { name: 'Guardar' }).click();
    await card.getByRole('button', { name: 'Editar Card 1' }).waitFor();
    await saved.getByRole('button', { name: 'Cerrar' }).last().click();
    await table.getByRole('cell', { name: BY_HAND.nm, exact: true }).waitFor();
  });

  it("se despliega y en 'Probar Bot' responde cada QnA preguntada con otras palabras; lo que no sabe queda en Monitoreo", async () => {
    await page.getByRole('button', { name: 'Desplegar' }).click();
    const deploy = page.getByRole('dialog', { name: 'Desplegar Bot' });
    await deploy.getByRole('textbox', { name: 'Descripción' }).fill('Con sus preguntas frecuentes');
    await deploy.getByRole('button', { name: 'Desplegar' }).click();
    await page.getByText(/^Desplegado con éxito versión 1$/).first().waitFor({ timeout: 60_000 });

    await page.getByRole('button', { name: 'Probar Bot' }).click();
    const panel = page.getByRole('dialog', { name: 'Probar Bot' });
    await panel.getByText('Conectado', { exact: true }).waitFor();
    for (const qna of IMPORTED) await ask(page, qna.asked, qna.respuesta);
    await ask(page, BY_HAND.asked, BY_HAND.card);
    // Every answer asks for its rating; in the test chat a rating is answered but never counted.
    const log = panel.getByRole('log', { name: 'Conversación' });
    await expect.poll(() => log.getByText(RATING_QUESTION, { exact: true }).count()).toBe(4);
    await log.getByRole('button', { name: 'No', exact: true }).last().click();
    await log.getByText('Gracias, lo tendremos en cuenta para mejorar.', { exact: true }).waitFor();
    await ask(page, UNKNOWN, NOT_FOUND);
    await panel.getByRole('button', { name: 'Cerrar' }).click();

    await tab(page, 'Monitoreo').click();
    const notFound = page.getByRole('region', { name: 'Preguntas no encontradas (KB)' });
    const row = notFound.getByRole('row').filter({ hasText: UNKNOWN });
    await row.waitFor();
    await row.getByRole('cell', { name: FALLBACK, exact: true }).waitFor();
    await expectAccessible(page, "Monitoreo con 'Preguntas no encontradas (KB)'");
  });

  it("una calificación en el chat web llega al 'Reporte de calificaciones' y a la pestaña QnA del dashboard", async () => {
    // The console's chat is always a test conversation, whose ratings are never counted: the one the
    // report and the dashboard count comes from a real conversation, a visitor's on the web chat.
    await page.goto(`${quipu.server.url}/canal`);
    await page.getByRole('list', { name: 'Canales' }).getByRole('listitem').filter({ hasText: 'Chat del sitio' }).getByRole('link').click();
    await page.waitForURL(/\/canal\/web\/[^/]+$/);
    await page.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: BOT }).click();
    await notice(page, 'Guardado con éxito').waitFor();

    // The sample page embeds 'Chat del sitio' with the snippet a customer pastes.
    const visitor = await quipu.newPage();
    await visitor.goto(`${quipu.server.url}/webchat/ejemplo.html`);
    await visitor.getByRole('button', { name: 'Abrir chat' }).click();
    const chat = visitor.getByRole('dialog', { name: 'Asistente Quipu' });
    const messages = chat.getByRole('log', { name: 'Mensajes' });
    const rated = IMPORTED[1];
    await chat.getByRole('textbox', { name: 'Mensaje' }).fill(rated.asked);
    await chat.getByRole('button', { name: 'Enviar' }).click();
    await messages.getByText(rated.respuesta, { exact: true }).waitFor({ timeout: 30_000 });
    await messages.getByText(RATING_QUESTION, { exact: true }).waitFor();
    await messages.getByRole('button', { name: 'Sí', exact: true }).click();
    await messages.getByText('¡Gracias por tu calificación!', { exact: true }).waitFor();

    // The history's 'Reporte de calificaciones', from 'Ver Informes': the rated QnA, answered once, one good rating.
    await page.goto(`${quipu.server.url}/historial`);
    await page.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: BOT }).click();
    await page.getByRole('button', { name: 'Reporte de calificaciones' }).click();
    await notice(page, 'Generando informe. En Ver Informes encontrará su archivo generado.').waitFor();
    await page.getByRole('button', { name: 'Ver Informes' }).click();
    const reports = page.getByRole('dialog', { name: 'Ver Informes' });
    const downloadButton = reports.getByRole('button', { name: /^Descargar Calificaciones_/ });
    await expect.poll(() => downloadButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    const [report] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    const reportFile = path.join(quipu.server.dataDir, 'calificaciones.xlsx');
    await report.saveAs(reportFile);
    const summary = await sheetRows(reportFile, 'Calificaciones');
    expect(summary[0]).toEqual(['QnA', 'Preguntas', 'Buenas', 'Malas', '% buenas']);
    expect(summary.slice(1)).toEqual([[rated.pregunta, '1', '1', '0', '100']]);
    // Each rating of the range, with its session: only the visitor's.
    const detail = await sheetRows(reportFile, 'Detalle');
    expect(detail.slice(1).map(([, qna, calificacion]) => [qna, calificacion])).toEqual([[rated.pregunta, 'Buena']]);
    await reports.getByRole('button', { name: 'Cerrar' }).click();

    // The dashboard's QnA tab, as a table: the same rating.
    await page.goto(`${quipu.server.url}/dashboard`);
    await page.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: BOT }).click();
    await page.getByRole('tab', { name: 'QnA', exact: true }).click();
    const totals = page.getByRole('region', { name: 'Totales de QnA' });
    await expect.poll(() => totals.innerText()).toMatch(/Calificaciones buenas\s+1\b/);
    // The chart's own card: the one with its title and no other chart's.
    const ratings = page
      .locator('.MuiCard-root')
      .filter({ has: page.getByRole('heading', { name: 'Calificaciones por QnA' }) })
      .filter({ hasNot: page.getByRole('heading', { name: 'QnA más respondidas' }) });
    await ratings.getByRole('button', { name: 'Ver como tabla' }).click();
    const row = page.getByRole('table', { name: 'Calificaciones por QnA' }).getByRole('row').filter({ hasText: rated.pregunta });
    expect(await row.innerText()).toMatch(/\s1\s+0$/);
    await expectAccessible(page, 'la pestaña QnA del dashboard');
  });
});
