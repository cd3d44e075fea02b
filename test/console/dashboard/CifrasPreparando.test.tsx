// While an upgrade still counts the history recorded before it, the server says `preparando` and
// the screens that read the counters (the dashboard, the history's client cards) say their figures
// may fall short; otherwise they say nothing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DATOS, openDashboard, serveDashboard } from './support';
import { chooseBot, cliente, openHistorial, serveHistorial } from '../historial/support';

const AVISO = 'Las cifras anteriores a la actualización se están preparando; pueden estar incompletas.';

describe('Cifras en preparación tras una actualización', () => {
  it('el dashboard lo dice, como estado, mientras el servidor responde preparando', async () => {
    serveDashboard({ datos: { ...DATOS, preparando: true } });
    openDashboard();
    const total = await screen.findByRole('region', { name: 'Total' });
    expect(within(total).getByText('52')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(AVISO);
  });

  it('el dashboard no dice nada cuando el servidor no responde preparando', async () => {
    const served = serveDashboard();
    openDashboard();
    await screen.findByRole('region', { name: 'Total' });
    await waitFor(() => expect(served.datos).toHaveLength(1));
    expect(screen.queryByText(AVISO)).not.toBeInTheDocument();
  });

  it.each([true, false])('el historial lo dice sobre las tarjetas de clientes solo mientras el servidor responde preparando (%s)', async (preparando) => {
    const served = serveHistorial({ clientes: () => ({ content: [cliente(1)], totalPages: 1, totalElements: 1, totalExact: true, ...(preparando ? { preparando } : {}) }) });
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await chooseBot('Ventas');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(served.clientes).toHaveLength(1));
    expect(within(await screen.findByRole('region', { name: 'Clientes' })).getAllByRole('button').length).toBeGreaterThan(0);
    if (preparando) expect(screen.getByRole('status')).toHaveTextContent(AVISO);
    else expect(screen.queryByText(AVISO)).not.toBeInTheDocument();
  });
});
