// Password journeys: expired credentials with the captcha, recovery by mail, change password.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LayoutPage } from './pages/LayoutPage';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { watchCsp } from './support/csp';
import { setupQuipu } from './support/quipu';

const quipu = setupQuipu();

async function renew(page: Page, current: string, next: string) {
  await page.getByText('Sus credenciales han expirado. Favor cambie su clave.').waitFor();
  await page.getByLabel('Contraseña actual').fill(current);
  await page.getByLabel('Nueva contraseña').fill(next);
  await page.getByLabel('Verificar contraseña').fill(next);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await page.getByText('Debe resolver el captcha').waitFor();
  // As a keyboard user would: focus the captcha's checkbox and press Space.
  await page.getByLabel('No soy un robot').focus();
  await page.keyboard.press('Space');
  await page.locator('altcha-widget [data-state="verified"]').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Enviar' }).click();
  await page.getByText('Contraseña actualizada con éxito').waitFor();
}

/** The newest .eml of the outbox, with its quoted-printable body decoded. */
function newestMail(dataDir: string): string {
  const outbox = path.join(dataDir, 'outbox');
  const files = fs.readdirSync(outbox).sort();
  const raw = fs.readFileSync(path.join(outbox, files[files.length - 1]), 'latin1');
  const joined = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(joined, 'latin1').toString('utf8');
}

describe('Renovación de credenciales expiradas', () => {
  it('expirado@quipu.test renueva su clave resolviendo el captcha y luego ingresa con la nueva', async () => {
    const page = await quipu.newPage();
    // The captcha runs a worker and WebAssembly: the policy must let it, and say nothing.
    const violations = watchCsp(page);
    const login = new LoginPage(page, quipu.server.url);
    await login.open();
    await login.signIn('expirado@quipu.test');
    await page.waitForURL(/\/renovar\//);
    await expectAccessible(page, '/renovar');
    await renew(page, 'Demo.2026', 'Nueva.Clave.2026');
    await page.waitForURL((url) => !url.pathname.startsWith('/renovar'), { timeout: 10_000 });
    await login.signInAndWait('expirado@quipu.test', 'Nueva.Clave.2026');
    expect(await new LayoutPage(page).sidebarLinks()).toContain('Dashboard');
    expect(violations).toEqual([]);
  });
});

describe('Recuperación de contraseña', () => {
  it('muestra el mensaje neutral, vuelve al inicio en 5 s y el correo trae una clave que lleva a renovar', async () => {
    const page = await quipu.newPage();
    await page.goto(`${quipu.server.url}/login`);
    await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
    await page.waitForURL(/\/recuperar$/);
    await expectAccessible(page, '/recuperar');
    await page.getByLabel('Correo electrónico').fill('historial@quipu.test');
    await page.getByRole('button', { name: 'Recuperar' }).click();
    await page.getByText('Si su dirección de correo electrónico existe, recibirá un mensaje con su nueva contraseña en unos minutos.').waitFor();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login', { timeout: 8_000 });

    const mail = newestMail(quipu.server.dataDir);
    expect(mail).toMatch(/^To: historial@quipu\.test$/m);
    const password = /Su nueva contraseña es: (\S+)/.exec(mail)?.[1];
    expect(password, mail).toBeTruthy();

    const login = new LoginPage(page, quipu.server.url);
    await login.open();
    await login.signIn('historial@quipu.test', password!);
    await page.waitForURL(/\/renovar\//);
    await renew(page, password!, 'Otra.Clave.2026');
  });

  it('para un correo que no existe muestra el mismo mensaje y no escribe ningún correo', async () => {
    const before = fs.existsSync(path.join(quipu.server.dataDir, 'outbox')) ? fs.readdirSync(path.join(quipu.server.dataDir, 'outbox')).length : 0;
    const page = await quipu.newPage();
    await page.goto(`${quipu.server.url}/recuperar`);
    await page.getByLabel('Correo electrónico').fill('nadie@quipu.test');
    await page.getByRole('button', { name: 'Recuperar' }).click();
    await page.getByText('Si su dirección de correo electrónico existe, recibirá un mensaje con su nueva contraseña en unos minutos.').waitFor();
    const after = fs.existsSync(path.join(quipu.server.dataDir, 'outbox')) ? fs.readdirSync(path.join(quipu.server.dataDir, 'outbox')).length : 0;
    expect(after).toBe(before);
  });
});

describe('Cambiar contraseña', () => {
  it('cambia la clave desde el menú de usuario y vuelve al inicio', async () => {
    const page = await quipu.newPage();
    const login = new LoginPage(page, quipu.server.url);
    await login.signInAndWait('dashboard@quipu.test');
    const layout = new LayoutPage(page);
    await layout.openUserMenu();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    await page.waitForURL(/\/cambiar$/);
    await expectAccessible(page, '/cambiar');
    await page.getByLabel('Contraseña actual').fill('Demo.2026');
    await page.getByLabel('Nueva contraseña').fill('Cambiada.Clave.Larga.2026');
    await page.getByLabel('Verificar contraseña').fill('Otra.Clave.Distinta.2026x');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Las contraseñas no coinciden').waitFor();
    const verify = page.getByLabel('Verificar contraseña');
    await verify.fill('Cambiada.Clave.Larga.2026');
    expect(await verify.inputValue()).toBe('Cambiada.Clave.Larga.2026');
    // The server's answer to this save, read as it arrives: a refusal fails here with its status and
    // text. It hashes twice with scrypt (the current password, then the new one): on a busy
    // two-core machine that alone can pass the default 15 s.
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/usuario/cambiar') && response.request().method() === 'POST', { timeout: 45_000 });
    await page.getByRole('button', { name: 'Guardar' }).click();
    const answer = await answered;
    expect(`${answer.status()} ${await answer.text()}`).toMatch(/^200 /);
    const notice = page.getByRole('alert').filter({ hasText: 'Contraseña actualizada con éxito' });
    await notice.waitFor({ timeout: 15_000 });
    // '/' is the dashboard, for ROLE_DASHBOARD too.
    await page.waitForURL((url) => url.pathname === '/dashboard');
    // The success notice stays 12 s; it must not cover the user menu meanwhile.
    await page.getByRole('button', { name: /\(perfil\)$/ }).click({ timeout: 2_000 });
    await page.keyboard.press('Escape');
    await layout.logout();
    await login.signInAndWait('dashboard@quipu.test', 'Cambiada.Clave.Larga.2026');
  });
});
