// 'Ingresar con Microsoft' against oidc-provider as Microsoft's common authority: who gets in, every
// refusal (back to the login page with the reason in ?error), state and code used once and only by
// the browser that started, tokens of another tenant, issuer or audience, or expired; and what sso
// users cannot do with a password.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OIDC_MESSAGES } from '../../server/src/auth/oidc';
import { OIDC_SIGNIN_MESSAGES } from '../../server/src/services/auth/oidcSignIn';
import { SSO_REFUSED } from '../../server/src/services/empresas/usuarios';
import { API, createTestApp, dialects, outbox, userRow, type TestApp } from './helpers';
import { Browser, errorOf, MS_CLIENT, OTHER_TENANT, PUBLIC_URL, startForgingIssuer, startIssuer, TENANT, type ForgingIssuer, type LocalIssuer } from './oidcFixtures';

const SSO_USER = 'usuario@quipu.test';
const LOGIN_ERROR = `${PUBLIC_URL}login?error=`;
const BAD_STATE = OIDC_MESSAGES.badState('microsoft');
const BAD_TOKEN = OIDC_MESSAGES.badToken('microsoft');

describe.each(dialects)('Ingresar con Microsoft (%s)', (dialect) => {
  let t: TestApp;
  let ms: LocalIssuer;

  beforeAll(async () => {
    ms = await startIssuer('microsoft');
    t = await createTestApp(dialect, {
      publicUrl: PUBLIC_URL,
      outboundAllow: ['127.0.0.1'],
      microsoftAuthority: ms.authority,
      microsoftClientId: MS_CLIENT.id,
      microsoftClientSecret: MS_CLIENT.secret,
    });
  });
  beforeEach(async () => {
    await t.reset();
    await t.app.db.updateTable('usuario').set({ sso: 1 }).where('usuario', '=', SSO_USER).execute();
    ms.accounts.set('ana', { email: SSO_USER, tid: TENANT });
    ms.signInAs = 'ana';
  });
  afterAll(async () => {
    await t?.close();
    await ms?.close();
  });

  const browser = async () => {
    const c = t.client();
    await c.athena();
    return new Browser(c);
  };
  const signedInSessions = async () => Number((await t.app.db.selectFrom('sesion').select((eb) => eb.fn.countAll<number>().as('n')).where('idU', 'is not', null).executeTakeFirstOrThrow()).n);

  it('GET /public/athena dice microsoft: true cuando está configurado', async () => {
    expect((await t.client().athena()).json().microsoft).toBe(true);
  });

  it('un usuario sso con el correo del token ingresa: la cookie de sesión queda y la consola lo recibe', async () => {
    const b = await browser();
    const done = await b.signIn(`${API}/loginMicrosoft`);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(PUBLIC_URL);
    const athena = await b.app.athena();
    expect(athena.json().sesion).toBe(true);
    const session = await b.app.post(`${API}/enki`);
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ usuario: SSO_USER, sso: true });
  });

  it('la autorización pide código con PKCE (S256), state y nonce', async () => {
    const start = await (await browser()).app.get(`${API}/loginMicrosoft`);
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(ms.base);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: MS_CLIENT.id, response_type: 'code', code_challenge_method: 'S256', redirect_uri: `http://quipu.test${API}/callback-microsoft` });
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
  });

  describe('rechazos: vuelve al ingreso con el motivo y no crea sesión', () => {
    const refused = async (expected: unknown) => {
      const before = await signedInSessions();
      const b = await browser();
      const done = await b.signIn(`${API}/loginMicrosoft`);
      expect(done.statusCode).toBe(302);
      expect(String(done.headers.location).startsWith(LOGIN_ERROR)).toBe(true);
      expect(errorOf(done.headers.location)).toEqual(expected);
      expect(await signedInSessions()).toBe(before);
      expect((await b.app.athena()).json().sesion).toBe(false);
    };

    it('correo desconocido', async () => {
      ms.accounts.set('ana', { email: 'nadie@quipu.test', tid: TENANT });
      await refused(OIDC_SIGNIN_MESSAGES.unknown('nadie@quipu.test'));
    });

    it('usuario inactivo', async () => {
      await t.app.db.updateTable('usuario').set({ a: 0 }).where('usuario', '=', SSO_USER).execute();
      await refused('Usuario inactivo. Comuníquese con su administrador.');
    });

    it('usuario sin sso', async () => {
      await t.app.db.updateTable('usuario').set({ sso: 0 }).where('usuario', '=', SSO_USER).execute();
      await refused(OIDC_SIGNIN_MESSAGES.noSso(SSO_USER));
    });

    it('empresa con la suscripción terminada', async () => {
      const { idE } = await userRow(t, SSO_USER);
      await t.app.db.updateTable('empresa').set({ ff: '2020-01-31' }).where('id', '=', idE).execute();
      await refused('La suscripción de su empresa terminó el 31/01/2020');
    });

    it('fuera de la lista de direcciones de la empresa', async () => {
      const { idE } = await userRow(t, SSO_USER);
      await t.app.db.updateTable('empresa').set({ acl: 1, aclList: JSON.stringify(['192.0.2.1']) }).where('id', '=', idE).execute();
      await refused(expect.stringMatching(/^No se permite el ingreso desde la dirección /));
    });

    it('un token de otro inquilino (iss no es el de su tid)', async () => {
      ms.accounts.set('ana', { email: SSO_USER, tid: OTHER_TENANT });
      await refused(BAD_TOKEN);
    });

    it('sin MICROSOFT_CLIENT_ID: el enlace vuelve al ingreso diciendo que no está configurado, y athena dice microsoft: false', async () => {
      const clientId = t.app.config.microsoftClientId;
      t.app.config.microsoftClientId = undefined;
      try {
        expect((await t.client().athena()).json().microsoft).toBe(false);
        const start = await (await browser()).app.get(`${API}/loginMicrosoft`);
        expect(start.statusCode).toBe(302);
        expect(errorOf(start.headers.location)).toBe('El ingreso con Microsoft no está configurado en este servidor');
      } finally {
        t.app.config.microsoftClientId = clientId;
      }
    });
  });

  describe('state y código de un solo uso, del navegador que empezó', () => {
    it('la misma vuelta dos veces: la segunda se rechaza', async () => {
      const b = await browser();
      const address = await b.toCallback(`${API}/loginMicrosoft`);
      expect((await b.callback(address)).headers.location).toBe(PUBLIC_URL);
      const again = await b.callback(address);
      expect(errorOf(again.headers.location)).toBe(BAD_STATE);
    });

    it('un código ya canjeado con un state nuevo: Microsoft lo rechaza', async () => {
      const b = await browser();
      const first = new URL(await b.toCallback(`${API}/loginMicrosoft`));
      await b.callback(first.toString());
      const second = new URL(await b.toCallback(`${API}/loginMicrosoft`));
      second.searchParams.set('code', String(first.searchParams.get('code')));
      const replay = await b.callback(second.toString());
      expect(errorOf(replay.headers.location)).toBe(OIDC_MESSAGES.denied('microsoft', 'invalid_grant'));
      expect(await signedInSessions()).toBe(1);
    });

    it('otro navegador con la vuelta de este: se rechaza', async () => {
      const address = await (await browser()).toCallback(`${API}/loginMicrosoft`);
      const other = await browser();
      expect(errorOf((await other.callback(address)).headers.location)).toBe(BAD_STATE);
      expect(await signedInSessions()).toBe(0);
    });

    it('sin cookie (vuelta desde otro sitio): responde una página que vuelve a abrir la dirección; sin sesión tampoco entonces, se rechaza', async () => {
      const address = new URL(await (await browser()).toCallback(`${API}/loginMicrosoft`));
      const bare = t.client();
      const page = await bare.get(`${address.pathname}${address.search}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      const refresh = /content="0;url=([^"]+)"/.exec(page.body)?.[1].replace(/&#38;/g, '&');
      expect(refresh).toBe(`${address.pathname}${address.search}&quipu_vuelta=1`);
      const again = await bare.get(refresh as string);
      expect(errorOf(again.headers.location)).toBe(BAD_STATE);
    });

    it('un state vencido (más de 10 minutos) se rechaza', async () => {
      const b = await browser();
      const address = await b.toCallback(`${API}/loginMicrosoft`);
      t.clock.advance(10 * 60_000 + 1000);
      expect(errorOf((await b.callback(address)).headers.location)).toBe(OIDC_MESSAGES.expired('microsoft'));
    });
  });

  describe('usuarios sso sin contraseña', () => {
    it('el ingreso con contraseña se rechaza con las mismas palabras que una contraseña incorrecta', async () => {
      const sso = await t.client().signIn(SSO_USER);
      const wrong = await t.client().signIn('historial@quipu.test', 'Mala.Clave.2026');
      expect(sso.statusCode).toBe(401);
      expect(sso.json()).toEqual(wrong.json());
      expect(sso.json()).toEqual({ message: 'Usuario o contraseña incorrectos' });
    });

    it('la recuperación responde lo mismo y no envía nada', async () => {
      const res = await t.client().post(`${API}/resetpasswd`, { user: SSO_USER });
      expect(res.json()).toEqual({ message: 'Si su dirección de correo electrónico existe, recibirá un mensaje con su nueva contraseña en unos minutos.' });
      await t.app.jobs.drain();
      expect(await outbox(t)).toEqual([]);
    });

    it('/usuario/cambiar se rechaza', async () => {
      const b = await browser();
      await b.signIn(`${API}/loginMicrosoft`);
      // The console, landing, asks for the new session's signing key.
      await b.app.athena();
      const me = await userRow(t, SSO_USER);
      const res = await b.app.post(`${API}/usuario/cambiar`, { current: 'Demo.2026', passwd1: 'Cambio.De.Clave.2026', passwd2: 'Cambio.De.Clave.2026', id: me.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Los usuarios de Microsoft cambian su contraseña en Microsoft' });
    });
  });

  describe('quién marca a un usuario como sso', () => {
    const mark = async (who: string, sso: boolean) => {
      const c = await t.login(who);
      const target = await userRow(t, 'dashboard@quipu.test');
      return c.post(`${API}/usuario`, { id: target.id, usuario: target.usuario, idE: target.idE, nm: target.nm, ap: target.ap, rol: target.rol, a: true, version: target.version, sso });
    };

    it.each(['admin@quipu.test', 'usuarios@quipu.test'])('%s puede', async (who) => {
      const res = await mark(who, true);
      expect(res.statusCode).toBe(200);
      expect((await userRow(t, 'dashboard@quipu.test')).sso).toBeTruthy();
    });

    it("ROLE_COMPANIA no: 403 con el motivo, y el usuario queda igual", async () => {
      const res = await mark('compania@quipu.test', true);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: SSO_REFUSED });
      expect((await userRow(t, 'dashboard@quipu.test')).sso).toBeFalsy();
    });

    it('ROLE_COMPANIA guarda sin tocar sso: lo que estaba se conserva', async () => {
      await t.app.db.updateTable('usuario').set({ sso: 1 }).where('usuario', '=', 'dashboard@quipu.test').execute();
      const c = await t.login('compania@quipu.test');
      const target = await userRow(t, 'dashboard@quipu.test');
      const res = await c.post(`${API}/usuario`, { id: target.id, usuario: target.usuario, idE: target.idE, nm: 'Otro', ap: target.ap, rol: target.rol, a: true, version: target.version });
      expect(res.statusCode).toBe(200);
      expect((await userRow(t, 'dashboard@quipu.test')).sso).toBeTruthy();
    });
  });
});

describe.each(dialects)('tokens que no valen aquí (%s)', (dialect) => {
  let t: TestApp;
  let forge: ForgingIssuer;

  beforeAll(async () => {
    forge = await startForgingIssuer();
    t = await createTestApp(dialect, { publicUrl: PUBLIC_URL, outboundAllow: ['127.0.0.1'], microsoftAuthority: forge.base, microsoftClientId: MS_CLIENT.id, microsoftClientSecret: MS_CLIENT.secret });
  });
  beforeEach(async () => {
    await t.reset();
    await t.app.db.updateTable('usuario').set({ sso: 1 }).where('usuario', '=', SSO_USER).execute();
  });
  afterAll(async () => {
    await t?.close();
    await forge?.close();
  });

  const signIn = async (claims: Record<string, unknown>) => {
    forge.next = () => ({ email: SSO_USER, ...claims });
    const c = t.client();
    await c.athena();
    return new Browser(c).signIn(`${API}/loginMicrosoft`);
  };

  it('un token bien formado del emisor configurado entra', async () => {
    expect((await signIn({})).headers.location).toBe(PUBLIC_URL);
  });

  it.each([
    ['de otro emisor', { iss: 'https://otro-emisor.test' }],
    ['para otra aplicación (aud)', { aud: 'otra-aplicacion' }],
    ['vencido', { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['con otro nonce', { nonce: 'otro-nonce' }],
  ])('un token %s se rechaza', async (_what, claims) => {
    const done = await signIn(claims);
    expect(errorOf(done.headers.location)).toBe(BAD_TOKEN);
    expect(Number((await t.app.db.selectFrom('sesion').select((eb) => eb.fn.countAll<number>().as('n')).where('idU', 'is not', null).executeTakeFirstOrThrow()).n)).toBe(0);
  });

  it('un emisor que publica otro issuer se rechaza antes de salir', async () => {
    const authority = t.app.config.microsoftAuthority;
    // Another address of the same server: its discovery names the first one.
    t.app.config.microsoftAuthority = forge.base.replace('127.0.0.1', 'localhost');
    try {
      const c = t.client();
      await c.athena();
      const start = await c.get(`${API}/loginMicrosoft`);
      expect(errorOf(start.headers.location)).toBe(OIDC_MESSAGES.badIssuer('microsoft'));
    } finally {
      t.app.config.microsoftAuthority = authority;
    }
  });

  it('un emisor en una dirección interna no permitida no se consulta', async () => {
    const allowed = t.app.outbound.allow;
    const authority = t.app.config.microsoftAuthority;
    t.app.config.microsoftAuthority = 'http://10.255.255.1:9';
    try {
      const c = t.client();
      await c.athena();
      const start = await c.get(`${API}/loginMicrosoft`);
      expect(errorOf(start.headers.location)).toBe('Dirección no permitida: 10.255.255.1 es una dirección interna');
    } finally {
      t.app.config.microsoftAuthority = authority;
      expect(t.app.outbound.allow).toBe(allowed);
    }
  });
});
