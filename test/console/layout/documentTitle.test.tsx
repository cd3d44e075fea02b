// The browser tab's title names the screen, then the brand, on every route, public pages included.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { renderApp } from '../renderApp';
import { renderPublic } from '../renderPublic';
import { page, record, renderAdmin, usuario } from '../resources/support';

const compania = makeSession({ rol: 'ROLE_COMPANIA' });

describe('título de la pestaña', () => {
  it("una lista: 'Usuarios · Quipu'", async () => {
    record('post', '/usuario/search', () => page([usuario(1)], 1));
    renderAdmin('/usuarios', compania);
    await waitFor(() => expect(document.title).toBe('Usuarios · Quipu'));
  });

  it("un registro se nombra cuando llega: 'Usuario Nombre1 Apellido1 · Quipu'", async () => {
    record('get', '/usuario', () => usuario(1));
    renderAdmin('/usuario/u1', compania);
    expect(await screen.findByDisplayValue('Nombre1')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Usuario Nombre1 Apellido1 · Quipu'));
  });

  it("una página propia, con la marca del sitio: 'Acerca de · Marca Andina'", async () => {
    renderApp('/about', compania, { name: 'Marca Andina', alt: true });
    await waitFor(() => expect(document.title).toBe('Acerca de · Marca Andina'));
  });

  it.each([
    ['/login', 'Iniciar sesión · Quipu'],
    ['/recuperar', 'Recuperar contraseña · Quipu'],
    ['/renovar/YW5h', 'Renovar contraseña · Quipu'],
  ])('la página pública %s se titula %s', async (path, title) => {
    renderPublic(path);
    await waitFor(() => expect(document.title).toBe(title));
  });
});
