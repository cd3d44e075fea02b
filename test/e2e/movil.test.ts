// The lists on a 390 px phone (access spec §9): a card list instead of a table, no sideways
// scrolling, and axe finds nothing serious.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { setupQuipu } from './support/quipu';

const quipu = setupQuipu();

async function phoneSignedInAs(usuario: string): Promise<Page> {
  const page = await quipu.newPage();
  // The sign-in waits for the sidebar, which a phone shows only on demand: sign in wide, then narrow.
  await new LoginPage(page, quipu.server.url).signInAndWait(usuario);
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
}

async function expectCardList(page: Page, path: string, name: string, firstCard: string | RegExp) {
  await page.goto(`${quipu.server.url}${path}`);
  await page.getByRole('list', { name }).getByText(firstCard).first().waitFor();
  expect(await page.getByRole('table').count(), `${path} sin tabla`).toBe(0);
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity);
  expect(scrollWidth, `${path} no se desplaza de lado`).toBeLessThanOrEqual(390);
  await expectAccessible(page, `${path} a 390 px`);
}

describe('Listas a 390 px', () => {
  it('usuarios, empresas y auditoría son tarjetas, sin desplazamiento lateral y sin fallos de axe', async () => {
    const page = await phoneSignedInAs('admin@quipu.test');
    await expectCardList(page, '/usuarios', 'Usuarios', /@/);
    await expectCardList(page, '/empresas', 'Empresas', 'Demo Internacional');
    await expectCardList(page, '/auditoria', 'Auditoría', /@/);
  });

  it('una tarjeta de usuario abre /usuario/{id}, que tampoco se desplaza de lado', async () => {
    const page = await phoneSignedInAs('compania@quipu.test');
    await page.goto(`${quipu.server.url}/usuarios`);
    await page.getByRole('list', { name: 'Usuarios' }).getByText(/@/).first().click();
    await page.waitForURL(/\/usuario\/[^/]+$/);
    await page.getByText('DATOS GENERALES').waitFor();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity)).toBeLessThanOrEqual(390);
    await expectAccessible(page, '/usuario/{id} a 390 px');
  });
});
