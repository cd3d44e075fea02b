// The Twitter (X) editor: four setup steps (the webhook address copyable), env and the four keys
// required ('Campo requerido'), the keys hidden; 'Conectar' while inactive (a new channel is saved
// first as 'Twitter', then POST /loginTw), 'Guardar' and 'Desconectar' while active; after
// connecting the webhook check, 'Canal no configurado' and 'Activar' when X holds it not valid.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw';
import { BOTS, canal, compania, record, renderAdmin, sinCanales, usuarioCanales } from './support';

const twitter = (extra = {}) => canal('c7', { name: 'Twitter', red: 0, dsc: 'Twitter', ...extra });
const SECRETOS = { twConsumerKey: true, twConsumerSecret: true, twAccessToken: true, twAccessTokenSecret: true };
const connected = (extra = {}) => twitter({ activo: true, secretos: SECRETOS, cfg: { env: 'produccion', twitterUserId: '14', twitterUsername: 'tienda_andina', webhookId: '99' }, rev: 3, ...extra });
/** PUT /webhook/{id} ('Activar'): its calls, answered by `answer`. */
function recordPut(path: string, answer: () => unknown): string[] {
  const calls: string[] = [];
  server.use(http.put(`*/api${path}`, ({ request }) => {
    calls.push(request.method);
    return HttpResponse.json(answer() as never);
  }));
  return calls;
}

const LABELS = ['Env *', 'Consumer key *', 'Consumer secret *', 'Access token *', 'Access token secret *'];
const VALUES = ['produccion', 'ck-1', 'cs-2', 'at-3', 'ats-4'];

async function fill() {
  for (const [i, label] of LABELS.entries()) {
    const input = await screen.findByLabelText(label);
    await userEvent.clear(input);
    await userEvent.type(input, VALUES[i]);
  }
}

describe('Editor de Twitter', () => {
  it("muestra los cuatro pasos, plegados, y los cinco campos obligatorios con 'Campo requerido'", async () => {
    const saves = record('post', '/ch/web', () => twitter());
    renderAdmin('/canal/tw/new', compania);
    expect(await screen.findByRole('heading', { name: 'Nuevo canal Twitter', level: 1 })).toBeInTheDocument();
    const steps = screen.getAllByRole('button', { name: /^[1-4]\. / });
    expect(steps.map((step) => step.textContent)).toEqual(['1. Cree la app de X', '2. Copie las claves', '3. La dirección del webhook', '4. Permisos de la app']);
    steps.forEach((step) => expect(step).toHaveAttribute('aria-expanded', 'false'));
    await userEvent.click(steps[2]);
    expect(steps[2]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('La dirección aparece cuando el canal está guardado.')).toBeVisible();

    for (const label of LABELS.slice(1)) expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(screen.getAllByText('Campo requerido')).toHaveLength(5));
    expect(saves).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
  });

  it("'Conectar' en un canal nuevo lo guarda como 'Twitter', envía el env y las claves a POST /loginTw y verifica el webhook", async () => {
    const saves = record('post', '/ch/web', () => twitter());
    const logins = record('post', '/loginTw', () => connected());
    const checks = record('get', '/webhook/c7', () => [{ valid: true, id: '99', url: 'https://bots.tienda.pe/api/wh/twitter/c7' }]);
    record('get', '/bots', () => BOTS);
    renderAdmin('/canal/tw/new', compania);
    expect(await screen.findByText('Sin conectar: escriba el env y las claves de la app y pulse "Conectar".')).toBeInTheDocument();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText('Conectado con éxito')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(saves[0].body).toMatchObject({ name: 'Twitter', dsc: 'Twitter' });
    expect(saves[0].body).not.toHaveProperty('secretos');
    expect(logins[0].body).toEqual({ id: 'c7', env: 'produccion', twConsumerKey: 'ck-1', twConsumerSecret: 'cs-2', twAccessToken: 'at-3', twAccessTokenSecret: 'ats-4' });
    await waitFor(() => expect(window.location.pathname).toBe('/canal/tw/c7'));
    expect(await screen.findByText('Webhook validado por X')).toBeInTheDocument();
    expect(checks.length).toBeGreaterThan(0);
    expect(screen.getByText('Conectado como @tienda_andina')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desconectar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activar' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Env *')).toHaveValue('produccion');
    expect(screen.getByLabelText('Consumer secret *')).toHaveValue('');
    expect(screen.getByLabelText('Consumer secret *')).toHaveAccessibleDescription('Hay un valor guardado; escríbalo de nuevo para guardar');
    expect(screen.getByRole('combobox', { name: 'Bot' })).toBeInTheDocument();
    // Step 3: the webhook address, copyable.
    await userEvent.click(screen.getByRole('button', { name: '3. La dirección del webhook' }));
    expect(screen.getByLabelText('Dirección del webhook')).toHaveValue(`${window.location.origin}/api/wh/twitter/c7`);
  });

  it('claves que X rechaza se marcan, se conservan y el canal no se conecta', async () => {
    record('get', '/ch', () => twitter({ activo: false }));
    record('get', '/bots', () => BOTS);
    const message = 'X no aceptó las credenciales: revise el consumer key, el consumer secret, el access token y el access token secret';
    record('post', '/loginTw', () => HttpResponse.json({ message, field: 'twConsumerKey' }, { status: 400 }));
    renderAdmin('/canal/tw/c7', compania);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.getByLabelText('Consumer key *')).toHaveValue('ck-1');
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
  });

  it("con el webhook no válido muestra 'Canal no configurado' y 'Activar' pide a X el CRC de nuevo", async () => {
    record('get', '/ch', () => connected());
    record('get', '/bots', () => BOTS);
    record('get', '/webhook/c7', () => [{ valid: false, id: '99' }]);
    const activations = recordPut('/webhook/c7', () => [{ valid: true, id: '99' }]);
    renderAdmin('/canal/tw/c7', compania);
    expect(await screen.findByText('Canal no configurado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findAllByText('Webhook validado por X')).not.toHaveLength(0);
    expect(activations).toHaveLength(1);
    expect(screen.queryByText('Canal no configurado')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activar' })).not.toBeInTheDocument();
  });

  it("si la consulta del webhook falla también muestra 'Canal no configurado'", async () => {
    record('get', '/ch', () => connected());
    record('get', '/bots', () => BOTS);
    record('get', '/webhook/c7', () => HttpResponse.json({ message: 'X no respondió. Intente nuevamente en unos minutos.' }, { status: 502 }));
    renderAdmin('/canal/tw/c7', compania);
    expect(await screen.findByText('Canal no configurado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activar' })).toBeInTheDocument();
  });

  it("'Guardar' de un canal activo vuelve a conectar con lo escrito", async () => {
    record('get', '/ch', () => connected());
    record('get', '/bots', () => BOTS);
    record('get', '/webhook/c7', () => [{ valid: true }]);
    const logins = record('post', '/loginTw', () => connected({ rev: 4, cfg: { env: 'ventas', twitterUsername: 'tienda_andina', webhookId: '99' } }));
    renderAdmin('/canal/tw/c7', compania);
    await screen.findByRole('button', { name: 'Guardar' });
    await fill();
    const env = screen.getByLabelText('Env *');
    await userEvent.clear(env);
    await userEvent.type(env, 'ventas');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Conectado con éxito')).toBeInTheDocument();
    expect(logins[0].body).toMatchObject({ id: 'c7', env: 'ventas', twAccessTokenSecret: 'ats-4' });
  });

  it("'Desconectar' pregunta '¿Está seguro en desactivar el canal?' con 'Cancelar' y 'Si, Desactivar'", async () => {
    record('get', '/ch', () => connected());
    record('get', '/bots', () => BOTS);
    record('get', '/webhook/c7', () => [{ valid: true }]);
    const logouts = record('post', '/logoutTw', () => twitter({ activo: false, secretos: SECRETOS, cfg: { env: 'produccion' }, rev: 4 }));
    renderAdmin('/canal/tw/c7', compania);
    await userEvent.click(await screen.findByRole('button', { name: 'Desconectar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Está seguro en desactivar el canal?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logouts).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Desconectar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Si, Desactivar' }));
    expect(await screen.findByText('El canal se desconectó correctamente')).toBeInTheDocument();
    expect(logouts[0].url.search).toBe('?chId=c7');
    expect(logouts[0].body).toBeUndefined();
    expect(await screen.findByRole('button', { name: 'Conectar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
  });

  it('un usuario con showChannels lo abre; uno sin acceso a canales no', async () => {
    record('get', '/ch', () => connected());
    record('get', '/bots', () => BOTS);
    record('get', '/webhook/c7', () => [{ valid: true }]);
    const first = renderAdmin('/canal/tw/c7', usuarioCanales);
    expect(await screen.findByRole('heading', { name: 'Canal Twitter', level: 1 })).toBeInTheDocument();
    first.unmount();
    renderAdmin('/canal/tw/c7', sinCanales);
    expect(await screen.findByRole('heading', { name: 'Sin acceso', level: 1 })).toBeInTheDocument();
  });
});
