// 'Historial' of a bot with an external QnA: the imports' columns, 'Importar Ahora' off while the
// newest import runs, the list read every 5 s until it is done.
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_URL, transport } from '../../../src/api/client';
import { createDataProvider } from '../../../src/api/dataProvider';
import type { QnaImport } from '../../../src/api/qna';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { QnaHistorialDialog } from '../../../src/resources/qna/QnaHistorialDialog';
import { record } from '../resources/support';
import { importRow } from './qnaSupport';

afterEach(() => vi.useRealTimers());

/**
 * The 'Historial' dialog of bot b1 (the bot editor's QnA tab opens it with qnaExtrn, QnaPestana
 * tests that), GET /skill/historial-import answering `answers` in turn, the last one from then on.
 */
async function openHistorial(answers: QnaImport[][]) {
  const history = record('get', '/skill/historial-import', () => answers[Math.min(history.length - 1, answers.length - 1)]);
  const dataProvider = createDataProvider(API_URL, transport.fetchJson, () => '3');
  vi.useFakeTimers({ shouldAdvanceTime: true });
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <QnaHistorialDialog idBot="b1" canEdit onClose={() => undefined} />
    </AdminContext>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Historial de importaciones' });
  return { dialog, history };
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe("'Historial' de importaciones", () => {
  it('muestra Fecha, Origen, Fuente, Usuario (o Programación), los conteos, Duración y Estado', async () => {
    const { dialog } = await openHistorial([
      [
        importRow({ id: 'i2', origen: 'programada', fuente: 'https://kb.demo.test/qna.xlsx', us: null, nuevos: 1, actualizados: 4, remove: 2, dur: 75_000, errores: [{ e: 'Fila 2', t: 'x' }] }),
        importRow({ id: 'i1', origen: 'ahora', error: 'no se puede leer el archivo' }),
        importRow({ id: 'i0', origen: 'archivo' }),
      ],
    ]);
    const table = await within(dialog).findByRole('table', { name: 'Importaciones del bot' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Fecha', 'Origen', 'Fuente', 'Usuario', 'Nuevos', 'Actualizados', 'Eliminados', 'Rechazados', 'Duración', 'Estado',
    ]);
    expect(cells(rows[1]).slice(1)).toEqual(['Programada', 'https://kb.demo.test/qna.xlsx', 'Programación', '1', '4', '2', '1', '1 min 15 s', 'Terminado']);
    expect(cells(rows[2])[1]).toBe('Importar Ahora');
    expect(cells(rows[2])[9]).toBe('no se puede leer el archivo');
    expect(cells(rows[3]).slice(1, 4)).toEqual(['Archivo', 'preguntas.xlsx', 'ana@quipu.test']);
    expect(cells(rows[3])[8]).toBe('4 s');
  });

  it("'Importar Ahora' está apagado mientras la última importación corre; se relee cada 5 s y deja de leer al terminar", async () => {
    const running = importRow({ id: 'i2', origen: 'ahora', done: false, dur: null, progreso: 4, total: 10 });
    const { dialog, history } = await openHistorial([[running], [{ ...running, progreso: 8 }], [{ ...running, done: true, dur: 9000, progreso: 10 }]]);
    expect(await within(dialog).findByText('En curso (4 de 10)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar Ahora' })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await within(dialog).findByText('En curso (8 de 10)')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await within(dialog).findByText('Terminado')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar Ahora' })).toBeEnabled();
    expect(history).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(history).toHaveLength(3);
  });

  it("'Importar Ahora' llama GET /skill/historial-import/do?idBot y vuelve a leer el historial", async () => {
    const runs = record('get', '/skill/historial-import/do', () => ({}));
    const { dialog, history } = await openHistorial([[importRow()]]);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Importar Ahora' }));
    await waitFor(() => expect(runs.map((call) => call.url.search)).toEqual(['?idBot=b1']));
    await waitFor(() => expect(history).toHaveLength(2));
  });
});
