// '/' while the dashboard is not built: each role lands on its first real screen, never on
// 'En construcción'.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Rol } from '../../../common/roles';
import { makeSession } from '../fixtures';
import { server } from '../msw';
import { renderApp } from '../renderApp';

const empty = { content: [], totalPages: 0, totalElements: 0 };
beforeEach(() => {
  server.use(
    http.post('*/api/usuario/search', () => HttpResponse.json(empty)),
    http.post('*/api/bot/search', () => HttpResponse.json(empty)),
    http.get('*/api/empresa', () => HttpResponse.json([])),
  );
});

describe('inicio (/)', () => {
  it.each([
    ['ROLE_ADMIN', '/empresas', 'Empresas'],
    ['ROLE_COMPANIA', '/bot', 'Bots'],
    ['ROLE_ADMINUSER', '/usuarios', 'Usuarios'],
    ['ROLE_USER', '/bot', 'Bots'],
    ['ROLE_DASHBOARD', '/about', 'Acerca de'],
    ['ROLE_HISTORIAL', '/about', 'Acerca de'],
    ['ROLE_SUPERVISOR', '/about', 'Acerca de'],
  ] as Array<[Rol, string, string]>)("%s entra a / y llega a %s ('%s'), no a 'En construcción'", async (rol, path, heading) => {
    renderApp('/', makeSession({ rol }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe(path));
    expect(screen.queryByText('En construcción')).not.toBeInTheDocument();
  });

  it('ROLE_USER con showChannels también llega a la lista de bots', async () => {
    renderApp('/', makeSession({ rol: 'ROLE_USER', showChannels: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bots' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/bot'));
  });
});
