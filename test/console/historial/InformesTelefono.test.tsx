// 'Ver Informes' on a phone (390 px): each report is a card, with its name, date and state, and
// buttons that say what they do. The table at 1024 px is Informes.test.tsx's.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { record } from '../resources/support';
import { seriousViolations } from '../versions/axe';
import { catchSaves, excel, informe, openHistorial, serveHistorial } from './support';

const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });

afterEach(() => {
  setWidth(1024);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Ver Informes a 390 px', () => {
  it('muestra cada informe como tarjeta con nombre, fecha y estado, y sus botones Descargar y Eliminar con texto funcionan', async () => {
    setWidth(390);
    const saved = catchSaves();
    const bajadas = record('get', '/informe', () => excel([1, 2, 3]));
    const borrados = record('delete', '/informes', () => ({ message: 'Eliminado con exito' }));
    const listed = record('get', '/informes', () =>
      listed.length === 1 ? [informe('r1', { estado: 'generando', done: false, progreso: 3, total: 10 }), informe('r2', { us: 'otro@quipu.test' })] : [informe('r1', { estado: 'generando', done: false, progreso: 3, total: 10 })],
    );
    serveHistorial();
    openHistorial();
    await userEvent.click(await screen.findByRole('button', { name: 'Ver Informes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ver Informes' });
    const cards = within(await within(dialog).findByRole('list', { name: 'Ver Informes' })).getAllByRole('listitem');
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Historial_r1.xlsxPedido por:ana@quipu.testFecha:25/11/2026 15:00Estado:Generando…');
    expect(within(cards[0]).getByRole('progressbar', { name: 'Progreso del informe Historial_r1.xlsx' })).toHaveAttribute('aria-valuenow', '30');
    expect(within(cards[0]).getByRole('button', { name: 'Descargar Historial_r1.xlsx' })).toBeDisabled();
    expect(cards[1]).toHaveTextContent('Historial_r2.xlsxPedido por:otro@quipu.testFecha:25/11/2026 15:00Estado:Listo');

    const descargar = within(cards[1]).getByRole('button', { name: 'Descargar Historial_r2.xlsx' });
    const eliminar = within(cards[1]).getByRole('button', { name: 'Eliminar Historial_r2.xlsx' });
    expect(descargar).toHaveTextContent('Descargar');
    expect(eliminar).toHaveTextContent('Eliminar');
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(descargar);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bajadas[0].url.searchParams.get('id')).toBe('r2');
    expect(saved[0].name).toBe('Historial_r2.xlsx');

    await userEvent.click(eliminar);
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar Historial_r2.xlsx' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(within(dialog).queryByText('Historial_r2.xlsx')).not.toBeInTheDocument());
    expect(borrados[0].url.searchParams.get('id')).toBe('r2');
    expect(within(dialog).getByText('Historial_r1.xlsx')).toBeInTheDocument();
  }, 30_000);
});
