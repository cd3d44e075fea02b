// The dashboard's tests: what the server answers for the demo bots, recorded, and how the page
// is opened at a fixed "now" (only Date is faked: msw and user events keep their timers).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, type JsonBodyType } from 'msw';
import { vi } from 'vitest';
import type { Rol } from '../../../common/roles';
import type { DashboardData, DashboardSkills, DashboardTimeline } from '../../../common/schemas/historial';
import { makeSession } from '../fixtures';
import { record, renderAdmin, type Call } from '../resources/support';

/** 26/11/2026 03:00 UTC: still the 25th in Lima, the demo company's time zone. */
export const NOW = new Date('2026-11-26T03:00:00.000Z');

/** As GET /bots lists them: only Ventas has been deployed. */
export const BOTS = [
  { id: 'b1', nm: 'Asistente Quipu', version: 0 },
  { id: 'b2', nm: 'Ventas', version: 3 },
  { id: 'b3', nm: 'Soporte', version: 0 },
];

export const DATOS: DashboardData = {
  canales: [
    { red: 3, ses: 40, clt: 30, msg: 310 },
    { red: 2, ses: 12, clt: 9, msg: 95 },
  ],
  totSessions: 52,
  totClts: 39,
  msmTot: 405,
};

export const TIMELINE_DIAS: DashboardTimeline = [1, 2, 3, 4, 5, 6, 7].map((dia) => ({ dia, ses: dia * 2, clt: dia, msg: dia * 10 }));
export const TIMELINE_HORAS: DashboardTimeline = Array.from({ length: 24 }, (_, hora) => ({ hora, ses: hora, clt: hora % 5, msg: hora * 3 }));

/** Twelve skills: the page draws the first ten. */
export const SKILLS: DashboardSkills = Array.from({ length: 12 }, (_, i) => ({ idSkill: `s${i + 1}`, nm: `Skill ${i + 1}`, n: 120 - i * 10 }));

export interface Served {
  datos: Call[];
  timeline: Call[];
  skill: Call[];
  depts: Call[];
  botsDetalle: Call[];
  clientes: Call[];
  qna: Call[];
}

export interface ServeOptions {
  datos?: DashboardData;
  detalles?: boolean;
  clientes?: (page: number) => JsonBodyType;
}

/** Answers every dashboard call. */
export function serveDashboard({ datos = DATOS, detalles = false, clientes }: ServeOptions = {}): Served {
  record('get', '/bots', () => BOTS);
  const notHere = () => HttpResponse.json({ message: 'No encontrado' }, { status: 404 });
  return {
    datos: record('post', '/dashboard/datos', () => datos),
    timeline: record('post', '/dashboard/timeline', ({ body }) => ((body as { tl?: string }).tl === 'horas' ? TIMELINE_HORAS : TIMELINE_DIAS)),
    skill: record('post', '/dashboard/skill', () => SKILLS),
    depts: record('post', '/dashboard/depts', () => (detalles ? [{ dept: 'Web ventas', ses: 30, clt: 20 }, { dept: 'Telegram soporte', ses: 22, clt: 19 }] : notHere())),
    botsDetalle: record('post', '/dashboard/bots', () => (detalles ? [{ bot: 'Ventas', ses: 52, clt: 39 }] : notHere())),
    clientes: record('post', '/session.clientes', ({ body }) => (clientes ?? (() => ({ content: [], totalPages: 0, totalElements: 0 })))((body as { page?: number }).page ?? 0)),
    // The bots here have no QnA: the dashboard shows no QnA tab.
    qna: record('post', '/dashboard/qna', () => ({ qna: false, qnas: [], skills: [], calificaciones: [], respuestas: 0, buenas: 0, malas: 0, noEncontradas: 0 })),
  };
}

/** `detalles`: the session says the company has the pre-release details (config.dashboardDetalles). */
export function openDashboard(rol: Rol = 'ROLE_COMPANIA', path = '/dashboard', { detalles = false } = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const session = makeSession({ rol });
  return renderAdmin(path, { ...session, config: { ...session.config, dashboardDetalles: detalles } });
}

/** The shown text of a date field (its sections), e.g. '19/11/2026'. */
export const dayShown = (label: string) => screen.getByRole('group', { name: label }).closest('.MuiFormControl-root')!.querySelector('input')!.value;

/** Types DDMMYYYY into a date field's sections. */
export async function typeDay(label: string, ddmmyyyy: string) {
  const [day] = within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton');
  await userEvent.click(day);
  await userEvent.keyboard(ddmmyyyy.replaceAll('/', ''));
}

/** A table's rows as text cells, header first. */
export function tableRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}
