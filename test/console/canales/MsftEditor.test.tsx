// The Teams editor: 'Iniciar sesión' and 'Autorizar archivos' go to {API_BASE}/loginMicrosoft?ch={id}
// (type=files for the files) once saved, 'Guarde para iniciar sesión' before; the tenant (idR) and the
// authorised e-mail the sign-ins set; ?status=ok and ?error said once; the collapsible configuration
// with the app's id and password write-only and the endpoint and redirect addresses to copy.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOTS, canal, compania, record, renderAdmin, sinCanales } from './support';

const teams = (extra = {}) => canal('c5', { name: 'Microsoft', red: 6, dsc: 'Teams interno', ...extra });
const api = () => `${window.location.origin}/api`;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

async function openTeams(path = '/canal/msft/c5', extra = {}, session = compania) {
  record('get', '/ch', () => teams(extra));
  record('get', '/bots', () => BOTS);
  renderAdmin(path, session);
  await screen.findByDisplayValue('Teams interno');
}

async function openConfig() {
  await userEvent.click(screen.getByRole('button', { name: 'Configuración del bot de Microsoft Teams' }));
}

describe('Editor de Microsoft Teams', () => {
  it("un canal nuevo dice 'Guarde para iniciar sesión' y no ofrece iniciar sesión ni autorizar archivos", async () => {
    renderAdmin('/canal/msft/new', compania);
    expect(await screen.findByRole('heading', { name: 'Nuevo canal Microsoft Teams', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Guarde para iniciar sesión')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Autorizar archivos' })).not.toBeInTheDocument();
  });

  it("guardado y sin iniciar sesión: 'Iniciar sesión' y 'Autorizar archivos' van a /loginMicrosoft?ch={id}, y dice que nadie inició sesión", async () => {
    await openTeams();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', `${api()}/loginMicrosoft?ch=c5`);
    const files = screen.getByRole('link', { name: 'Autorizar archivos' });
    expect(files).toHaveAttribute('href', `${api()}/loginMicrosoft?ch=c5&type=files`);
    expect(files).toHaveAccessibleDescription('Permite que el bot lea los archivos que las personas le envían desde OneDrive y SharePoint.');
    expect(screen.getByText('Sin iniciar sesión: todavía nadie inició sesión con Microsoft para este canal.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Id del tenant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Correo autorizado' })).not.toBeInTheDocument();
    expect(screen.queryByText('Guarde para iniciar sesión')).not.toBeInTheDocument();
  });

  it('con sesión iniciada muestra el tenant (idR) y el correo autorizado, solo para leer', async () => {
    await openTeams('/canal/msft/c5', { idR: '72f988bf-86f1-41af-91ab-2d7cd011db47', email: 'ti@banco.test' });
    const tenant = screen.getByRole('textbox', { name: 'Id del tenant' });
    expect(tenant).toHaveValue('72f988bf-86f1-41af-91ab-2d7cd011db47');
    expect(tenant).toHaveAttribute('readonly');
    const email = screen.getByRole('textbox', { name: 'Correo autorizado' });
    expect(email).toHaveValue('ti@banco.test');
    expect(email).toHaveAttribute('readonly');
    expect(screen.queryByText(/^Sin iniciar sesión/)).not.toBeInTheDocument();
  });

  it("?status=ok dice 'Vinculado con éxito' y se quita de la dirección", async () => {
    await openTeams('/canal/msft/c5?status=ok');
    expect((await screen.findByText('Vinculado con éxito')).closest('.RaNotification-success')).not.toBeNull();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/canal/msft/c5');
  });

  it('?error (base64 de UTF-8) se muestra decodificado como aviso de error y se quita de la dirección', async () => {
    const reason = 'La cuenta pertenece a otra compañía; inicie sesión con la de su organización';
    await openTeams(`/canal/msft/c5?error=${encodeURIComponent(b64(reason))}`);
    expect((await screen.findByText(reason)).closest('.RaNotification-error')).not.toBeNull();
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('la configuración se despliega con el id y la contraseña de la aplicación ocultos; un secreto guardado no se muestra', async () => {
    await openTeams('/canal/msft/c5', { secretos: { msAppId: true } });
    const summary = screen.getByRole('button', { name: 'Configuración del bot de Microsoft Teams' });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    await openConfig();
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    const appId = screen.getByLabelText('Id de la aplicación (Bot Framework)');
    expect(appId).toHaveAttribute('type', 'password');
    expect(appId).toHaveValue('');
    expect(appId).toHaveAccessibleDescription('Hay un valor guardado; déjelo vacío para conservarlo');
    const password = screen.getByLabelText('Contraseña de la aplicación');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).not.toHaveAccessibleDescription('Hay un valor guardado; déjelo vacío para conservarlo');
  });

  it('guardar envía solo los secretos escritos', async () => {
    await openTeams('/canal/msft/c5', { secretos: { msAppId: true } });
    const saves = record('post', '/ch/web', () => teams({ secretos: { msAppId: true, msAppPassword: true }, rev: 2 }));
    await openConfig();
    await userEvent.type(screen.getByLabelText('Contraseña de la aplicación'), 'clave~de.la_app');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ id: 'c5', name: 'Microsoft', rev: 1, secretos: { msAppPassword: 'clave~de.la_app' } });
    expect((saves[0].body as { secretos: object }).secretos).not.toHaveProperty('msAppId');
    await openConfig();
    await waitFor(() => expect(screen.getByLabelText('Contraseña de la aplicación')).toHaveValue(''));
    expect(screen.getByLabelText('Contraseña de la aplicación')).toHaveAccessibleDescription('Hay un valor guardado; déjelo vacío para conservarlo');
  });

  it('el punto de conexión de mensajería y la dirección de redirección se copian', async () => {
    await openTeams();
    await openConfig();
    expect(screen.getByRole('textbox', { name: 'Punto de conexión de mensajería (Azure Bot)' })).toHaveValue(`${api()}/wh/teams/c5`);
    expect(screen.getByRole('textbox', { name: 'Dirección de redirección' })).toHaveValue(`${api()}/callback-microsoft`);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Punto de conexión de mensajería (Azure Bot)' }));
    expect(writeText).toHaveBeenLastCalledWith(`${api()}/wh/teams/c5`);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Dirección de redirección' }));
    expect(writeText).toHaveBeenLastCalledWith(`${api()}/callback-microsoft`);
  });

  it('un canal nuevo no tiene punto de conexión todavía; la dirección de redirección sí', async () => {
    renderAdmin('/canal/msft/new', compania);
    await userEvent.click(await screen.findByRole('button', { name: 'Configuración del bot de Microsoft Teams' }));
    expect(screen.queryByRole('textbox', { name: 'Punto de conexión de mensajería (Azure Bot)' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Dirección de redirección' })).toHaveValue(`${api()}/callback-microsoft`);
  });

  it('un usuario sin acceso a canales ve el tenant y el correo sin los enlaces de inicio de sesión', async () => {
    await openTeams('/canal/msft/c5', { idR: 'tenant-9', email: 'ti@banco.test' }, sinCanales);
    expect(screen.getByRole('textbox', { name: 'Id del tenant' })).toHaveValue('tenant-9');
    expect(screen.getByRole('textbox', { name: 'Correo autorizado' })).toHaveValue('ti@banco.test');
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Autorizar archivos' })).not.toBeInTheDocument();
  });
});
