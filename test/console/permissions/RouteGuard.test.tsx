// Every signed-in route of roles.ts ROUTES is served behind its check; a refused
// route explains itself in Spanish, never a blank screen.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../common/roles';
import { APP_ROUTES } from '../../../src/routes';
import { isResourcePath } from '../../../src/routing/specPaths';
import { makeSession } from '../fixtures';
import { server } from '../msw';
import { renderApp } from '../renderApp';
import { bot } from '../resources/botSupport';
import { skill } from '../skills/skillSupport';

const BUILT: Record<string, string> = {
  // '/' is the dashboard.
  '/': 'Dashboard',
  '/dashboard': 'Dashboard',
  '/about': 'Acerca de',
  '/cambiar': 'Cambiar contraseña',
  '/usuarios': 'Usuarios',
  '/usuario/:id': 'Usuario',
  '/empresas': 'Empresas',
  '/empresa/:id': 'Empresa',
  '/cfg': 'Configuración de correo',
  '/cuenta': 'Mi empresa',
  '/historial': 'Historial',
  '/qnas': 'Skills QNA',
  '/auditoria': 'Auditoría',
  '/bot': 'Bots',
  '/bot/:id': 'Bot',
  '/skill/:id': 'Consultar saldo',
  '/canal': 'Canales',
  '/canal/tw/:id': 'Canal Twitter',
  '/canal/fb/:id': 'Canal Facebook',
  '/canal/tg/:id': 'Canal Telegram',
  '/canal/msft/:id': 'Canal Microsoft Teams',
  '/canal/google/:id': 'Canal Google',
  '/canal/slack/:id': 'Canal Slack',
  '/canal/whatsapp/:id': 'Canal WhatsApp',
  '/canal/web/:id': 'Canal Web',
};

// A channel editor's GET /ch?id answers a channel of the kind its route opens.
const KIND_OF_PATH: Record<string, string> = { tw: 'Twitter', fb: 'Facebook', tg: 'Telegram', msft: 'Microsoft', google: 'Google', slack: 'Slack', whatsapp: 'Whatsapp', web: 'Web' };
const canalFor = (id: string) => ({
  id, name: KIND_OF_PATH[window.location.pathname.split('/')[2]] ?? 'Web', red: 3, dsc: 'Canal', activo: true, idE: '3', idR: null, b: null, bot: null,
  porHora: false, hi: null, hf: null, msgFueraHora: null, liveAgent: false, email: null, useChasqui: false, chasquiUrl: null, excluir: [], web: null, cfg: {}, secretos: {}, rev: 1,
});

// The built screens load their data: empty answers are enough to show them.
const empty = { content: [], totalPages: 0, totalElements: 0 };
beforeEach(() => {
  server.use(
    http.post('*/api/usuario/search', () => HttpResponse.json(empty)),
    http.post('*/api/auditoria/search', () => HttpResponse.json(empty)),
    http.get('*/api/usuario', () => HttpResponse.json({ id: '5', usuario: 'ana@quipu.test', idE: '3', rol: 'ROLE_USER', nm: 'Ana', ap: 'Quispe', a: true })),
    http.get('*/api/empresa', ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.has('id') ? { id: new URL(request.url).searchParams.get('id'), nm: 'Demo', ruc: '205', aclList: [] } : []),
    ),
    http.post('*/api/bot/search', () => HttpResponse.json(empty)),
    http.get('*/api/bot', () => HttpResponse.json(bot('5'))),
    http.get('*/api/skills', () => HttpResponse.json([])),
    http.get('*/api/tag-kb', () => HttpResponse.json([])),
    http.post('*/api/skill/qna-search', () => HttpResponse.json(empty)),
    http.get('*/api/skill', () => HttpResponse.json(skill('5'))),
    http.get('*/api/acciones', () => HttpResponse.json([])),
    http.get('*/api/ch', ({ request }) => {
      const id = new URL(request.url).searchParams.get('id');
      return HttpResponse.json(id ? canalFor(id) : []);
    }),
    http.get('*/api/bots', () => HttpResponse.json([])),
    http.get('*/api/ch/fb/pages', () => HttpResponse.json({ verifyToken: 'v', pages: [] })),
    http.get('*/api/email', () => HttpResponse.json({ host: '', port: null, username: '', email: '', provider: 'SMTP', passwordSet: false })),
  );
});
const concrete = (path: string) => path.replace(':id', '5');

describe('tabla de rutas', () => {
  it('tiene una entrada por cada ruta de ROUTES, con su control: una página propia o la de un recurso', () => {
    const resourcePaths = ROUTES.filter(({ path }) => isResourcePath(path)).map(({ path }) => path);
    expect(resourcePaths).toEqual(['/auditoria', '/usuarios', '/usuario/:id', '/canal', '/empresas', '/empresa/:id', '/bot', '/bot/:id', '/skill/:id']);
    expect(APP_ROUTES.map(({ path, check }) => ({ path, check }))).toEqual(
      ROUTES.filter(({ path }) => !isResourcePath(path)).map(({ path, check }) => ({ path, check })),
    );
  });

  it.each(ROUTES.map((route) => route.path))("ROLE_ADMIN abre %s y ve su pantalla o 'En construcción'", async (path) => {
    renderApp(concrete(path), makeSession({ rol: 'ROLE_ADMIN' }));
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(BUILT[path] ?? 'En construcción');
  });
});

describe('RouteGuard', () => {
  it.each([
    ['ROLE_USER', '/empresas'],
    ['ROLE_DASHBOARD', '/canal/tw/5'],
    ['ROLE_HISTORIAL', '/usuarios'],
    ['ROLE_SUPERVISOR', '/historial'],
  ] as const)("%s en %s ve 'Sin acceso' con una explicación", async (rol, path) => {
    renderApp(path, makeSession({ rol }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin acceso' })).toBeInTheDocument();
    expect(screen.getByText(/Su usuario no tiene acceso a esta página/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  });

  it('ROLE_DASHBOARD sí abre los editores sin control extra (/canal/msft/new)', async () => {
    renderApp('/canal/msft/new', makeSession({ rol: 'ROLE_DASHBOARD' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuevo canal Microsoft Teams' })).toBeInTheDocument();
  });

  it('ROLE_USER con pmHist abre /historial', async () => {
    renderApp('/historial', makeSession({ rol: 'ROLE_USER', pmHist: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Historial' })).toBeInTheDocument();
  });

  it('una ruta desconocida dice en español que no existe', async () => {
    renderApp('/no-existe', makeSession());
    expect(await screen.findByText('No encontrado')).toBeInTheDocument();
  });
});
