// The top bar: the user's first name and surname and the user menu.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../src/api/client';
import { makeSession } from '../fixtures';
import { server } from '../msw';
import { renderApp } from '../renderApp';

async function openUserMenu() {
  // The name appears once the identity is known.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Ana Quispe (perfil)' })).toHaveTextContent('Ana Quispe'));
  await userEvent.setup().click(screen.getByRole('button', { name: 'Ana Quispe (perfil)' }));
  return screen.findByRole('menu');
}

describe('Barra superior', () => {
  it("a ROLE_SUPERVISOR le ofrece 'Mi empresa' (→ /cuenta), 'Cambiar contraseña' y 'Salir'", async () => {
    renderApp('/about', makeSession({ rol: 'ROLE_SUPERVISOR' }));
    await openUserMenu();
    expect(screen.getByRole('menuitem', { name: 'Mi empresa' })).toHaveAttribute('href', '/cuenta');
    expect(screen.getByRole('menuitem', { name: 'Cambiar contraseña' })).toHaveAttribute('href', '/cambiar');
    expect(screen.getByRole('menuitem', { name: 'Salir' })).toBeInTheDocument();
  });

  it.each(['ROLE_ADMIN', 'ROLE_COMPANIA', 'ROLE_USER'] as const)("a %s no le ofrece 'Mi empresa'", async (rol) => {
    renderApp('/about', makeSession({ rol }));
    await openUserMenu();
    expect(screen.queryByRole('menuitem', { name: 'Mi empresa' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Cambiar contraseña' })).toBeInTheDocument();
  });

  it("oculta 'Cambiar contraseña' a quien ingresa con Microsoft", async () => {
    renderApp('/about', makeSession({ rol: 'ROLE_SUPERVISOR', sso: true }));
    await openUserMenu();
    expect(screen.queryByRole('menuitem', { name: 'Cambiar contraseña' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Mi empresa' })).toBeInTheDocument();
  });

  it("'Salir' hace POST /logout, vacía la sesión y vuelve a /, aunque la llamada falle", async () => {
    const logout = vi.fn();
    server.use(http.post('*/api/logout', () => (logout(), HttpResponse.json({ message: 'Caído' }, { status: 500 }))));
    renderApp('/about', makeSession());
    await openUserMenu();
    await userEvent.setup().click(screen.getByRole('menuitem', { name: 'Salir' }));
    await waitFor(() => expect(sessionStore.get()).toBeNull());
    expect(logout).toHaveBeenCalledOnce();
    expect(window.location.pathname).toBe('/');
  });

  it('mientras cargan los datos, su indicador de progreso tiene nombre: «Cargando...»', async () => {
    // The list's data never arrives, so the bar keeps showing that it is loading.
    server.use(http.post('*/api/usuario/search', () => new Promise<never>(() => undefined)));
    renderApp('/usuarios', makeSession({ rol: 'ROLE_COMPANIA' }));
    const bar = await screen.findByRole('banner');
    expect(await within(bar).findByRole('progressbar', { name: 'Cargando...' })).toBeInTheDocument();
  });

  it('el pie muestra el año, la marca y la ubicación', async () => {
    renderApp('/about', makeSession(), { name: 'Marca Andina', alt: true });
    expect(await screen.findByText(`© ${__BUILD_YEAR__} Marca Andina`)).toBeInTheDocument();
    expect(screen.getByText('Lima, Perú')).toBeInTheDocument();
  });
});
