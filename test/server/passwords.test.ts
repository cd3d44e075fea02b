// Password recovery (POST /resetpasswd), renewal with captcha (POST /public/usuario/cambiar-expired)
// and change (POST /usuario/cambiar).
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, Client, createTestApp, dialects, outbox, userRow, type TestApp } from './helpers';

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
    it('responde siempre el mensaje neutro y solo escribe un .eml para una cuenta existente', async () => {
      const c = t.client();
      const unknown = await c.post(`${API}/resetpasswd`, { user: 'nadie@quipu.test' });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ message: NEUTRAL });
      expect(await outbox(t)).toEqual([]);

      const before = await userRow(t, 'usuario@quipu.test');
      const known = await c.post(`${API}/resetpasswd`, { user: 'Usuario@Quipu.test' });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: NEUTRAL });
      const mails = await outbox(t);
      expect(mails).toHaveLength(1);
      const mail = decodeMail(mails[0].text);
      expect(mail).toContain('To: usuario@quipu.test');
      expect(mail).toContain('Subject: Nueva contraseña de Quipu');
      expect(mail).toContain('Hola Camila:');
      expect(mail).toContain('Ingrese en http://localhost:80/ con su usuario y esta contraseña.');
      const after = await userRow(t, 'usuario@quipu.test');
      expect(after.pwd).not.toBe(before.pwd);
      expect(after.pwdExpira).toBe(new Date(t.clock.now).toISOString());
    });

    it('con PUBLIC_URL el enlace del correo es esa dirección, no la que diga la solicitud', async () => {
      t.app.config.publicUrl = 'https://bots.quipu.test/';
      try {
        await t.client().post(`${API}/resetpasswd`, { user: 'usuario@quipu.test' }, { headers: { origin: 'https://atacante.example' } });
      } finally {
        t.app.config.publicUrl = undefined;
      }
      const mail = decodeMail((await outbox(t))[0].text);
      expect(mail).toContain('Ingrese en https://bots.quipu.test/ con su usuario');
      expect(mail).not.toContain('atacante');
    });

    it('la contraseña enviada por correo lleva a la renovación (EXPIRED) y la anterior deja de servir', async () => {
      const c = t.client();
      await c.post(`${API}/resetpasswd`, { user: 'usuario@quipu.test' }, { headers: { origin: 'https://consola.quipu.test' } });
      const mail = decodeMail((await outbox(t))[0].text);
      expect(mail).toContain('Ingrese en https://consola.quipu.test/ ');
      const password = /Su nueva contraseña es: (\S+)/.exec(mail)?.[1] ?? '';
      expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[.\-_*#!%+]).{12}$/);

      const old = await t.client().signIn('usuario@quipu.test');
      expect(old.json()).toEqual({ message: 'Usuario o contraseña incorrectos' });
      const mailed = await t.client().signIn('usuario@quipu.test', password);
      expect(mailed.statusCode).toBe(401);
      expect(mailed.json()).toEqual({ message: 'Su contraseña ha expirado. Debe renovarla.', code: 'EXPIRED' });

      // Renewal with the mailed password as the current one.
      const r = t.client();
      const res = await r.post(`${API}/public/usuario/cambiar-expired`, {
        current: password,
        passwd1: 'Propia.2027',
        passwd2: 'Propia.2027',
        id: 'usuario@quipu.test',
        token: await solveCaptcha(r),
      });
      expect(res.json()).toEqual(UPDATED);
      expect((await t.client().signIn('usuario@quipu.test', 'Propia.2027')).statusCode).toBe(200);
    });

    it('no envía nada a cuentas inactivas ni de Microsoft', async () => {
      await t.app.db.updateTable('usuario').set({ sso: 1 }).where('usuario', '=', 'dashboard@quipu.test').execute();
      const c = t.client();
      for (const user of ['sebastian.chavez@demo-internacional.test', 'dashboard@quipu.test']) {
        const res = await c.post(`${API}/resetpasswd`, { user });
        expect(res.json()).toEqual({ message: NEUTRAL });
      }
      expect(await outbox(t)).toEqual([]);
      expect((await userRow(t, 'dashboard@quipu.test')).pwdExpira).toBeNull();
    });

    it('se limita por dirección', async () => {
      const limited = await createTestApp(dialect, { loginRatePerMinute: 2 });
      try {
        const c = limited.client('198.51.100.7');
        for (let i = 0; i < 2; i++) expect((await c.post(`${API}/resetpasswd`, { user: 'nadie@quipu.test' })).statusCode).toBe(200);
        const res = await c.post(`${API}/resetpasswd`, { user: 'usuario@quipu.test' });
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ message: 'Demasiadas solicitudes. Espere un minuto e intente nuevamente.' });
        expect(await outbox(limited)).toEqual([]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('POST /public/usuario/cambiar-expired', () => {
    const renew = async (c: Client, body: Record<string, unknown>) =>
      c.post(`${API}/public/usuario/cambiar-expired`, { current: 'Demo.2026', passwd1: 'Nueva.2026', passwd2: 'Nueva.2026', id: 'expirado@quipu.test', ...body });

    it("con el captcha resuelto renueva la contraseña: 'Contraseña actualizada con éxito'", async () => {
      const c = t.client();
      const res = await renew(c, { token: await solveCaptcha(c) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(UPDATED);
      const row = await userRow(t, 'expirado@quipu.test');
      expect(row).toMatchObject({ pwdExpira: null, fallos: 0, bloqueoHasta: null });
      expect((await t.client().signIn('expirado@quipu.test', 'Nueva.2026')).statusCode).toBe(200);
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
      const reused = await renew(c, { token, current: 'Nueva.2026', passwd1: 'Otra.2027', passwd2: 'Otra.2027' });
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

    it("contraseñas distintas: 'Las contraseñas no coinciden'; débil: mensaje de la política; igual a la actual: 'La nueva contraseña debe ser distinta de la actual'", async () => {
      const c = t.client();
      const mismatch = await renew(c, { passwd2: 'Nueva.2027', token: await solveCaptcha(c) });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({ message: 'Las contraseñas no coinciden' });

      for (const weak of ['corta1', 'soloLetrasAqui', '1234567890']) {
        const res = await renew(c, { passwd1: weak, passwd2: weak, token: await solveCaptcha(c) });
        expect(res.json(), weak).toEqual({ message: 'La nueva contraseña debe tener al menos 8 caracteres, con letras y números' });
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
      const res = await c.post(`${API}/usuario/cambiar`, { current: 'Demo.2026', passwd1: 'Cambio.2026', passwd2: 'Cambio.2026', id: me.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(UPDATED);
      expect((await c.post(`${API}/enki`)).statusCode).toBe(200);
      expect((await other.post(`${API}/enki`)).statusCode).toBe(401);
      expect((await t.client().signIn('usuario@quipu.test', 'Cambio.2026')).statusCode).toBe(200);
      expect((await t.client().signIn('usuario@quipu.test', 'Demo.2026')).statusCode).toBe(401);
    });

    it('con el id de otro usuario: 403', async () => {
      const c = await t.login('compania@quipu.test');
      const target = await userRow(t, 'usuario@quipu.test');
      const res = await c.post(`${API}/usuario/cambiar`, { current: 'Demo.2026', passwd1: 'Cambio.2026', passwd2: 'Cambio.2026', id: target.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'No tiene permiso para realizar esta acción' });
      expect((await userRow(t, 'usuario@quipu.test')).pwd).toBe(target.pwd);
    });

    it("usuario de Microsoft: 403 'Los usuarios de Microsoft cambian su contraseña en Microsoft'", async () => {
      const c = await t.login('supervisor@quipu.test');
      await t.app.db.updateTable('usuario').set({ sso: 1 }).where('usuario', '=', 'supervisor@quipu.test').execute();
      const me = await userRow(t, 'supervisor@quipu.test');
      const res = await c.post(`${API}/usuario/cambiar`, { current: 'Demo.2026', passwd1: 'Cambio.2026', passwd2: 'Cambio.2026', id: me.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Los usuarios de Microsoft cambian su contraseña en Microsoft' });
    });

    it('aplica las mismas reglas: no coinciden, política, actual incorrecta', async () => {
      const c = await t.login('historial@quipu.test');
      const me = await userRow(t, 'historial@quipu.test');
      const send = (body: Record<string, string>) => c.post(`${API}/usuario/cambiar`, { current: 'Demo.2026', passwd1: 'Cambio.2026', passwd2: 'Cambio.2026', id: me.id, ...body });
      expect((await send({ passwd2: 'Cambio.2027' })).json()).toEqual({ message: 'Las contraseñas no coinciden' });
      expect((await send({ passwd1: 'abc', passwd2: 'abc' })).json()).toEqual({ message: 'La nueva contraseña debe tener al menos 8 caracteres, con letras y números' });
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
