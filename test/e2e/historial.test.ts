// What the bots said, to whom and how much, as a person finds it: a visitor chats with the demo bot
// on the sample page; the company's administrator finds that conversation in the history, opens
// it, exports it to Excel and reads the file back, generates a report with the messages and
// downloads it from 'Ver Informes', sees the dashboard's totals count the new session, and turns on
// 'Ver uso' on the bot's diagram to see how many sessions reached and left each skill. axe finds
// nothing serious on each screen.
import ExcelJS from 'exceljs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { skillNode } from './support/botEditor';
import { setupQuipu } from './support/quipu';

const quipu = setupQuipu();
const ASKED = '¿Qué planes tienen?';

/** The texts of every cell of a workbook's sheets, by sheet. */
async function sheetTexts(file: string): Promise<Record<string, string[]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return Object.fromEntries(book.worksheets.map((sheet) => {
    const texts: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => texts.push(cell.text)));
    return [sheet.name, texts];
  }));
}

/** The sessions the dashboard's 'Web' total shows now. */
async function webSessions(page: Page): Promise<number> {
  const web = page.getByRole('region', { name: 'Web', exact: true });
  await web.waitFor();
  const value = await web.locator('dt', { hasText: 'Sesiones' }).locator('xpath=following-sibling::dd[1]').textContent();
  return Number((value ?? '').replace(/\D/g, ''));
}

/** 'Ver uso' on the demo bot's diagram: what the node of 'Precios y planes' says. */
async function planUsage(page: Page, idBot: string): Promise<{ llegan: number; terminan: number }> {
  await page.goto(`${quipu.server.url}/bot/${idBot}`);
  const node = skillNode(page, 'Precios y planes');
  await node.waitFor();
  await page.getByRole('button', { name: 'Ver uso' }).click();
  await node.getByText(/^Llegan: \d+$/).waitFor();
  const number = async (label: string) => Number((await node.getByText(new RegExp(`^${label}: \\d+$`)).textContent())!.replace(/\D/g, ''));
  return { llegan: await number('Llegan'), terminan: await number('Terminan') };
}

describe('historial, informes y dashboard', () => {
  it('una conversación del chat web se encuentra en el historial, se exporta, entra en un informe, suma en el dashboard y en el uso del diagrama', async () => {
    const admin = await quipu.newPage({ width: 1366 });
    await new LoginPage(admin, quipu.server.url).signInAndWait('compania@quipu.test');
    // '/' is the dashboard, on the first deployed bot.
    await admin.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const before = await webSessions(admin);
    await expectAccessible(admin, 'el dashboard');
    const bots = (await (await admin.request.get(`${quipu.server.url}/api/bots`)).json()) as Array<{ id: string; nm: string }>;
    const idBot = bots.find((b) => b.nm === 'Asistente Quipu')!.id;
    const usageBefore = await planUsage(admin, idBot);
    await expectAccessible(admin, "el diagrama con 'Ver uso'");

    // 1. A visitor asks the demo bot on the sample page.
    const visitor = await quipu.newPage({ width: 1366 });
    await visitor.goto(`${quipu.server.url}/webchat/ejemplo.html`);
    await visitor.getByRole('button', { name: 'Abrir chat' }).click();
    const chat = visitor.getByRole('dialog', { name: 'Asistente Quipu' });
    await chat.getByRole('textbox', { name: 'Mensaje' }).fill(ASKED);
    await chat.getByRole('button', { name: 'Enviar' }).click();
    await chat.getByText('Plan Básico').first().waitFor();

    // 2. The history finds it: today's newest card, on the web channel.
    await admin.goto(`${quipu.server.url}/historial`);
    await admin.getByRole('combobox', { name: 'Bot' }).click();
    await admin.getByRole('option', { name: 'Asistente Quipu' }).click();
    await admin.getByRole('button', { name: 'Buscar' }).click();
    const cards = admin.getByRole('region', { name: 'Clientes' }).getByRole('listitem');
    await cards.first().waitFor();
    await expect.poll(() => cards.first().textContent()).toContain('Web');
    await expectAccessible(admin, 'el historial');

    // 3. Its conversation: the question and the bot's plans, drawn as the chat draws them.
    await cards.first().getByRole('button').click();
    const dialog = admin.getByRole('dialog', { name: 'Conversación' });
    await dialog.getByText(ASKED).waitFor();
    await dialog.getByText('Plan Básico').first().waitFor();
    expect(await dialog.textContent()).not.toContain('"type"');
    await expectAccessible(admin, 'el diálogo de la conversación');

    // 4. Exportar Excel: the file has the messages.
    const [excel] = await Promise.all([admin.waitForEvent('download'), dialog.getByRole('button', { name: 'Exportar Excel' }).click()]);
    expect(excel.suggestedFilename()).toMatch(/^Sessions_.+\.xlsx$/);
    const excelFile = path.join(quipu.server.dataDir, 'sesiones.xlsx');
    await excel.saveAs(excelFile);
    const exported = Object.values(await sheetTexts(excelFile)).flat();
    expect(exported).toContain(ASKED);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    // 5. A report with the messages, downloaded from 'Ver Informes' once done.
    await admin.getByRole('button', { name: 'Generar informe' }).click();
    const question = admin.getByRole('dialog', { name: /informe/i });
    await question.getByText('¿Desea incluir el detalle de los mensajes en el informe?').waitFor();
    await question.getByRole('button', { name: 'SI', exact: true }).click();
    await admin.getByText('Generando informe. En Ver Informes encontrará su archivo generado.').waitFor();
    await admin.getByRole('button', { name: 'Ver Informes' }).click();
    const reports = admin.getByRole('dialog', { name: 'Ver Informes' });
    await reports.getByText('Listo').first().waitFor({ timeout: 60_000 });
    await expectAccessible(admin, 'la lista de informes');
    const [report] = await Promise.all([admin.waitForEvent('download'), reports.getByRole('button', { name: /^Descargar / }).first().click()]);
    const reportFile = path.join(quipu.server.dataDir, 'informe.xlsx');
    await report.saveAs(reportFile);
    const sheets = await sheetTexts(reportFile);
    expect(Object.values(sheets).flat()).toContain(ASKED);
    await fs.rm(reportFile);

    // 6. The dashboard counts the new session.
    await admin.goto(`${quipu.server.url}/dashboard`);
    await expect.poll(() => webSessions(admin), { timeout: 15_000 }).toBe(before + 1);

    // 7. 'Ver uso' on the bot's diagram: one more session reached the plans, and ended there.
    expect(await planUsage(admin, idBot)).toEqual({ llegan: usageBefore.llegan + 1, terminan: usageBefore.terminan + 1 });
  });
});
