// '/' is the dashboard for every role: it lands on /dashboard, never on 'En construcción'. The
// system admin first picks the company whose bots it shows.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '../../../common/roles';
import { ROLES } from '../../../common/roles';
import { openDashboard, serveDashboard } from '../dashboard/support';
import { empresa, record } from '../resources/support';

afterEach(() => vi.useRealTimers());
// The admin's pick lasts for the browser tab: each test starts in a new one.
beforeEach(() => sessionStorage.clear());

describe('inicio (/)', () => {
  it.each(ROLES.map((rol) => [rol] as [Rol]))("%s entra a / y ve el Dashboard con los datos de su bot (el administrador del sistema, tras elegir la empresa)", async (rol) => {
    const served = serveDashboard();
    record('get', '/empresa', () => [empresa('1', { nm: 'Administración' }), empresa('3', { nm: 'Demo' })]);
    openDashboard(rol, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    if (rol === 'ROLE_ADMIN') {
      expect(await screen.findByText('Seleccione una empresa para ver sus bots.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('combobox', { name: 'Empresa' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Demo' }));
    }
    expect(await screen.findByRole('region', { name: 'Total' })).toHaveTextContent('52');
    expect(served.datos[0].body).toMatchObject({ fd: '2026-11-19', fh: '2026-11-25' });
    expect(screen.queryByText('En construcción')).not.toBeInTheDocument();
  });
});
