// Sign-in, the sidebar each role sees, route checks, logout and about, in a real browser.
import { describe, expect, it } from 'vitest';
import { LayoutPage } from './pages/LayoutPage';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { watchCsp } from './support/csp';
import { setupQuipu } from './support/quipu';

const quipu = setupQuipu();

// Written out from the sidebar visibility rules, not recomputed from the console's rules; a link
// whose screen is not built yet reads 'Próximamente' after its label.
const SIDEBAR: Record<string, string[]> = {
  'admin@quipu.test': ['Dashboard', 'Empresas', 'Email', 'Skills QnA', 'Usuarios', 'Canales', 'Historial', 'Auditoría', 'Acerca de'],
  'compania@quipu.test': ['Dashboard', 'Usuarios', 'Canales', 'Bots', 'Historial', 'Auditoría', 'Acerca de'],
  'usuarios@quipu.test': ['Dashboard', 'Usuarios', 'Acerca de'],
  'usuario@quipu.test': ['Dashboard', 'Canales', 'Bots', 'Historial', 'Acerca de'],
  'dashboard@quipu.test': ['Dashboard', 'Acerca de'],
  'historial@quipu.test': ['Dashboard', 'Historial', 'Acerca de'],
  'supervisor@quipu.test': ['Dashboard', 'Acerca de'],
  'otra@quipu.test': ['Dashboard', 'Usuarios', 'Canales', 'Bots', 'Historial', 'Auditoría', 'Acerca de'],
};

describe('Ingreso y menú lateral', () => {
  for (const [usuario, links] of Object.entries(SIDEBAR)) {
    it(`${usuario} ve exactamente ${links.join(', ')}`, async () => {
      const page = await quipu.newPage();
      await new LoginPage(page, quipu.server.url).signInAndWait(usuario);
      expect(await new LayoutPage(page).sidebarLinks()).toEqual(links);
      await expectAccessible(page, `inicio de ${usuario}`);
    });
  }

  it('el ingreso y las pantallas de administración no infringen la política de contenido (CSP)', async () => {
    const page = await quipu.newPage();
    const violations = watchCsp(page);
    const response = await page.goto(`${quipu.server.url}/login`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await new LoginPage(page, quipu.server.url).signInAndWait('admin@quipu.test');
    for (const screen of ['usuarios', 'empresas', 'auditoria']) {
      await page.goto(`${quipu.server.url}/${screen}`);
      await page.getByRole('navigation', { name: 'Menú principal' }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });

  it('la página de ingreso no tiene violaciones graves de accesibilidad', async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).open();
    await expect(page.getByRole('link', { name: '¿Olvidó su contraseña?' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page, '/login');
  });

  it('una contraseña equivocada muestra el mensaje del servidor', async () => {
    const page = await quipu.newPage();
    const login = new LoginPage(page, quipu.server.url);
    await login.open();
    await login.signIn('compania@quipu.test', 'equivocada1');
    await page.getByText('Usuario o contraseña incorrectos').waitFor();
  });

  it('el parámetro error en base64 se muestra como aviso', async () => {
    const page = await quipu.newPage();
    const text = 'No se pudo iniciar sesión con Microsoft';
    await new LoginPage(page, quipu.server.url).open(`?error=${encodeURIComponent(Buffer.from(text).toString('base64'))}`);
    await page.getByText(text).waitFor();
  });

  it('un visitante sin sesión en /usuarios ve la página de ingreso', async () => {
    const page = await quipu.newPage();
    await page.goto(`${quipu.server.url}/usuarios`);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
  });

  it('una ruta sin permiso muestra la página sin acceso, no una pantalla en blanco', async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).signInAndWait('dashboard@quipu.test');
    await page.goto(`${quipu.server.url}/empresas`);
    await page.getByRole('heading', { name: 'Sin acceso', level: 1 }).waitFor();
    await expectAccessible(page, '/empresas sin acceso');
  });

  it('el menú de usuario ofrece Mi empresa solo al supervisor', async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).signInAndWait('supervisor@quipu.test');
    const layout = new LayoutPage(page);
    await layout.openUserMenu();
    await page.getByRole('menuitem', { name: 'Mi empresa' }).waitFor();
    await page.keyboard.press('Escape');

    const other = await quipu.newPage();
    await new LoginPage(other, quipu.server.url).signInAndWait('compania@quipu.test');
    await new LayoutPage(other).openUserMenu();
    await other.getByRole('menuitem', { name: 'Cambiar contraseña' }).waitFor();
    expect(await other.getByRole('menuitem', { name: 'Mi empresa' }).count()).toBe(0);
  });

  it('la barra superior muestra nombre y apellido', async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).signInAndWait('compania@quipu.test');
    await page.getByRole('banner').getByText('Lucía Fernández Rojas').waitFor();
  });

  it('Salir vuelve a la página de ingreso y la sesión queda cerrada', async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).signInAndWait('compania@quipu.test');
    await new LayoutPage(page).logout();
    await page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
    await page.goto(`${quipu.server.url}/auditoria`);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
  });

  it('Acerca de muestra el commit y los derechos reservados', async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).signInAndWait('usuario@quipu.test');
    await page.goto(`${quipu.server.url}/about`);
    // The year of the build, the same as the footer's copyright.
    const derechos = page.getByText(/^Derechos reservados - \d{4}$/);
    await derechos.waitFor();
    const year = (await derechos.textContent())?.slice(-4);
    // The footer sits inside the page's main region, where a <footer> has no landmark role.
    await page.locator('footer').getByText(`© ${year}`, { exact: false }).waitFor();
    const about = await (await fetch(`${quipu.server.url}/api/public/about`)).json();
    await page.getByText(about.commitId).waitFor();
    await expectAccessible(page, '/about');
  });

  it('en pantalla angosta (menos de 993 px) el menú lateral se abre con un botón', async () => {
    const page = await quipu.newPage({ width: 900 });
    const login = new LoginPage(page, quipu.server.url);
    await login.open();
    await login.signIn('compania@quipu.test');
    await page.getByRole('banner').getByText('Lucía Fernández Rojas').waitFor();
    const layout = new LayoutPage(page);
    expect(await layout.sidebar().getByRole('menuitem', { name: 'Usuarios' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await layout.sidebar().getByRole('menuitem', { name: 'Usuarios' }).waitFor();
    await expectAccessible(page, 'inicio en pantalla angosta');
  });
});
