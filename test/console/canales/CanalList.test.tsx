// The channel list (/canal): a card per channel with icon, name, bot and
// '{name} - Activo' / '{name} - Inactivo', each opening the editor of its kind; the add buttons;
// Telegram only for a company with it enabled; the manual only when MANUAL_URL is set; empty and
// loading states; cards below 993 px; only users with channel access.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../fixtures';
import { empresa } from '../resources/support';
import { BOTS, canal, compania, companiaTg, record, renderAdmin, sinCanales, usuarioCanales } from './support';

const CANALES = [
  canal('c1', { name: 'Web', dsc: 'Chat de la tienda', b: 'b1', bot: 'Asistente Quipu' }),
  canal('c2', { name: 'Whatsapp', red: 4, dsc: 'WhatsApp ventas', activo: false }),
  canal('c3', { name: 'Slack', red: 7, dsc: 'Slack soporte' }),
  canal('c4', { name: 'Telegram', red: 2, dsc: 'Telegram' }),
  canal('c5', { name: 'Microsoft', red: 6, dsc: 'Teams interno' }),
  canal('c6', { name: 'Google', red: 9, dsc: 'Google chat' }),
  canal('c7', { name: 'Twitter', red: 0, dsc: 'Twitter marca' }),
  canal('c8', { name: 'Facebook', red: 1, dsc: 'Página de Facebook' }),
  canal('c9', { name: 'Instagram', red: 5, dsc: 'Instagram antiguo' }),
];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Lista de canales', () => {
  it('muestra una tarjeta por canal con su nombre, el bot vinculado y el estado', async () => {
    const calls = record('get', '/ch', () => CANALES);
    renderAdmin('/canal', compania);
    const list = await screen.findByRole('list', { name: 'Canales' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(9);
    // Each card is one link named by what it shows: name, bot and state.
    expect(within(list).getByRole('link', { name: 'Chat de la tienda Bot: Asistente Quipu Web - Activo' })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: 'Chat de la tienda', level: 2 })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'WhatsApp ventas Sin bot vinculado Whatsapp - Inactivo' })).toBeInTheDocument();
    // A non-admin lists its own company's channels, with no company to pick.
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/api/ch');
    expect(calls[0].url.searchParams.get('idE')).toBe('3');
    expect(screen.queryByRole('combobox', { name: 'Empresa' })).toBeNull();
  });

  it('cada tarjeta abre el editor de su tipo (tw, fb, tg, msft, google, slack, whatsapp; web para cualquier otro)', async () => {
    record('get', '/ch', () => CANALES);
    renderAdmin('/canal', compania);
    const list = await screen.findByRole('list', { name: 'Canales' });
    const href = (dsc: string) => within(list).getByRole('link', { name: new RegExp(`^${dsc} `) }).getAttribute('href');
    expect(href('Chat de la tienda')).toBe('/canal/web/c1');
    expect(href('WhatsApp ventas')).toBe('/canal/whatsapp/c2');
    expect(href('Slack soporte')).toBe('/canal/slack/c3');
    expect(href('Telegram')).toBe('/canal/tg/c4');
    expect(href('Teams interno')).toBe('/canal/msft/c5');
    expect(href('Google chat')).toBe('/canal/google/c6');
    expect(href('Twitter marca')).toBe('/canal/tw/c7');
    expect(href('Página de Facebook')).toBe('/canal/fb/c8');
    expect(href('Instagram antiguo')).toBe('/canal/web/c9');
  });

  it('abrir una tarjeta lleva al editor y lo carga (GET /ch?id)', async () => {
    record('get', '/ch', ({ url }) => (url.searchParams.get('id') ? CANALES[2] : CANALES));
    record('get', '/bots', () => BOTS);
    renderAdmin('/canal', compania);
    await userEvent.click(await screen.findByRole('link', { name: /^Slack soporte / }));
    expect(await screen.findByRole('heading', { name: 'Canal Slack', level: 1 })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Slack soporte')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/canal/slack/c3');
  });

  it('ofrece agregar web, Microsoft, WhatsApp, Slack y Google; Telegram no, si la empresa no lo tiene habilitado', async () => {
    record('get', '/ch', () => []);
    renderAdmin('/canal', compania);
    const add = await screen.findByRole('group', { name: 'Agregar canal' });
    const links = within(add).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Web', '/canal/web/new'],
      ['Microsoft', '/canal/msft/new'],
      ['WhatsApp', '/canal/whatsapp/new'],
      ['Slack', '/canal/slack/new'],
      ['Google', '/canal/google/new'],
    ]);
    expect(within(add).getByRole('link', { name: 'Agregar canal Slack' })).toBeInTheDocument();
  });

  it('ofrece Telegram cuando la empresa lo tiene habilitado', async () => {
    record('get', '/ch', () => []);
    renderAdmin('/canal', companiaTg);
    expect(await screen.findByRole('link', { name: 'Agregar canal Telegram' })).toHaveAttribute('href', '/canal/tg/new');
  });

  it('sin MANUAL_URL no hay enlace al manual; con él, se abre en otra pestaña', async () => {
    record('get', '/ch', () => []);
    const first = renderAdmin('/canal', compania);
    await screen.findByRole('group', { name: 'Agregar canal' });
    expect(screen.queryByRole('link', { name: 'Manual de ayuda' })).not.toBeInTheDocument();
    first.unmount();

    vi.stubEnv('VITE_MANUAL_URL', 'https://manual.quipu.test/canales');
    renderAdmin('/canal', compania);
    const manual = await screen.findByRole('link', { name: 'Manual de ayuda' });
    expect(manual).toHaveAttribute('href', 'https://manual.quipu.test/canales');
    expect(manual).toHaveAttribute('target', '_blank');
  });

  it("dice 'Cargando...' mientras carga y lo que hacer cuando no hay canales", async () => {
    let release: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => {
      release = resolve;
    });
    record('get', '/ch', async () => {
      await waiting;
      return [];
    });
    renderAdmin('/canal', compania);
    expect(await screen.findByText('Cargando...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Todavía no hay canales. Agregue uno con los botones de arriba.')).toBeInTheDocument();
  });

  it('si el servidor rechaza la lista, lo dice en lugar de mostrarla vacía', async () => {
    record('get', '/ch', () => HttpResponse.json({ message: 'No tiene permiso para esta operación' }, { status: 403 }));
    renderAdmin('/canal', compania);
    await waitFor(() => expect(screen.getAllByText('No tiene permiso para esta operación').length).toBeGreaterThan(0));
    expect(screen.queryByText('Todavía no hay canales. Agregue uno con los botones de arriba.')).not.toBeInTheDocument();
  });

  it('por debajo de 993 px las tarjetas van en una columna y los botones siguen a mano', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      record('get', '/ch', () => CANALES);
      renderAdmin('/canal', compania);
      const list = await screen.findByRole('list', { name: 'Canales' });
      expect(within(list).getAllByRole('link')).toHaveLength(9);
      expect(screen.getByRole('link', { name: 'Agregar canal Web' })).toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });

  it('un usuario con showChannels la ve; uno sin acceso a canales no', async () => {
    record('get', '/ch', () => CANALES);
    const first = renderAdmin('/canal', usuarioCanales);
    expect(await screen.findByRole('list', { name: 'Canales' })).toBeInTheDocument();
    first.unmount();
    const calls = record('get', '/ch', () => CANALES);
    renderAdmin('/canal', sinCanales);
    expect(await screen.findByRole('heading', { name: 'Sin acceso', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(0));
  });

  it('un administrador del sistema elige la empresa antes de ver canales; luego lista los suyos, con Telegram si ella lo tiene, y un canal nuevo va a ella', async () => {
    sessionStorage.clear();
    record('get', '/empresa', () => [empresa('1', { nm: 'Administración' }), empresa('5', { nm: 'Banco Andino', tg: true })]);
    const calls = record('get', '/ch', () => CANALES.slice(0, 2).map((row) => ({ ...row, idE: '5' })));
    const saves = record('post', '/ch/web', ({ body }) => ({ ...canal('c10', { name: 'Microsoft', red: 6, idE: '5' }), ...(body as object), id: 'c10' }));
    const bots = record('get', '/bots', () => BOTS);
    renderAdmin('/canal', makeSession({ rol: 'ROLE_ADMIN', idE: '1' }));
    expect(await screen.findByText('Seleccione una empresa para ver sus canales.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Agregar canal' })).toBeNull();
    expect(screen.queryByText('Todavía no hay canales. Agregue uno con los botones de arriba.')).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Empresa' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Banco Andino' }));
    expect(await screen.findByRole('link', { name: 'Chat de la tienda Bot: Asistente Quipu Web - Activo' })).toBeInTheDocument();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.url.searchParams.get('idE') === '5')).toBe(true);
    expect(screen.getByRole('link', { name: 'Agregar canal Telegram' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Agregar canal Microsoft' }));
    expect(await screen.findByRole('combobox', { name: 'Empresa' })).toHaveTextContent('Banco Andino');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre del canal' }), 'Teams del banco');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toMatchObject({ name: 'Microsoft', dsc: 'Teams del banco', idE: '5' });
    // Saved, its bot list is that company's.
    await waitFor(() => expect(bots.map((call) => call.url.searchParams.get('idE'))).toEqual(['5']));
  });
});
