// The outbound guard (server/src/net/outbound.ts) against real local HTTP servers, with a resolver
// stub that maps test names: internal addresses in every form refused before connecting, the
// connection pinned to the address checked (DNS rebinding), redirects checked hop by hop and the
// caller's headers left behind on another origin, forbidden headers dropped, OUTBOUND_ALLOW; and
// the address classifier on IPv4 and IPv6 forms.
import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config';
import { AllowList, internalKind } from '../../server/src/net/addresses';
import { internalLiteral, OutboundGuard, OutboundRefused, type Resolver } from '../../server/src/net/outbound';
import { fakeRelay, RELAY_CA } from '../fixtures/providers';
import { listenLocally } from './localServer';

interface Seen {
  server: string;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const seen: Seen[] = [];

/** A server on `host` that remembers each request; /a-* paths redirect to `location` with the status in the name. */
async function listen(name: string, host: string, port = 0): Promise<{ port: number; close: () => Promise<void>; location: { value: string } }> {
  const location = { value: '' };
  const server = await listenLocally((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      seen.push({ server: name, method: req.method ?? '', path, headers: req.headers, body });
      const redirect = /^\/a-(\d{3})$/.exec(path);
      if (redirect) return void res.writeHead(Number(redirect[1]), { location: location.value }).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ server: name }));
    });
  }, host, port);
  return { port: server.port, close: server.close, location };
}

/** Names resolved by a table; each lookup is counted. */
function stubResolver(table: Record<string, string[] | (() => string[])>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const entry = table[hostname];
    const addresses = typeof entry === 'function' ? entry() : entry;
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

let local: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  local = await listen('local', '127.0.0.1');
});
afterAll(() => local.close());
beforeEach(() => {
  seen.length = 0;
  local.location.value = '';
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(OutboundRefused);
  return (error as Error).message;
};

describe('OutboundGuard.fetch', () => {
  const guard = new OutboundGuard({ allow: ['publico.test', 'otro.test'], resolve: stubResolver({ 'publico.test': ['127.0.0.1'], 'otro.test': ['127.0.0.1'], 'interno.test': ['127.0.0.1'], 'mixto.test': ['93.184.216.34', '10.0.0.8'] }) });

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['[::1]', '[::1]'],
    ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]'],
    ['[::ffff:0:7f00:1]', '[::ffff:0:7f00:1]'],
    ['[::ffff:0:a9fe:a9fe]', '[::ffff:0:a9fe:a9fe]'],
    ['169.254.169.254', '169.254.169.254'],
    ['0', '0.0.0.0'],
  ])('%s se rechaza antes de conectar: "Dirección no permitida: %s es una dirección interna"', async (host, shown) => {
    const message = await refusal(guard.fetch(new URL(`http://${host}:${local.port}/computeMetadata/v1/token`), { method: 'GET', headers: [['Metadata-Flavor', 'Google']] }));
    expect(message).toBe(`Dirección no permitida: ${shown} es una dirección interna`);
    expect(seen).toEqual([]);
  });

  it('un nombre que resuelve a una dirección interna se rechaza; uno que resuelve a varias, si alguna es interna', async () => {
    expect(await refusal(guard.fetch(new URL(`http://interno.test:${local.port}/`), { method: 'GET' }))).toBe('Dirección no permitida: interno.test es una dirección interna');
    expect(await refusal(guard.fetch(new URL('http://mixto.test/'), { method: 'GET' }))).toBe('Dirección no permitida: mixto.test es una dirección interna');
    expect(seen).toEqual([]);
  });

  it('un nombre de OUTBOUND_ALLOW llega aunque resuelva a loopback', async () => {
    const { response } = await guard.fetch(new URL(`http://publico.test:${local.port}/x`), { method: 'GET' });
    expect(await response.json()).toEqual({ server: 'local' });
    expect(seen.map((s) => s.path)).toEqual(['/x']);
  });

  it('una redirección desde un host permitido hacia loopback se rechaza, y nada llega a loopback', async () => {
    local.location.value = `http://127.0.0.1:${local.port}/computeMetadata/v1/token`;
    expect(await refusal(guard.fetch(new URL(`http://publico.test:${local.port}/a-302`), { method: 'GET', headers: [['Metadata-Flavor', 'Google']] }))).toBe('Dirección no permitida: 127.0.0.1 es una dirección interna');
    expect(seen.map((s) => s.path)).toEqual(['/a-302']);
  });

  it('a otro origen la redirección no lleva las cabeceras del bot; al mismo origen sí', async () => {
    local.location.value = `http://otro.test:${local.port}/destino`;
    await guard.fetch(new URL(`http://publico.test:${local.port}/a-302`), { method: 'GET', headers: [['Authorization', 'Bearer clave'], ['X-Propia', 'uno']] });
    expect(seen.map((s) => s.path)).toEqual(['/a-302', '/destino']);
    expect(seen[0].headers).toMatchObject({ authorization: 'Bearer clave', 'x-propia': 'uno' });
    expect(seen[1].headers.authorization).toBeUndefined();
    expect(seen[1].headers['x-propia']).toBeUndefined();

    seen.length = 0;
    local.location.value = '/destino';
    await guard.fetch(new URL(`http://publico.test:${local.port}/a-307`), { method: 'POST', body: '{"a":1}', headers: [['Authorization', 'Bearer clave'], ['content-type', 'application/json']] });
    expect(seen.map((s) => [s.method, s.path, s.body, s.headers.authorization])).toEqual([
      ['POST', '/a-307', '{"a":1}', 'Bearer clave'],
      ['POST', '/destino', '{"a":1}', 'Bearer clave'],
    ]);
  });

  it('303 sigue con GET y sin cuerpo; 302 tras un POST también', async () => {
    local.location.value = '/destino';
    for (const status of [303, 302]) {
      seen.length = 0;
      await guard.fetch(new URL(`http://publico.test:${local.port}/a-${status}`), { method: 'POST', body: '{"a":1}', headers: [['content-type', 'application/json']] });
      expect(seen.map((s) => [s.method, s.path, s.body, s.headers['content-type']])).toEqual([
        ['POST', `/a-${status}`, '{"a":1}', 'application/json'],
        ['GET', '/destino', '', undefined],
      ]);
    }
  });

  it('sigue a lo más 3 redirecciones', async () => {
    local.location.value = '/a-302';
    expect(await refusal(guard.fetch(new URL(`http://publico.test:${local.port}/a-302`), { method: 'GET' }))).toBe('Demasiadas redirecciones (más de 3)');
    expect(seen).toHaveLength(4);
  });

  it('una redirección a otro esquema se rechaza', async () => {
    local.location.value = 'file:///etc/passwd';
    expect(await refusal(guard.fetch(new URL(`http://publico.test:${local.port}/a-302`), { method: 'GET' }))).toBe('Solo se admiten direcciones http o https');
  });

  it('no envía Host, X-Forwarded-*, Forwarded, X-Real-IP ni cabeceras de salto, y dice cuáles quitó', async () => {
    const headers: Array<[string, string]> = [
      ['Host', 'metadata.google.internal'], ['X-Forwarded-For', '10.0.0.1'], ['X-Forwarded-Host', 'interno'], ['Forwarded', 'for=10.0.0.1'], ['X-Real-IP', '10.0.0.1'],
      ['Connection', 'close'], ['Keep-Alive', 'timeout=5'], ['Proxy-Authorization', 'Basic eA=='], ['TE', 'trailers'], ['Trailer', 'X'], ['Transfer-Encoding', 'chunked'],
      ['Upgrade', 'websocket'], ['Content-Length', '999'], ['X-Propia', 'sí'],
    ];
    const { dropped } = await guard.fetch(new URL(`http://publico.test:${local.port}/h`), { method: 'GET', headers });
    expect(dropped).toEqual(headers.slice(0, -1).map(([name]) => name));
    const [request] = seen;
    expect(request.headers.host).toBe(`publico.test:${local.port}`);
    for (const name of ['x-forwarded-for', 'x-forwarded-host', 'forwarded', 'x-real-ip', 'proxy-authorization', 'upgrade', 'trailer']) expect(request.headers[name]).toBeUndefined();
    expect(request.headers['x-propia']).toBe('sí');
  });

  it('un CIDR de OUTBOUND_ALLOW deja pasar sus direcciones y solo esas', async () => {
    const cidr = new OutboundGuard({ allow: ['127.0.0.0/30'], resolve: stubResolver({ 'api.interna.test': ['127.0.0.1'] }) });
    const { response } = await cidr.fetch(new URL(`http://api.interna.test:${local.port}/cidr`), { method: 'GET' });
    expect(response.status).toBe(200);
    expect(seen.map((s) => s.path)).toEqual(['/cidr']);
    expect(await refusal(cidr.fetch(new URL(`http://127.0.0.4:${local.port}/`), { method: 'GET' }))).toBe('Dirección no permitida: 127.0.0.4 es una dirección interna');
  });

  it('host:puerto de OUTBOUND_ALLOW admite ese puerto y no otro', async () => {
    const port = new OutboundGuard({ allow: [`127.0.0.1:${local.port}`] });
    expect((await port.fetch(new URL(`http://127.0.0.1:${local.port}/`), { method: 'GET' })).response.status).toBe(200);
    expect(await refusal(port.fetch(new URL(`http://127.0.0.1:${local.port + 1}/`), { method: 'GET' }))).toMatch(/^Dirección no permitida/);
  });
});

describe('DNS rebinding', () => {
  let other: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    // Same port, another loopback address: what the name points to after the check.
    other = await listen('rebind', '127.0.0.2', local.port);
  });
  afterAll(() => other.close());

  it('se conecta a la dirección que revisó, aunque el nombre resuelva a otra después', async () => {
    let answers = 0;
    const resolve = stubResolver({ 'cambia.test': () => (answers++ === 0 ? ['127.0.0.1'] : ['127.0.0.2']) });
    // Only 127.0.0.1 stands for the public address here; 127.0.0.2 is internal and not allowed.
    const guard = new OutboundGuard({ allow: ['127.0.0.1'], resolve });
    const { response } = await guard.fetch(new URL(`http://cambia.test:${local.port}/saldo`), { method: 'GET' });
    expect(await response.json()).toEqual({ server: 'local' });
    expect(seen.map((s) => [s.server, s.path, s.headers.host])).toEqual([['local', '/saldo', `cambia.test:${local.port}`]]);
    expect(resolve.calls).toEqual(['cambia.test']);
  });
});

describe('TLS con la dirección fijada', () => {
  it('el certificado se verifica contra el nombre: localhost (en el certificado) pasa, otro nombre a la misma dirección no', async () => {
    const relay = await fakeRelay();
    try {
      const port = new URL(relay.base).port;
      const guard = new OutboundGuard({ allow: ['127.0.0.1'], resolve: stubResolver({ localhost: ['127.0.0.1'], 'relay.test': ['127.0.0.1'] }) });
      const ok = await guard.fetch(new URL(`https://localhost:${port}/quipu`), { method: 'POST', body: '{}', ca: RELAY_CA });
      expect(ok.response.status).toBe(200);
      const error = await guard.fetch(new URL(`https://relay.test:${port}/quipu`), { method: 'POST', body: '{}', ca: RELAY_CA }).then(() => undefined, (e: unknown) => e);
      expect((error as { cause?: { code?: string } }).cause?.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
      expect(relay.requests).toHaveLength(1);
    } finally {
      await relay.close();
    }
  });
});

describe('internalKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['0.0.0.0', 'no-especificada'], ['0.1.2.3', 'no-especificada'],
    ['10.1.2.3', 'privada'], ['172.16.0.1', 'privada'], ['172.31.255.255', 'privada'], ['192.168.1.1', 'privada'],
    ['169.254.169.254', 'enlace-local'], ['100.64.0.1', 'cgnat'], ['100.127.255.254', 'cgnat'],
    ['224.0.0.251', 'multicast'], ['239.255.255.250', 'multicast'], ['240.0.0.1', 'reservada'], ['255.255.255.255', 'reservada'],
    ['::1', 'loopback'], ['::', 'no-especificada'], ['fe80::1', 'enlace-local'], ['fe80::1%eth0', 'enlace-local'], ['febf::1', 'enlace-local'],
    ['fc00::1', 'local-unica'], ['fd12:3456::1', 'local-unica'], ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['::ffff:169.254.169.254', 'enlace-local'], ['::ffff:a9fe:a9fe', 'enlace-local'], ['::ffff:10.0.0.1', 'privada'],
    ['64:ff9b::10.0.0.1', 'privada'], ['2002:7f00:1::1', 'loopback'], ['::127.0.0.1', 'reservada'], ['2001:db8::1', 'reservada'],
    ['::ffff:0:7f00:1', 'loopback'], ['::ffff:0:127.0.0.1', 'loopback'], ['::ffff:0:a9fe:a9fe', 'enlace-local'], ['::ffff:0:10.0.0.1', 'privada'],
    ['64:ff9b:1::a00:1', 'reservada'], ['64:ff9b:1:ffff::8.8.8.8', 'reservada'],
  ])('%s es %s', (address, kind) => {
    expect(internalKind(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700:4700::1111', '2800:200::1', '::ffff:8.8.8.8', '::ffff:0:8.8.8.8', '64:ff9b::8.8.8.8'])('%s es pública', (address) => {
    expect(internalKind(address)).toBeUndefined();
  });
});

describe('OUTBOUND_ALLOW', () => {
  it('admite nombres, host:puerto, IPs (v4 y v6) y CIDRs; rechaza lo demás al iniciar', () => {
    const allow = new AllowList(['intranet.local', 'api.local:8443', '10.0.5.0/24', '[::1]:8080', 'fd00::/8', '192.168.1.5']);
    expect(allow.allows('INTRANET.local', 80, '10.9.9.9')).toBe(true);
    expect(allow.allows('api.local', 8443, '10.9.9.9')).toBe(true);
    expect(allow.allows('api.local', 443, '10.9.9.9')).toBe(false);
    expect(allow.allows('x', 80, '10.0.5.77')).toBe(true);
    expect(allow.allows('x', 80, '::ffff:10.0.5.77')).toBe(true);
    expect(allow.allows('x', 80, '10.0.6.1')).toBe(false);
    expect(allow.allows('[::1]', 8080, '::1')).toBe(true);
    expect(allow.allows('[::1]', 8081, '::1')).toBe(false);
    expect(allow.allows('x', 80, 'fd12::1')).toBe(true);
    expect(allow.allows('x', 1, '192.168.1.5')).toBe(true);
    for (const bad of ['no es un host', '10.0.0.0/33', 'host:99999', 'http://x/']) expect(() => new AllowList([bad])).toThrow(`OUTBOUND_ALLOW: '${bad}'`);
  });

  it('por omisión, la base embebida admite su propio HOST:PORT (el webhook del bot de demostración) y PostgreSQL nada', () => {
    const allow = (env: Record<string, string>) => loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'quipu-config'), ...env }).outboundAllow;
    expect(allow({})).toEqual(['127.0.0.1:8080']);
    expect(allow({ HOST: '0.0.0.0', PORT: '9000' })).toEqual(['127.0.0.1:9000']);
    expect(allow({ HOST: '::' })).toEqual(['[::1]:8080']);
    expect(allow({ DATABASE_URL: 'postgres://quipu@db/quipu' })).toEqual([]);
    expect(allow({ OUTBOUND_ALLOW: ' 10.0.0.0/8, api.local:8443 ' })).toEqual(['10.0.0.0/8', 'api.local:8443']);
    expect(allow({ OUTBOUND_ALLOW: '' })).toEqual([]);
    expect(() => allow({ OUTBOUND_ALLOW: '10.0.0.0/40' })).toThrow("OUTBOUND_ALLOW: '10.0.0.0/40' no es un nombre de host, host:puerto, IP ni CIDR");
  });

  it('internalLiteral: lo que un guardado rechaza de inmediato (solo direcciones literales)', () => {
    expect(internalLiteral('http://0x7f000001:8080/x', [])).toBe('127.0.0.1');
    expect(internalLiteral('https://[::ffff:127.0.0.1]/', [])).toBe('[::ffff:7f00:1]');
    expect(internalLiteral('http://[::ffff:0:7f00:1]/', [])).toBe('[::ffff:0:7f00:1]');
    expect(internalLiteral('http://169.254.169.254/latest/meta-data', [])).toBe('169.254.169.254');
    expect(internalLiteral('http://127.0.0.1:8080/api/demo/pedido', ['127.0.0.1:8080'])).toBeUndefined();
    expect(internalLiteral('http://localhost/', [])).toBeUndefined();
    expect(internalLiteral('https://api.example.com/', [])).toBeUndefined();
    expect(internalLiteral('/api/demo/pedido', [])).toBeUndefined();
    expect(internalLiteral('{{base}}/x', [])).toBeUndefined();
  });
});
