// Password recovery.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { server } from '../msw';
import { renderPublic } from '../renderPublic';

const NEUTRAL = 'Si su dirección de correo electrónico existe, recibirá un mensaje con su nueva contraseña en unos minutos.';

describe('Recuperar', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  const submit = async (email: string) => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText(/^Correo electrónico/), email);
    await user.click(screen.getByRole('button', { name: 'Recuperar' }));
  };

  it("tiene un campo de tipo email y el botón 'Recuperar'", () => {
    renderPublic('/recuperar');
    expect(screen.getByLabelText(/^Correo electrónico/)).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Recuperar' })).toBeInTheDocument();
  });

  it('envía {user}, muestra el mensaje neutral y vuelve a / a los 5 s', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/resetpasswd', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Correo enviado' });
      }),
    );
    renderPublic('/recuperar');
    await submit('ana@quipu.test');
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(body).toEqual({ user: 'ana@quipu.test' });

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(window.location.pathname).toBe('/recuperar');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it('muestra el mismo mensaje neutral aunque el servidor responda con error', async () => {
    server.use(http.post('*/api/resetpasswd', () => HttpResponse.json({ message: 'No existe ese usuario' }, { status: 404 })));
    renderPublic('/recuperar');
    await submit('nadie@quipu.test');
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByText('No existe ese usuario')).not.toBeInTheDocument();
  });
});
