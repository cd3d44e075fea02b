// A bot builder's whole journey in Chromium: create a bot, draw three skills and
// link them, auto-layout and undo, save, export and import as a copy, deploy (a failed deploy
// first, then a good one), change and deploy again, compare the two versions, restore the first.
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { addSkill, skillNode as node } from './support/botEditor';
import { setupQuipu } from './support/quipu';

const quipu = setupQuipu();

const BOT = 'Reservas e2e';
const SKILLS = ['Saludo', 'Reservar mesa', 'Despedida'];

/** Unrecognised phrases as the engine records them, each text keyed by its SHA-256 (services/bots/frases.ts phraseHash). */
function addUnrecognisedPhrases(dataDir: string, idBot: string, phrases: string[]): void {
  const db = new Database(path.join(dataDir, 'quipu.db'));
  try {
    const insert = db.prepare('insert into frase_nr (id, "idBot", f, fh, c, fc) values (?, ?, ?, ?, ?, ?)');
    phrases.forEach((f, i) => insert.run(randomUUID(), idBot, f, createHash('sha256').update(f, 'utf8').digest('hex'), phrases.length - i, new Date().toISOString()));
  } finally {
    db.close();
  }
}


/** Where each skill sits on the diagram (its position in the flow, not on the screen), by name. */
function diagramPositions(page: Page): Promise<Record<string, string>> {
  return page.locator('.react-flow__node').evaluateAll((nodes) =>
    Object.fromEntries(nodes.map((n) => [n.querySelector('.quipu-skill__name')?.textContent ?? '', (n as HTMLElement).style.transform])),
  );
}

/** Waits until the diagram's view stops moving (fit and centring animate), with the diagram on screen. */
async function settled(page: Page) {
  await page.locator('.react-flow').scrollIntoViewIfNeeded();
  let last = '';
  for (;;) {
    const now = await page.locator('.react-flow__viewport').getAttribute('style');
    if (now === last) return;
    last = now ?? '';
    await page.waitForTimeout(250);
  }
}

async function link(page: Page, from: string, to: string) {
  const before = await page.locator('.react-flow__edge').count();
  await settled(page);
  const a = (await node(page, from).locator('.react-flow__handle.source').boundingBox())!;
  const b = (await node(page, to).locator('.react-flow__handle.target').boundingBox())!;
  // A person drags from the bottom point of one skill to the top point of the other.
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
  await page.waitForFunction((n) => document.querySelectorAll('.react-flow__edge').length === n, before + 1);
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await page.getByText('Guardado con éxito').first().waitFor();
}

const DEPLOY_END = /^(Desplegado con éxito versión \d+|Error al desplegar .*)$/;

/** Deploys and answers how it ended: the first end message that was not on screen before (a notice lasts 12 s). */
async function deploy(page: Page, description: string): Promise<string> {
  const seen = new Set(await page.getByText(DEPLOY_END).allInnerTexts());
  await page.getByRole('button', { name: 'Desplegar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Descripción' }).fill(description);
  await dialog.getByRole('button', { name: 'Desplegar' }).click();
  let end: string | undefined;
  await expect
    .poll(async () => (end = (await page.getByText(DEPLOY_END).allInnerTexts()).find((text) => !seen.has(text))), { timeout: 30_000 })
    .toBeTruthy();
  return end!;
}

async function assignPhrase(page: Page, phrase: string, skill: string) {
  await page.getByRole('checkbox', { name: phrase }).check();
  await page.getByRole('combobox', { name: 'Skill' }).click();
  await page.getByRole('option', { name: skill }).click();
  await page.getByRole('button', { name: 'Asignar' }).click();
  await page.getByText('Asignados con éxito').first().waitFor();
  await page.getByRole('checkbox', { name: phrase }).waitFor({ state: 'detached' });
}

describe('Bots', () => {
  it('crea un bot, dibuja su flujo, lo exporta e importa, lo despliega dos veces, compara y restaura', async () => {
    const page = await quipu.newPage({ width: 1400 });
    const login = new LoginPage(page, quipu.server.url);
    await login.signInAndWait('compania@quipu.test');

    // 1. Create the bot.
    await page.goto(`${quipu.server.url}/bot`);
    await page.getByRole('columnheader', { name: 'Importado' }).waitFor();
    await expectAccessible(page, '/bot');
    await page.getByRole('link', { name: 'Nuevo Bot' }).click();
    await page.waitForURL(/\/bot\/new$/);
    await page.getByRole('textbox', { name: 'Nombre' }).first().fill(BOT);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.waitForURL((url) => /^\/bot\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    const idBot = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    // 2. Three skills on the diagram, linked in a chain.
    for (const name of SKILLS) await addSkill(page, name, `Skill ${name}`);
    await node(page, 'Saludo').getByText('Sin frases de entrenamiento').waitFor();
    // Each new skill is centred in the view; 'Ajustar' brings all three in.
    await page.getByRole('button', { name: 'Ajustar' }).click();
    await settled(page);
    await link(page, 'Saludo', 'Reservar mesa');
    await link(page, 'Reservar mesa', 'Despedida');
    await expectAccessible(page, '/bot/{id} con el diagrama');

    // 3. Auto-layout moves the nodes; undo puts them back where they were.
    const drawn = await diagramPositions(page);
    await page.getByRole('button', { name: 'Ordenar automáticamente' }).click();
    await expect.poll(() => diagramPositions(page), { timeout: 15_000 }).not.toEqual(drawn);
    await page.getByRole('button', { name: 'Deshacer' }).click();
    // The view stays where the layout left it, and only nodes in view are drawn: bring all in.
    await page.getByRole('button', { name: 'Ajustar' }).click();
    await settled(page);
    await expect.poll(() => diagramPositions(page), { timeout: 15_000 }).toEqual(drawn);

    // 4. Save: the links are stored with the bot.
    await save(page);
    await page.reload();
    await node(page, 'Despedida').waitFor();
    expect(await page.locator('.react-flow__edge').count()).toBe(2);

    // 4b. The diagram's room: most of a 1366 × 768 screen, the minimap beside the canvas (never over
    // a skill), full screen over the app bar until Esc, and a usable canvas on a 390 px phone.
    await page.setViewportSize({ width: 1366, height: 768 });
    await settled(page);
    const canvas = page.locator('.react-flow');
    const minimap = page.getByRole('img', { name: 'Minimapa del diagrama' });
    const box = (await canvas.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(480);
    const map = (await minimap.boundingBox())!;
    expect(map.x >= box.x + box.width || map.y >= box.y + box.height).toBe(true);
    // With the page at its top the app bar is showing (it hides only while scrolling down).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.evaluate(() => document.querySelector('.RaAppBar-toolbar')!.getBoundingClientRect().bottom)).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Pantalla completa' }).click();
    await page.getByRole('button', { name: 'Salir de pantalla completa' }).waitFor();
    await expect.poll(async () => (await canvas.boundingBox())!.height).toBeGreaterThanOrEqual(768 - 160);
    // The app bar is covered: what is drawn at the top left corner belongs to the diagram's block.
    const corner = () =>
      page.evaluate(() => {
        const element = document.elementFromPoint(5, 5);
        return element?.closest('.quipu-flow') ? 'diagrama' : (element?.outerHTML.slice(0, 160) ?? 'nada');
      });
    await expect.poll(corner).toBe('diagrama');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Pantalla completa' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await node(page, 'Despedida').waitFor();
    expect((await canvas.boundingBox())!.height).toBeGreaterThanOrEqual(360);
    expect(await minimap.count()).toBe(0);
    await page.setViewportSize({ width: 1400, height: 800 });

    // 5. Export from the list, import as a copy.
    await page.goto(`${quipu.server.url}/bot`);
    // The company has more bots than a page holds: the search finds this one.
    await page.getByRole('textbox', { name: 'Buscar' }).fill(BOT);
    await page.getByRole('row').filter({ hasText: BOT }).first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Exportar ${BOT}` }).click()]);
    expect(download.suggestedFilename()).toBe(`${idBot} - ${BOT}.yani`);
    const file = path.join(quipu.server.dataDir, 'export.yani');
    await download.saveAs(file);
    await page.getByRole('button', { name: 'Importar Bot' }).click();
    const importDialog = page.getByRole('dialog');
    await importDialog.getByLabel('Archivo del bot (.yani)').setInputFiles(file);
    await expectAccessible(page, 'el diálogo de importación');
    await importDialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByText(/Bot importado con éxito/).first().waitFor();
    await page.getByRole('cell', { name: BOT }).nth(1).waitFor();
    const importedRow = page.getByRole('row').filter({ hasText: BOT }).filter({ hasText: 'Sí' });
    // The list shows the copy once it has read the list again.
    await importedRow.first().waitFor();
    expect(await importedRow.count()).toBe(1);

    // 6. Deploy: refused while skills have no training phrase, then deployed once they have.
    await page.goto(`${quipu.server.url}/bot/${encodeURIComponent(idBot)}`);
    await node(page, 'Saludo').waitFor();
    const failed = await deploy(page, 'Primera versión');
    expect(failed).toMatch(/^Error al desplegar .*Saludo/);

    addUnrecognisedPhrases(quipu.server.dataDir, idBot, ['hola buenas tardes', 'quiero reservar una mesa para cuatro', 'gracias, hasta luego']);
    await page.getByRole('tab', { name: 'Monitoreo' }).click();
    await expectAccessible(page, 'Monitoreo');
    await assignPhrase(page, 'hola buenas tardes', 'Saludo');
    await assignPhrase(page, 'quiero reservar una mesa para cuatro', 'Reservar mesa');
    await assignPhrase(page, 'gracias, hasta luego', 'Despedida');
    await page.getByRole('tab', { name: 'General' }).click();
    const first = await deploy(page, 'Primera versión');
    expect(first).toMatch(/^Desplegado con éxito versión \d+$/);

    // 7. Change something and deploy again.
    await page.getByRole('textbox', { name: 'Descripción' }).first().fill('Reservas del local de Miraflores');
    await page.getByLabel('Tiempo de sesión (minutos)').fill('45');
    const second = await deploy(page, 'Sesión más larga');
    expect(second).toMatch(/^Desplegado con éxito versión \d+$/);
    const [v1, v2] = [first, second].map((text) => text.replace(/\D+/g, ''));
    expect(Number(v2)).toBeGreaterThan(Number(v1));

    // 8. Compare the two versions.
    await page.getByRole('button', { name: 'Versiones' }).click();
    const versions = page.getByRole('dialog');
    await versions.getByRole('row').filter({ hasText: 'Con error' }).first().waitFor();
    await expectAccessible(page, 'el diálogo de versiones');
    await compareVersions(page, v1, v2);
    // A changed parameter is named by its label, never by its key ('tsession').
    const changes = versions.getByText('Tiempo de sesión (minutos)');
    await changes.first().waitFor();

    // 9. Restore the first: the page reloads with its values.
    const row = versions.getByRole('row').filter({ has: page.getByRole('cell', { name: v1, exact: true }) });
    await row.getByRole('button', { name: 'Restaurar' }).click();
    await page.getByRole('dialog').last().getByRole('button', { name: 'Restaurar', exact: true }).click();
    await page.getByText('Bot restaurado correctamente, se cargará de nuevo la página').first().waitFor();
    await page.waitForEvent('load', { timeout: 10_000 });
    await node(page, 'Despedida').waitFor();
    expect(await page.getByLabel('Tiempo de sesión (minutos)').inputValue()).toBe('30');
  });
});

async function compareVersions(page: Page, a: string, b: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Versión A (antes)' }).click();
  await page.getByRole('option', { name: new RegExp(`^${a} - `) }).click();
  await dialog.getByRole('combobox', { name: 'Versión B (después)' }).click();
  await page.getByRole('option', { name: new RegExp(`^${b} - `) }).click();
  await dialog.getByRole('button', { name: 'Comparar', exact: true }).click();
}
