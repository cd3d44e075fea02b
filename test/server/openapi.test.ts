// The OpenAPI document and its reference page: every operation named and tagged, the session
// cookie declared, and the integrity headers on every signed write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TAGS, SESSION_SCHEME } from '../../server/src/plugins/openapi';
import { API, createTestApp, type TestApp } from './helpers';

const SIGNED = new Set(['post', 'put', 'patch', 'delete']);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** The writes that carry no session and no integrity headers. */
const PUBLIC_WRITES = /^post (\/wh\/(telegram|whatsapp|slack|teams|google|facebook|twitter)\/\{id\}|\/public\/webchat\/\{key\}\/(conversacion|mensaje|archivos))$/;

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
}

describe('documento OpenAPI', () => {
  let t: TestApp;
  let operations: Array<{ method: string; path: string; op: Operation }>;
  let doc: { components: { securitySchemes: Record<string, unknown> }; paths: Record<string, Record<string, Operation>>; tags: Array<{ name: string }> };

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const res = await t.client().get(`${API}/openapi.json`);
    expect(res.statusCode).toBe(200);
    doc = res.json();
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('cada operación tiene un operationId único y una etiqueta de su área', () => {
    expect(operations.length).toBeGreaterThan(15);
    const names = API_TAGS.map((tag) => tag.name) as string[];
    for (const { method, path, op } of operations) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.tags, `${method} ${path}`).toHaveLength(1);
      expect(names, `${method} ${path}`).toContain(op.tags?.[0]);
    }
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.tags.map((tag) => tag.name)).toEqual(names);
  });

  it('declara la cookie de sesión y la exige a las operaciones protegidas', () => {
    expect(doc.components.securitySchemes[SESSION_SCHEME]).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'quipu_sid' });
    expect(doc.paths['/usuario/search'].post.security).toEqual([{ [SESSION_SCHEME]: [] }]);
    expect(doc.paths['/public/about'].get.security).toEqual([]);
  });

  it('cada escritura firmada declara X-Ts, X-Nonce y X-Sig', () => {
    // Only the web chat widget and the providers' webhooks write without a session or a console
    // signature (the widget holds a conversation token, each provider signs its own way).
    const unsigned = operations.filter(({ method, op }) => SIGNED.has(method) && op.security?.length === 0);
    for (const { method, path } of unsigned) expect(`${method} ${path}`).toMatch(PUBLIC_WRITES);
    const writes = operations.filter(({ method, op }) => SIGNED.has(method) && op.security?.length !== 0);
    expect(writes.length).toBeGreaterThan(8);
    for (const { method, path, op } of writes) {
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => `${p.name}:${p.required}`);
      expect(headers, `${method} ${path}`).toEqual(expect.arrayContaining(['X-Ts:true', 'X-Nonce:true', 'X-Sig:true']));
    }
    const reads = operations.filter(({ method }) => !SIGNED.has(method));
    for (const { op } of reads) expect((op.parameters ?? []).some((p) => p.name === 'X-Sig')).toBe(false);
  });

  it('la página de referencia responde HTML en /api/docs', async () => {
    const res = await t.client().get(`${API}/docs`);
    const page = res.statusCode === 302 ? await t.client().get(`${API}/docs/`) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger-ui/i);
  });
});
