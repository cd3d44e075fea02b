// Security headers (helmet) on every answer: the console's CSP with frame-ancestors 'none',
// nosniff and the referrer policy, API errors included; HSTS only under https; and a route that
// sets its own policy (the API reference page, a framed widget route) keeps it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { framedBy, securityHeadersPlugin } from '../../server/src/plugins/security';
import { API, createTestApp, type TestApp } from './helpers';

const CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "script-src-attr 'none'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
].join(';');

describe('cabeceras de seguridad', () => {
  let t: TestApp;
  let consoleDir: string;
  beforeAll(async () => {
    consoleDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-console-'));
    await fs.writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><title>Quipu</title><div id="root"></div>');
    t = await createTestApp('sqlite', { consoleDir, trustProxy: ['10.9.9.9'] });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(consoleDir, { recursive: true });
  });

  it('toda respuesta lleva la CSP con frame-ancestors none, nosniff y Referrer-Policy: consola, API, 404 y 401', async () => {
    const c = t.client();
    const answers = [
      await c.get('/'),
      await c.get('/usuarios'),
      await c.get(`${API}/public/about`),
      await c.get(`${API}/no-existe`),
      await c.post(`${API}/enki`, undefined, { sign: false }),
      await c.inject({ method: 'GET', url: '/%61pi/public/about' }),
    ];
    for (const res of answers) {
      const where = `${res.statusCode} ${res.body.slice(0, 40)}`;
      expect(res.headers['content-security-policy'], where).toBe(CSP);
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['referrer-policy'], where).toBe('no-referrer');
      expect(res.headers['x-frame-options'], where).toBe('DENY');
      expect(res.headers['strict-transport-security'], where).toBeUndefined();
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 404, 401, 200]);
  });

  it('HSTS solo bajo https: el informado por un balanceador de confianza, no el de cualquiera', async () => {
    const proxied = await t.client('10.9.9.9').get(`${API}/public/about`, { 'x-forwarded-proto': 'https' });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const spoofed = await t.client('10.7.7.7').get(`${API}/public/about`, { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('con PUBLIC_URL https toda respuesta lleva HSTS', async () => {
    const https = await createTestApp('sqlite', { publicUrl: 'https://consola.quipu.example/' });
    try {
      const res = await https.client().get(`${API}/public/about`);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});

describe('rutas con su propia política', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    app.decorate('config', loadConfig({ CONSOLE_DIR: '' }));
    await app.register(securityHeadersPlugin as never);
    await app.register(swagger, { openapi: { info: { title: 'Quipu API', version: '0' } } });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/webchat/ventana', { helmet: framedBy(['https://cliente.example']) }, async () => 'ok');
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('la referencia de la API (swagger-ui con staticCSP) conserva su propia CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).toMatch(/^default-src 'self'; base-uri 'self'; font-src 'self' https: data:;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('una ruta del widget declara quién puede enmarcarla y conserva el resto de la política', async () => {
    const res = await app.inject({ method: 'GET', url: '/webchat/ventana' });
    expect(res.headers['content-security-policy']).toBe(CSP.replace("frame-ancestors 'none'", 'frame-ancestors https://cliente.example'));
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});
