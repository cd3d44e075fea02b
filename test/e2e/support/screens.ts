// Screenshots of the console for docs/screens/: the server started as the end-to-end suite starts
// it (built console, fresh demo data), signed in as each demo account, at 1366×800 and 390×844.
// Run with `npx tsx test/e2e/support/screens.ts` (builds the console first when it is stale).
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
// @ts-expect-error plain ES module without types
import { ensureBuilt } from '../../../scripts/lib.mjs';
import { LoginPage } from '../pages/LoginPage';
import { launchChromium } from './chromium';
import { PHONE, settle } from './phone';
import { startServer, type RunningServer } from './server';

const OUT = path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'screens');
const SIZES = [
  { suffix: '1366', viewport: { width: 1366, height: 800 } },
  { suffix: '390', viewport: PHONE },
];

interface Shot {
  name: string;
  usuario: string;
  /** Opens the screen from the first one after sign-in; none keeps that one. */
  open?: (page: Page, server: RunningServer) => Promise<void>;
}

/** The list's row or card that shows `text`, opened with a click. */
async function follow(page: Page, server: RunningServer, list: string, text: string): Promise<void> {
  if (new URL(page.url()).pathname !== list) await page.goto(`${server.url}${list}`);
  await page.getByText(text).first().click();
  await page.waitForURL((url) => url.pathname !== list);
}

const SHOTS: Shot[] = [
  {
    name: 'bot-editor',
    usuario: 'compania@quipu.test',
    open: async (page, server) => {
      await follow(page, server, '/bot', 'Asistente Quipu');
      await page.locator('.react-flow__node').first().waitFor();
    },
  },
  {
    name: 'canal-web-editor',
    usuario: 'compania@quipu.test',
    open: async (page, server) => {
      await follow(page, server, '/canal', 'Chat del sitio');
      await page.getByRole('region', { name: 'Vista previa' }).locator('.qw-head').waitFor();
    },
  },
  {
    name: 'historial-conversacion',
    usuario: 'compania@quipu.test',
    open: async (page, server) => {
      await page.goto(`${server.url}/historial`);
      await page.getByRole('combobox', { name: 'Bot' }).click();
      await page.getByRole('option', { name: 'Asistente Quipu' }).click();
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.getByRole('region', { name: 'Clientes' }).getByRole('button').first().click();
      await page.getByRole('dialog', { name: 'Conversación' }).getByRole('listitem').first().waitFor();
    },
  },
  { name: 'inicio-compania', usuario: 'compania@quipu.test' },
  { name: 'inicio-historial', usuario: 'historial@quipu.test' },
  { name: 'inicio-dashboard', usuario: 'dashboard@quipu.test' },
];

async function take(browser: Browser, server: RunningServer, shot: Shot, size: (typeof SIZES)[number]): Promise<string> {
  const context = await browser.newContext({ viewport: { ...size.viewport }, locale: 'es-PE', timezoneId: 'America/Lima' });
  context.setDefaultTimeout(20_000);
  // tsx names the functions handed to the page through a helper the page lacks.
  await context.addInitScript('window.__name = (f) => f');
  try {
    const page = await context.newPage();
    const login = new LoginPage(page, server.url);
    await login.open();
    await login.signIn(shot.usuario);
    // The first screen after sign-in, drawn: the signed-in top bar (at every width) and its data.
    await page.getByRole('button', { name: 'Actualizar' }).waitFor();
    await settle(page);
    if (shot.open) await shot.open(page, server);
    // The dashboard asks once its filters rest: its numbers and charts drawn, not 'Cargando...'.
    await page.getByText('Cargando...').first().waitFor({ state: 'detached' });
    await settle(page);
    const file = path.join(OUT, `${shot.name}-${size.suffix}.png`);
    await page.screenshot({ path: file });
    return `${path.basename(file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`;
  } finally {
    await context.close();
  }
}

ensureBuilt();
fs.mkdirSync(OUT, { recursive: true });
const [server, browser] = await Promise.all([startServer(), launchChromium()]);
try {
  for (const shot of SHOTS) for (const size of SIZES) console.log(await take(browser, server, shot, size));
} finally {
  await browser.close();
  await server.stop();
}
