// The system admin's company on the Dashboard and the Historial: picked in 'Empresa' before any bot
// is asked for, kept from one screen to the other, and a new pick starts without a bot. Everyone
// else works on their own company and sees no such select.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_TEXTS } from '../../../common/schemas/historial';
import { empresa, record } from '../resources/support';
import { seriousViolations } from '../versions/axe';
import { BOTS, openDashboard, serveDashboard } from './support';

afterEach(() => vi.useRealTimers());
// The pick lasts for the browser tab: each test starts in a new one.
beforeEach(() => sessionStorage.clear());

const EMPRESAS = [empresa('1', { nm: 'Administración' }), empresa('6', { nm: 'Colegio Inca' }), empresa('5', { nm: 'Banco Andino' })];

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Empresa del administrador del sistema', () => {
  it('pide elegir la empresa sin pedir bots; elegida, el Dashboard y luego el Historial muestran los suyos, y otra empresa deja el bot sin elegir', async () => {
    const served = serveDashboard();
    const empresas = record('get', '/empresa', () => EMPRESAS);
    const bots = record('get', '/bots', ({ url }) => (url.searchParams.get('idE') === '5' ? BOTS : [{ id: 'b9', nm: 'Matrículas', version: 1 }]));
    const informes = record('get', '/informes', () => []);
    openDashboard('ROLE_ADMIN');

    expect(await screen.findByText('Seleccione una empresa para ver sus bots.')).toBeInTheDocument();
    await waitFor(() => expect(empresas).toHaveLength(1));
    await userEvent.click(screen.getByRole('combobox', { name: 'Empresa' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Administración', 'Banco Andino', 'Colegio Inca']);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('No hay bots que mostrar.')).toBeNull();
    expect(screen.queryByText(DASHBOARD_TEXTS.seleccioneBot)).toBeNull();
    expect(await seriousViolations()).toEqual([]);
    expect(bots).toHaveLength(0);

    await choose('Empresa', 'Banco Andino');
    // The company's first deployed bot, as for everyone else.
    await waitFor(() => expect(served.datos).toHaveLength(1));
    expect(served.datos[0].body).toMatchObject({ idBot: 'b2', idE: '5' });
    expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Ventas');
    expect(screen.queryByText('Seleccione una empresa para ver sus bots.')).toBeNull();

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Menú principal' })).getByRole('menuitem', { name: 'Historial' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Historial' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Empresa' })).toHaveTextContent('Banco Andino');
    await choose('Bot', 'Ventas');
    expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Ventas');

    await choose('Empresa', 'Colegio Inca');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Seleccione'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Bot' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Seleccione', 'Matrículas']);
    await userEvent.keyboard('{Escape}');
    expect(bots.map((call) => call.url.searchParams.get('idE'))).toEqual(['5', '5', '6']);

    // The reports are the picked company's too.
    await userEvent.click(screen.getByRole('button', { name: 'Ver Informes' }));
    await waitFor(() => expect(informes).toHaveLength(1));
    expect(informes[0].url.searchParams.get('idE')).toBe('6');
  });

  it('ROLE_COMPANIA no ve Empresa ni pide la lista de empresas: sus bots son los de su empresa', async () => {
    serveDashboard();
    const empresas = record('get', '/empresa', () => EMPRESAS);
    const bots = record('get', '/bots', () => BOTS);
    openDashboard('ROLE_COMPANIA');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Ventas'));
    expect(screen.queryByRole('combobox', { name: 'Empresa' })).toBeNull();
    expect(bots.map((call) => call.url.searchParams.get('idE'))).toEqual(['3']);
    expect(empresas).toHaveLength(0);
  });
});
