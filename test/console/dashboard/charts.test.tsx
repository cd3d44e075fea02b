// The nivo charts of the lazy chunk draw in jsdom once their box has a width, naming each slice by
// its label; nothing here reads the SVG's geometry.
import { render, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PieChart, TimelineChart } from '../../../src/pages/dashboard/charts';

// jsdom measures every box 0 wide (Element.prototype's clientWidth); here an HTML box is 600.
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 }));
afterAll(() => {
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

describe('gráficos del dashboard', () => {
  it('el área y el circular se dibujan sin errores, con su nombre accesible y los nombres de las series y porciones', async () => {
    const errors = vi.spyOn(console, 'error');
    const { getByRole } = render(
      <>
        <TimelineChart points={[{ x: 'Dom', y: 2, msg: 10 }, { x: 'Lun', y: 4, msg: 20 }]} serie="Sesiones" label="Gráfico de área de prueba" />
        <PieChart slices={[{ id: '3', label: 'Web', value: 3 }, { id: '2', label: 'Telegram', value: 1 }]} label="Gráfico circular de prueba" />
      </>,
    );
    const area = getByRole('img', { name: 'Gráfico de área de prueba' });
    expect(area.querySelector('svg')).not.toBeNull();
    expect(await within(area).findByText('Mensajes')).toBeInTheDocument();
    expect(within(area).getByText('Sesiones')).toBeInTheDocument();
    const pie = getByRole('img', { name: 'Gráfico circular de prueba' });
    expect(await within(pie).findByText('Web')).toBeInTheDocument();
    expect(within(pie).getByText('Telegram')).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
