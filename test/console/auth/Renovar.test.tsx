// Expired-credentials renewal.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../msw';
import { renderPublic } from '../renderPublic';

// Only the captcha widget is replaced: a button stands for solving the proof of work.
vi.mock('../../../src/auth/CaptchaWidget', () => ({
  default: ({ onChange }: { onChange: (payload: string | null) => void }) => (
    <button type="button" onClick={() => onChange('payload-resuelto')}>
      Resolver captcha
    </button>
  ),
}));

const LOGIN = 'expirado@quipu.test';
const PATH = `/renovar/${Buffer.from(LOGIN).toString('base64url')}`;

describe('Renovar', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText(/^Contraseña actual/), 'Demo.2026');
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'Nueva.Clave.Segura.2027');
    await user.type(screen.getByLabelText(/^Verificar contraseña/), 'Nueva.Clave.Segura.2027');
  };
  const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

  it("muestra 'Sus credenciales han expirado. Favor cambie su clave.' y el usuario", async () => {
    renderPublic(PATH);
    expect(screen.getByText('Sus credenciales han expirado. Favor cambie su clave.')).toBeInTheDocument();
    expect(screen.getByText(LOGIN)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Resolver captcha' })).toBeInTheDocument();
  });

  it("los tres campos son requeridos", async () => {
    renderPublic(PATH);
    await setup().click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getAllByText('Campo requerido')).toHaveLength(3);
  });

  it("muestra 'Debe resolver el captcha' hasta que se resuelve", async () => {
    const renewal = vi.fn();
    server.use(http.post('*/api/public/usuario/cambiar-expired', () => (renewal(), HttpResponse.json({ message: 'x' }))));
    renderPublic(PATH);
    const user = setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Debe resolver el captcha')).toBeInTheDocument();
    expect(renewal).not.toHaveBeenCalled();
  });

  it("resuelto, envía {current, passwd1, passwd2, id, token}, muestra 'Contraseña actualizada con éxito' y vuelve a / a los 2 s", async () => {
    let body: unknown;
    server.use(
      http.post('*/api/public/usuario/cambiar-expired', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Contraseña actualizada con éxito' });
      }),
    );
    renderPublic(PATH);
    const user = setup();
    await fill(user);
    await user.click(await screen.findByRole('button', { name: 'Resolver captcha' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Contraseña actualizada con éxito')).toBeInTheDocument();
    expect(body).toEqual({ current: 'Demo.2026', passwd1: 'Nueva.Clave.Segura.2027', passwd2: 'Nueva.Clave.Segura.2027', id: LOGIN, token: 'payload-resuelto' });

    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(window.location.pathname).toBe(PATH);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it('muestra el mensaje de un 400 del servidor y pide resolver otra vez el captcha', async () => {
    server.use(
      http.post('*/api/public/usuario/cambiar-expired', () =>
        HttpResponse.json({ message: 'Las contraseñas nuevas no coinciden' }, { status: 400 }),
      ),
    );
    renderPublic(PATH);
    const user = setup();
    await fill(user);
    await user.click(await screen.findByRole('button', { name: 'Resolver captcha' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Las contraseñas nuevas no coinciden')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Debe resolver el captcha')).toBeInTheDocument();
  });
});
