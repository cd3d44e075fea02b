// Mail settings: GET /email,
// POST /email and POST /email.test, with a real SMTP server started by the test.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_ACCOUNTS, auditRows, mailBody, signedIn } from './adminFixtures';
import { API, createTestApp, dialects, type TestApp } from './helpers';
import { startSmtp } from '../fixtures/smtp';

const URL = `${API}/email`;
const TEST_URL = `${API}/email.test`;

describe.each(dialects)('configuración de correo (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const settings = () => ({ host: '127.0.0.1', port: smtp.port, username: 'quipu', password: 'clave-smtp-1', email: 'notificaciones@quipu.test', provider: 'SMTP' });

  beforeAll(async () => {
    smtp = await startSmtp('quipu', 'clave-smtp-1');
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });
  // Each test starts with no settings saved.
  beforeEach(async () => {
    await t.app.db.deleteFrom('email_cfg').execute();
  });

  const storedRow = () => t.app.db.selectFrom('email_cfg').selectAll().executeTakeFirst();

  describe('acceso', () => {
    it.each(ALL_ACCOUNTS.map((who) => [who, who === 'admin' ? 200 : 403] as const))('%s recibe %i en las tres llamadas', async (who, status) => {
      const c = await as(who);
      expect((await c.get(URL)).statusCode).toBe(status);
      expect((await c.post(URL, settings())).statusCode).toBe(status);
      expect((await c.post(TEST_URL, { email: 'x@quipu.test' })).statusCode).toBe(status === 200 ? 200 : 403);
      if (who !== 'admin') expect(await storedRow()).toBeUndefined();
    });

    it('sin sesión responde 401', async () => {
      expect((await t.client().get(URL)).statusCode).toBe(401);
    });
  });

  describe('GET /email y POST /email', () => {
    it('sin configuración guardada entrega un formulario vacío', async () => {
      const response = await (await as('admin')).get(URL);
      expect(response.json()).toEqual({ host: '', port: null, username: '', email: '', provider: 'SMTP', passwordSet: false });
    });

    it('guarda, y la contraseña guardada nunca se devuelve', async () => {
      const admin = await as('admin');
      const saved = await admin.post(URL, settings());
      expect(saved.statusCode).toBe(200);
      const expected = { host: '127.0.0.1', port: smtp.port, username: 'quipu', email: 'notificaciones@quipu.test', provider: 'SMTP', passwordSet: true };
      expect(saved.json()).toEqual(expected);
      const read = await admin.get(URL);
      expect(read.json()).toEqual(expected);
      expect(read.body).not.toContain('clave-smtp-1');
      expect(saved.body).not.toContain('clave-smtp-1');
      expect((await storedRow())?.password).toBe('clave-smtp-1');
    });

    it('una contraseña vacía o ausente conserva la guardada; una nueva la reemplaza', async () => {
      const admin = await as('admin');
      await admin.post(URL, settings());
      expect((await admin.post(URL, { ...settings(), password: '', host: 'localhost' })).statusCode).toBe(200);
      expect(await storedRow()).toMatchObject({ password: 'clave-smtp-1', host: 'localhost' });
      expect((await admin.post(URL, { ...settings(), password: undefined })).statusCode).toBe(200);
      expect((await storedRow())?.password).toBe('clave-smtp-1');
      expect((await admin.post(URL, { ...settings(), password: 'otra-clave' })).statusCode).toBe(200);
      expect((await storedRow())?.password).toBe('otra-clave');
    });

    it.each([
      [{ host: '' }, 'Campo requerido: Servidor'],
      [{ port: undefined }, 'Campo requerido: Puerto'],
      [{ port: 0 }, 'Puerto: debe ser un número entero entre 1 y 65535'],
      [{ port: 25.5 }, 'Puerto: debe ser un número entero entre 1 y 65535'],
      [{ port: 70000 }, 'Puerto: debe ser un número entero entre 1 y 65535'],
      [{ username: ' ' }, 'Campo requerido: Usuario'],
      [{ password: '' }, 'Campo requerido: Contraseña'],
      [{ email: undefined }, 'Campo requerido: Correo'],
      [{ email: 'notificaciones' }, 'Correo: ingrese un email válido'],
      [{ provider: '' }, 'Campo requerido: Proveedor'],
      [{ provider: 'SENDGRID' }, 'Proveedor: debe ser uno de JEDAI, SMTP, OFFICE_365, G_SUITE_GOOGLE'],
    ])('rechaza %j: %s', async (body, message) => {
      const response = await (await as('admin')).post(URL, { ...settings(), ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await storedRow()).toBeUndefined();
    });

    it.each(['JEDAI', 'SMTP', 'OFFICE_365', 'G_SUITE_GOOGLE'])('acepta el proveedor %s', async (provider) => {
      const response = await (await as('admin')).post(URL, { ...settings(), provider });
      expect(response.json().provider).toBe(provider);
    });

    it.each([
      [{ host: 'h'.repeat(201) }, 'El campo host admite como máximo 200 caracteres'],
      [{ password: 'p'.repeat(501) }, 'El campo password admite como máximo 500 caracteres'],
      [{ port: 'veinticinco' }, 'El campo port debe ser un número'],
      [{ username: { a: 1 } }, 'El campo username debe ser un texto'],
    ])('un campo demasiado largo o de otro tipo (%j) es un 400 que lo nombra', async (body, message) => {
      const response = await (await as('admin')).post(URL, { ...settings(), ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('cada cambio deja una fila de auditoría (ev 6) con los campos cambiados y sin la contraseña', async () => {
      t.clock.advance(60_000);
      const admin = await as('admin');
      await admin.post(URL, settings());
      await admin.post(URL, { ...settings(), port: 2525, password: 'secreto-nuevo' });
      const rows = (await auditRows(t, 6)).filter((r) => r.fc === new Date(t.clock.now).toISOString());
      expect(rows.every((r) => r.us === 'admin@quipu.test')).toBe(true);
      const vals = rows.map((r) => r.val).sort();
      expect(vals).toEqual([
        `Configuración de correo creada: 127.0.0.1:${smtp.port} (SMTP)`,
        'Configuración de correo modificada (campos: puerto, contraseña)',
      ]);
      expect(JSON.stringify(await auditRows(t, 6))).not.toMatch(/clave-smtp-1|secreto-nuevo/);
    });
  });

  describe('POST /email.test', () => {
    it("envía el correo de prueba con la configuración guardada: 'Correo de prueba enviado a X'", async () => {
      const admin = await as('admin');
      await admin.post(URL, settings());
      const before = smtp.received.length;
      const response = await admin.post(TEST_URL, { email: 'Destino@Quipu.test' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Correo de prueba enviado a destino@quipu.test' });
      const mail = smtp.received[before];
      expect(mail.to).toEqual(['destino@quipu.test']);
      expect(mail.from).toBe('notificaciones@quipu.test');
      expect(mail.raw).toMatch(/^Subject: Correo de prueba de Quipu$/m);
      expect(mailBody(mail.raw)).toContain('Este es un correo de prueba');
    });

    it('si el servidor rechaza el usuario o la contraseña, lo dice en español (502)', async () => {
      const admin = await as('admin');
      await admin.post(URL, { ...settings(), password: 'equivocada' });
      const response = await admin.post(TEST_URL, { email: 'destino@quipu.test' });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/^El servidor de correo rechazó el usuario o la contraseña/);
    });

    it('sin configuración guardada pide guardarla primero', async () => {
      const response = await (await as('admin')).post(TEST_URL, { email: 'destino@quipu.test' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Primero guarde la configuración del servidor de correo' });
    });

    it.each([
      [{}, 'Ingrese un email'],
      [{ email: 'destino' }, 'Ingrese un email válido'],
      [{ email: 'd'.repeat(201) }, 'El campo email admite como máximo 200 caracteres'],
      [{ email: ['a@b.c', 'd@e.f'] }, 'El campo email debe ser un texto'],
    ])('rechaza %j: %s', async (body, message) => {
      const admin = await as('admin');
      await admin.post(URL, settings());
      const response = await admin.post(TEST_URL, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });
  });
});
