// The timeline's clients say what they are: per weekday, estimated ones read '≈', are said
// 'aproximadamente' and point to the note on how far they may be; per hour, the series is named
// 'Clientes (suma diaria)' and a note tells how it is counted. Sessions carry neither.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardTimeline } from '../../../common/schemas/historial';
import { record } from '../resources/support';
import { seriousViolations } from '../versions/axe';
import { TIMELINE_HORAS, openDashboard, serveDashboard, tableRows } from './support';

afterEach(() => vi.useRealTimers());

const TITLE = 'Conversaciones en el tiempo';
const ESTIMATED = /su número es una estimación: puede diferir del exacto en alrededor de un 1 %/;
const PER_HOUR = /cada día, cada cliente cuenta una vez, en la hora de su primer mensaje de ese día, y se suman los días del rango/;

/** Estimated clients on every weekday but Sunday, which had none. */
const ESTIMATED_DAYS: DashboardTimeline = [1, 2, 3, 4, 5, 6, 7].map((dia) => ({ dia, ses: dia * 2000, clt: dia === 1 ? 0 : dia * 1000 + 234, msg: dia * 9000, ...(dia === 1 ? {} : { cltAprox: true }) }));

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Dashboard: los clientes de la línea de tiempo', () => {
  it("por día de la semana, los clientes estimados se leen '≈', se dicen 'aproximadamente' y remiten a la nota", async () => {
    serveDashboard();
    record('post', '/dashboard/timeline', ({ body }) => ((body as { tl?: string }).tl === 'horas' ? TIMELINE_HORAS : ESTIMATED_DAYS));
    openDashboard();
    await screen.findByRole('table', { name: TITLE });
    // Sessions are counted: no sign, no note.
    expect(tableRows(screen.getByRole('table', { name: TITLE }))[1]).toEqual(['Lun', '4,000', '18,000']);
    expect(screen.queryByText(ESTIMATED)).toBeNull();

    await choose('Tipo', 'Clientes');
    await waitFor(() => expect(tableRows(screen.getByRole('table', { name: TITLE }))[1]).toEqual(['Lun', '≈ aproximadamente 2,234', '18,000']));
    const rows = tableRows(screen.getByRole('table', { name: TITLE }));
    expect(rows[0]).toEqual(['Día', 'Clientes', 'Mensajes']);
    // Sunday had no clients: a plain zero.
    expect(rows[7]).toEqual(['Dom', '0', '9,000']);
    const note = screen.getByText(ESTIMATED);
    const monday = within(screen.getByRole('table', { name: TITLE })).getAllByRole('row')[1].querySelectorAll('td')[1];
    expect(monday).toHaveAttribute('aria-describedby', note.id);
    // The sign is drawn, the word is read.
    expect(within(monday).getByText('≈', { exact: false })).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('img', { name: 'Gráfico de área: clientes aproximados y mensajes por día de la semana' })).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it("por hora, la serie de clientes se llama 'Clientes (suma diaria)' y una nota dice cómo se cuenta; las sesiones no", async () => {
    serveDashboard();
    openDashboard();
    await screen.findByRole('table', { name: TITLE });
    await choose('Tiempo', 'Horas');
    await waitFor(() => expect(tableRows(screen.getByRole('table', { name: TITLE }))).toHaveLength(25));
    expect(tableRows(screen.getByRole('table', { name: TITLE }))[0]).toEqual(['Hora', 'Sesiones', 'Mensajes']);
    expect(screen.queryByText(PER_HOUR)).toBeNull();

    await choose('Tipo', 'Clientes');
    await waitFor(() => expect(tableRows(screen.getByRole('table', { name: TITLE }))[0]).toEqual(['Hora', 'Clientes (suma diaria)', 'Mensajes']));
    expect(tableRows(screen.getByRole('table', { name: TITLE }))[24]).toEqual(['23 h', String(TIMELINE_HORAS[23].clt), String(TIMELINE_HORAS[23].msg)]);
    expect(screen.getByText(PER_HOUR)).toHaveTextContent('quien escribe en dos días cuenta dos veces');
    expect(screen.getByRole('img', { name: 'Gráfico de área: clientes (suma diaria) y mensajes por hora del día' })).toBeInTheDocument();
    // Counted, never estimated: no sign.
    expect(screen.queryByText(/≈/)).toBeNull();

    // Back to weekdays: plain 'Clientes', no note.
    await choose('Tiempo', 'Días');
    await waitFor(() => expect(tableRows(screen.getByRole('table', { name: TITLE }))[0]).toEqual(['Día', 'Clientes', 'Mensajes']));
    expect(screen.queryByText(PER_HOUR)).toBeNull();
  });
});
