// A skill's webhook against a real HTTP server (server/src/engine/webhook.ts).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callWebhook, type WebhookRequest } from '../../../server/src/engine/webhook';
import { OutboundGuard } from '../../../server/src/net/outbound';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const path = req.url!.split('?')[0];
      if (path === '/error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"ok":false}');
      } else if (path === '/lento') {
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 2000);
      } else if (path === '/html') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Hola</h1>');
      } else if (path === '/grande') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ x: 'a'.repeat(5000) }));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ cliente: { nombre: 'Ana Pérez', pedidos: [{ id: 7, total: 45.5 }] }, ok: true }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
});

/** The local server is internal: these calls reach it because the allow list names it. */
const local = new OutboundGuard({ allow: ['127.0.0.1'] });
const request = (over: Partial<WebhookRequest>): WebhookRequest => ({ method: 'POST', url: `${base}/api`, headers: [], fields: [], resp: [], ...over });
const memory = { dni: '45678912', nombre: 'Ana Pérez', token: 'secreto', ciudad: 'San Isidro/Lima' };

describe('callWebhook', () => {
  it('GET: los campos van en la consulta, con los valores de memoria', async () => {
    const result = await callWebhook(request({ method: 'GET', url: `${base}/clientes/{{ciudad}}`, fields: [{ k: 'dni', v: '{{dni}}' }, { k: 'q', v: 'hola {{nombre}}' }] }), memory, { outbound: local, timeoutMs: 2000 });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(200);
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url).toBe('/clientes/San%20Isidro%2FLima?dni=45678912&q=hola+Ana+P%C3%A9rez');
    expect(result.url).toBe(`${base}/clientes/San%20Isidro%2FLima?dni=45678912&q=hola+Ana+P%C3%A9rez`);
    expect(result.method).toBe('GET');
  });

  it('POST (también con método vacío): un cuerpo JSON con los campos llenados de memoria', async () => {
    const result = await callWebhook(request({ method: '', fields: [{ k: 'documento', v: '{{dni}}' }, { k: 'saludo', v: 'Hola {{nombre}}' }] }), memory, { outbound: local, timeoutMs: 2000 });
    expect(result.method).toBe('POST');
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ documento: '45678912', saludo: 'Hola Ana Pérez' });
  });

  it('envía las cabeceras con los valores de memoria', async () => {
    await callWebhook(request({ method: 'PUT', headers: [{ k: 'Authorization', v: 'Bearer {{token}}' }, { k: 'X-Canal', v: 'demo' }] }), memory, { outbound: local, timeoutMs: 2000 });
    expect(seen[0]!.method).toBe('PUT');
    expect(seen[0]!.headers.authorization).toBe('Bearer secreto');
    expect(seen[0]!.headers['x-canal']).toBe('demo');
  });

  it('un Content-Type de formulario envía los campos como formulario', async () => {
    await callWebhook(request({ method: 'PATCH', headers: [{ k: 'content-type', v: 'application/x-www-form-urlencoded' }], fields: [{ k: 'nombre', v: '{{nombre}}' }] }), memory, { outbound: local, timeoutMs: 2000 });
    expect(seen[0]!.body).toBe('nombre=Ana+P%C3%A9rez');
  });

  it('guarda en memoria los valores de la respuesta según sus rutas', async () => {
    const result = await callWebhook(
      request({ resp: [{ path: 'cliente.nombre', k: 'cliente' }, { path: '$.cliente.pedidos[0].total', k: 'total' }, { path: 'ok', k: 'ok' }, { path: 'no.existe', k: 'falta' }] }),
      memory,
      { outbound: local, timeoutMs: 2000 },
    );
    expect(result).toMatchObject({ status: 200, memory: { cliente: 'Ana Pérez', total: 45.5, ok: true } });
    expect(result.memory).not.toHaveProperty('falta');
    expect(result.ms).toBeGreaterThanOrEqual(0);
  });

  it("un 500 es 'El servidor respondió 500' y no guarda nada", async () => {
    const result = await callWebhook(request({ url: `${base}/error`, resp: [{ path: 'ok', k: 'ok' }] }), memory, { outbound: local, timeoutMs: 2000 });
    expect(result).toMatchObject({ status: 500, error: 'El servidor respondió 500', memory: {} });
  });

  it("sin respuesta a tiempo: 'Tiempo de espera agotado (300 ms)'", async () => {
    const result = await callWebhook(request({ url: `${base}/lento` }), memory, { outbound: local, timeoutMs: 300 });
    expect(result).toMatchObject({ status: null, error: 'Tiempo de espera agotado (300 ms)', memory: {} });
    expect(result.ms).toBeLessThan(1500);
  });

  it("una respuesta que no es JSON es 'La respuesta no es JSON', salvo que no se lea nada de ella", async () => {
    const mapped = await callWebhook(request({ url: `${base}/html`, resp: [{ path: 'x', k: 'x' }] }), memory, { outbound: local, timeoutMs: 2000 });
    expect(mapped).toMatchObject({ status: 200, error: 'La respuesta no es JSON' });
    const plain = await callWebhook(request({ url: `${base}/html` }), memory, { outbound: local, timeoutMs: 2000 });
    expect(plain.error).toBeUndefined();
  });

  it("una respuesta mayor que el límite es 'Respuesta demasiado grande'", async () => {
    const result = await callWebhook(request({ url: `${base}/grande`, resp: [{ path: 'x', k: 'x' }] }), memory, { outbound: local, timeoutMs: 2000, maxBytes: 1000 });
    expect(result.error).toBe('Respuesta demasiado grande');
  });

  it("una conexión rechazada es 'No se pudo conectar: …' sin estado", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await callWebhook(request({ url: `http://127.0.0.1:${port}/x` }), memory, { outbound: local, timeoutMs: 2000 });
    expect(result.status).toBeNull();
    expect(result.error).toBe('No se pudo conectar: conexión rechazada');
  });

  it('una dirección relativa se resuelve con baseUrl', async () => {
    const result = await callWebhook(request({ method: 'GET', url: '/clientes/{{dni}}' }), memory, { outbound: local, timeoutMs: 2000, baseUrl: base });
    expect(result.status).toBe(200);
    expect(result.url).toBe(`${base}/clientes/45678912`);
    expect(seen[0]!.url).toBe('/clientes/45678912');
  });

  it('solo http y https; una dirección inválida es un error, nunca una excepción', async () => {
    expect((await callWebhook(request({ url: 'ftp://ejemplo.com/x' }), memory, { outbound: local, timeoutMs: 500 })).error).toBe('Solo se admiten direcciones http o https');
    expect((await callWebhook(request({ url: '/sin-base' }), memory, { outbound: local, timeoutMs: 500 })).error).toBe('Dirección no válida: /sin-base');
    expect((await callWebhook(request({ url: '{{nada}}' }), memory, { outbound: local, timeoutMs: 500 })).error).toBe('Dirección no válida: (vacía)');
    expect(seen).toEqual([]);
  });

  it('una dirección armada desde memoria no se codifica', async () => {
    const result = await callWebhook(request({ method: 'GET', url: '{{base}}/clientes' }), { base }, { outbound: local, timeoutMs: 2000 });
    expect(result.status).toBe(200);
    expect(seen[0]!.url).toBe('/clientes');
  });
});
