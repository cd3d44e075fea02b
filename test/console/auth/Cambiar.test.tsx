// Change password, signed in.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeSession } from '../fixtures';
import { server } from '../msw';
import { renderApp } from '../renderApp';

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Contraseña actual/), 'Demo.2026');
  await user.type(screen.getByLabelText(/^Nueva contraseña/), 'Nueva.Clave.Segura.2027');
  await user.type(screen.getByLabelText(/^Verificar contraseña/), 'Otra.Clave.Distinta.2027');
}

describe('Cambiar contraseña', () => {
  it("los tres campos son requeridos y sin ellos no se llama al servidor", async () => {
    const change = vi.fn();
    server.use(http.post('*/api/usuario/cambiar', () => (change(), HttpResponse.json({ message: 'x' }))));
    renderApp('/cambiar', makeSession());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText('Requerido')).toHaveLength(3);
    expect(change).not.toHaveBeenCalled();
  });

  it('deja al servidor la coincidencia y muestra su mensaje', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/usuario/cambiar', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Las contraseñas nuevas no coinciden' }, { status: 400 });
      }),
    );
    renderApp('/cambiar', makeSession({ id: '42' }));
    const user = userEvent.setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Las contraseñas nuevas no coinciden')).toBeInTheDocument();
    expect(body).toEqual({ current: 'Demo.2026', passwd1: 'Nueva.Clave.Segura.2027', passwd2: 'Otra.Clave.Distinta.2027', id: '42' });
    expect(window.location.pathname).toBe('/cambiar');
  });

  it('con éxito muestra el mensaje y va a /', async () => {
    server.use(http.post('*/api/usuario/cambiar', () => HttpResponse.json({ message: 'Contraseña actualizada con éxito' })));
    renderApp('/cambiar', makeSession());
    const user = userEvent.setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Contraseña actualizada con éxito')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it("a quien ingresa con Microsoft le muestra 'Sin acceso'", async () => {
    renderApp('/cambiar', makeSession({ sso: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin acceso' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Contraseña actual/)).not.toBeInTheDocument();
  });

  it('muestra la fortaleza de la nueva contraseña con el mismo criterio que el servidor', async () => {
    renderApp('/cambiar', makeSession({ usuario: 'camila@quipu.test', nm: 'Camila', ap: 'Herrera' }));
    const user = userEvent.setup();
    const nueva = await screen.findByLabelText(/^Nueva contraseña/);
    await user.type(nueva, 'clave');
    expect(await screen.findByText('La nueva contraseña debe tener al menos 12 caracteres')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Fortaleza de la contraseña' })).toBeInTheDocument();
    await user.clear(nueva);
    await user.type(nueva, 'Camila.Herrera.2026');
    expect(await screen.findByText('La nueva contraseña no debe contener su nombre, apellido ni usuario')).toBeInTheDocument();
    await user.clear(nueva);
    await user.type(nueva, 'Tr3s-gatos-en-Lima');
    expect(await screen.findByText(/^Fortaleza: Muy fuerte/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Fortaleza de la contraseña' })).toHaveAttribute('aria-valuetext', 'Muy fuerte');
  });
});
