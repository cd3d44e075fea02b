// The console on a 390 px phone. The lists are card lists, not tables (axe judges them in the
// sweep). Then the sweep of
// support/sweep.ts at 390 px, for every demo account: every route its role opens, every tab and
// the dialogs of the main buttons, with no console error, unlabelled button, dialog wider than the
// screen, axe violation, sideways scroll, thing cut off past the screen's edge or covered control.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LayoutPage } from './pages/LayoutPage';
import { LoginPage } from './pages/LoginPage';
import { PHONE, settle } from './support/phone';
import { setupQuipu } from './support/quipu';
import { ACCOUNTS, screenSweep } from './support/sweep';

const quipu = setupQuipu();

async function phoneSignedInAs(usuario: string): Promise<Page> {
  const page = await quipu.newPage();
  // The sign-in waits for the sidebar, which a phone shows only on demand: sign in wide, then narrow.
  await new LoginPage(page, quipu.server.url).signInAndWait(usuario);
  await page.setViewportSize(PHONE);
  return page;
}

async function expectCardList(page: Page, path: string, name: string, firstCard: string | RegExp) {
  await page.goto(`${quipu.server.url}${path}`);
  await page.getByRole('list', { name }).getByText(firstCard).first().waitFor();
  expect(await page.getByRole('table').count(), `${path} sin tabla`).toBe(0);
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity);
  expect(scrollWidth, `${path} no se desplaza de lado`).toBeLessThanOrEqual(390);
}

describe('Listas a 390 px', () => {
  it('usuarios, empresas y auditoría son tarjetas, sin desplazamiento lateral', async () => {
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
  });
});

describe('La consola al angostar la ventana', () => {
  it('pasar de 1280 a 390 px con la sesión abierta deja la página a la vista de los lectores de pantalla y desplazable, y el menú se abre con su botón', async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).signInAndWait('compania@quipu.test');
    // '/' is the dashboard: the bot list is one click away.
    await page.goto(`${quipu.server.url}/bot`);
    await page.getByRole('navigation', { name: 'Menú principal' }).waitFor();
    await page.setViewportSize(PHONE);
    // The bot list turns into cards: the narrow layout is drawn (found by CSS, hidden or not).
    await page.locator('ul[aria-label="Bots"]').waitFor();
    await settle(page);
    expect(await page.locator('#root').getAttribute('aria-hidden'), 'la consola no queda oculta').toBeNull();
    await page.mouse.move(200, 500);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'la página se desplaza' }).toBeGreaterThan(0);
    // Back at the top, where the bar that hides while scrolling down shows again.
    await page.mouse.wheel(0, -600);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await new LayoutPage(page).sidebar().getByRole('menuitem', { name: 'Usuarios' }).waitFor();
  });
});

const sweep = screenSweep(quipu, PHONE);

describe('Cada pantalla a 390 px, por cuenta de demostración', () => {
  for (const { usuario, subject } of ACCOUNTS) {
    it(`${usuario}: ninguna ruta, pestaña ni diálogo tiene errores de consola, botones sin etiqueta visible, diálogos más anchos que la pantalla, fallos de axe, desplazamiento lateral, algo fuera de la pantalla ni controles tapados`, async () => {
      expect(await sweep.account(usuario, subject)).toEqual([]);
    }, 300_000);
  }

  it('las cuentas abrieron cada diálogo de la lista', () => {
    expect(sweep.untaken()).toEqual([]);
  });
});
