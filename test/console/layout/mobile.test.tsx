// The mobile layout starts below 993 px (spec §2 Layout, §9): there the sidebar is a drawer
// that opens from the top bar's menu button.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { renderApp } from '../renderApp';

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
