// Prints the gzip size of the JavaScript a real browser downloads for the login page and for the
// signed-in dashboard route, and whether react-admin is among it. Budget: login ≤ 160 KB
// gzip with react-admin not loaded. Run: npx tsx bench/bundle-size.ts
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
// @ts-expect-error plain ES module without types
import { ensureBuilt, root } from '../scripts/lib.mjs';
import { launchChromium } from '../test/e2e/support/chromium';
import { startServer } from '../test/e2e/support/server';

const REACT_ADMIN_MARKER = 'ra.navigation.page_rows_per_page';

function recordScripts(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) seen.add(url.pathname);
  });
  return seen;
}

function measure(paths: Set<string>) {
  let raw = 0;
  let gzip = 0;
  let reactAdmin = false;
  for (const p of paths) {
    const file = fs.readFileSync(path.join(root, 'dist', p));
    raw += file.length;
    gzip += zlib.gzipSync(file, { level: 9 }).length;
    if (file.includes(REACT_ADMIN_MARKER)) reactAdmin = true;
  }
  return { files: paths.size, raw, gzip, reactAdmin };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

ensureBuilt();
const server = await startServer();
const browser = await launchChromium();
try {
  const loginPage = await browser.newPage();
  const loginScripts = recordScripts(loginPage);
  await loginPage.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  const login = measure(loginScripts);

  const dashPage = await browser.newPage();
  const dashScripts = recordScripts(dashPage);
  await dashPage.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await dashPage.getByLabel('Usuario').fill('compania@quipu.test');
  await dashPage.getByLabel('Contraseña').fill('Demo.2026');
  await dashPage.getByRole('button', { name: 'Ingresar' }).click();
  await dashPage.getByRole('navigation').first().waitFor();
  await dashPage.goto(`${server.url}/dashboard`, { waitUntil: 'networkidle' });
  const dashboard = measure(dashScripts);

  console.log('Página              archivos JS    sin comprimir    gzip      react-admin');
  for (const [name, m] of [['login', login], ['dashboard (sesión)', dashboard]] as const) {
    console.log(`${name.padEnd(20)}${String(m.files).padStart(8)}${kb(m.raw).padStart(17)}${kb(m.gzip).padStart(11)}      ${m.reactAdmin ? 'sí' : 'no'}`);
  }
  console.log(`Presupuesto del login: 160 KB gzip sin react-admin → ${login.gzip <= 160 * 1024 && !login.reactAdmin ? 'dentro' : 'EXCEDIDO'}`);
} finally {
  await browser.close();
  await server.stop();
}
