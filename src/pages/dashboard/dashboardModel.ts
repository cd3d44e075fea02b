// The dashboard's filters and the shapes its charts and tables draw: pure functions, no React.
import { DASHBOARD_MAX_DAYS, TOP_N, channelCodeLabel } from '../../../common/schemas/historial';
import { addDays, daysSpanned, localDay } from '../../../common/dias';
import type { TranslateFunction } from 'react-admin';
import type { DashboardData, DashboardSkills, DashboardTimeline } from '../../api/dashboard';
import type { DashboardQna } from '../../api/qnaMonitoreo';

export type Tipo = 'sesiones' | 'clientes';
export type Tiempo = 'dias' | 'horas';

/** The days the dashboard opens on, today included; 'Ver uso' opens on the same. */
export const DEFAULT_DAYS = 7;

export interface Filters {
  idBot: string;
  fd: string;
  fh: string;
  tipo: Tipo;
  tl: Tiempo;
}

/** The last `days` days up to today, both ends counted, in the company's time zone. */
export function lastDays(days: number, timeZone: string, now = Date.now()): { fd: string; fh: string } {
  const fh = localDay(now, timeZone);
  return { fd: addDays(fh, 1 - days), fh };
}

/** The catalogue key of a broken range's rule. */
export type RangeError = 'quipu.dashboard.hastaMayor' | 'quipu.dashboard.intervalo';

/** What is wrong with a range, if anything: Hasta before Desde, or more days than the dashboard draws. */
export function rangeError(fd: string, fh: string): RangeError | null {
  const days = daysSpanned(fd, fh);
  if (days < 1) return 'quipu.dashboard.hastaMayor';
  if (days > DASHBOARD_MAX_DAYS) return 'quipu.dashboard.intervalo';
  return null;
}

/**
 * Where a broken range is told, once: Hasta before Desde under Hasta; too many days under the day
 * the user moved last (`changed`).
 */
export function rangeErrors(fd: string, fh: string, changed: 'fd' | 'fh'): { fd: RangeError | null; fh: RangeError | null } {
  const broken = rangeError(fd, fh);
  if (!broken) return { fd: null, fh: null };
  const under = broken === 'quipu.dashboard.hastaMayor' ? 'fh' : changed;
  return { fd: under === 'fd' ? broken : null, fh: under === 'fh' ? broken : null };
}

/** One point of the timeline: its label and the numbers the chart and its table show. */
export interface TimelinePoint {
  x: string;
  /** Sessions or clients, as Tipo says. */
  y: number;
  /** Clients estimated by the server (a range of many clients). */
  aprox?: boolean;
  msg: number;
}

const pointLabel = (row: DashboardTimeline[number], tl: Tiempo, translate: TranslateFunction) =>
  tl === 'dias' ? translate(`quipu.dashboard.diaSemana.${row.dia ?? 1}`) : translate('quipu.dashboard.horaDelDia', { hora: row.hora ?? 0 });

/** Where a weekday (dia 1 Sunday … 7 Saturday) goes in a week that starts on Monday, as the calendar's does. */
const weekPosition = (dia: number) => (dia + 5) % 7;

/** The timeline in its order (Monday first, or hour 0 first), whatever order the rows came in. */
export function timelinePoints(rows: DashboardTimeline, tipo: Tipo, tl: Tiempo, translate: TranslateFunction): TimelinePoint[] {
  const key = (row: DashboardTimeline[number]) => (tl === 'dias' ? weekPosition(row.dia ?? 1) : (row.hora ?? 0));
  return [...rows]
    .sort((a, b) => key(a) - key(b))
    .map((row) => ({ x: pointLabel(row, tl, translate), y: tipo === 'sesiones' ? row.ses : row.clt, aprox: tipo === 'clientes' && row.cltAprox === true, msg: row.msg }));
}

/** The catalogue key of what Tipo counts. */
export const tipoLabel = (tipo: Tipo) => (tipo === 'sesiones' ? 'quipu.dashboard.sesiones' : 'quipu.dashboard.clientes');

/**
 * What the timeline's series counts. Per weekday, clients are the people who wrote that weekday;
 * per hour the server keeps no such count, only each day's clients in the hour of their first
 * message, summed over the days, and the name says so.
 */
export const timelineSerie = (tipo: Tipo, tl: Tiempo) => (tipo === 'clientes' && tl === 'horas' ? 'quipu.dashboard.clientesPorHora' : tipoLabel(tipo));

/** A slice of a pie chart. */
export interface Slice {
  id: string;
  label: string;
  value: number;
}

/** The skills that answered most, at most TOP_N of them. */
export const skillSlices = (skills: DashboardSkills): Slice[] =>
  skills.slice(0, TOP_N).map((skill) => ({ id: skill.idSkill, label: skill.nm, value: skill.n }));

/** Sessions or clients per channel, the largest first. */
export const channelSlices = (data: DashboardData, tipo: Tipo): Slice[] =>
  data.canales
    .map((canal) => ({ id: String(canal.red), label: channelCodeLabel(canal.red), value: tipo === 'sesiones' ? canal.ses : canal.clt }))
    .sort((a, b) => b.value - a.value);

/** The QnAs that answered most, at most TOP_N of them. */
export const qnaSlices = (qna: DashboardQna): Slice[] => qna.qnas.slice(0, TOP_N).map((row) => ({ id: row.idQna, label: row.nm, value: row.n }));

/** The QnAs rated most, by good and bad ratings together, at most TOP_N of them. */
export const ratingSlices = (qna: DashboardQna): Slice[] =>
  qna.calificaciones.slice(0, TOP_N).map((row) => ({ id: row.idQna, label: row.nm, value: row.ok + row.bad }));

/** Whether the knowledge base did nothing in the range. */
export const qnaEmpty = (qna: DashboardQna) =>
  qna.respuestas === 0 && qna.buenas === 0 && qna.malas === 0 && qna.noEncontradas === 0 && qna.skills.length === 0;

/** Whether the range had no conversation at all. */
export const isEmpty = (data: DashboardData) => data.totSessions === 0 && data.totClts === 0 && data.msmTot === 0;

export const formatNumber = (n: number) => n.toLocaleString('es-PE');
