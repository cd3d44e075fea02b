// The history's Desde and Hasta, typed digit by digit: no rule is told for the days a date passes
// through, only for the whole day, once, under its field; mended, it goes and Buscar asks for it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_TEXTS } from '../../../common/schemas/historial';
import { chooseBot, dayShown, fieldOf, openHistorial, serveHistorial } from './support';

afterEach(() => vi.useRealTimers());

const anyDateRule = () => screen.queryAllByText(new RegExp(`${HISTORY_TEXTS.hastaMayor}|${HISTORY_TEXTS.desdeMenor}`));

async function typeDigits(label: string, digits: string, between: () => void) {
  const [day] = within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton');
  await userEvent.click(day);
  for (const [i, digit] of [...digits].entries()) {
    await userEvent.keyboard(digit);
    if (i < digits.length - 1) between();
  }
}

describe('Historial: Desde y Hasta escritos dígito a dígito', () => {
  it('30/11/2026 en Hasta pasa por 03/11 (antes de Desde) sin avisar; entero, busca ese rango', async () => {
    const served = serveHistorial();
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' }, { timeout: 10_000 });
    await chooseBot('Ventas');
    await typeDigits('Hasta', '30112026', () => expect(anyDateRule()).toEqual([]));
    expect(dayShown('Hasta')).toBe('30/11/2026');
    expect(anyDateRule()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(served.clientes).toHaveLength(1));
    expect(served.clientes[0].body).toMatchObject({ fd: '2026-11-25', fh: '2026-11-30' });
  });

  it('un Desde entero después de Hasta se dice una vez, bajo Desde, y se va al enmendarlo', async () => {
    serveHistorial();
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' }, { timeout: 10_000 });
    await typeDigits('Desde', '28112026', () => expect(anyDateRule()).toEqual([]));
    await waitFor(() => expect(fieldOf('Desde')).toHaveTextContent(HISTORY_TEXTS.desdeMenor));
    expect(screen.getAllByText(HISTORY_TEXTS.desdeMenor)).toHaveLength(1);
    await typeDigits('Desde', '20112026', () => expect(screen.getAllByText(HISTORY_TEXTS.desdeMenor)).toHaveLength(1));
    await waitFor(() => expect(anyDateRule()).toEqual([]));
  });
});
