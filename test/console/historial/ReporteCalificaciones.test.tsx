// 'Reporte de calificaciones' beside 'Generar informe': the same rules ('seleccione un bot'), POST
// /qna-score/export?idBot with the history's query, the notice of where the file appears, and the
// report listed in 'Ver Informes' with the others.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_TEXTS } from '../../../common/schemas/historial';
import { record } from '../resources/support';
import { chooseBot, informe, openHistorial, serveHistorial } from './support';

afterEach(() => vi.useRealTimers());

const notice = (text: string) => screen.findByText(text, { selector: '.MuiSnackbarContent-message, .MuiSnackbarContent-message *' });

async function openPage(rol: Parameters<typeof openHistorial>[0] = 'ROLE_COMPANIA') {
  serveHistorial();
  openHistorial(rol);
  await screen.findByRole('heading', { level: 1, name: 'Historial' });
}

describe('Reporte de calificaciones', () => {
  it("sin bot: 'seleccione un bot' una vez, bajo el campo Bot, y nada se pide", async () => {
    const pedidos = record('post', '/qna-score/export', () => ({ id: 'r1' }));
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Reporte de calificaciones' }));
    await waitFor(() => expect(screen.getAllByText(HISTORY_TEXTS.seleccioneBot)).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Bot' }).closest('.MuiFormControl-root')).toHaveTextContent(HISTORY_TEXTS.seleccioneBot);
    expect(pedidos).toHaveLength(0);
  });

  it('pide POST /qna-score/export?idBot con la consulta del historial y avisa dónde encontrarlo', async () => {
    const pedidos = record('post', '/qna-score/export', () => ({ id: 'r1' }));
    await openPage();
    await chooseBot('Ventas');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Reporte de calificaciones' }));
    expect(await notice('Generando informe. En Ver Informes encontrará su archivo generado.')).toBeInTheDocument();
    expect(pedidos).toHaveLength(1);
    expect(pedidos[0].url.searchParams.get('idBot')).toBe('b2');
    expect(pedidos[0].body).toEqual({ idBot: 'b2', fd: '2026-11-25', fh: '2026-11-25', name: 'Ana', pageSize: 20, idE: '3' });
  });

  it("'Ver Informes' lista los informes de calificaciones (tipo qna) junto a los del historial", async () => {
    record('get', '/informes', () => [informe('r1'), informe('r2', { name: 'Calificaciones_Ventas_2026-11-25_2026-11-25.xlsx', tipo: 'qna' })]);
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Ver Informes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ver Informes' });
    expect(await within(dialog).findByText('Calificaciones_Ventas_2026-11-25_2026-11-25.xlsx')).toBeInTheDocument();
    expect(within(dialog).getByText('Historial_r1.xlsx')).toBeInTheDocument();
  });
});
