// The Google Chat editor: 'Iniciar sesión' goes to {API_BASE}/loginGoogle?ch={id} once saved,
// 'Guarde para iniciar sesión' before; the Workspace domain (idR) the sign-in set; ?status=ok and
// ?error said once; the collapsible configuration with the Cloud project number (digits only), the
// service account's JSON key write-only, and the events and redirect addresses to copy.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOTS, canal, compania, record, renderAdmin } from './support';

const google = (extra = {}) => canal('c6', { name: 'Google', red: 9, dsc: 'Chat de soporte', ...extra });
const api = () => `${window.location.origin}/api`;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const KEY = '{\n  "type": "service_account",\n  "client_email": "bot@proyecto.iam.gserviceaccount.com"\n}';

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

async function openGoogle(path = '/canal/google/c6', extra = {}) {
  record('get', '/ch', () => google(extra));
  record('get', '/bots', () => BOTS);
  renderAdmin(path, compania);
  await screen.findByDisplayValue('Chat de soporte');
}

async function openConfig() {
  await userEvent.click(screen.getByRole('button', { name: 'Configuración de la aplicación de Google Chat' }));
}

describe('Editor de Google', () => {
  it("antes de guardar dice 'Guarde para iniciar sesión'; después, 'Iniciar sesión' va a /loginGoogle?ch={id} y se ve el dominio", async () => {
    record('post', '/ch/web', ({ body }) => canal('c6', { ...(body as object), name: 'Google', red: 9, idR: 'banco.com.pe' }));
    record('get', '/bots', () => BOTS);
    renderAdmin('/canal/google/new', compania);
    expect(await screen.findByText('Guarde para iniciar sesión')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre del canal' }), 'Google chat');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', `${api()}/loginGoogle?ch=c6`);
    const domain = screen.getByRole('textbox', { name: 'Dominio de Google Workspace' });
    expect(domain).toHaveValue('banco.com.pe');
    expect(domain).toHaveAttribute('readonly');
    await waitFor(() => expect(window.location.pathname).toBe('/canal/google/c6'));
  });

  it('guardado y sin iniciar sesión dice que nadie inició sesión con Google', async () => {
    await openGoogle();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', `${api()}/loginGoogle?ch=c6`);
    expect(screen.getByText('Sin iniciar sesión: todavía nadie inició sesión con Google para este canal.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Dominio de Google Workspace' })).not.toBeInTheDocument();
    // Only Teams authorises files.
    expect(screen.queryByRole('link', { name: 'Autorizar archivos' })).not.toBeInTheDocument();
  });

  it("?status=ok dice 'Vinculado con éxito' y se quita de la dirección", async () => {
    await openGoogle('/canal/google/c6?status=ok');
    expect((await screen.findByText('Vinculado con éxito')).closest('.RaNotification-success')).not.toBeNull();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/canal/google/c6');
  });

  it('?error (base64 de UTF-8) se muestra decodificado como aviso de error', async () => {
    const reason = 'El dominio de la cuenta no coincide con el del canal: inicie sesión de nuevo';
    await openGoogle(`/canal/google/c6?error=${encodeURIComponent(b64(reason))}`);
    expect((await screen.findByText(reason)).closest('.RaNotification-error')).not.toBeNull();
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it("el número de proyecto admite solo dígitos ('El número de proyecto de Google Cloud son solo dígitos')", async () => {
    await openGoogle();
    const saves = record('post', '/ch/web', ({ body }) => google({ ...(body as object), rev: 2 }));
    await openConfig();
    const number = screen.getByRole('textbox', { name: 'Número de proyecto de Google Cloud' });
    await userEvent.type(number, '12a4');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El número de proyecto de Google Cloud son solo dígitos')).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription('El número de proyecto de Google Cloud son solo dígitos');
    expect(saves).toHaveLength(0);
    await userEvent.clear(number);
    await userEvent.type(number, '123456789012');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ id: 'c6', name: 'Google', cfg: { projectNumber: '123456789012' } });
    expect(saves[0].body).not.toHaveProperty('secretos');
  });

  it('la clave JSON de la cuenta de servicio se escribe en varias líneas, se envía solo al escribirla y nunca se muestra', async () => {
    await openGoogle('/canal/google/c6', { cfg: { projectNumber: '42' }, secretos: { googleServiceAccount: true } });
    const saves = record('post', '/ch/web', () => google({ cfg: { projectNumber: '42' }, secretos: { googleServiceAccount: true }, rev: 2 }));
    await openConfig();
    const key = screen.getByRole('textbox', { name: 'Clave JSON de la cuenta de servicio' });
    expect(key.tagName).toBe('TEXTAREA');
    expect(key).toHaveValue('');
    expect(key).toHaveAccessibleDescription('Hay un valor guardado; déjelo vacío para conservarlo');
    // Untouched, the stored key stays as it is.
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).not.toHaveProperty('secretos');
    await openConfig();
    const again = screen.getByRole('textbox', { name: 'Clave JSON de la cuenta de servicio' });
    await userEvent.click(again);
    await userEvent.paste(KEY);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1].body).toMatchObject({ cfg: { projectNumber: '42' }, secretos: { googleServiceAccount: KEY } });
  });

  it('la dirección de eventos y la de redirección se copian', async () => {
    await openGoogle();
    await openConfig();
    expect(screen.getByRole('textbox', { name: 'Dirección de eventos (Google Chat)' })).toHaveValue(`${api()}/wh/google/c6`);
    expect(screen.getByRole('textbox', { name: 'Dirección de redirección' })).toHaveValue(`${api()}/callback-google`);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Dirección de eventos (Google Chat)' }));
    expect(writeText).toHaveBeenLastCalledWith(`${api()}/wh/google/c6`);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Dirección de redirección' }));
    expect(writeText).toHaveBeenLastCalledWith(`${api()}/callback-google`);
  });
});
