// 'Ver uso' on the bot's diagram: each skill shows, in numbers, the sessions that reached it and
// those that ended there over the chosen days (the dashboard's last 7 by default, at most 90),
// readable at the zoom the diagram opens at, with a legend of what each number counts.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../src/api/client';
import { makeSession } from '../fixtures';
import { record } from '../resources/support';
import { seriousViolations } from '../versions/axe';
import { dayShown, NOW, typeDay } from '../dashboard/support';
import { mockReactFlow } from './mockReactFlow';
import { SKILLS, readProbe, renderFlow, serveSkills } from './support';

beforeAll(mockReactFlow);
beforeEach(() => {
  sessionStore.set(makeSession({ rol: 'ROLE_COMPANIA' }));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/** Saludo reached by 12 sessions, 3 ended there; Sin entender 4 and 4; Preguntas frecuentes absent (0). */
const USO = [
  { idSkill: 's1', llegan: 12, terminan: 3 },
  { idSkill: 's2', llegan: 4, terminan: 4 },
];

async function nodeOf(name: string): Promise<HTMLElement> {
  const text = await screen.findByText(name, { selector: '.quipu-skill__name' }, { timeout: 15_000 });
  return text.closest<HTMLElement>('.react-flow__node')!;
}

describe("'Ver uso' en el diagrama", () => {
  it('apagado no pide nada ni muestra números', async () => {
    serveSkills(SKILLS);
    const calls = record('post', '/dashboard/uso', () => USO);
    renderFlow();
    const saludo = await nodeOf('Saludo');
    expect(screen.getByRole('button', { name: 'Ver uso' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(saludo).queryByText(/Llegan/)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("encendido pide los últimos 7 días de la empresa (los del dashboard) y cada skill muestra 'Llegan: N' y 'Terminan: M'; sin uso, 0", async () => {
    serveSkills(SKILLS);
    const calls = record('post', '/dashboard/uso', () => USO);
    renderFlow();
    await nodeOf('Saludo');
    await userEvent.click(screen.getByRole('button', { name: 'Ver uso' }));
    expect(screen.getByRole('button', { name: 'Ver uso' })).toHaveAttribute('aria-pressed', 'true');
    expect(dayShown('Desde')).toBe('19/11/2026');
    expect(dayShown('Hasta')).toBe('25/11/2026');
    await waitFor(() => expect(within(screen.getByText('Saludo').closest<HTMLElement>('.react-flow__node')!).getByText('Llegan: 12')).toBeInTheDocument());
    expect(calls[0].body).toEqual({ idBot: 'b1', fd: '2026-11-19', fh: '2026-11-25', idE: '3' });
    const saludo = await nodeOf('Saludo');
    expect(within(saludo).getByText('Terminan: 3')).toBeInTheDocument();
    expect(saludo).toHaveAttribute('aria-label', 'Saludo, Business, Llegan: 12, Terminan: 3');
    const fallback = await nodeOf('Sin entender');
    expect(within(fallback).getByText('Llegan: 4')).toBeInTheDocument();
    expect(within(fallback).getByText('Terminan: 4')).toBeInTheDocument();
    const faq = await nodeOf('Preguntas frecuentes');
    expect(within(faq).getByText('Llegan: 0')).toBeInTheDocument();
    expect(within(faq).getByText('Terminan: 0')).toBeInTheDocument();
    expect(faq).toHaveAttribute('aria-label', 'Preguntas frecuentes, QnA, Sin frases de entrenamiento, Llegan: 0, Terminan: 0');
    // The numbers do not change the form.
    expect(screen.getByText('sin cambios')).toBeInTheDocument();
  });

  it('otros días piden otra vez; apagado otra vez oculta los números', async () => {
    serveSkills(SKILLS);
    const calls = record('post', '/dashboard/uso', ({ body }) => ((body as { fd: string }).fd === '2026-11-01' ? [{ idSkill: 's1', llegan: 2, terminan: 1 }] : USO));
    renderFlow();
    const saludo = await nodeOf('Saludo');
    await userEvent.click(screen.getByRole('button', { name: 'Ver uso' }));
    await within(saludo).findByText('Llegan: 12');
    await typeDay('Desde', '01/11/2026');
    await waitFor(() => expect(within(saludo).getByText('Llegan: 2')).toBeInTheDocument());
    expect(calls.at(-1)?.body).toMatchObject({ fd: '2026-11-01', fh: '2026-11-25' });
    await userEvent.click(screen.getByRole('button', { name: 'Ver uso' }));
    await waitFor(() => expect(within(saludo).queryByText(/Llegan/)).toBeNull());
    expect(saludo).toHaveAttribute('aria-label', 'Saludo, Business');
    expect(screen.queryByRole('group', { name: 'Desde' })).toBeNull();
  });

  it('un skill movido con el teclado conserva sus números, y Ctrl+Z escrito en un día no deshace el movimiento', async () => {
    serveSkills(SKILLS);
    record('post', '/dashboard/uso', () => USO);
    renderFlow();
    const saludo = await nodeOf('Saludo');
    await userEvent.click(screen.getByRole('button', { name: 'Ver uso' }));
    await within(saludo).findByText('Llegan: 12');
    act(() => saludo.focus());
    fireEvent.keyDown(saludo, { key: ' ' });
    fireEvent.keyDown(saludo, { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(readProbe(screen.getByLabelText).nodes[0]).toEqual({ id: 's1', x: 20, y: 0 }));
    expect(within(await nodeOf('Saludo')).getByText('Llegan: 12')).toBeInTheDocument();
    const [day] = within(screen.getByRole('group', { name: 'Desde' })).getAllByRole('spinbutton');
    fireEvent.keyDown(day, { key: 'z', ctrlKey: true });
    expect(readProbe(screen.getByLabelText).nodes[0]).toEqual({ id: 's1', x: 20, y: 0 });
    expect(screen.getByText('con cambios')).toBeInTheDocument();
  });

  it("más de 90 días: 'Intervalo de fechas no puede ser mayor a 3 meses', una vez y bajo Desde, sin pedir nada", async () => {
    serveSkills(SKILLS);
    const calls = record('post', '/dashboard/uso', () => USO);
    renderFlow();
    await nodeOf('Saludo');
    await userEvent.click(screen.getByRole('button', { name: 'Ver uso' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await typeDay('Desde', '01/01/2026');
    expect(await screen.findAllByText('Intervalo de fechas no puede ser mayor a 3 meses')).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Desde' }).closest('.MuiFormControl-root')).toHaveTextContent('Intervalo de fechas no puede ser mayor a 3 meses');
    expect(within(await nodeOf('Saludo')).queryByText(/Llegan/)).toBeNull();
    expect(calls.every((call) => (call.body as { fd: string }).fd !== '2026-01-01')).toBe(true);
  });

  it('un error del servidor se lee junto al botón', async () => {
    serveSkills(SKILLS);
    record('post', '/dashboard/uso', () => HttpResponse.json({ message: 'Bot no encontrado' }, { status: 404 }));
    renderFlow();
    await nodeOf('Saludo');
    await userEvent.click(screen.getByRole('button', { name: 'Ver uso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bot no encontrado');
  });

  it('axe no encuentra violaciones graves ni críticas con los números a la vista', async () => {
    serveSkills(SKILLS);
    record('post', '/dashboard/uso', () => USO);
    const { container } = renderFlow();
    await nodeOf('Saludo');
    await userEvent.click(screen.getByRole('button', { name: 'Ver uso' }));
    await screen.findByText('Llegan: 12');
    expect(await seriousViolations(container)).toEqual([]);
  });
});
