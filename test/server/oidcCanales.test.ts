// The Teams and Google Chat channels' sign-ins against oidc-provider as Microsoft and as Google: the
// tenant (tid) or Workspace domain (hd) becomes idR, 'Autorizar archivos' keeps the refresh token
// encrypted and the authorised e-mail, graphAccessToken turns it into an access token; who may, from
// which company; and the editor's ?status or ?error.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EV } from '../../common/schemas/rules';
import { OIDC_MESSAGES } from '../../server/src/auth/oidc';
import { readCanalSecret } from '../../server/src/services/canales/canales';
import { CANAL_SIGNIN_MESSAGES, graphAccessToken } from '../../server/src/services/canales/inicioSesion';
import { auditRows, type Account } from './adminFixtures';
import { createCanal, signedInNow } from './canalesProveedoresFakes';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { Browser, errorOf, GOOGLE_CLIENT, MS_CLIENT, PUBLIC_URL, startIssuer, TENANT, type LocalIssuer } from './oidcFixtures';

const ADMIN_EMAIL = 'ti@empresa-demo.test';

describe.each(dialects)('inicio de sesión de los canales de Teams y Google (%s)', (dialect) => {
  let t: TestApp;
  let ms: LocalIssuer;
  let google: LocalIssuer;
  let as: (who: Account) => Promise<Client>;
  let teams: string;
  let chat: string;

  beforeAll(async () => {
    ms = await startIssuer('microsoft');
    google = await startIssuer('google');
    t = await createTestApp(dialect, {
      publicUrl: PUBLIC_URL,
      outboundAllow: ['127.0.0.1'],
      microsoftAuthority: ms.authority,
      microsoftClientId: MS_CLIENT.id,
      microsoftClientSecret: MS_CLIENT.secret,
      googleIssuer: google.authority,
      googleClientId: GOOGLE_CLIENT.id,
      googleClientSecret: GOOGLE_CLIENT.secret,
    });
  });
  beforeEach(async () => {
    await t.reset();
    as = signedInNow(t);
    teams = await createCanal(await as('compania'), { name: 'Microsoft', dsc: 'Teams de soporte' });
    chat = await createCanal(await as('compania'), { name: 'Google', dsc: 'Chat de soporte' });
    ms.accounts.set('ti', { email: ADMIN_EMAIL, tid: TENANT });
    ms.signInAs = 'ti';
    google.accounts.set('ti', { email: ADMIN_EMAIL, hd: 'empresa-demo.test' });
    google.signInAs = 'ti';
  });
  afterAll(async () => {
    await t?.close();
    await ms?.close();
    await google?.close();
  });

  const canal = (id: string) => t.app.db.selectFrom('canal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const editor = (kind: 'msft' | 'google', id: string) => `${PUBLIC_URL}canal/${kind}/${id}`;

  describe('Teams: Iniciar sesión', () => {
    it('el inquilino (tid) de quien inicia sesión queda como idR, con su fila de auditoría, y vuelve al editor con ?status=ok', async () => {
      const done = await new Browser(await as('dashboard')).signIn(`${API}/loginMicrosoft?ch=${teams}`);
      expect(done.headers.location).toBe(`${editor('msft', teams)}?status=ok`);
      expect((await canal(teams)).idR).toBe(TENANT);
      const rows = (await auditRows(t, EV.CANALES)).filter((r) => r.us === 'dashboard@quipu.test');
      expect(rows.map((r) => r.val)).toEqual([`Canal Microsoft «Teams de soporte»: sesión iniciada con Microsoft (inquilino ${TENANT})`]);
    });

    it('GET /ch?id muestra el idR', async () => {
      await new Browser(await as('compania')).signIn(`${API}/loginMicrosoft?ch=${teams}`);
      expect((await (await as('compania')).get(`${API}/ch?id=${teams}`)).json().idR).toBe(TENANT);
    });

    it('un ingreso nuevo en el mismo navegador (otra sesión) deja sin valor la autorización en curso', async () => {
      const c = await as('compania');
      const address = await new Browser(c).toCallback(`${API}/loginMicrosoft?ch=${teams}`);
      // Same browser, now signed in as someone else.
      await c.signIn('usuarios@quipu.test');
      const done = await new Browser(c).callback(address);
      expect(errorOf(done.headers.location)).toBe(OIDC_MESSAGES.badState('microsoft'));
      expect((await canal(teams)).idR).toBeNull();
    });
  });

  describe('Teams: Autorizar archivos', () => {
    it('guarda el token de actualización cifrado y el correo autorizado; GET /ch nunca lo devuelve', async () => {
      const done = await new Browser(await as('compania')).signIn(`${API}/loginMicrosoft?ch=${teams}&type=files`);
      expect(done.headers.location).toBe(`${editor('msft', teams)}?status=ok`);
      const row = await canal(teams);
      expect(row.email).toBe(ADMIN_EMAIL);
      const token = readCanalSecret(t.app, row, 'msFilesRefreshToken');
      expect(token).toBeTruthy();
      expect(row.secretos).not.toContain(token as string);
      const answer = await (await as('compania')).get(`${API}/ch?id=${teams}`);
      expect(answer.json()).toMatchObject({ email: ADMIN_EMAIL, secretos: { msFilesRefreshToken: true } });
      expect(answer.body).not.toContain(token as string);
      const list = await (await as('compania')).get(`${API}/ch`);
      expect(list.body).not.toContain(token as string);
    });

    it('la autorización pide offline_access, Files.Read.All y Sites.Read.All', async () => {
      const start = await (await as('compania')).get(`${API}/loginMicrosoft?ch=${teams}&type=files`);
      const scope = new URL(String(start.headers.location)).searchParams.get('scope')?.split(' ');
      expect(scope).toEqual(expect.arrayContaining(['openid', 'offline_access', 'Files.Read.All', 'Sites.Read.All']));
    });

    it('graphAccessToken canjea el token guardado por uno de acceso, y guarda el que Microsoft rote', async () => {
      await new Browser(await as('compania')).signIn(`${API}/loginMicrosoft?ch=${teams}&type=files`);
      const before = readCanalSecret(t.app, await canal(teams), 'msFilesRefreshToken');
      const access = await graphAccessToken(t.app, await canal(teams));
      expect(access).toBeTruthy();
      const after = readCanalSecret(t.app, await canal(teams), 'msFilesRefreshToken');
      expect(after).toBeTruthy();
      expect(after).not.toBe(before);
      // Kept until shortly before it expires: a second call does not refresh again.
      expect(await graphAccessToken(t.app, await canal(teams))).toBe(access);
    });

    it('sin autorizar, graphAccessToken lo dice', async () => {
      await expect(graphAccessToken(t.app, await canal(teams))).rejects.toThrow(CANAL_SIGNIN_MESSAGES.filesNotAuthorized);
    });
  });

  describe('Google: Iniciar sesión', () => {
    it('el dominio de Workspace (hd) queda como idR', async () => {
      const done = await new Browser(await as('usuario')).signIn(`${API}/loginGoogle?ch=${chat}`);
      expect(done.headers.location).toBe(`${editor('google', chat)}?status=ok`);
      expect((await canal(chat)).idR).toBe('empresa-demo.test');
    });

    it('una cuenta personal (sin hd) se rechaza con el motivo, y el idR queda', async () => {
      google.accounts.set('ti', { email: 'persona@gmail.test' });
      const done = await new Browser(await as('usuario')).signIn(`${API}/loginGoogle?ch=${chat}`);
      expect(done.headers.location?.startsWith(`${editor('google', chat)}?error=`)).toBe(true);
      expect(errorOf(done.headers.location)).toBe(CANAL_SIGNIN_MESSAGES.personalGoogle);
      expect((await canal(chat)).idR).toBeNull();
    });

    it('sin GOOGLE_CLIENT_ID: vuelve al editor diciendo que no está configurado', async () => {
      const clientId = t.app.config.googleClientId;
      t.app.config.googleClientId = undefined;
      try {
        const start = await (await as('compania')).get(`${API}/loginGoogle?ch=${chat}`);
        expect(start.statusCode).toBe(302);
        expect(errorOf(start.headers.location)).toBe(OIDC_MESSAGES.notConfigured('google'));
      } finally {
        t.app.config.googleClientId = clientId;
      }
    });
  });

  describe('quién puede', () => {
    it.each(['admin', 'compania', 'usuarios', 'usuario', 'dashboard', 'historial', 'supervisor'] as Account[])('%s inicia la sesión de un canal de su empresa (ROLE_ADMIN, de cualquiera)', async (who) => {
      for (const path of [`/loginMicrosoft?ch=${teams}`, `/loginMicrosoft?ch=${teams}&type=files`, `/loginGoogle?ch=${chat}`]) {
        const start = await (await as(who)).get(`${API}${path}`);
        expect(start.statusCode, path).toBe(302);
        expect(String(start.headers.location).startsWith(path.includes('Google') ? google.base : ms.base), path).toBe(true);
      }
    });

    it('otra empresa: 404 Canal no encontrado, sin salir', async () => {
      for (const path of [`/loginMicrosoft?ch=${teams}`, `/loginGoogle?ch=${chat}`]) {
        const res = await (await as('otra')).get(`${API}${path}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Canal no encontrado' });
      }
      expect(await t.app.db.selectFrom('oidc_estado').selectAll().execute()).toEqual([]);
    });

    it('sin sesión: 401', async () => {
      const res = await t.client().get(`${API}/loginMicrosoft?ch=${teams}`);
      expect(res.statusCode).toBe(401);
    });

    it('un canal de otro tipo: 400', async () => {
      const res = await (await as('compania')).get(`${API}/loginGoogle?ch=${teams}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'El canal no es de Google' });
      const files = await (await as('compania')).get(`${API}/loginMicrosoft?ch=${chat}&type=files`);
      expect(files.json()).toEqual({ message: 'El canal no es de Teams' });
    });
  });
});
