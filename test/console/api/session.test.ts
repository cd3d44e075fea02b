// The session calls and the authProvider built on the boot session.
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../../src/api/authProvider';
import { createHttpClient } from '../../../src/api/http';
import { HttpError } from '../../../src/api/HttpError';
import { canonicalText, sameSignature, signature } from '../../../common/integrity';
import { createSessionApi } from '../../../src/api/session';
import { createSessionStore } from '../../../src/api/sessionStore';
import { enkiAnswer, makeSession, SIGNED_IN_KEY } from '../fixtures';
import { server } from '../msw';

const API = 'http://localhost:3000/api';

function sessionApi() {
  const transport = createHttpClient({ apiUrl: API });
  return createSessionApi(API, transport.fetchJson, transport);
}

describe('llamadas de sesión', () => {
  it('login envía Authorization Basic con base64 UTF-8 de usuario:contraseña y adopta la clave nueva', async () => {
    let authorization: string | null = null;
    let logoutSignedWithNewKey = false;
    const session = makeSession({ nm: 'José' });
    server.use(
      http.post(`${API}/enki`, ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json(enkiAnswer(session));
      }),
      http.post(`${API}/logout`, ({ request }) => {
        const ts = request.headers.get('X-Ts')!;
        const nonce = request.headers.get('X-Nonce')!;
        const expected = signature(SIGNED_IN_KEY, canonicalText('POST', '/api/logout', ts, nonce, ''));
        logoutSignedWithNewKey = sameSignature(expected, request.headers.get('X-Sig')!);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const api = sessionApi();
    const signedIn = await api.login('josé@quipu.test', 'contraseña');
    expect(authorization).toBe(`Basic ${Buffer.from('josé@quipu.test:contraseña', 'utf8').toString('base64')}`);
    expect(signedIn).toEqual(session);
    expect(JSON.stringify(signedIn)).not.toContain(SIGNED_IN_KEY);
    await api.logout();
    expect(logoutSignedWithNewKey).toBe(true);
  });

  it('checkSession devuelve null ante 401 SESSION y la sesión cuando existe', async () => {
    server.use(http.post(`${API}/enki`, () => HttpResponse.json({ message: 'Sin sesión', code: 'SESSION' }, { status: 401 })));
    expect(await sessionApi().checkSession()).toBeNull();
    server.use(http.post(`${API}/enki`, () => HttpResponse.json({ user: makeSession().user })));
    const session = await sessionApi().checkSession();
    expect(session?.config).toEqual({ fb: false, tw: false, web: false, tg: false, wp: false, dashboardDetalles: false });
    expect(session?.emp.nm).toBe('Administración');
  });

  it('athena entrega la marca del host', async () => {
    server.use(http.get(`${API}/public/athena`, () => HttpResponse.json({ k: SIGNED_IN_KEY, brand: { name: 'Otra Marca', alt: true } })));
    expect((await sessionApi().athena()).brand).toEqual({ name: 'Otra Marca', alt: true });
  });
});

describe('authProvider', () => {
  const setup = (logout = vi.fn(async () => undefined)) => {
    const store = createSessionStore(makeSession({ rol: 'ROLE_SUPERVISOR', pmHist: true }, { audit: true }));
    const goHome = vi.fn();
    const auth = createAuthProvider({ store, api: { logout, login: vi.fn() }, goHome });
    return { store, goHome, auth, logout };
  };

  it("getIdentity da el nombre completo 'nm ap'", async () => {
    expect(await setup().auth.getIdentity!()).toMatchObject({ id: '7', fullName: 'Ana Quispe', sso: false, rol: 'ROLE_SUPERVISOR' });
  });

  it('getPermissions da los flags derivados, con la auditoría de la empresa', async () => {
    expect(await setup().auth.getPermissions!({})).toMatchObject({ isSupervisor: true, isHistorial: true, audit: true, isAdmin: false });
  });

  it('logout hace POST, vacía la sesión y va a / aunque la llamada falle', async () => {
    const { store, goHome, auth, logout } = setup(vi.fn(async () => Promise.reject(new HttpError('Error desconocido', 500))));
    expect(await auth.logout({})).toBe(false);
    expect(logout).toHaveBeenCalledOnce();
    expect(goHome).toHaveBeenCalledOnce();
    expect(store.get()).toBeNull();
    await expect(auth.checkAuth({})).rejects.toBeInstanceOf(HttpError);
  });

  it('checkError cierra la sesión solo ante 401 SESSION', async () => {
    const { auth } = setup();
    await expect(auth.checkError(new HttpError('Sesión expirada', 401, { code: 'SESSION' }))).rejects.toBeInstanceOf(HttpError);
    await expect(auth.checkError(new HttpError('Prohibido', 403, { message: 'Prohibido' }))).resolves.toBeUndefined();
    await expect(auth.checkError(new HttpError('Firma', 401, { code: 'INTEGRITY' }))).resolves.toBeUndefined();
  });
});
