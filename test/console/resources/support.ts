// Shared by the administration screens' tests: demo records, a recorder of the calls msw
// answers, and the way a screen is opened.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { Session } from '../../../common/sessionTypes';
import { server } from '../msw';
import { renderApp } from '../renderApp';

// jsdom does not scroll; react-admin scrolls to the top after a navigation.
window.scrollTo = () => undefined;

/** Opens `path` signed in as `session`, with none of the list settings a previous test left. */
export function renderAdmin(path: string, session: Session) {
  localStorage.clear();
  return renderApp(path, session);
}

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** Answers METHOD /api{path} (any host) and keeps every request it saw. */
export function record(method: 'get' | 'post' | 'delete', path: string, answer: (call: Call) => Response | JsonBodyType | Promise<Response | JsonBodyType>) {
  const calls: Call[] = [];
  server.use(
    http[method](`*/api${path}`, async ({ request }) => {
      const text = await request.text();
      const call = { method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      const result = await answer(call);
      return result instanceof Response ? result : HttpResponse.json(result);
    }),
  );
  return calls;
}

export function usuario(n: number, extra: Record<string, unknown> = {}) {
  return {
    id: `u${n}`,
    usuario: `persona${n}@demo.test`,
    idE: '3',
    rol: 'ROLE_USER',
    nm: `Nombre${n}`,
    ap: `Apellido${n}`,
    a: n % 2 === 1,
    uc: 'compania@quipu.test',
    sso: false,
    pmHist: false,
    showChannels: false,
    fc: '2026-01-10T10:00:00.000Z',
    version: 3,
    ...extra,
  };
}

export function empresa(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    nm: `Empresa ${id}`,
    ruc: `20${id.padStart(9, '0')}`,
    activo: true,
    audit: false,
    dir: 'Av. Principal 123',
    tel: '+51 1 555 0000',
    c: 'Lucía Fernández',
    razon: `Empresa ${id} S.A.`,
    cs: null,
    csA: null,
    csE: null,
    consulta: null,
    fc: '2025-03-04T15:00:00.000Z',
    ff: '2027-12-31',
    acl: false,
    aclList: [],
    tz: null,
    liveAgent: false,
    tg: false,
    ts: 30,
    tk1: 'a',
    tk2: 'b',
    tk3: 'c',
    tk4: 'd',
    version: 2,
    ...extra,
  };
}

export function page<T>(content: T[], totalElements = content.length, pageSize = 5) {
  return { content, totalElements, totalPages: Math.max(1, Math.ceil(totalElements / pageSize)) };
}
