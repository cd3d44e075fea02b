// The Sesiones card: only for users who may read the history; the range's clients a page at a
// time, and a client opens the Conversación dialog with the dashboard's bot and days.
import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_URL, transport } from '../../../src/api/client';
import { createDataProvider } from '../../../src/api/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import type { ConversationDialogProps } from '../../../src/pages/historial/ConversationDialog';
import { SesionesCard } from '../../../src/pages/dashboard/SesionesCard';
import { openDashboard, serveDashboard } from './support';

afterEach(() => vi.useRealTimers());

const client = (n: number) => ({ idClt: `c${n}`, nm: n === 3 ? null : `Cliente ${n}`, red: n % 2 === 0 ? 2 : 3, ultimo: '2026-11-25T04:30:00.000Z', sesiones: n === 1 ? 1 : 2 });
/** 25 clients: a page of 20, then 5. */
const pages = (page: number) => ({ content: Array.from({ length: page === 0 ? 20 : 5 }, (_, i) => client(page * 20 + i + 1)), totalPages: 2, totalElements: 25 });

function ProbeDialog({ idBot, fd, fh, client, onClose }: ConversationDialogProps) {
  return (
    <div role="dialog" aria-label="Conversación">
      {`${idBot} ${fd} ${fh} ${client.idClt}`}
      <button onClick={onClose}>Cerrar</button>
    </div>
  );
}

function renderCard() {
  const dataProvider = createDataProvider(API_URL, transport.fetchJson, () => '3');
  function Harness() {
    const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    return (
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <SesionesCard idBot="b2" fd="2026-11-19" fh="2026-11-25" idE="3" timeZone="America/Lima" Dialog={ProbeDialog} />
      </AdminContext>
    );
  }
  return render(<Harness />);
}

describe('Tarjeta Sesiones del dashboard', () => {
  it('no aparece para ROLE_DASHBOARD, que no puede ver el historial, ni se piden sus clientes', async () => {
    const served = serveDashboard({ clientes: pages });
    openDashboard('ROLE_DASHBOARD');
    await screen.findByRole('region', { name: 'Total' });
    expect(screen.queryByRole('heading', { name: 'Sesiones' })).toBeNull();
    expect(served.clientes).toHaveLength(0);
  });

  it('ROLE_HISTORIAL la ve con los clientes del bot y los días del dashboard', async () => {
    const served = serveDashboard({ clientes: pages });
    openDashboard('ROLE_HISTORIAL');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sesiones' })).toBeInTheDocument();
    await waitFor(() => expect(served.clientes).toHaveLength(1));
    expect(served.clientes[0].body).toEqual({ idBot: 'b2', fd: '2026-11-19', fh: '2026-11-25', idE: '3', page: 0, pageSize: 20 });
    expect(await screen.findByText('Cliente 1')).toBeInTheDocument();
  });

  it("lista 20 clientes con canal, último mensaje en la hora de la empresa y sesiones; 'Ver más' trae la página siguiente", async () => {
    const served = serveDashboard({ clientes: pages });
    renderCard();
    const list = await screen.findByRole('list', { name: 'Sesiones' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    // 04:30 UTC is 23:30 of the 24th in Lima.
    expect(within(list).getByRole('button', { name: /^Cliente 1 / })).toHaveTextContent('Web · 24/11/2026 23:30 · 1 sesión');
    expect(within(list).getByRole('button', { name: /^Cliente 2 / })).toHaveTextContent('Telegram · 24/11/2026 23:30 · 2 sesiones');
    expect(within(list).getByRole('button', { name: /^Sin nombre / })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(served.clientes.map((call) => (call.body as { page: number }).page)).toEqual([0, 1]);
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
  });

  it('un cliente abre el diálogo Conversación con el bot, los días y el cliente; se abre también con el teclado', async () => {
    serveDashboard({ clientes: pages });
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: /^Cliente 2 / }));
    expect(screen.getByRole('dialog', { name: 'Conversación' })).toHaveTextContent('b2 2026-11-19 2026-11-25 c2');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByRole('button', { name: /^Cliente 4 / }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Conversación' })).toHaveTextContent('c4');
  });
});
