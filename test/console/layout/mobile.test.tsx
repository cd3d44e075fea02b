// The mobile layout starts below 993 px: there the sidebar is a drawer
// that opens from the top bar's menu button.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { renderApp } from '../renderApp';
import { empresa, page, record, renderAdmin, usuario } from '../resources/support';

const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });

describe('punto de quiebre móvil 993 px', () => {
  afterEach(() => setWidth(1024));

  it('a 992 px el menú lateral está cerrado y se abre con el botón de menú', async () => {
    setWidth(992);
    renderApp('/about', makeSession({ rol: 'ROLE_ADMIN' }));
    await screen.findByRole('heading', { level: 1, name: 'Acerca de' });
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abrir menú' }));
    expect(await screen.findByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  });

  it('a 993 px el menú lateral queda fijo y abierto', async () => {
    setWidth(993);
    renderApp('/about', makeSession({ rol: 'ROLE_ADMIN' }));
    expect(await screen.findByRole('navigation', { name: 'Menú principal' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toBeInTheDocument();
  });
});

describe('menú de usuario a 390 px', () => {
  afterEach(() => setWidth(1024));

  it("el botón solo muestra un icono y se llama 'Perfil'", async () => {
    setWidth(390);
    renderApp('/about', makeSession({ rol: 'ROLE_ADMIN' }));
    await screen.findByRole('heading', { level: 1, name: 'Acerca de' });
    expect(await screen.findByRole('button', { name: 'Perfil' })).not.toHaveTextContent('Ana Quispe');
  });
});

describe('listas a 390 px', () => {
  afterEach(() => setWidth(1024));

  it('usuarios es una lista de tarjetas (nombre, correo, Activo) y una tarjeta abre /usuario/{id}', async () => {
    setWidth(390);
    record('post', '/usuario/search', () => page([usuario(1), usuario(2)], 2));
    record('get', '/usuario', () => usuario(1));
    renderAdmin('/usuarios', makeSession({ rol: 'ROLE_COMPANIA' }));
    expect(await within(await screen.findByRole('list', { name: 'Usuarios' })).findByText('Nombre1 Apellido1')).toBeInTheDocument();
    expect(screen.getByText('persona1@demo.test')).toBeInTheDocument();
    expect(screen.getAllByText('Activo: SI')).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Nombre1 Apellido1'));
    await waitFor(() => expect(window.location.pathname).toBe('/usuario/u1'));
  });

  it('empresas es una lista de tarjetas', async () => {
    setWidth(390);
    record('get', '/empresa', () => [empresa('7')]);
    renderAdmin('/empresas', makeSession({ rol: 'ROLE_ADMIN' }));
    expect(await screen.findByText('Empresa 7')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('auditoria muestra evento, usuario, detalle y fecha DD/MM/YYYY HH:mm en cada tarjeta', async () => {
    setWidth(390);
    record('post', '/auditoria/search', () =>
      page([{ id: 'a1', idU: 'u1', us: 'ana@demo.test', idE: '3', ev: 4, fc: '2026-11-05T14:30:00', val: 'Alta de usuario' }], 1, 10),
    );
    renderAdmin('/auditoria', makeSession({ rol: 'ROLE_COMPANIA' }));
    expect(await screen.findByText('Usuarios · ana@demo.test')).toBeInTheDocument();
    expect(screen.getByText('Alta de usuario')).toBeInTheDocument();
    expect(screen.getByText('05/11/2026 14:30')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
