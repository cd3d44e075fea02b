// The dashboard's filters on a phone (390 px): two compact columns, Bot across both, Desde beside
// Hasta and Tipo beside Tiempo, so the first screen is not all filters and nothing scrolls sideways.
// jsdom lays nothing out, so these check the styles that decide it.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDashboard, serveDashboard } from './support';

afterEach(() => vi.useRealTimers());

const fieldOf = (label: string) => screen.getByRole('group', { name: label }).closest<HTMLElement>('.MuiFormControl-root')!;

describe('Dashboard a 390 px', () => {
  const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  afterEach(() => setWidth(1024));

  it('los filtros van en dos columnas: Bot a lo ancho, Desde junto a Hasta y Tipo junto a Tiempo, sin nada más ancho que el teléfono', async () => {
    setWidth(390);
    serveDashboard();
    openDashboard();
    await screen.findByRole('region', { name: 'Total' }, { timeout: 10_000 });
    const filtros = screen.getByRole('group', { name: 'Filtros del dashboard' });
    expect(getComputedStyle(filtros).display).toBe('grid');
    expect(getComputedStyle(filtros).gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    const control = (name: string) => screen.getByRole('combobox', { name }).closest<HTMLElement>('.MuiFormControl-root')!;
    const cells = [control('Bot'), fieldOf('Desde'), fieldOf('Hasta'), control('Tipo'), control('Tiempo')];
    // In this order, each a child of the grid: Bot spans both columns, the others fill one each.
    expect([...filtros.children].filter((child) => child.localName !== 'legend')).toEqual(cells);
    expect(getComputedStyle(cells[0]).gridColumn.replaceAll(' ', '')).toBe('1/-1');
    for (const cell of cells) {
      expect(getComputedStyle(cell).width).toBe('100%');
      expect(parseFloat(getComputedStyle(cell).minWidth) || 0).toBe(0);
    }
    // Tipo and Tiempo keep no empty line for a rule they cannot break.
    expect(cells[3].querySelector('.MuiFormHelperText-root')).toBeNull();
    expect(cells[4].querySelector('.MuiFormHelperText-root')).toBeNull();
  });

  it('en una pantalla ancha siguen en una fila, con Desde y Hasta de 180 px', async () => {
    serveDashboard();
    openDashboard();
    await screen.findByRole('region', { name: 'Total' }, { timeout: 10_000 });
    expect(getComputedStyle(screen.getByRole('group', { name: 'Filtros del dashboard' })).display).toBe('flex');
    expect(getComputedStyle(fieldOf('Desde')).width).toBe('180px');
  });
});
