// The sidebar shows exactly the links the role allows.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { server } from '../msw';
import { renderApp } from '../renderApp';

async function sidebarLabels(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
  const items = await within(nav).findAllByRole('menuitem');
  return items.map((item) => item.textContent ?? '');
}

describe('Menú lateral', () => {
  it('ROLE_ADMIN ve todo menos Bots', async () => {
    renderApp('/about', makeSession({ rol: 'ROLE_ADMIN' }));
    expect(await sidebarLabels()).toEqual([
      'Dashboard',
      'Empresas',
      'Email',
      'Skills QnA',
      'Usuarios',
      'Canales',
      'Historial',
      'Auditoría',
      'Acerca de',
    ]);
  });

  it('ROLE_USER con showChannels ve Dashboard, Canales, Bots y Acerca de', async () => {
    renderApp('/about', makeSession({ rol: 'ROLE_USER', showChannels: true }));
    expect(await sidebarLabels()).toEqual(['Dashboard', 'Canales', 'Bots', 'Acerca de']);
  });

  it('ROLE_HISTORIAL ve Dashboard, Historial y Acerca de', async () => {
    renderApp('/about', makeSession({ rol: 'ROLE_HISTORIAL' }));
    expect(await sidebarLabels()).toEqual(['Dashboard', 'Historial', 'Acerca de']);
  });

  it('cada enlace lleva a su ruta', async () => {
    renderApp('/about', makeSession({ rol: 'ROLE_COMPANIA' }));
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    const hrefs = (await within(nav).findAllByRole('menuitem')).map((item) => item.getAttribute('href'));
    expect(hrefs).toEqual(['/dashboard', '/usuarios', '/canal', '/bot', '/historial', '/auditoria', '/about']);
  });

  it("los enlaces a pantallas aún no construidas llevan 'Próximamente' en su nombre accesible; los demás no", async () => {
    renderApp('/about', makeSession({ rol: 'ROLE_ADMIN' }));
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    await within(nav).findAllByRole('menuitem');
    expect(within(nav).queryByRole('menuitem', { name: /Próximamente/ })).not.toBeInTheDocument();
    for (const name of ['Dashboard', 'Empresas', 'Email', 'Skills QnA', 'Usuarios', 'Canales', 'Historial', 'Acerca de']) {
      expect(within(nav).getByRole('menuitem', { name })).not.toHaveTextContent('Próximamente');
    }
  });

  it("el enlace y la página escriben 'Auditoría' con tilde", async () => {
    server.use(http.post('*/api/auditoria/search', () => HttpResponse.json({ content: [], totalPages: 0, totalElements: 0 })));
    renderApp('/auditoria', makeSession({ rol: 'ROLE_COMPANIA' }));
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(await within(nav).findByRole('menuitem', { name: 'Auditoría' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Auditoría' })).toBeInTheDocument();
  });
});
