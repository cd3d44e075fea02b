// Start-up: a loader until the session check completes, then the public pages
// for visitors or the console for a signed-in user.
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { session, sessionStore } from '../../../src/api/client';
import { boot } from '../../../src/boot/boot';
import { Boot } from '../../../src/boot/Boot';
import { Loader } from '../../../src/layout/Loader';
import { enkiAnswer, makeSession } from '../fixtures';
import { server } from '../msw';

async function start(path = '/') {
  window.history.pushState(null, '', path);
  sessionStore.set(null);
  const booting = boot(session, sessionStore);
  await act(async () => {
    render(
      <Suspense fallback={<Loader />}>
        <Boot booting={booting} />
      </Suspense>,
    );
  });
  return booting;
}

const signedOut = http.post('*/api/enki', () => HttpResponse.json({ message: 'Sin sesión', code: 'SESSION' }, { status: 401 }));

describe('arranque', () => {
  it('muestra un cargador hasta que responde POST /enki, luego el login y el título de la marca', async () => {
    server.use(
      http.get('*/api/public/athena', () => HttpResponse.json({ k: 'AAAA', brand: { name: 'Marca Andina', alt: true } })),
      http.post('*/api/enki', async () => (await delay(200), HttpResponse.json({ code: 'SESSION' }, { status: 401 }))),
    );
    await start('/login');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.getByText('Marca Andina', { selector: 'p' })).toBeInTheDocument();
    expect(document.title).toBe('Iniciar sesión · Marca Andina');
  });

  it('en la página de ingreso, sin sesión iniciada, no pide POST /enki (que respondería 401)', async () => {
    const asked: string[] = [];
    const listener = ({ request }: { request: Request }) => asked.push(`${request.method} ${new URL(request.url).pathname}`);
    server.events.on('request:start', listener);
    try {
      // GET /public/athena answers sesion: false, as the server does to a visitor; no POST /enki is handled.
      const booting = await start('/login');
      await act(() => booting);
      expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
      expect(asked).toEqual(['GET /api/public/athena']);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  it('con sesión abre la consola con el nombre del usuario', async () => {
    server.use(
      http.get('*/api/public/athena', () => HttpResponse.json({ k: 'AAAA', brand: { name: 'Quipu', alt: false }, microsoft: false, sesion: true })),
      http.post('*/api/enki', () => HttpResponse.json(enkiAnswer(makeSession({ rol: 'ROLE_ADMIN' })))),
    );
    await start('/about');
    // The first test of the file to import the admin app's lazy chunk (react-admin): seconds on a busy machine.
    expect(await screen.findByRole('navigation', { name: 'Menú principal' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('Ana Quispe')).toBeInTheDocument();
  });

  it('si el servidor no responde, muestra el login con el error', async () => {
    server.use(http.get('*/api/public/athena', () => HttpResponse.error()));
    await start('/');
    expect(await screen.findByText('No se pudo conectar con el servidor')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it('al ingresar desde /login pasa a la consola en /, que es el Dashboard', async () => {
    server.use(signedOut, http.get('*/api/bots', () => HttpResponse.json([])));
    const booting = await start('/login');
    await act(() => booting);
    server.use(http.post('*/api/enki', () => HttpResponse.json(enkiAnswer(makeSession()))));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Usuario/), 'ana@quipu.test');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Demo.2026');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('navigation', { name: 'Menú principal' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
  });

  // Not configured, the server itself answers the link by coming back with the reason in ?error.
  it.each([false, true])("con microsoft %s en GET /public/athena, 'Ingresar con Microsoft' es el enlace a /loginMicrosoft", async (microsoft) => {
    server.use(signedOut, http.get('*/api/public/athena', () => HttpResponse.json({ k: 'AAAA', brand: { name: 'Quipu', alt: false }, microsoft })));
    await act(() => start('/login'));
    expect(await screen.findByRole('link', { name: 'Ingresar con Microsoft' })).toHaveAttribute('href', 'http://localhost:3000/api/loginMicrosoft');
  });
});
