// The dashboard's QnA tab: only for a bot with QnA on; its totals, the pies of the top QnAs, the
// top skills and the ratings per QnA, each with its table for screen readers; 'No hay datos...'
// when the range has none; POST /dashboard/qna with the dashboard's filters.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardQna } from '../../../common/schemas/qna';
import { record } from '../resources/support';
import { openDashboard, serveDashboard, tableRows } from './support';

afterEach(() => vi.useRealTimers());

const QNA: DashboardQna = {
  qna: true,
  qnas: Array.from({ length: 10 }, (_, i) => ({ idQna: `q${i + 1}`, nm: `Pregunta ${i + 1}`, n: 50 - i * 4 })),
  skills: [{ idSkill: 's1', nm: 'Consultas', n: 40 }, { idSkill: 's2', nm: 'Saludo', n: 12 }],
  calificaciones: [{ idQna: 'q1', nm: 'Pregunta 1', ok: 8, bad: 2 }, { idQna: 'q3', nm: 'Pregunta 3', ok: 1, bad: 4 }],
  respuestas: 1234,
  buenas: 9,
  malas: 6,
  noEncontradas: 17,
};
const EMPTY: DashboardQna = { qna: true, qnas: [], skills: [], calificaciones: [], respuestas: 0, buenas: 0, malas: 0, noEncontradas: 0 };

async function openQna(answer: DashboardQna) {
  serveDashboard();
  const calls = record('post', '/dashboard/qna', () => answer);
  openDashboard();
  await waitFor(() => expect(calls.length).toBeGreaterThan(0));
  return calls;
}

describe('Dashboard: pestaña QnA', () => {
  it('un bot sin QnA activo no tiene la pestaña', async () => {
    await openQna({ ...EMPTY, qna: false });
    await screen.findByRole('region', { name: 'Total' });
    expect(screen.queryByRole('tab', { name: 'QnA' })).toBeNull();
  });

  it('pide POST /dashboard/qna con los filtros y muestra totales, QnA más respondidas, skills y calificaciones, con sus tablas', async () => {
    const calls = await openQna(QNA);
    await userEvent.click(await screen.findByRole('tab', { name: 'QnA' }));
    expect(screen.getByRole('tab', { name: 'QnA' })).toHaveAttribute('aria-selected', 'true');
    expect(calls[0].body).toEqual({ idBot: 'b2', fd: '2026-11-19', fh: '2026-11-25', tipo: 'sesiones', tl: 'dias', idE: '3' });
    const totals = await screen.findByRole('region', { name: 'Totales de QnA' });
    expect(totals).toHaveTextContent(/Respuestas de QnA\s*1,234/);
    expect(totals).toHaveTextContent(/Calificaciones buenas\s*9/);
    expect(totals).toHaveTextContent(/Calificaciones malas\s*6/);
    expect(totals).toHaveTextContent(/Preguntas no encontradas\s*17/);
    const qnas = tableRows(screen.getByRole('table', { name: 'QnA más respondidas' }));
    expect(qnas[0]).toEqual(['QnA', 'Respuestas']);
    expect(qnas.slice(1)).toEqual(QNA.qnas.map((q) => [q.nm, String(q.n)]));
    expect(tableRows(screen.getByRole('table', { name: 'Skills más usados' }))).toEqual([['Skill', 'Respuestas'], ['Consultas', '40'], ['Saludo', '12']]);
    expect(tableRows(screen.getByRole('table', { name: 'Calificaciones por QnA' }))).toEqual([['QnA', 'Buenas', 'Malas'], ['Pregunta 1', '8', '2'], ['Pregunta 3', '1', '4']]);
  });

  it("'No hay datos...' cuando el rango no tiene nada de QnA", async () => {
    await openQna(EMPTY);
    await userEvent.click(await screen.findByRole('tab', { name: 'QnA' }));
    const panel = screen.getByRole('tabpanel', { name: 'QnA' });
    expect(await within(panel).findByText('No hay datos...')).toBeInTheDocument();
    expect(within(panel).queryByRole('table')).toBeNull();
  });
});
