// The app around the routes: about, the unconfigured Microsoft sign-in, Spanish errors, OpenAPI and the console.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { API, createTestApp, dialects, TEST_PASSWORD_COST, type TestApp } from './helpers';

describe.each(dialects)('aplicación (%s)', (dialect) => {
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

  describe('GET /public/about', () => {
    it('sin about.json responde los valores por defecto', async () => {
      const res = await t.client().get(`${API}/public/about`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ branch: 'desconocida', commitId: 'desconocido', commitTime: null });
    });

    it('lee rama, commit y fecha del about.json de la consola', async () => {
      const consoleDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-console-'));
      await fs.writeFile(path.join(consoleDir, 'about.json'), JSON.stringify({ branch: 'main', commitId: 'a84bc07', commitTime: '2026-03-02T10:15:00Z' }));
      const built = await createTestApp(dialect, { consoleDir });
      try {
        const res = await built.client().get(`${API}/public/about`);
        expect(res.json()).toEqual({ branch: 'main', commitId: 'a84bc07', commitTime: '2026-03-02T10:15:00Z' });
      } finally {
        await built.close();
        await fs.rm(consoleDir, { recursive: true });
      }
    });
  });

  it('GET /loginMicrosoft sin MICROSOFT_CLIENT_ID vuelve a la página de ingreso con el motivo en ?error (base64)', async () => {
    const res = await t.client().get(`${API}/loginMicrosoft`);
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.pathname).toBe('/login');
    expect(Buffer.from(String(location.searchParams.get('error')), 'base64').toString('utf8')).toBe('El ingreso con Microsoft no está configurado en este servidor');
  });

  describe('errores en español', () => {
    it('un campo que falta, demasiado largo o de otro tipo: 400 que nombra el campo', async () => {
      const c = t.client();
      const missing = await c.post(`${API}/resetpasswd`, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'El campo user es obligatorio' });
      const long = await c.post(`${API}/resetpasswd`, { user: `${'a'.repeat(195)}@x.test` });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ message: 'El campo user admite como máximo 200 caracteres' });
      const typed = await c.post(`${API}/resetpasswd`, { user: { nombre: 'x' } });
      expect(typed.statusCode).toBe(400);
      expect(typed.json()).toEqual({ message: 'El campo user debe ser un texto' });
      expect(await t.app.db.selectFrom('usuario').where('pwdExpira', 'is not', null).select('usuario').execute()).toEqual([{ usuario: 'expirado@quipu.test' }]);
    });

    it("un cuerpo que no es JSON: 400 'El cuerpo de la solicitud no es un JSON válido'", async () => {
      const c = t.client();
      await c.athena();
      const payload = '{"user": ';
      const headers = { ...c.sign('POST', `${API}/resetpasswd`, payload), 'content-type': 'application/json' };
      const res = await c.inject({ method: 'POST', url: `${API}/resetpasswd`, payload, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'El cuerpo de la solicitud no es un JSON válido' });
    });

    it("una ruta de la API que no existe: 404 'Recurso no encontrado'", async () => {
      const res = await t.client().get(`${API}/no/existe`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Recurso no encontrado' });
      const post = await t.client().post(`${API}/no/existe`, {}, { sign: false });
      expect(post.statusCode).toBe(404);
    });

    it("un error inesperado: 500 'Error interno del servidor', sin SQL ni traza", async () => {
      const c = await t.login('compania@quipu.test');
      await t.app.db.schema.dropTable('sesion').execute();
      const res = await c.get(`${API}/public/about`);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Error interno del servidor' });
      expect(res.body).not.toMatch(/sesion|select|stack|at /i);
    });
  });

  it('publica el documento OpenAPI generado de los esquemas', async () => {
    const res = await t.client().get(`${API}/openapi.json`);
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/public/athena', '/enki', '/logout', '/resetpasswd', '/public/captcha', '/public/usuario/cambiar-expired', '/usuario/cambiar', '/usuario', '/public/about', '/loginMicrosoft']),
    );
    expect(doc.paths['/resetpasswd'].post.requestBody.content['application/json'].schema.properties.user).toEqual({ type: 'string', maxLength: 200 });
  });
});

describe('consola compilada', () => {
  let consoleDir: string;
  let t: TestApp | undefined;
  beforeEach(async () => {
    consoleDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-console-'));
    await fs.mkdir(path.join(consoleDir, 'assets'));
    await fs.writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><title>Quipu</title><div id="root"></div>');
    await fs.writeFile(path.join(consoleDir, 'assets', 'app-1a2b.js'), 'console.log("quipu")');
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    await fs.rm(consoleDir, { recursive: true });
  });

  it('sirve los archivos y devuelve index.html a cualquier otra ruta que no sea de la API', async () => {
    t = await createTestApp('sqlite', { consoleDir });
    const c = t.client();
    const index = await c.get('/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<div id="root">');
    expect(index.headers['cache-control']).toBe('no-cache');

    const asset = await c.get('/assets/app-1a2b.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("quipu")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const route of ['/usuarios', '/usuario/123', '/renovar/ZXhwaXJhZG9AcXVpcHUudGVzdA']) {
      const res = await c.get(route);
      expect(res.statusCode, route).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const api = await c.get(`${API}/no/existe`);
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Recurso no encontrado' });
  });

  it('respeta la ruta base configurada', async () => {
    t = await createTestApp('sqlite', { consoleDir, basePath: '/quipu' });
    const c = t.client();
    const redirect = await c.get('/quipu');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/quipu/');
    expect((await c.get('/quipu/')).body).toContain('<div id="root">');
    expect((await c.get('/quipu/historial')).body).toContain('<div id="root">');
    expect((await c.get('/quipu/assets/app-1a2b.js')).body).toBe('console.log("quipu")');
    const outside = await c.get('/otra-cosa');
    expect(outside.statusCode).toBe(404);
    const microsoft = await c.get(`${API}/loginMicrosoft`);
    expect(new URL(String(microsoft.headers.location)).pathname).toBe('/quipu/login');
  });
});

describe('arranques sucesivos sobre la base embebida', () => {
  it('el primer arranque siembra los datos de demostración y el segundo conserva los cambios sin volver a sembrar', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-restart-'));
    const config = loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '' }, { logLevel: 'silent' });
    try {
      const first = await buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: false });
      const seeded = await first.db.selectFrom('usuario').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(seeded.n)).toBeGreaterThan(9);
      await first.db.updateTable('usuario').set({ nm: 'Renombrada' }).where('usuario', '=', 'compania@quipu.test').execute();
      await first.db.deleteFrom('usuario').where('usuario', '=', 'dashboard@quipu.test').execute();
      await first.close();

      const second = await buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: false });
      const compania = await second.db.selectFrom('usuario').select('nm').where('usuario', '=', 'compania@quipu.test').executeTakeFirstOrThrow();
      const dashboard = await second.db.selectFrom('usuario').select('id').where('usuario', '=', 'dashboard@quipu.test').executeTakeFirst();
      const after = await second.db.selectFrom('usuario').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      await second.close();
      expect(compania.nm).toBe('Renombrada');
      expect(dashboard).toBeUndefined();
      expect(Number(after.n)).toBe(Number(seeded.n) - 1);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
