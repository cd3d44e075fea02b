// 'Generar informe' (its question, NO and SI) and 'Ver Informes' (states, progress, polling while
// one is generated, download, delete), from the history and from the bot's Monitoreo tab.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_TEXTS, REPORT_POLL_MS, type Report } from '../../../common/schemas/historial';
import { makeSession } from '../fixtures';
import { bot, skills } from '../resources/botSupport';
import { record, renderAdmin } from '../resources/support';
import { seriousViolations } from '../versions/axe';
import { catchSaves, chooseBot, excel, informe, openHistorial, serveHistorial } from './support';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const notice = (text: string) => screen.findByText(text, { selector: '.MuiSnackbarContent-message, .MuiSnackbarContent-message *' });

async function openPage() {
  serveHistorial();
  openHistorial();
  await screen.findByRole('heading', { level: 1, name: 'Historial' });
}

/** Opens 'Ver Informes' from the history, GET /informes answering `answers` in turn (the last one again after). */
async function openReports(...answers: Report[][]) {
  const listed = record('get', '/informes', () => answers[Math.min(listed.length - 1, answers.length - 1)]);
  await openPage();
  await userEvent.click(screen.getByRole('button', { name: 'Ver Informes' }));
  const dialog = await screen.findByRole('dialog', { name: 'Ver Informes' });
  return { listed, dialog };
}

describe('Generar informe', () => {
  it("sin bot: 'seleccione un bot' una vez, bajo el campo Bot, sin pregunta", async () => {
    const pedidos = record('post', '/informe/excel', () => ({ id: 'r1' }));
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Generar informe' }));
    await waitFor(() => expect(screen.getAllByText(HISTORY_TEXTS.seleccioneBot)).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Bot' }).closest('.MuiFormControl-root')).toHaveTextContent(HISTORY_TEXTS.seleccioneBot);
    expect(screen.queryByText(HISTORY_TEXTS.preguntaDetalle)).not.toBeInTheDocument();
    expect(pedidos).toHaveLength(0);
  });

  it('pregunta por el detalle; cerrar no pide nada; NO pide el informe sin los mensajes y SI con ellos, y avisa dónde encontrarlo', async () => {
    const pedidos = record('post', '/informe/excel', () => ({ id: 'r1' }));
    await openPage();
    await chooseBot('Ventas');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Generar informe' }));
    let question = await screen.findByRole('dialog', { name: 'Generar informe' });
    expect(question).toHaveTextContent(HISTORY_TEXTS.preguntaDetalle);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Generar informe' })).not.toBeInTheDocument());
    expect(pedidos).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Generar informe' }));
    question = await screen.findByRole('dialog', { name: 'Generar informe' });
    await userEvent.click(within(question).getByRole('button', { name: 'NO' }));
    expect(await notice(HISTORY_TEXTS.generandoInforme)).toBeInTheDocument();
    expect(pedidos).toHaveLength(1);
    expect(pedidos[0].body).toEqual({ idBot: 'b2', fd: '2026-11-25', fh: '2026-11-25', name: 'Ana', pageSize: 20, idE: '3', completo: false });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Generar informe' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Generar informe' }));
    question = await screen.findByRole('dialog', { name: 'Generar informe' });
    await userEvent.click(within(question).getByRole('button', { name: 'SI' }));
    await waitFor(() => expect(pedidos).toHaveLength(2));
    expect(pedidos[1].body).toEqual({ idBot: 'b2', fd: '2026-11-25', fh: '2026-11-25', name: 'Ana', pageSize: 20, idE: '3', completo: true });
  });

  it('pasado el límite de informes en curso, muestra la negativa del servidor con cuánto esperar', async () => {
    const espera = 'Tiene 3 informes en curso y el máximo es 3. Inténtelo de nuevo en 30 segundos, cuando termine alguno; su avance se ve en Ver Informes.';
    const pedidos = record('post', '/informe/excel', () => HttpResponse.json({ message: espera }, { status: 429, headers: { 'Retry-After': '30' } }));
    await openPage();
    await chooseBot('Ventas');
    await userEvent.click(screen.getByRole('button', { name: 'Generar informe' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Generar informe' })).getByRole('button', { name: 'SI' }));
    expect(await notice(espera)).toBeInTheDocument();
    expect(pedidos).toHaveLength(1);
    expect(screen.queryByText(HISTORY_TEXTS.generandoInforme)).not.toBeInTheDocument();
  });
});

describe('Ver Informes', () => {
  it("sin informes: 'No hay datos...'", async () => {
    const { dialog } = await openReports([]);
    expect(await within(dialog).findByText('No hay datos...')).toBeInTheDocument();
  });

  it("muestra nombre, fecha (Lima), 'Generando…' con su barra de progreso, 'Listo' y el error", async () => {
    const { dialog } = await openReports([
      informe('r1', { estado: 'generando', done: false, progreso: 3, total: 10 }),
      informe('r2'),
      informe('r3', { estado: 'error', done: false, error: 'El informe no pudo escribirse' }),
    ]);
    const rows = within(await within(dialog).findByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('NombreFechaEstadoAcciones');
    expect(rows[1]).toHaveTextContent('Historial_r1.xlsx25/11/2026 15:00Generando…');
    const bar = within(rows[1]).getByRole('progressbar', { name: 'Progreso del informe Historial_r1.xlsx' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(within(rows[1]).getByRole('button', { name: 'Descargar Historial_r1.xlsx' })).toBeDisabled();
    expect(rows[2]).toHaveTextContent('Historial_r2.xlsx25/11/2026 15:00Listo');
    expect(rows[3]).toHaveTextContent('El informe no pudo escribirse');
    expect(await seriousViolations()).toEqual([]);
  }, 30_000);

  it("con informes de otros usuarios, la columna 'Pedido por' dice quién pidió cada uno; con solo los propios no aparece", async () => {
    const { dialog } = await openReports([informe('r1', { us: 'historial@quipu.test' }), informe('r2'), informe('r3', { us: null })]);
    const rows = within(await within(dialog).findByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('NombrePedido porFechaEstadoAcciones');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual(['historial@quipu.test', 'ana@quipu.test', 'Usuario eliminado']);
  });

  it('pregunta de nuevo cada 5 s mientras alguno se genera, y deja de hacerlo cuando ninguno se genera o al cerrar', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    const generando = [informe('r1', { estado: 'generando', done: false, progreso: 3, total: 10 })];
    const { listed, dialog } = await openReports(generando, [informe('r1', { estado: 'generando', done: false, progreso: 8, total: 10 })], [informe('r1')]);
    await within(dialog).findByRole('progressbar');
    expect(listed).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS);
    await waitFor(() => expect(listed).toHaveLength(2));
    await waitFor(() => expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80'));
    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS);
    await waitFor(() => expect(listed).toHaveLength(3));
    expect(await within(dialog).findByText('Listo')).toBeInTheDocument();
    // Nothing generating: no more asking.
    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS * 3);
    expect(listed).toHaveLength(3);
  });

  it('al cerrar deja de preguntar', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    const { listed, dialog } = await openReports([informe('r1', { estado: 'generando', done: false })]);
    await within(dialog).findByRole('progressbar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ver Informes' })).not.toBeInTheDocument());
    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS * 3);
    expect(listed).toHaveLength(1);
  });

  it('descarga un informe listo con su nombre', async () => {
    const saved = catchSaves();
    const bajadas = record('get', '/informe', () => excel([1, 2, 3]));
    const { dialog } = await openReports([informe('r2')]);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Descargar Historial_r2.xlsx' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bajadas[0].url.searchParams.get('id')).toBe('r2');
    expect(saved[0].name).toBe('Historial_r2.xlsx');
    expect(new Uint8Array(await saved[0].blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("elimina tras confirmar: DELETE /informes?id, 'Eliminado con exito' y la lista sin él", async () => {
    const borrados = record('delete', '/informes', () => ({ message: 'Eliminado con exito' }));
    const { dialog } = await openReports([informe('r1'), informe('r2')], [informe('r1')]);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Eliminar Historial_r2.xlsx' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar Historial_r2.xlsx' });
    expect(confirm).toHaveTextContent('¿Desea eliminar el informe?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await notice('Eliminado con exito')).toBeInTheDocument();
    expect(borrados[0].url.searchParams.get('id')).toBe('r2');
    await waitFor(() => expect(within(dialog).queryByText('Historial_r2.xlsx')).not.toBeInTheDocument());
    expect(within(dialog).getByText('Historial_r1.xlsx')).toBeInTheDocument();
  });

  it("la pestaña Monitoreo del bot abre 'Ver Informes' de ese bot (a quien puede ver informes: aquí un ROLE_USER con pmHist)", async () => {
    record('get', '/bot', () => bot('b1'));
    record('get', '/skills', () => skills);
    record('post', '/frases', () => ({ content: [], totalPages: 0, totalElements: 0 }));
    record('get', '/bot-version', () => null);
    const listed = record('get', '/informes', () => [informe('r9', { idBot: 'b1' })]);
    renderAdmin('/bot/b1', makeSession({ rol: 'ROLE_USER', id: 'u7', pmHist: true }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Monitoreo' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ver Informes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ver Informes' });
    expect(await within(dialog).findByText('Historial_r9.xlsx')).toBeInTheDocument();
    expect(listed[0].url.searchParams.get('idBot')).toBe('b1');
  });
});
