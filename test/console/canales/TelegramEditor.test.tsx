// The Telegram editor: five setup steps, the required token,
// 'Conectar' while inactive (a new channel is saved first as 'Telegram', then POST /loginTg),
// 'Guardar' and 'Desconectar' while active; 'Desconectar' asks '¿Está seguro en desactivar el
// canal?' with 'Cancelar' and 'Si, Desactivar', only when the company has Telegram enabled.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BOTS, canal, compania, companiaTg, record, renderAdmin, sinCanales, usuarioCanales } from './support';

const telegram = (extra = {}) => canal('c4', { name: 'Telegram', red: 2, dsc: 'Telegram', ...extra });
const connected = (extra = {}) => telegram({ activo: true, secretos: { token: true }, cfg: { username: 'QuipuDemoBot', webhook: true }, rev: 3, ...extra });

describe('Editor de Telegram', () => {
  it('muestra los cinco pasos, plegados, y el token obligatorio', async () => {
    const saves = record('post', '/ch/web', () => telegram());
    renderAdmin('/canal/tg/new', companiaTg);
    expect(await screen.findByRole('heading', { name: 'Nuevo canal Telegram', level: 1 })).toBeInTheDocument();
    const steps = screen.getAllByRole('button', { name: /^[1-5]\. / });
    expect(steps.map((step) => step.textContent)).toEqual([
      '1. Cree el bot con @BotFather',
      '2. Copie el token',
      '3. Configure el perfil del bot',
      '4. Pegue el token y conecte',
      '5. Vincule un bot y pruebe',
    ]);
    steps.forEach((step) => expect(step).toHaveAttribute('aria-expanded', 'false'));
    await userEvent.click(steps[0]);
    expect(steps[0]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/envíe el comando \/newbot/i)).toBeVisible();

    const token = screen.getByLabelText('Token del bot *');
    expect(token).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
  });

  it("'Conectar' en un canal nuevo lo guarda como 'Telegram' y luego envía el token a POST /loginTg", async () => {
    // The server creates the channel active, without a webhook yet.
    const saves = record('post', '/ch/web', () => telegram());
    const logins = record('post', '/loginTg', () => connected());
    record('get', '/bots', () => BOTS);
    renderAdmin('/canal/tg/new', companiaTg);
    expect(await screen.findByText('Sin conectar: pegue el token del bot y pulse "Conectar".')).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('Token del bot *'), '123456:ABC-token');
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText('Conectado con éxito')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(saves[0].body).toMatchObject({ name: 'Telegram', dsc: 'Telegram' });
    expect(saves[0].body).not.toHaveProperty('secretos');
    expect(logins[0].body).toEqual({ id: 'c4', token: '123456:ABC-token' });
    await waitFor(() => expect(window.location.pathname).toBe('/canal/tg/c4'));
    expect(screen.getByText('Conectado como @QuipuDemoBot')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desconectar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conectar' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Token del bot *')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Bot' })).toBeInTheDocument();
  });

  it('un token rechazado se marca, se conserva y el canal ya creado no se vuelve a crear', async () => {
    const saves = record('post', '/ch/web', () => telegram());
    const logins = record('post', '/loginTg', () =>
      logins.length === 1 ? HttpResponse.json({ message: 'El token no fue aceptado por Telegram', field: 'token' }, { status: 400 }) : connected(),
    );
    record('get', '/bots', () => BOTS);
    renderAdmin('/canal/tg/new', companiaTg);
    const token = await screen.findByLabelText('Token del bot *');
    await userEvent.type(token, 'malo');
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(screen.getAllByText('El token no fue aceptado por Telegram')).toHaveLength(2));
    expect(screen.getByLabelText('Token del bot *')).toHaveValue('malo');
    await waitFor(() => expect(window.location.pathname).toBe('/canal/tg/c4'));
    // Created, but not connected: still 'Conectar'.
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
    const again = screen.getByLabelText('Token del bot *');
    await userEvent.clear(again);
    await userEvent.type(again, '123456:bueno');
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText('Conectado con éxito')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(logins.map((call) => call.body)).toEqual([
      { id: 'c4', token: 'malo' },
      { id: 'c4', token: '123456:bueno' },
    ]);
  });

  it("'Guardar' de un canal activo envía el token nuevo", async () => {
    record('get', '/ch', () => connected());
    record('get', '/bots', () => BOTS);
    const logins = record('post', '/loginTg', () => connected({ rev: 4 }));
    renderAdmin('/canal/tg/c4', companiaTg);
    const token = await screen.findByLabelText('Token del bot *');
    expect(token).toHaveAccessibleDescription('Hay un token guardado; escriba uno nuevo para reemplazarlo');
    await userEvent.type(token, '999:nuevo');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Conectado con éxito')).toBeInTheDocument();
    expect(logins[0].body).toEqual({ id: 'c4', token: '999:nuevo' });
  });

  it("'Desconectar' pregunta '¿Está seguro en desactivar el canal?' con 'Cancelar' y 'Si, Desactivar'", async () => {
    record('get', '/ch', () => connected());
    record('get', '/bots', () => BOTS);
    const logouts = record('post', '/logoutTg', () => connected({ activo: false, cfg: { username: 'QuipuDemoBot', webhook: false }, rev: 4 }));
    renderAdmin('/canal/tg/c4', companiaTg);
    await userEvent.click(await screen.findByRole('button', { name: 'Desconectar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Está seguro en desactivar el canal?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logouts).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Desconectar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Si, Desactivar' }));
    expect(await screen.findByText('El canal se desconectó correctamente')).toBeInTheDocument();
    expect(logouts[0].url.search).toBe('?id=c4');
    expect(logouts[0].body).toBeUndefined();
    expect(await screen.findByRole('button', { name: 'Conectar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
  });

  it("sin Telegram habilitado en la empresa no ofrece 'Desconectar' ni 'Conectar' y lo dice", async () => {
    record('get', '/ch', () => connected());
    record('get', '/bots', () => BOTS);
    renderAdmin('/canal/tg/c4', compania);
    expect(await screen.findByText('Telegram no está habilitado para su empresa')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  });

  it('un usuario con showChannels lo abre; uno sin acceso a canales no', async () => {
    record('get', '/ch', () => connected());
    record('get', '/bots', () => BOTS);
    const first = renderAdmin('/canal/tg/c4', usuarioCanales);
    expect(await screen.findByRole('heading', { name: 'Canal Telegram', level: 1 })).toBeInTheDocument();
    first.unmount();
    renderAdmin('/canal/tg/c4', sinCanales);
    expect(await screen.findByRole('heading', { name: 'Sin acceso', level: 1 })).toBeInTheDocument();
  });
});
