// POST /enki, GET /public/athena and POST /logout: sign-in, session check, refusals, lock-out,
// throttling and expiry.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOUCH_INTERVAL_MS } from '../../server/src/auth/sessions';
import { API, createTestApp, dialects, userRow, type TestApp } from './helpers';

describe.each(dialects)('sesión (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /public/athena', () => {
    it('crea una pre-sesión con una clave nueva y fija la cookie quipu_sid HttpOnly, SameSite=Strict, Path=/', async () => {
      const c = t.client();
      const res = await c.athena();
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Buffer.from(body.k, 'base64url')).toHaveLength(32);
      expect(body.brand).toEqual({ name: 'Quipu', alt: false });
      expect(body.microsoft).toBe(false);
      // No one has signed in on this cookie: the console does not ask POST /enki.
      expect(body.sesion).toBe(false);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^quipu_sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
      const rows = await t.app.db.selectFrom('sesion').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ idU: null, k: body.k });
      // The database holds the SHA-256 of the token, never the token.
      expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].id).not.toBe(c.cookies.get('quipu_sid'));
    });

    it('devuelve la misma clave a una pre-sesión viva y a una sesión iniciada, sin rotarla', async () => {
      const c = t.client();
      const first = (await c.athena()).json().k;
      const again = await c.athena();
      expect(again.json().k).toBe(first);
      expect(again.json().sesion).toBe(false);
      expect(again.headers['set-cookie']).toBeUndefined();

      const signed = await t.login('usuario@quipu.test');
      const k = signed.key;
      const res = await signed.athena();
      expect(res.json().k).toBe(k);
      expect(res.json().sesion).toBe(true);
      expect(await t.app.db.selectFrom('sesion').selectAll().execute()).toHaveLength(2);
    });

    it('usa la marca alternativa cuando el Host coincide con el patrón configurado', async () => {
      const alt = await createTestApp(dialect, { altBrandHostPattern: /andes\.example$/i });
      try {
        const res = await alt.client().athena({ host: 'consola.andes.example' });
        expect(res.json().brand).toEqual({ name: 'Quipu Andes', alt: true });
        const plain = await alt.client().athena({ host: 'localhost:8080' });
        expect(plain.json().brand).toEqual({ name: 'Quipu', alt: false });
      } finally {
        await alt.close();
      }
    });
  });

  describe('POST /enki (ingreso)', () => {
    it('ingresa con Basic, devuelve user, config y emp, rota la clave y cambia la cookie', async () => {
      const c = t.client();
      await c.athena();
      const preKey = c.key;
      const preCookie = c.cookies.get('quipu_sid');
      const res = await c.signIn('usuario@quipu.test');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const row = await userRow(t, 'usuario@quipu.test');
      expect(body.user).toEqual({
        id: row.id,
        usuario: 'usuario@quipu.test',
        nm: 'Camila',
        ap: 'Herrera Paredes',
        rol: 'ROLE_USER',
        idE: row.idE,
        sso: false,
        pmHist: true,
        showChannels: true,
        a: true,
      });
      expect(body.config).toEqual({
        k: expect.any(String),
        fb: false,
        tw: false,
        web: false,
        tg: false,
        wp: false,
        ts: 30,
        menu: ['/dashboard', '/canal', '/bot', '/historial', '/about'],
        dashboardDetalles: false,
      });
      expect(body.config.k).not.toBe(preKey);
      expect(body.emp).toEqual({ id: row.idE, nm: 'Demo Internacional', audit: true, tg: true, liveAgent: true, tz: 'America/Lima' });
      expect(c.cookies.get('quipu_sid')).not.toBe(preCookie);
      // The pre-session row is gone; one signed-in row remains, holding the new key.
      const rows = await t.app.db.selectFrom('sesion').selectAll().execute();
      expect(rows).toEqual([expect.objectContaining({ idU: row.id, k: body.config.k })]);
    });

    it('acepta el usuario sin distinguir mayúsculas', async () => {
      const res = await t.client().signIn('Compania@Quipu.TEST');
      expect(res.statusCode).toBe(200);
      expect(res.json().user.usuario).toBe('compania@quipu.test');
      expect(res.json().config.menu).toEqual(['/dashboard', '/usuarios', '/canal', '/bot', '/historial', '/auditoria', '/about']);
    });

    it('con la cookie y sin Authorization devuelve la sesión actual con la misma clave', async () => {
      const c = await t.login('admin@quipu.test');
      const res = await c.post(`${API}/enki`);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.rol).toBe('ROLE_ADMIN');
      expect(res.json().config.k).toBe(c.key);
      expect(res.json().config.menu).toEqual(['/dashboard', '/empresas', '/cfg', '/qnas', '/usuarios', '/canal', '/historial', '/auditoria', '/about']);
    });

    it("sin sesión iniciada responde 401 'Sesión no iniciada' con code SESSION", async () => {
      const res = await t.client().post(`${API}/enki`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Sesión no iniciada', code: 'SESSION' });
    });

    it("contraseña incorrecta y usuario desconocido responden igual: 'Usuario o contraseña incorrectos'", async () => {
      const wrong = await t.client().signIn('usuario@quipu.test', 'Otra.Clave.Distinta.2026');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Usuario o contraseña incorrectos' });
      expect((await userRow(t, 'usuario@quipu.test')).fallos).toBe(1);

      const unknown = await t.client().signIn('nadie@quipu.test', 'Demo.2026');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ message: 'Usuario o contraseña incorrectos' });
      expect(await t.app.db.selectFrom('sesion').where('idU', 'is not', null).selectAll().execute()).toEqual([]);
    });

    it("contraseña expirada: 401 'Su contraseña ha expirado. Debe renovarla.' con code EXPIRED, solo con la contraseña correcta", async () => {
      const res = await t.client().signIn('expirado@quipu.test');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Su contraseña ha expirado. Debe renovarla.', code: 'EXPIRED' });
      expect(res.json().message).toContain('expirado');
      // A wrong password must not reveal that the account exists and is expired.
      const wrong = await t.client().signIn('expirado@quipu.test', 'Mala.2026');
      expect(wrong.json()).toEqual({ message: 'Usuario o contraseña incorrectos' });
    });

    it("usuario inactivo: 'Usuario inactivo. Comuníquese con su administrador.'", async () => {
      const res = await t.client().signIn('sebastian.chavez@demo-internacional.test');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Usuario inactivo. Comuníquese con su administrador.' });
    });

    it("empresa inactiva: 'La empresa está inactiva'", async () => {
      await t.app.db.updateTable('empresa').set({ activo: 0 }).where('nm', '=', 'Otra Empresa').execute();
      const res = await t.client().signIn('otra@quipu.test');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'La empresa está inactiva' });
    });

    it("suscripción vencida: 'La suscripción de su empresa terminó el DD/MM/YYYY'", async () => {
      await t.app.db.updateTable('empresa').set({ ff: '2025-03-31' }).where('nm', '=', 'Otra Empresa').execute();
      const res = await t.client().signIn('otra@quipu.test');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'La suscripción de su empresa terminó el 31/03/2025' });

      const future = new Date(t.clock.now + 86_400_000).toISOString().slice(0, 10);
      await t.app.db.updateTable('empresa').set({ ff: future }).where('nm', '=', 'Otra Empresa').execute();
      expect((await t.client().signIn('otra@quipu.test')).statusCode).toBe(200);
    });

    it("lista de acceso: 'No se permite el ingreso desde la dirección X' fuera de las redes permitidas (IPv4 e IPv6)", async () => {
      await t.app.db
        .updateTable('empresa')
        .set({ acl: 1, aclList: JSON.stringify(['10.1.0.0/16', '192.168.5.7', '2001:db8::/32', '172.16.0.0/255.240.0.0']) })
        .where('nm', '=', 'Otra Empresa')
        .execute();
      const refused = await t.client('203.0.113.9').signIn('otra@quipu.test');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: 'No se permite el ingreso desde la dirección 203.0.113.9' });
      const refused6 = await t.client('2001:db9::1').signIn('otra@quipu.test');
      expect(refused6.json()).toEqual({ message: 'No se permite el ingreso desde la dirección 2001:db9::1' });

      for (const address of ['10.1.200.3', '192.168.5.7', '2001:db8::42', '172.20.1.1', '::ffff:10.1.0.9']) {
        const ok = await t.client(address).signIn('otra@quipu.test');
        expect(ok.statusCode, address).toBe(200);
      }
      // Other companies have no list.
      expect((await t.client('203.0.113.9').signIn('compania@quipu.test')).statusCode).toBe(200);
    });

    it("una cuenta bloqueada tras 5 fallos responde como una contraseña incorrecta (401 'Usuario o contraseña incorrectos'), aun con la correcta, y se libera después", async () => {
      const wrong = await t.client().signIn('usuario@quipu.test', 'Mala.0');
      for (let i = 2; i <= 5; i++) await t.client().signIn('usuario@quipu.test', `Mala.${i}`);
      const row = await userRow(t, 'usuario@quipu.test');
      expect(Date.parse(row.bloqueoHasta ?? '')).toBe(t.clock.now + 15 * 60_000);

      // The attacker's view: the right password on a locked account looks exactly like a wrong one.
      const locked = await t.client().signIn('usuario@quipu.test');
      expect(locked.statusCode).toBe(wrong.statusCode);
      expect(locked.body).toBe(wrong.body);
      expect(locked.json()).toEqual({ message: 'Usuario o contraseña incorrectos' });
      const lockedWrong = await t.client().signIn('usuario@quipu.test', 'Mala.6');
      expect(lockedWrong.body).toBe(wrong.body);
      // Guesses during the lock do not extend it.
      expect((await userRow(t, 'usuario@quipu.test')).bloqueoHasta).toBe(row.bloqueoHasta);

      t.clock.advance(15 * 60_000 + 1);
      const ok = await t.client().signIn('usuario@quipu.test');
      expect(ok.statusCode).toBe(200);
      const after = await userRow(t, 'usuario@quipu.test');
      expect(after).toMatchObject({ fallos: 0, bloqueoHasta: null });
    });

    it('un ingreso correcto reinicia el contador de fallos', async () => {
      await t.client().signIn('historial@quipu.test', 'Mala.1');
      await t.client().signIn('historial@quipu.test', 'Mala.2');
      expect((await userRow(t, 'historial@quipu.test')).fallos).toBe(2);
      expect((await t.client().signIn('historial@quipu.test')).statusCode).toBe(200);
      expect((await userRow(t, 'historial@quipu.test')).fallos).toBe(0);
    });

    it('el bloqueo dura los minutos configurados', async () => {
      const short = await createTestApp(dialect, { loginMaxFailures: 2, loginLockMinutes: 3 });
      try {
        await short.client().signIn('usuario@quipu.test', 'Mala.1');
        await short.client().signIn('usuario@quipu.test', 'Mala.2');
        const res = await short.client().signIn('usuario@quipu.test');
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Usuario o contraseña incorrectos' });
        short.clock.advance(3 * 60_000 + 1);
        expect((await short.client().signIn('usuario@quipu.test')).statusCode).toBe(200);
      } finally {
        await short.close();
      }
    });

    it("limita los ingresos por dirección: 429 'Demasiados intentos de ingreso. Espere un minuto e intente nuevamente.'", async () => {
      const limited = await createTestApp(dialect, { loginRatePerMinute: 3 });
      try {
        const signedIn = limited.client('198.51.100.20');
        expect((await signedIn.signIn('compania@quipu.test')).statusCode).toBe(200);
        const c = limited.client('198.51.100.20');
        for (let i = 0; i < 2; i++) expect((await c.signIn('usuario@quipu.test', 'Mala.x')).statusCode).toBe(401);
        const res = await c.signIn('usuario@quipu.test');
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ message: 'Demasiados intentos de ingreso. Espere un minuto e intente nuevamente.' });
        // A session already signed in does not buy more guesses.
        expect((await signedIn.signIn('usuario@quipu.test', 'Mala.y')).statusCode).toBe(429);
        // Session checks have their own counter, and a signed-in one never counts.
        expect((await c.post(`${API}/enki`)).json().code).toBe('SESSION');
        expect((await signedIn.post(`${API}/enki`)).statusCode).toBe(200);
        // Another address is not affected.
        expect((await limited.client('198.51.100.21').signIn('usuario@quipu.test')).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('una cabecera Authorization que no es Basic se rechaza como credenciales incorrectas', async () => {
      const res = await t.client().post(`${API}/enki`, undefined, { headers: { authorization: 'Bearer abc' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Usuario o contraseña incorrectos' });
    });
  });

  describe('vencimiento por inactividad', () => {
    it('cierra la sesión tras los minutos ts de la empresa sin actividad y borra la fila', async () => {
      const c = await t.login('compania@quipu.test');
      const row = await userRow(t, 'compania@quipu.test');
      t.clock.advance(30 * 60_000 + 1);
      const res = await c.get(`${API}/usuario?id=${row.id}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Sesión no iniciada', code: 'SESSION' });
      expect(await t.app.db.selectFrom('sesion').where('idU', '=', row.id).selectAll().execute()).toEqual([]);
      // The key died with the row: writes now need a new bootstrap.
      const write = await c.post(`${API}/enki`);
      expect(write.json()).toEqual({ message: 'Sesión de integridad no iniciada; recargue la página', code: 'INTEGRITY' });
    });

    it('la actividad mantiene viva la sesión', async () => {
      const c = await t.login('compania@quipu.test');
      for (let i = 0; i < 4; i++) {
        t.clock.advance(20 * 60_000);
        const res = await c.post(`${API}/enki`);
        expect(res.statusCode).toBe(200);
      }
      const rows = await t.app.db.selectFrom('sesion').selectAll().execute();
      expect(Number(rows[0].ua)).toBe(t.clock.now);
    });

    it('solicitudes simultáneas de una sesión escriben su actividad una vez, y la sesión sigue venciendo a su hora', async () => {
      const c = await t.login('compania@quipu.test');
      const row = await userRow(t, 'compania@quipu.test');
      const executor = t.app.db.getExecutor();
      const spy = vi.spyOn(executor, 'executeQuery');
      try {
        for (let round = 0; round < 2; round++) {
          t.clock.advance(TOUCH_INTERVAL_MS);
          spy.mockClear();
          const answers = await Promise.all(Array.from({ length: 8 }, () => c.get(`${API}/usuario?id=${row.id}`)));
          expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
          const touches = spy.mock.calls.filter(([query]) => /^update "sesion" set "ua"/.test(query.sql));
          expect(touches).toHaveLength(1);
          const [stored] = await t.app.db.selectFrom('sesion').select('ua').where('idU', '=', row.id).execute();
          expect(Number(stored.ua)).toBe(t.clock.now);
        }
      } finally {
        spy.mockRestore();
      }
      t.clock.advance(30 * 60_000 + 1);
      expect((await c.get(`${API}/usuario?id=${row.id}`)).statusCode).toBe(401);
    });

    it('cada empresa tiene su propio límite (Otra Empresa: 60 minutos)', async () => {
      const otra = await t.login('otra@quipu.test');
      const demo = await t.login('compania@quipu.test');
      t.clock.advance(45 * 60_000);
      expect((await otra.post(`${API}/enki`)).statusCode).toBe(200);
      expect((await demo.post(`${API}/enki`)).statusCode).toBe(401);
    });

    it('un usuario desactivado pierde la sesión en su siguiente solicitud', async () => {
      const c = await t.login('usuario@quipu.test');
      await t.app.db.updateTable('usuario').set({ a: 0 }).where('usuario', '=', 'usuario@quipu.test').execute();
      const res = await c.post(`${API}/enki`);
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /logout', () => {
    it('responde 204, borra la fila de la sesión y limpia la cookie', async () => {
      const c = await t.login('usuario@quipu.test');
      const res = await c.post(`${API}/logout`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(String(res.headers['set-cookie'])).toMatch(/^quipu_sid=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/);
      expect(await t.app.db.selectFrom('sesion').selectAll().execute()).toEqual([]);
      expect(c.cookies.has('quipu_sid')).toBe(false);
    });

    it('funciona con solo la pre-sesión', async () => {
      const c = t.client();
      await c.athena();
      const res = await c.post(`${API}/logout`);
      expect(res.statusCode).toBe(204);
      expect(await t.app.db.selectFrom('sesion').selectAll().execute()).toEqual([]);
    });
  });
});

describe('detrás de un balanceador (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { trustProxy: ['10.9.9.9'] });
    await t.reset();
    await t.app.db.updateTable('empresa').set({ acl: 1, aclList: JSON.stringify(['192.168.5.0/24']) }).where('nm', '=', 'Otra Empresa').execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const signInVia = async (proxy: string, forwardedFor: string) => {
    const c = t.client(proxy);
    await c.athena();
    const basic = Buffer.from('otra@quipu.test:Demo.2026').toString('base64');
    return c.post(`${API}/enki`, undefined, { headers: { authorization: `Basic ${basic}`, 'x-forwarded-for': forwardedFor } });
  };

  it('la lista de acceso de la empresa juzga la dirección que el balanceador de confianza informa', async () => {
    expect((await signInVia('10.9.9.9', '192.168.5.20')).statusCode).toBe(200);
    const refused = await signInVia('10.9.9.9', '203.0.113.9');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'No se permite el ingreso desde la dirección 203.0.113.9' });
  });

  it('un proxy que no es de confianza no puede hacerse pasar por una dirección permitida', async () => {
    const refused = await signInVia('10.7.7.7', '192.168.5.20');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'No se permite el ingreso desde la dirección 10.7.7.7' });
  });
});

describe('el manual de usuario (MANUAL_URL)', () => {
  it('la sesión lo nombra cuando está configurado, y no lo nombra cuando no', async () => {
    for (const [manualUrl, expected] of [['https://manual.example/quipu', 'https://manual.example/quipu'], [undefined, undefined]] as const) {
      const t = await createTestApp('sqlite', { manualUrl });
      try {
        const c = await t.login('historial@quipu.test');
        const info = (await c.post(`${API}/enki`)).json();
        expect(info.config.manualUrl).toBe(expected);
      } finally {
        await t.close();
      }
    }
  });
});
