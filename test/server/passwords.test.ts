// Password recovery (POST /resetpasswd) with the console's address its mail names, renewal with
// captcha (POST /public/usuario/cambiar-expired) and change (POST /usuario/cambiar).
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { consoleAddress, loadConfig } from '../../server/src/config';
import { hashPassword } from '../../server/src/services/auth/passwords';
import { API, Client, createTestApp, DEMO_PASSWORD, dialects, outbox, TEST_PASSWORD_COST, userRow, type TestApp } from './helpers';

const NEUTRAL = 'Si su dirección de correo electrónico existe, recibirá un mensaje con su nueva contraseña en unos minutos.';
const UPDATED = { message: 'Contraseña actualizada con éxito' };

/** Decodes a quoted-printable mail body and RFC 2047 Q-encoded headers. */
function decodeMail(eml: string): string {
  const split = eml.indexOf('\n\n');
  const headers = eml.slice(0, split).replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, text: string) => qp(text.replace(/_/g, ' ')));
  return `${headers}\n\n${qp(eml.slice(split + 2).replace(/=\r?\n/g, ''))}`;
}
function qp(text: string): string {
  return Buffer.from(text.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

/** Solves a real challenge from GET /public/captcha, as the altcha widget does, and returns its payload. */
async function solveCaptcha(c: Client): Promise<string> {
  const res = await c.get(`${API}/public/captcha`);
  expect(res.statusCode).toBe(200);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

describe('la dirección de la consola en los correos y para los proveedores (consoleAddress)', () => {
  const address = (env: Record<string, string>) => consoleAddress(loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'quipu-config'), ...env }));
  it('es PUBLIC_URL; sin ella, donde escucha el servidor (un HOST comodín, en loopback), con su BASE_PATH', () => {
    expect(address({ PUBLIC_URL: 'https://bots.tienda.pe/quipu' })).toBe('https://bots.tienda.pe/quipu/');
    expect(address({})).toBe('http://127.0.0.1:8080/');
    expect(address({ HOST: '0.0.0.0', PORT: '9000', BASE_PATH: '/quipu/' })).toBe('http://127.0.0.1:9000/quipu/');
    expect(address({ HOST: '::' })).toBe('http://[::1]:8080/');
    expect(address({ HOST: 'bots.interno', PORT: '80' })).toBe('http://bots.interno:80/');
  });
});

describe.each(dialects)('contraseñas (%s)', (dialect) => {
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

  describe('POST /resetpasswd', () => {
    const request = (c: Client, user: string, headers: Record<string, string> = {}) => c.post(`${API}/resetpasswd`, { user }, { headers });
    const mailedPassword = async () => /Su nueva contraseña es: (\S+)/.exec(decodeMail((await outbox(t))[0].text))?.[1] ?? '';

    it('una cuenta desconocida y una existente reciben la misma respuesta, y la solicitud no toca la cuenta ni envía nada', async () => {
      const c = t.client();
      const before = await userRow(t, 'usuario@quipu.test');
      const unknown = await request(c, 'nadie@quipu.test');
      const known = await request(c, 'Usuario@Quipu.test');
      for (const res of [unknown, known]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: NEUTRAL });
      }
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
      expect(known.body).toBe(unknown.body);
      // Both only queued a job: no mail and no change to the account inside the request.
      expect(await outbox(t)).toEqual([]);
      expect(await userRow(t, 'usuario@quipu.test')).toEqual(before);
      const queued = await t.app.db.selectFrom('trabajo').select(['tipo', 'estado']).execute();
      expect(queued).toEqual([
        { tipo: 'recuperacion', estado: 'pendiente' },
        { tipo: 'recuperacion', estado: 'pendiente' },
      ]);

      await t.app.jobs.drain();
      const mails = await outbox(t);
      expect(mails).toHaveLength(1);
      const mail = decodeMail(mails[0].text);
      expect(mail).toContain('To: usuario@quipu.test');
      expect(mail).toContain('Subject: Nueva contraseña de Quipu');
      expect(mail).toContain('Hola Camila:');
      expect(mail).toContain('Ingrese en http://127.0.0.1:8080/ con su usuario y esta contraseña dentro de los próximos 30 minutos.');
      const after = await userRow(t, 'usuario@quipu.test');
      expect(after.pwd).toBe(before.pwd);
      expect(after.pwdExpira).toBe(before.pwdExpira);
      expect(after.pwdPendienteHasta).toBe(new Date(t.clock.now + 30 * 60_000).toISOString());
      expect(await t.app.db.selectFrom('trabajo').select('estado').where('estado', '!=', 'hecho').execute()).toEqual([]);
    });

    it('sin PUBLIC_URL el enlace del correo es la dirección donde escucha el servidor, no la que digan Host u Origin', async () => {
      await request(t.client(), 'usuario@quipu.test', { host: 'evil.example', origin: 'https://atacante.example' });
      await t.app.jobs.drain();
      const mail = decodeMail((await outbox(t))[0].text);
      expect(mail).toContain('Ingrese en http://127.0.0.1:8080/ con su usuario');
      expect(mail).not.toMatch(/evil|atacante/);
    });

    it('con PUBLIC_URL el enlace del correo es esa dirección, no la que diga la solicitud', async () => {
      t.app.config.publicUrl = 'https://bots.quipu.test/';
      try {
        await request(t.client(), 'usuario@quipu.test', { origin: 'https://atacante.example' });
      } finally {
        t.app.config.publicUrl = undefined;
      }
      await t.app.jobs.drain();
      const mail = decodeMail((await outbox(t))[0].text);
      expect(mail).toContain('Ingrese en https://bots.quipu.test/ con su usuario');
      expect(mail).not.toContain('atacante');
    });

    it('quien pide la recuperación de otro no lo deja fuera: la contraseña actual sigue sirviendo', async () => {
      await request(t.client(), 'usuario@quipu.test');
      await t.app.jobs.drain();
      expect(await mailedPassword()).not.toBe('');
      expect((await t.client().signIn('usuario@quipu.test')).statusCode).toBe(200);
      // Signing in with the current one cancels the pending recovery.
      expect((await t.client().signIn('usuario@quipu.test', await mailedPassword())).json()).toEqual({ message: 'Usuario o contraseña incorrectos' });
    });

    it('la contraseña enviada sirve una vez y lleva a la renovación (EXPIRED); desde entonces la anterior ya no sirve', async () => {
      const c = t.client();
      await request(c, 'usuario@quipu.test');
      await t.app.jobs.drain();
      const mail = decodeMail((await outbox(t))[0].text);
      expect(mail).toContain('Ingrese en http://127.0.0.1:8080/ ');
      const password = await mailedPassword();
      expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[.\-_*#!%+]).{12}$/);

      const mailed = await t.client().signIn('usuario@quipu.test', password);
      expect(mailed.statusCode).toBe(401);
      expect(mailed.json()).toEqual({ message: 'Su contraseña ha expirado. Debe renovarla.', code: 'EXPIRED' });
      expect((await t.client().signIn('usuario@quipu.test')).json()).toEqual({ message: 'Usuario o contraseña incorrectos' });

      // Renewal with the mailed password as the current one; after it the mailed one is gone.
      const r = t.client();
      const res = await r.post(`${API}/public/usuario/cambiar-expired`, {
        current: password,
        passwd1: 'Propia.Clave.Larga.2027',
        passwd2: 'Propia.Clave.Larga.2027',
        id: 'usuario@quipu.test',
        token: await solveCaptcha(r),
      });
      expect(res.json()).toEqual(UPDATED);
      expect((await t.client().signIn('usuario@quipu.test', 'Propia.Clave.Larga.2027')).statusCode).toBe(200);
      expect((await t.client().signIn('usuario@quipu.test', password)).statusCode).toBe(401);
    });

    it('la contraseña enviada vence a los 30 minutos', async () => {
      await request(t.client(), 'usuario@quipu.test');
      await t.app.jobs.drain();
      t.clock.advance(30 * 60_000 + 1000);
      const late = await t.client().signIn('usuario@quipu.test', await mailedPassword());
      expect(late.json()).toEqual({ message: 'Usuario o contraseña incorrectos' });
      expect((await t.client().signIn('usuario@quipu.test')).statusCode).toBe(200);
    });

    it('no envía nada a cuentas inactivas ni de Microsoft', async () => {
      await t.app.db.updateTable('usuario').set({ sso: 1 }).where('usuario', '=', 'dashboard@quipu.test').execute();
      const c = t.client();
      for (const user of ['sebastian.chavez@demo-internacional.test', 'dashboard@quipu.test']) {
        const res = await request(c, user);
        expect(res.json()).toEqual({ message: NEUTRAL });
      }
      await t.app.jobs.drain();
      expect(await outbox(t)).toEqual([]);
      expect((await userRow(t, 'dashboard@quipu.test')).pwdPendiente).toBeNull();
    });

    it('se limita por cuenta: desde cualquier dirección, a lo sumo 3 por hora, con la misma respuesta', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await request(t.client(), i % 2 ? 'usuario@quipu.test' : 'USUARIO@quipu.test');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: NEUTRAL });
      }
      await t.app.jobs.drain();
      expect(await outbox(t)).toHaveLength(3);
      t.clock.advance(60 * 60_000 + 1000);
      await request(t.client(), 'usuario@quipu.test');
      await t.app.jobs.drain();
      expect(await outbox(t)).toHaveLength(4);
    });

    it('se limita por dirección', async () => {
      const limited = await createTestApp(dialect, { loginRatePerMinute: 2 });
      try {
        const c = limited.client('198.51.100.7');
        for (let i = 0; i < 2; i++) expect((await c.post(`${API}/resetpasswd`, { user: 'nadie@quipu.test' })).statusCode).toBe(200);
        const res = await c.post(`${API}/resetpasswd`, { user: 'usuario@quipu.test' });
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ message: 'Demasiadas solicitudes. Espere un minuto e intente nuevamente.' });
        await limited.app.jobs.drain();
        expect(await outbox(limited)).toEqual([]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('costo de los hashes', () => {
    it('un hash de costo menor al configurado se rehace al ingresar, y la contraseña sigue siendo la misma', async () => {
      const weak = await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST / 2);
      await t.app.db.updateTable('usuario').set({ pwd: weak }).where('usuario', '=', 'historial@quipu.test').execute();
      expect((await t.client().signIn('historial@quipu.test')).statusCode).toBe(200);
      const stored = (await userRow(t, 'historial@quipu.test')).pwd;
      expect(stored).not.toBe(weak);
      expect(stored.startsWith(`scrypt$${TEST_PASSWORD_COST}$8$1$`)).toBe(true);
      expect((await t.client().signIn('historial@quipu.test')).statusCode).toBe(200);
      expect((await userRow(t, 'historial@quipu.test')).pwd).toBe(stored);
    });
  });

  describe('POST /public/usuario/cambiar-expired', () => {
    const renew = async (c: Client, body: Record<string, unknown>) =>
      c.post(`${API}/public/usuario/cambiar-expired`, { current: 'Demo.2026', passwd1: 'Nueva.Clave.Segura.2026', passwd2: 'Nueva.Clave.Segura.2026', id: 'expirado@quipu.test', ...body });

    it("con el captcha resuelto renueva la contraseña: 'Contraseña actualizada con éxito'", async () => {
      const c = t.client();
      const res = await renew(c, { token: await solveCaptcha(c) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(UPDATED);
      const row = await userRow(t, 'expirado@quipu.test');
      expect(row).toMatchObject({ pwdExpira: null, fallos: 0, bloqueoHasta: null });
      expect((await t.client().signIn('expirado@quipu.test', 'Nueva.Clave.Segura.2026')).statusCode).toBe(200);
      expect((await t.client().signIn('expirado@quipu.test', 'Demo.2026')).statusCode).toBe(401);
    });

    it("sin captcha, con uno inválido, alterado o ya usado: 400 'Debe resolver el captcha'", async () => {
      const c = t.client();
      const captcha = { message: 'Debe resolver el captcha' };
      expect((await renew(c, {})).json()).toEqual(captcha);
      expect((await renew(c, { token: 'no-es-un-captcha' })).json()).toEqual(captcha);
      // The widget's test mode payload.
      const testMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64');
      expect((await renew(c, { token: testMode })).json()).toEqual(captcha);

      const token = await solveCaptcha(c);
      const payload = JSON.parse(Buffer.from(token, 'base64').toString());
      payload.solution.derivedKey = '00'.repeat(32);
      const forged = await renew(c, { token: Buffer.from(JSON.stringify(payload)).toString('base64') });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual(captcha);

      expect((await renew(c, { token })).json()).toEqual(UPDATED);
      const reused = await renew(c, { token, current: 'Nueva.Clave.Segura.2026', passwd1: 'Otra.Clave.Distinta.2027', passwd2: 'Otra.Clave.Distinta.2027' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual(captcha);
    });

    it('un captcha vencido (más de 10 minutos) se rechaza', async () => {
      const c = t.client();
      const token = await solveCaptcha(c);
      t.clock.advance(10 * 60_000 + 1000);
      const res = await renew(c, { token });
      expect(res.json()).toEqual({ message: 'Debe resolver el captcha' });
    });

    it("contraseñas distintas: 'Las contraseñas no coinciden'; corta o adivinable: mensaje de la política; igual a la actual: 'La nueva contraseña debe ser distinta de la actual'", async () => {
      const c = t.client();
      const mismatch = await renew(c, { passwd2: 'Nueva.Clave.Segura.2027', token: await solveCaptcha(c) });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({ message: 'Las contraseñas no coinciden' });

      for (const short of ['corta1', 'Demo.2027', 'Año.2026!']) {
        const res = await renew(c, { passwd1: short, passwd2: short, token: await solveCaptcha(c) });
        expect(res.json(), short).toEqual({ message: 'La nueva contraseña debe tener al menos 12 caracteres' });
      }
      for (const guessable of ['contraseña123', '123456789012']) {
        const res = await renew(c, { passwd1: guessable, passwd2: guessable, token: await solveCaptcha(c) });
        expect(res.statusCode, guessable).toBe(400);
        expect(res.json().message, guessable).toMatch(/^La nueva contraseña es fácil de adivinar/);
      }
      for (const personal of ['SofiaCastro.2026', 'expirado.Quipu.2026']) {
        const res = await renew(c, { passwd1: personal, passwd2: personal, token: await solveCaptcha(c) });
        expect(res.json(), personal).toEqual({ message: 'La nueva contraseña no debe contener su nombre, apellido ni usuario' });
      }

      const same = await renew(c, { passwd1: 'Demo.2026', passwd2: 'Demo.2026', token: await solveCaptcha(c) });
      expect(same.json()).toEqual({ message: 'La nueva contraseña debe ser distinta de la actual' });
      expect((await userRow(t, 'expirado@quipu.test')).pwdExpira).not.toBeNull();
    });

    it("contraseña actual incorrecta: 'La contraseña actual es incorrecta' y cuenta como fallo", async () => {
      const c = t.client();
      const res = await renew(c, { current: 'Mala.2026', token: await solveCaptcha(c) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'La contraseña actual es incorrecta' });
      expect((await userRow(t, 'expirado@quipu.test')).fallos).toBe(1);

      const unknown = await renew(c, { id: 'nadie@quipu.test', token: await solveCaptcha(c) });
      expect(unknown.json()).toEqual({ message: 'La contraseña actual es incorrecta' });
    });
  });

  describe('POST /usuario/cambiar', () => {
    it("cambia la contraseña propia: 'Contraseña actualizada con éxito', y cierra las otras sesiones del usuario", async () => {
      const other = await t.login('usuario@quipu.test');
      const c = await t.login('usuario@quipu.test');
      const me = await userRow(t, 'usuario@quipu.test');
      const res = await c.post(`${API}/usuario/cambiar`, { current: 'Demo.2026', passwd1: 'Cambio.De.Clave.2026', passwd2: 'Cambio.De.Clave.2026', id: me.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(UPDATED);
      expect((await c.post(`${API}/enki`)).statusCode).toBe(200);
      expect((await other.post(`${API}/enki`)).statusCode).toBe(401);
      expect((await t.client().signIn('usuario@quipu.test', 'Cambio.De.Clave.2026')).statusCode).toBe(200);
      expect((await t.client().signIn('usuario@quipu.test', 'Demo.2026')).statusCode).toBe(401);
    });

    it('con el id de otro usuario: 403', async () => {
      const c = await t.login('compania@quipu.test');
      const target = await userRow(t, 'usuario@quipu.test');
      const res = await c.post(`${API}/usuario/cambiar`, { current: 'Demo.2026', passwd1: 'Cambio.De.Clave.2026', passwd2: 'Cambio.De.Clave.2026', id: target.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'No tiene permiso para realizar esta acción' });
      expect((await userRow(t, 'usuario@quipu.test')).pwd).toBe(target.pwd);
    });

    it("usuario de Microsoft: 403 'Los usuarios de Microsoft cambian su contraseña en Microsoft'", async () => {
      const c = await t.login('supervisor@quipu.test');
      await t.app.db.updateTable('usuario').set({ sso: 1 }).where('usuario', '=', 'supervisor@quipu.test').execute();
      const me = await userRow(t, 'supervisor@quipu.test');
      const res = await c.post(`${API}/usuario/cambiar`, { current: 'Demo.2026', passwd1: 'Cambio.De.Clave.2026', passwd2: 'Cambio.De.Clave.2026', id: me.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Los usuarios de Microsoft cambian su contraseña en Microsoft' });
    });

    it('aplica las mismas reglas: no coinciden, política, actual incorrecta', async () => {
      const c = await t.login('historial@quipu.test');
      const me = await userRow(t, 'historial@quipu.test');
      const send = (body: Record<string, string>) => c.post(`${API}/usuario/cambiar`, { current: 'Demo.2026', passwd1: 'Cambio.De.Clave.2026', passwd2: 'Cambio.De.Clave.2026', id: me.id, ...body });
      expect((await send({ passwd2: 'Cambio.De.Clave.2027' })).json()).toEqual({ message: 'Las contraseñas no coinciden' });
      expect((await send({ passwd1: 'abc', passwd2: 'abc' })).json()).toEqual({ message: 'La nueva contraseña debe tener al menos 12 caracteres' });
      const wrong = await send({ current: 'Mala.2026' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'La contraseña actual es incorrecta' });
      expect((await userRow(t, 'historial@quipu.test')).fallos).toBe(1);
    });

    it('sin sesión: 401 Sesión no iniciada', async () => {
      const res = await t.client().post(`${API}/usuario/cambiar`, { current: 'a', passwd1: 'b', passwd2: 'b', id: 'x' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Sesión no iniciada', code: 'SESSION' });
    });
  });
});
