// The dashboard's Desde and Hasta: a day typed digit by digit is checked once it is whole (its year
// typed, the field left, or a day chosen in the calendar), a broken range is told once, under its
// field, and goes when the range is mended; the calendar's weeks start on Monday, as the chart's;
// the day's first part is read 'Día'.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayShown, openDashboard, serveDashboard } from './support';

afterEach(() => vi.useRealTimers());

const HASTA_MAYOR = 'La fecha hasta debe ser mayor a la fecha desde';
const INTERVALO = 'Intervalo de fechas no puede ser mayor a 3 meses';
const anyDateRule = () => screen.queryAllByText(new RegExp(`${HASTA_MAYOR}|${INTERVALO}`));
const fieldOf = (label: string) => screen.getByRole('group', { name: label }).closest<HTMLElement>('.MuiFormControl-root')!;

/** Types `digits` into a day's sections one key at a time, checking `between` after each key but the last. */
async function typeDigits(label: string, digits: string, between: () => void) {
  const [day] = within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton');
  await userEvent.click(day);
  for (const [i, digit] of [...digits].entries()) {
    await userEvent.keyboard(digit);
    if (i < digits.length - 1) between();
  }
}

describe('Dashboard: Desde y Hasta', () => {
  it('escribir 29/10/2026 en Desde dígito a dígito no avisa de los días por los que pasa; completo, pide ese rango', async () => {
    const served = serveDashboard();
    openDashboard();
    await screen.findByRole('region', { name: 'Total' }, { timeout: 10_000 });
    // On the way: 02/11, 29/11 (after Hasta), 29/01 (more than 90 days), 29/10, years 0002 to 0202.
    await typeDigits('Desde', '29102026', () => expect(anyDateRule()).toEqual([]));
    expect(dayShown('Desde')).toBe('29/10/2026');
    await waitFor(() => expect(served.datos.at(-1)?.body).toMatchObject({ fd: '2026-10-29', fh: '2026-11-25' }));
    expect(anyDateRule()).toEqual([]);
    // None of the days passed through was asked for.
    expect(served.datos.map((call) => (call.body as { fd: string }).fd)).toEqual(['2026-11-19', '2026-10-29']);
  });

  it('una regla rota se dice una sola vez, bajo su campo (ni aviso ni alerta), y se va al enmendar el rango', async () => {
    const served = serveDashboard();
    openDashboard();
    await screen.findByRole('region', { name: 'Total' }, { timeout: 10_000 });
    await typeDigits('Hasta', '10112026', () => expect(anyDateRule()).toEqual([]));
    await waitFor(() => expect(fieldOf('Hasta')).toHaveTextContent(HASTA_MAYOR));
    expect(screen.getAllByText(HASTA_MAYOR)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    await typeDigits('Hasta', '25112026', () => expect(screen.getAllByText(HASTA_MAYOR)).toHaveLength(1));
    await waitFor(() => expect(anyDateRule()).toEqual([]));

    await typeDigits('Desde', '01012026', () => expect(anyDateRule()).toEqual([]));
    await waitFor(() => expect(fieldOf('Desde')).toHaveTextContent(INTERVALO));
    expect(screen.getAllByText(INTERVALO)).toHaveLength(1);
    await typeDigits('Desde', '01102026', () => undefined);
    await waitFor(() => expect(anyDateRule()).toEqual([]));
    await waitFor(() => expect(served.datos.at(-1)?.body).toMatchObject({ fd: '2026-10-01', fh: '2026-11-25' }));
    expect(await screen.findByRole('region', { name: 'Total' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('un día a medio escribir se toma al dejar el campo', async () => {
    const served = serveDashboard();
    openDashboard();
    await screen.findByRole('region', { name: 'Total' }, { timeout: 10_000 });
    await typeDigits('Hasta', '20', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(served.datos.map((call) => (call.body as { fh: string }).fh)).toEqual(['2026-11-25']);
    await userEvent.tab();
    await waitFor(() => expect(served.datos.at(-1)?.body).toMatchObject({ fd: '2026-11-19', fh: '2026-11-20' }));
  });

  it('el calendario empieza la semana el lunes, como el gráfico, y un día elegido en él se toma al momento', async () => {
    const served = serveDashboard();
    openDashboard();
    await screen.findByRole('table', { name: 'Conversaciones en el tiempo' }, { timeout: 10_000 });
    expect(within(screen.getByRole('table', { name: 'Conversaciones en el tiempo' })).getAllByRole('row')[1]).toHaveTextContent(/^Lun/);
    await userEvent.click(within(fieldOf('Hasta')).getByRole('button', { name: /Elige fecha/ }));
    const calendar = await screen.findByRole('grid');
    const weekdays = within(calendar).getAllByRole('columnheader');
    expect(weekdays[0]).toHaveAccessibleName(/^lunes$/i);
    expect(weekdays[6]).toHaveAccessibleName(/^domingo$/i);
    await userEvent.click(within(calendar).getByRole('gridcell', { name: '22' }));
    await waitFor(() => expect(served.datos.at(-1)?.body).toMatchObject({ fh: '2026-11-22' }));
    expect(dayShown('Hasta')).toBe('22/11/2026');
  });

  it("las partes de la fecha se leen 'Día', 'Mes' y 'Año'", async () => {
    serveDashboard();
    openDashboard();
    await screen.findByRole('region', { name: 'Total' }, { timeout: 10_000 });
    for (const label of ['Desde', 'Hasta']) {
      const parts = within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton');
      expect(parts.map((part) => part.getAttribute('aria-label'))).toEqual(['Día', 'Mes', 'Año']);
      expect(parts[0]).toHaveAccessibleName('Día');
    }
  });
});
