// Login page.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { enkiAnswer, makeSession } from '../fixtures';
import { server } from '../msw';
import { renderPublic } from '../renderPublic';

// The renewal page the login may lead to loads the captcha widget; it is not under test here.
vi.mock('../../../src/auth/CaptchaWidget', () => ({ default: () => <p>captcha</p> }));

const b64 = (text: string, url = false) => Buffer.from(text, 'utf8').toString(url ? 'base64url' : 'base64');

async function signIn(usuario: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Usuario/), usuario);
  await user.type(screen.getByLabelText(/^Contraseña/), password);
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe('Login', () => {
  it("muestra usuario, contraseña, 'Ingresar', el enlace de Microsoft y '¿Olvidó su contraseña?'", () => {
    renderPublic('/login');
    expect(screen.getByLabelText(/^Usuario/)).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingresar con Microsoft' })).toHaveAttribute('href', 'http://localhost:3000/api/loginMicrosoft');
    expect(screen.getByRole('link', { name: '¿Olvidó su contraseña?' })).toHaveAttribute('href', '/recuperar');
    expect(screen.getByText('Lima, Perú')).toBeInTheDocument();
  });

  it('al ingresar con éxito entrega la sesión a onSignedIn', async () => {
    const session = makeSession();
    let authorization: string | null = null;
    server.use(
      http.post('*/api/enki', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json(enkiAnswer(session));
      }),
    );
    const { onSignedIn } = renderPublic('/');
    await signIn('ana@quipu.test', 'Demo.2026');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(authorization).toBe(`Basic ${b64('ana@quipu.test:Demo.2026')}`);
  });

  it('con una contraseña errada muestra el mensaje del servidor', async () => {
    server.use(http.post('*/api/enki', () => HttpResponse.json({ message: 'Usuario o contraseña incorrectos' }, { status: 401 })));
    const { onSignedIn } = renderPublic('/login');
    await signIn('ana@quipu.test', 'mala');
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("con el código EXPIRED del servidor va a /renovar/{usuario codificado}", async () => {
    server.use(http.post('*/api/enki', () => HttpResponse.json({ message: 'Su contraseña ha expirado. Debe renovarla.', code: 'EXPIRED' }, { status: 401 })));
    renderPublic('/login');
    await signIn('expirado@quipu.test', 'Demo.2026');
    expect(await screen.findByText('Sus credenciales han expirado. Favor cambie su clave.')).toBeInTheDocument();
    expect(window.location.pathname).toBe(`/renovar/${b64('expirado@quipu.test', true)}`);
  });

  it('muestra como aviso de error el texto base64 del parámetro error', async () => {
    renderPublic(`/?error=${encodeURIComponent(b64('No se pudo ingresar con Microsoft: cuenta sin acceso'))}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No se pudo ingresar con Microsoft: cuenta sin acceso')).toBeInTheDocument();
  });

  it("el texto del parámetro error es UTF-8: 'ñ' y 'é' llegan enteras, en base64 y en base64url", async () => {
    const text = 'La compañía venció: inicie sesión de nuevo después';
    renderPublic(`/login?error=${encodeURIComponent(b64(text))}`);
    expect(within(await screen.findByRole('alert')).getByText(text)).toBeInTheDocument();
    cleanup();
    renderPublic(`/login?error=${b64(text, true)}`);
    expect(within(await screen.findByRole('alert')).getByText(text)).toBeInTheDocument();
  });

  it("con campos vacíos marca 'Campo requerido' y no llama al servidor", async () => {
    const enki = vi.fn();
    server.use(http.post('*/api/enki', () => (enki(), HttpResponse.json({}))));
    renderPublic('/login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(screen.getAllByText('Campo requerido')).toHaveLength(2);
    expect(screen.getByLabelText(/^Usuario/)).toHaveAttribute('aria-invalid', 'true');
    expect(enki).not.toHaveBeenCalled();
  });

  it('se usa con el teclado: Enter en la contraseña ingresa', async () => {
    server.use(http.post('*/api/enki', () => HttpResponse.json(enkiAnswer(makeSession()))));
    const { onSignedIn } = renderPublic('/login');
    const user = userEvent.setup();
    await user.keyboard('ana@quipu.test');
    await user.tab();
    await user.keyboard('Demo.2026{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
  });

  it('¿Olvidó su contraseña? lleva a la recuperación sin recargar; otra ruta muestra el login', async () => {
    renderPublic('/cualquier/cosa');
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: '¿Olvidó su contraseña?' }));
    expect(window.location.pathname).toBe('/recuperar');
    expect(screen.getByRole('button', { name: 'Recuperar' })).toBeInTheDocument();
  });
});
