// The administration screens in a real browser against the real server: users, companies, mail
// settings, 'Mi empresa' and audit, each checked with axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type LocalSmtp } from '../fixtures/smtp';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { watchConsole } from './support/screenProblems';
import { setupQuipu } from './support/quipu';

const quipu = setupQuipu();

async function signedIn(usuario: string) {
  const page = await quipu.newPage();
  await new LoginPage(page, quipu.server.url).signInAndWait(usuario);
  return page;
}

describe('Administración', () => {
  it('la compañía crea un usuario, lo encuentra filtrando y lo borra tras confirmar', async () => {
    const page = await signedIn('compania@quipu.test');
    await page.goto(`${quipu.server.url}/usuarios`);
    await page.getByRole('columnheader', { name: 'Creado por' }).waitFor();
    expect(await page.getByRole('row').count()).toBe(6);
    await expectAccessible(page, '/usuarios');

    await page.getByRole('link', { name: 'Nuevo Usuario' }).click();
    await page.getByText('DATOS GENERALES').waitFor();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Ingrese un nombre').waitFor();
    await expectAccessible(page, '/usuario/new');
    await page.getByRole('textbox', { name: 'Correo' }).fill('rosa.huaman@quipu.test');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Rosa');
    await page.getByRole('textbox', { name: 'Apellido' }).fill('Huamán');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado con éxito').waitFor();
    await page.waitForURL(/\/usuarios$/);

    await page.getByRole('textbox', { name: 'Correo' }).fill('rosa.huaman');
    await page.getByRole('cell', { name: 'rosa.huaman@quipu.test' }).click();
    await page.getByText('DATOS GENERALES').waitFor();
    await page.getByRole('textbox', { name: 'Apellido' }).fill('Huamán Quispe');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/usuarios$/);
    await page.getByRole('textbox', { name: 'Correo' }).fill('rosa.huaman');
    await page.getByRole('cell', { name: 'Huamán Quispe' }).waitFor();
    await page.getByRole('cell', { name: 'rosa.huaman@quipu.test' }).click();
    await page.getByText('DATOS GENERALES').waitFor();
    expect(await page.getByRole('textbox', { name: 'Apellido' }).inputValue()).toBe('Huamán Quispe');
    await expectAccessible(page, '/usuario/{id}');
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Borrar Usuario' });
    await dialog.getByText('Seguro desea borrar este usuario ?').waitFor();
    await expectAccessible(page, 'confirmación de borrado');
    await dialog.getByRole('button', { name: 'Si' }).click();
    await page.getByText('Eliminado con exito').waitFor();
  });

  it('el administrador abre las empresas, una empresa, el correo y la auditoría', async () => {
    const page = await signedIn('admin@quipu.test');
    await page.goto(`${quipu.server.url}/empresas`);
    await page.getByRole('cell', { name: 'Demo Internacional' }).waitFor();
    await expectAccessible(page, '/empresas');
    await page.getByRole('cell', { name: 'Demo Internacional' }).click();
    await page.getByRole('textbox', { name: 'Fecha de creación' }).waitFor();
    await expectAccessible(page, '/empresa/{id}');

    await page.goto(`${quipu.server.url}/cfg`);
    await page.getByRole('button', { name: 'Enviar prueba' }).waitFor();
    await expectAccessible(page, '/cfg');

    await page.goto(`${quipu.server.url}/auditoria`);
    await page.getByRole('columnheader', { name: 'Detalle' }).waitFor();
    await page.getByRole('cell').first().waitFor();
    await expectAccessible(page, '/auditoria');
  });

  it("el supervisor ve 'Mi empresa' sin fechas", async () => {
    const page = await signedIn('supervisor@quipu.test');
    await page.goto(`${quipu.server.url}/cuenta`);
    await page.getByText('Demo Internacional').first().waitFor();
    expect(await page.getByText('Fecha de creación').count()).toBe(0);
    await expectAccessible(page, '/cuenta');
  });

  it('el administrador de usuarios no puede asignar el rol Administrador ni cambiar su propio rol', async () => {
    const page = await signedIn('usuarios@quipu.test');
    await page.goto(`${quipu.server.url}/usuario/new`);
    await page.getByRole('combobox', { name: 'Rol' }).click();
    const roles = (await page.getByRole('option').allInnerTexts()).map((t) => t.trim());
    expect(roles).toContain('Usuario');
    expect(roles).toContain('Administrador Usuarios');
    expect(roles).not.toContain('Administrador');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('combobox', { name: 'Empresa' }).count()).toBe(0);

    await page.goto(`${quipu.server.url}/usuarios`);
    await page.getByRole('textbox', { name: 'Correo' }).fill('usuarios@quipu.test');
    await page.getByRole('row').filter({ hasText: 'Villanueva Torres' }).click();
    await page.getByText('DATOS GENERALES').waitFor();
    expect(await page.getByRole('combobox', { name: 'Rol' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Rol' }).inputValue()).toBe('Administrador Usuarios');
    expect(await page.getByRole('textbox', { name: 'Rol' }).getAttribute('readonly')).not.toBeNull();
  });

  it('el administrador crea una empresa y la modifica', async () => {
    const page = await signedIn('admin@quipu.test');
    await page.goto(`${quipu.server.url}/empresa/new`);
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Transportes Andinos');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Campo requerido').first().waitFor();
    await page.getByRole('textbox', { name: 'RUC' }).fill('20987654321');
    for (const n of [1, 2, 3, 4]) await page.getByRole('textbox', { name: `Token ${n}` }).fill(`TOKEN-${n}`);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado con éxito').waitFor();
    await page.waitForURL(/\/empresas$/);
    await page.getByRole('cell', { name: 'Transportes Andinos' }).click();
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('+51 1 555 0000');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/empresas$/);
    await page.getByRole('cell', { name: 'Transportes Andinos' }).click();
    await page.getByRole('textbox', { name: 'Teléfono' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Teléfono' }).inputValue()).toBe('+51 1 555 0000');
  });
});

describe('Configuración de correo', () => {
  let smtp: LocalSmtp;
  beforeAll(async () => {
    smtp = await startSmtp('quipu', 'clave-smtp-1');
  });
  afterAll(() => smtp?.close());

  it('guarda el servidor de correo y envía un correo de prueba que llega al servidor SMTP local', async () => {
    const page = await signedIn('admin@quipu.test');
    await page.goto(`${quipu.server.url}/cfg`);
    await page.getByRole('textbox', { name: 'Servidor (host)' }).fill('127.0.0.1');
    await page.getByRole('spinbutton', { name: 'Puerto' }).fill(String(smtp.port));
    await page.getByRole('textbox', { name: 'Usuario' }).fill('quipu');
    await page.getByLabel('Contraseña').first().fill('clave-smtp-1');
    await page.getByRole('textbox', { name: 'Correo remitente' }).fill('notificaciones@quipu.test');
    await page.getByRole('combobox', { name: 'Proveedor' }).click();
    await page.getByRole('option', { name: 'SMTP' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado con éxito').waitFor();

    await page.getByRole('textbox', { name: 'Enviar a' }).fill('destino@quipu.test');
    await page.getByRole('button', { name: 'Enviar prueba' }).click();
    await page.getByText('Correo de prueba enviado a destino@quipu.test').waitFor();
    expect(smtp.received.map((m) => m.to)).toContainEqual(['destino@quipu.test']);
    expect(smtp.received.at(-1)?.raw).toMatch(/^Subject: Correo de prueba de Quipu$/m);

    await page.reload();
    await page.getByText('Hay una contraseña guardada; déjela vacía para conservarla').waitFor();
    expect(await page.getByRole('textbox', { name: 'Servidor (host)' }).inputValue()).toBe('127.0.0.1');
  });
});

describe('Auditoría', () => {
  it('pagina, filtra y ordena, y muestra los eventos que dejó la sesión de administración', async () => {
    const page = await signedIn('compania@quipu.test');
    await page.goto(`${quipu.server.url}/auditoria`);
    await page.getByRole('columnheader', { name: 'Detalle' }).waitFor();
    await page.getByRole('cell', { name: /Usuario creado: rosa\.huaman@quipu\.test/ }).waitFor();
    expect(await page.getByRole('row').count()).toBe(11);

    await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
    await page.getByRole('cell', { name: '11', exact: true }).waitFor();

    await page.getByRole('textbox', { name: 'Detalle' }).fill('rosa.huaman');
    await page.getByRole('cell', { name: /Usuario eliminado: rosa\.huaman@quipu\.test/ }).waitFor();
    const events = await page.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(new Set(events)).toEqual(new Set(['Usuarios']));

    await page.getByRole('textbox', { name: 'Detalle' }).fill('');
    const sortedSearch = page.waitForRequest((r) => r.url().endsWith('/api/auditoria/search') && /"sorted":\[\{"id":"us"/.test(r.postData() ?? ''));
    await page.getByRole('columnheader', { name: 'Usuario' }).getByText('Usuario').click();
    await sortedSearch;
    await expect
      .poll(async () => {
        const users = await page.locator('tbody tr td:nth-child(2)').allInnerTexts();
        return users.length === 10 && users.every((u, i) => i === 0 || users[i - 1].localeCompare(u) <= 0);
      })
      .toBe(true);
  });
  it("el administrador elige 'Demo Internacional' y ve sus bots en el Dashboard, su historial y sus canales, sin errores en la consola", async () => {
    const page = await signedIn('admin@quipu.test');
    const errors = watchConsole(page, quipu.server.url);
    await page.goto(`${quipu.server.url}/dashboard`);
    await page.getByText('Seleccione una empresa para ver sus bots.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Bot' }).count()).toBe(0);
    await expectAccessible(page, 'el dashboard sin empresa elegida');
    await page.getByRole('combobox', { name: 'Empresa' }).click();
    await page.getByRole('option', { name: 'Demo Internacional' }).click();
    // The company's first deployed bot, with the demo history's numbers.
    await expect.poll(() => page.getByRole('combobox', { name: 'Bot' }).textContent()).toContain('Asistente Quipu');
    const total = page.getByRole('region', { name: 'Total', exact: true });
    await total.waitFor();
    const sessions = await total.locator('dt', { hasText: 'Sesiones' }).locator('xpath=following-sibling::dd[1]').textContent();
    expect(Number((sessions ?? '').replace(/\D/g, ''))).toBeGreaterThan(0);
    await expectAccessible(page, 'el dashboard de la empresa elegida');

    // The choice holds on the other screens that work on one company.
    await page.goto(`${quipu.server.url}/historial`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Empresa' }).textContent()).toContain('Demo Internacional');
    await page.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: 'Asistente Quipu' }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${quipu.server.url}/canal`);
    await page.getByRole('link', { name: /^Chat del sitio / }).waitFor();
    await expectAccessible(page, 'los canales de la empresa elegida');
    expect(errors.take()).toEqual([]);
  });
});
