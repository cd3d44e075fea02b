// The Facebook Messenger editor: before the first save 'Guarde para iniciar sesión'; inactive,
// 'Conectar' goes to {API_BASE}/loginFB?ch={id}; back with ?status or ?error; the webhook's address
// and verify token to copy; active, the connected account, the pages table (#, Página, Bot) with a
// bot per page (POST /fb/suscribe), 'Menu Persistente' with every rule of its form (POST /fb/menu
// with the page's id), and 'Desconectar' with its confirmation (POST /logoutFb).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Canal } from '../../../src/api/canales';
import { BOTS, canal, compania, record, renderAdmin } from './support';

const CONNECTED = { fbUserId: '10229384756', fbUserName: 'Ana Torres' };
const facebook = (extra: Partial<Canal> = {}) => canal('c5', { name: 'Facebook', red: 1, dsc: 'Messenger tienda', activo: false, ...extra });
const PAGES = {
  verifyToken: 'token-de-verificacion-del-canal',
  pages: [
    { n: 1, id: '209384756122', name: 'Ayuda Andina', b: null, bot: null },
    { n: 2, id: '104857392011', name: 'Tienda Andina', b: 'b1', bot: 'Asistente Quipu' },
  ],
};
const api = () => `${window.location.origin}/api`;

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn().mockResolvedValue(undefined) }, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

async function openFacebook(extra: Partial<Canal> = {}, path = '/canal/fb/c5') {
  record('get', '/ch', () => facebook(extra));
  record('get', '/ch/fb/pages', () => PAGES);
  record('get', '/bots', () => BOTS);
  renderAdmin(path, compania);
  await screen.findByDisplayValue('Messenger tienda');
}

const openConnected = () => openFacebook({ activo: true, cfg: CONNECTED });

async function openMenu() {
  await openConnected();
  await userEvent.click(await screen.findByRole('button', { name: 'Menu Persistente' }));
  return screen.findByRole('dialog', { name: 'Menu Persistente' });
}

describe('Editor de Facebook', () => {
  it("un canal nuevo dice 'Guarde para iniciar sesión' en lugar de 'Conectar'", async () => {
    renderAdmin('/canal/fb/new', compania);
    expect(await screen.findByRole('heading', { name: 'Nuevo canal Facebook', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('Guarde para iniciar sesión').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Conectar' })).not.toBeInTheDocument();
  });

  it("inactivo, 'Conectar' lleva a {API_BASE}/loginFB?ch={id}; la dirección del webhook y el verify token se copian", async () => {
    await openFacebook();
    expect(screen.getByRole('link', { name: 'Conectar' })).toHaveAttribute('href', `${api()}/loginFB?ch=c5`);
    expect(screen.getByRole('textbox', { name: 'Dirección del webhook (Messenger)' })).toHaveValue(`${api()}/wh/facebook/c5`);
    expect(await screen.findByRole('textbox', { name: 'Verify token' })).toHaveValue('token-de-verificacion-del-canal');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu Persistente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
    // Each page has its own bot: the channel has no selector of its own.
    expect(screen.queryByRole('combobox', { name: 'Bot' })).not.toBeInTheDocument();
  });

  it("?status=ok dice 'Vinculado con éxito' y se quita de la dirección", async () => {
    await openFacebook({ activo: true, cfg: CONNECTED }, '/canal/fb/c5?status=ok');
    expect(await screen.findByText('Vinculado con éxito')).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('?error dice el motivo en español y se quita de la dirección', async () => {
    const reason = 'Configure FACEBOOK_APP_ID y FACEBOOK_APP_SECRET en el servidor para conectar Facebook';
    await openFacebook({}, `/canal/fb/c5?error=${encodeURIComponent(btoa(String.fromCharCode(...new TextEncoder().encode(reason))))}`);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('activo, muestra la cuenta y la tabla de páginas (#, Página, Bot); elegir un bot vincula la página', async () => {
    await openConnected();
    expect(screen.getByText('Cuenta conectada: Ana Torres')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Página', 'Bot']);
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').slice(0, 2).map((c) => c.textContent))).toEqual([['1', 'Ayuda Andina'], ['2', 'Tienda Andina']]);
    expect(screen.getByRole('combobox', { name: 'Bot de Tienda Andina' })).toHaveTextContent('Asistente Quipu');
    const links = record('post', '/fb/suscribe', () => ({ ...PAGES, pages: [{ ...PAGES.pages[0], b: 'b2', bot: 'Ventas' }, PAGES.pages[1]] }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Bot de Ayuda Andina' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ventas' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(links[0].body).toEqual({ ch: 'c5', id: '209384756122', b: 'b2' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bot de Ayuda Andina' })).toHaveTextContent('Ventas'));
  });

  it("'Menu Persistente': sin página dice 'Selecione una pagina' y 'Campo requerido'; sin botones 'Debe tener al menos un botón' y 'Necesita añadir un botón como mínimo'", async () => {
    const saves = record('post', '/fb/menu', () => ({ ok: true }));
    const dialog = await openMenu();
    expect(within(dialog).getByText('Debe tener al menos un botón')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Selecione una pagina')).toBeInTheDocument();
    expect(within(dialog).getByText('Campo requerido')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Página' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tienda Andina' }));
    expect(within(dialog).queryByText('Campo requerido')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Necesita añadir un botón como mínimo')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it("'Menu Persistente': hasta 3 botones (el control de agregar desaparece), cada título y valor 'campo requerido'; guarda con el id de la página", async () => {
    const saves = record('post', '/fb/menu', () => ({ ok: true }));
    const dialog = await openMenu();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Página' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tienda Andina' }));
    for (let i = 0; i < 3; i += 1) await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar botón' }));
    expect(within(dialog).queryByRole('button', { name: 'Agregar botón' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Debe tener al menos un botón')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getAllByText('campo requerido')).toHaveLength(6);
    expect(saves).toHaveLength(0);

    const group = (n: number) => within(within(dialog).getByRole('group', { name: `Botón ${n}` }));
    await userEvent.click(group(1).getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'WEB_URL' }));
    const fill = [['Nuestra web', 'https://tienda.example/'], ['Ver precios', 'cuánto cuesta'], ['Un asesor', 'quiero hablar con una persona']];
    for (const [i, [title, value]] of fill.entries()) {
      await userEvent.type(group(i + 1).getByRole('textbox', { name: 'Título' }), title);
      await userEvent.type(group(i + 1).getByRole('textbox', { name: 'Valor' }), value);
    }
    expect(group(1).getByRole('textbox', { name: 'Título' })).toHaveAttribute('maxlength', '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar botón 3' }));
    expect(within(dialog).getByRole('button', { name: 'Agregar botón' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].url.search).toBe('?ch=c5&pageId=104857392011');
    expect(saves[0].body).toEqual({ buttons: [{ type: 'WEB_URL', title: 'Nuestra web', value: 'https://tienda.example/' }, { type: 'POSTBACK', title: 'Ver precios', value: 'cuánto cuesta' }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("'Desconectar' pregunta '¿Está seguro en desactivar el canal?' y vuelve a 'Conectar'", async () => {
    await openConnected();
    const logouts = record('post', '/logoutFb', () => facebook({ activo: false, cfg: {}, rev: 2 }));
    await userEvent.click(screen.getByRole('button', { name: 'Desconectar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desconectar' });
    expect(dialog).toHaveTextContent('¿Está seguro en desactivar el canal?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si, Desactivar' }));
    expect(await screen.findByText('El canal se desconectó correctamente')).toBeInTheDocument();
    expect(logouts[0].url.search).toBe('?ch=c5');
    expect(await screen.findByRole('link', { name: 'Conectar' })).toBeInTheDocument();
  });
});
