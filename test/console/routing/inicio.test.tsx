// '/' is the dashboard for every role: it lands on /dashboard, never on 'En construcción'.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '../../../common/roles';
import { ROLES } from '../../../common/roles';
import { openDashboard, serveDashboard } from '../dashboard/support';

afterEach(() => vi.useRealTimers());

describe('inicio (/)', () => {
  it.each(ROLES.map((rol) => [rol] as [Rol]))("%s entra a / y ve el Dashboard con los datos de su bot", async (rol) => {
    const served = serveDashboard();
    openDashboard(rol, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('region', { name: 'Total' })).toHaveTextContent('52');
    expect(served.datos[0].body).toMatchObject({ fd: '2026-11-19', fh: '2026-11-25' });
    expect(screen.queryByText('En construcción')).not.toBeInTheDocument();
  });
});
