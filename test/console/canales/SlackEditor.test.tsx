// The Slack editor: 'Agregar Slack' goes to {API_BASE}/loginSlack?ch={id};
// ?status says 'Vinculado con éxito' or 'Error {status}'; the collapsible configuration with App
// Id, App Secret and Signing Secret hidden and write-only, and the redirect and events addresses
// to copy; activation and delete ask first, and a delete goes back to /canal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOTS, canal, compania, record, renderAdmin } from './support';

const slack = (extra = {}) => canal('c3', { name: 'Slack', red: 7, dsc: 'Slack soporte', cfg: { appId: 'A0123', teamName: 'Quipu Demo' }, secretos: { appSecret: true }, ...extra });
const api = () => `${window.location.origin}/api`;

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

async function openSlack(path = '/canal/slack/c3', extra = {}) {
  record('get', '/ch', () => slack(extra));
  record('get', '/bots', () => BOTS);
  renderAdmin(path, compania);
  await screen.findByDisplayValue('Slack soporte');
}

async function openConfig() {
  await userEvent.click(screen.getByRole('button', { name: 'Configuración de la aplicación de Slack' }));
}

describe('Editor de Slack', () => {
  it("'Agregar Slack' lleva a {API_BASE}/loginSlack?ch={id} y dice qué espacio de trabajo está vinculado", async () => {
    await openSlack();
    expect(screen.getByRole('link', { name: 'Agregar Slack' })).toHaveAttribute('href', `${api()}/loginSlack?ch=c3`);
    expect(screen.getByText('Espacio de trabajo vinculado: Quipu Demo')).toBeInTheDocument();
  });

  it("un canal nuevo dice 'Guarde para iniciar sesión' en lugar de 'Agregar Slack'", async () => {
    renderAdmin('/canal/slack/new', compania);
    expect(await screen.findByRole('heading', { name: 'Nuevo canal Slack', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('Guarde para iniciar sesión').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Agregar Slack' })).not.toBeInTheDocument();
  });

  it("?status=ok dice 'Vinculado con éxito' y se quita de la dirección", async () => {
    await openSlack('/canal/slack/c3?status=ok');
    expect(await screen.findByText('Vinculado con éxito')).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/canal/slack/c3');
  });

  it("cualquier otro ?status dice 'Error {status}'", async () => {
    await openSlack('/canal/slack/c3?status=access_denied');
    expect(await screen.findByText('Error access_denied')).toBeInTheDocument();
  });

  it('la configuración se despliega con App Id, App Secret y Signing Secret ocultos; un secreto guardado no se muestra', async () => {
    await openSlack();
    const summary = screen.getByRole('button', { name: 'Configuración de la aplicación de Slack' });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    await openConfig();
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    const appId = screen.getByLabelText('App Id');
    expect(appId).toHaveAttribute('type', 'password');
    expect(appId).toHaveValue('A0123');
    const appSecret = screen.getByLabelText('App Secret');
    expect(appSecret).toHaveAttribute('type', 'password');
    expect(appSecret).toHaveValue('');
    expect(appSecret).toHaveAccessibleDescription('Hay un valor guardado; déjelo vacío para conservarlo');
    const signing = screen.getByLabelText('Signing Secret');
    expect(signing).toHaveValue('');
    expect(signing).not.toHaveAccessibleDescription('Hay un valor guardado; déjelo vacío para conservarlo');
    // The show toggle reveals what is typed.
    await userEvent.type(signing, 'firma-secreta');
    const toggles = screen.getAllByRole('button', { name: 'Mostrar contraseña' });
    await userEvent.click(toggles[toggles.length - 1]);
    expect(screen.getByLabelText('Signing Secret')).toHaveAttribute('type', 'text');
  });

  it('guardar envía solo el secreto escrito; el guardado queda como está', async () => {
    await openSlack();
    const saves = record('post', '/ch/web', () => slack({ secretos: { appSecret: true, signingSecret: true }, rev: 2 }));
    await openConfig();
    await userEvent.type(screen.getByLabelText('Signing Secret'), 'firma-secreta');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ id: 'c3', name: 'Slack', rev: 1, cfg: { appId: 'A0123' }, secretos: { signingSecret: 'firma-secreta' } });
    expect((saves[0].body as { secretos: object }).secretos).not.toHaveProperty('appSecret');
    // After the save the secret inputs are empty again and both say a value is stored.
    await openConfig();
    await waitFor(() => expect(screen.getByLabelText('Signing Secret')).toHaveValue(''));
    expect(screen.getByLabelText('Signing Secret')).toHaveAccessibleDescription('Hay un valor guardado; déjelo vacío para conservarlo');
  });

  it('las direcciones de redirección y de eventos se copian', async () => {
    await openSlack();
    await openConfig();
    expect(screen.getByRole('textbox', { name: 'Dirección de redirección (OAuth)' })).toHaveValue(`${api()}/callback-slack`);
    expect(screen.getByRole('textbox', { name: 'Dirección de eventos (webhook)' })).toHaveValue(`${api()}/wh/slack/c3`);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Dirección de redirección (OAuth)' }));
    expect(writeText).toHaveBeenLastCalledWith(`${api()}/callback-slack`);
    expect(await screen.findByText('Copiado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Dirección de eventos (webhook)' }));
    expect(writeText).toHaveBeenLastCalledWith(`${api()}/wh/slack/c3`);
  });

  it('desactivar y activar piden confirmación', async () => {
    await openSlack();
    const actives = record('post', '/ch/active', ({ url }) => slack({ activo: url.searchParams.get('active') === 'true', rev: 2 }));
    await userEvent.click(screen.getByRole('button', { name: 'Desactivar Canal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar Canal' });
    expect(dialog).toHaveTextContent('¿Está seguro en desactivar el canal?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actives).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Desactivar Canal' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Desactivado con éxito')).toBeInTheDocument();
    expect(actives[0].url.search).toBe('?id=c3&active=false');

    await userEvent.click(await screen.findByRole('button', { name: 'Activar Canal' }));
    const again = await screen.findByRole('dialog', { name: 'Activar Canal' });
    expect(again).toHaveTextContent('¿Seguro desea activar este canal?');
    await userEvent.click(within(again).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Activado con éxito')).toBeInTheDocument();
    expect(actives[1].url.search).toBe('?id=c3&active=true');
  });

  it('eliminar pide confirmación y vuelve a /canal', async () => {
    await openSlack();
    const deletes = record('delete', '/ch', () => ({ message: 'Eliminado con exito' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Canal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Canal' });
    expect(dialog).toHaveTextContent('Seguro desea borrar este canal ?');
    record('get', '/ch', () => []);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Eliminado con exito')).toBeInTheDocument();
    expect(deletes[0].url.pathname).toBe('/api/ch');
    expect(deletes[0].url.search).toBe('?id=c3');
    await waitFor(() => expect(window.location.pathname).toBe('/canal'));
  });
});
