// The HTTP client: integrity headers, stale-key retry, error decoding,
// cookies and the progress store.
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../src/api/http';
import { HttpError } from '../../../src/api/HttpError';
import { canonicalText, sameSignature, signature } from '../../../common/integrity';
import { createProgressStore } from '../../../src/api/progress';
import { SIGNED_IN_KEY, TEST_KEY } from '../fixtures';
import { server } from '../msw';

const API = 'http://api.test/api';

function verify(request: Request, body: string, key = TEST_KEY): boolean {
  const url = new URL(request.url);
  const ts = request.headers.get('X-Ts') ?? '';
  const nonce = request.headers.get('X-Nonce') ?? '';
  const expected = signature(key, canonicalText(request.method, url.pathname + url.search, ts, nonce, body));
  return sameSignature(expected, request.headers.get('X-Sig') ?? '');
}

function athena(...keys: string[]) {
  const calls = { count: 0 };
  server.use(
    http.get(`${API}/public/athena`, () => {
      const k = keys[Math.min(calls.count, keys.length - 1)];
      calls.count += 1;
      return HttpResponse.json({ k, brand: { name: 'Quipu', alt: false } });
    }),
  );
  return calls;
}

describe('cabeceras de integridad', () => {
  it('firma cada POST con X-Ts, X-Nonce y X-Sig verificables sobre ruta, consulta y cuerpo exactos', async () => {
    athena(TEST_KEY);
    let seen: { valid: boolean; contentType: string | null; ts: number } | undefined;
    server.use(
      http.post(`${API}/usuario/search`, async ({ request }) => {
        const body = await request.text();
        seen = { valid: verify(request, body), contentType: request.headers.get('Content-Type'), ts: Number(request.headers.get('X-Ts')) };
        return HttpResponse.json({ content: [] });
      }),
    );
    const client = createHttpClient({ apiUrl: API });
    await client.fetchJson(`${API}/usuario/search?x=1`, { method: 'POST', body: '{"page":0}' });
    expect(seen?.valid).toBe(true);
    expect(seen?.contentType).toBe('application/json');
    expect(Math.abs(Date.now() - (seen?.ts ?? 0))).toBeLessThan(5_000);
  });

  it('firma un DELETE sin cuerpo con el cuerpo vacío y sin Content-Type', async () => {
    athena(TEST_KEY);
    let seen: { valid: boolean; contentType: string | null } | undefined;
    server.use(
      http.delete(`${API}/usuario/`, ({ request }) => {
        seen = { valid: verify(request, ''), contentType: request.headers.get('Content-Type') };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const answer = await createHttpClient({ apiUrl: API }).fetchJson(`${API}/usuario/?id=5`, { method: 'DELETE' });
    expect(seen).toEqual({ valid: true, contentType: null });
    expect(answer.status).toBe(204);
  });

  it('no añade cabeceras de integridad a un GET', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get(`${API}/empresa`, ({ request }) => {
        headers = request.headers;
        return HttpResponse.json([{ id: '1' }]);
      }),
    );
    const answer = await createHttpClient({ apiUrl: API }).fetchJson(`${API}/empresa`);
    expect(answer.json).toEqual([{ id: '1' }]);
    expect(['X-Ts', 'X-Nonce', 'X-Sig'].map((name) => headers?.get(name))).toEqual([null, null, null]);
  });

  it('usa la clave nueva que se le entrega tras ingresar', async () => {
    let valid = false;
    server.use(http.post(`${API}/logout`, ({ request }) => ((valid = verify(request, '', SIGNED_IN_KEY)), new HttpResponse(null, { status: 204 }))));
    const client = createHttpClient({ apiUrl: API });
    client.setKey(SIGNED_IN_KEY);
    await client.fetchJson(`${API}/logout`, { method: 'POST' });
    expect(valid).toBe(true);
  });

  it("tras un 401 INTEGRITY pide otra clave a athena y reintenta una sola vez", async () => {
    const calls = athena(TEST_KEY, SIGNED_IN_KEY);
    const attempts: boolean[] = [];
    server.use(
      http.post(`${API}/auditoria`, async ({ request }) => {
        const body = await request.text();
        attempts.push(verify(request, body, SIGNED_IN_KEY));
        return attempts.length === 1
          ? HttpResponse.json({ message: 'Firma inválida', code: 'INTEGRITY' }, { status: 401 })
          : HttpResponse.json({ id: '9' });
      }),
    );
    const answer = await createHttpClient({ apiUrl: API }).fetchJson(`${API}/auditoria`, { method: 'POST', body: '{"ev":0}' });
    expect(answer.json).toEqual({ id: '9' });
    expect(attempts).toEqual([false, true]);
    expect(calls.count).toBe(2);
  });

  it('si el reintento también falla, entrega el error del servidor', async () => {
    athena(TEST_KEY);
    server.use(http.post(`${API}/auditoria`, () => HttpResponse.json({ message: 'Firma inválida', code: 'INTEGRITY' }, { status: 401 })));
    const call = createHttpClient({ apiUrl: API }).fetchJson(`${API}/auditoria`, { method: 'POST', body: '{}' });
    await expect(call).rejects.toMatchObject({ message: 'Firma inválida', status: 401, code: 'INTEGRITY' });
  });
});

describe('mensajes de error (spec §8)', () => {
  const failWith = async (response: () => Response): Promise<HttpError> => {
    server.use(http.get(`${API}/public/about`, response));
    try {
      await createHttpClient({ apiUrl: API }).fetchJson(`${API}/public/about`);
    } catch (error) {
      return error as HttpError;
    }
    throw new Error('la llamada debía fallar');
  };

  it('toma el mensaje del campo message del cuerpo', async () => {
    const error = await failWith(() => HttpResponse.json({ message: 'Usuario no encontrado' }, { status: 404 }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Usuario no encontrado', status: 404, body: { message: 'Usuario no encontrado' } });
  });

  it('usa el cuerpo mismo cuando es texto', async () => {
    const error = await failWith(() => HttpResponse.text('Sin permisos para esta empresa', { status: 403 }));
    expect(error.message).toBe('Sin permisos para esta empresa');
  });

  it('decodifica también un cuerpo binario', async () => {
    const bytes = new TextEncoder().encode('No se encontró el archivo de sesión');
    const error = await failWith(() => new HttpResponse(bytes, { status: 500, headers: { 'Content-Type': 'application/octet-stream' } }));
    expect(error.message).toBe('No se encontró el archivo de sesión');
  });

  it.each([
    ['un cuerpo vacío', () => new HttpResponse(null, { status: 500 })],
    ['un JSON sin message', () => HttpResponse.json({ error: 'x' }, { status: 500 })],
    ['una página HTML', () => HttpResponse.html('<html><body>Bad gateway</body></html>', { status: 502 })],
  ])("muestra 'Error desconocido' ante %s", async (_, response) => {
    expect((await failWith(response)).message).toBe('Error desconocido');
  });

  it('sin respuesta del servidor dice que no se pudo conectar', async () => {
    expect((await failWith(() => HttpResponse.error())).message).toBe('No se pudo conectar con el servidor');
  });
});

describe('cookies y progreso', () => {
  it("envía cada llamada con credentials 'include'", async () => {
    const fetchFn = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response('{}', { status: 200 }));
    const client = createHttpClient({ apiUrl: API, fetch: fetchFn });
    client.setKey(TEST_KEY);
    await client.fetchJson(`${API}/public/about`);
    await client.fetchJson(`${API}/logout`, { method: 'POST' });
    expect(fetchFn.mock.calls.map(([, init]) => init?.credentials)).toEqual(['include', 'include']);
  });

  it('cuenta las llamadas en curso y vuelve a cero al terminar, también si fallan', async () => {
    server.use(
      http.get(`${API}/empresa`, async () => (await delay(30), HttpResponse.json([]))),
      http.get(`${API}/public/about`, () => HttpResponse.json({ message: 'Caído' }, { status: 503 })),
    );
    const progress = createProgressStore();
    const seen: number[] = [];
    progress.subscribe(() => seen.push(progress.count()));
    const client = createHttpClient({ apiUrl: API, progress });
    const both = Promise.allSettled([client.fetchJson(`${API}/empresa`), client.fetchJson(`${API}/public/about`)]);
    expect(progress.count()).toBe(2);
    await both;
    expect(progress.count()).toBe(0);
    expect(seen).toEqual([1, 2, 1, 0]);
  });
});
