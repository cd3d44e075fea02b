// What one user and one company may ask of the reports: how many are being generated at once, and
// how many bytes the company's files hold in the database. Each refusal says how long to wait.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { ApiError } from '../../errors';

export interface ReportLimits {
  perUser: number;
  perCompany: number;
  /** Bytes the company's report files may hold. */
  companyBytes: number;
}

/** A 429 that also tells how long to wait, for the Retry-After header. */
export class ReportWait extends ApiError {
  constructor(
    message: string,
    readonly waitMs: number,
  ) {
    super(429, message);
  }
}

/** A file that would pass the company's space: the report ends in error with this message. */
export class ReportSpaceError extends Error {}

/** The wait told for reports that have not reported progress yet: most finish within it. */
const UNKNOWN_WAIT_MS = 30_000;
const MB = 1024 * 1024;

const decimal = new Intl.NumberFormat('es', { maximumFractionDigits: 1 });
/** A size as the console shows one: '900 KB', '2,5 MB'. */
export const sizeText = (bytes: number) => (bytes < MB ? `${decimal.format(bytes / 1024)} KB` : `${decimal.format(bytes / MB)} MB`);

/** A wait as people say it, rounded up: '30 segundos', '4 minutos', '1 h 20 min'. */
export function waitText(ms: number): string {
  const seconds = Math.max(5, Math.ceil(ms / 5_000) * 5);
  if (seconds < 60) return `${seconds} segundos`;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
}

const reportes = (n: number) => (n === 1 ? '1 informe' : `${n} informes`);

type Generating = { idU: string | null; fc: number; progreso: number; total: number };

/** Until the first of `rows` is likely done, at the pace each has kept since it was asked. */
function firstDone(rows: Generating[], now: number): number {
  let best = Infinity;
  for (const r of rows) {
    const done = Number(r.progreso);
    if (done > 0) best = Math.min(best, ((now - Number(r.fc)) * Math.max(0, Number(r.total) - done)) / done);
  }
  return Number.isFinite(best) ? best : UNKNOWN_WAIT_MS;
}

/** Bytes the files of the company's reports hold (expired ones too, until they are deleted), but `except`'s. */
export async function companyReportBytes(db: DB, idE: string, except?: string): Promise<number> {
  let query = db
    .selectFrom('informe_parte as p')
    .innerJoin('informe as i', 'i.id', 'p.idInforme')
    .select(sql<number>`coalesce(sum(length(p.datos)), 0)`.as('n'))
    .where('i.idE', '=', idE);
  if (except) query = query.where('i.id', '<>', except);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/**
 * Refuses a new report past the limits: the asker's reports being generated, the company's, and
 * the space its files hold. Run inside the transaction that stores the report, with the company's
 * asks serialised, so a burst is counted one request at a time.
 */
export async function checkReportLimits(db: DB, ask: { idU: string; idE: string; now: number }, limits: ReportLimits): Promise<void> {
  const { idU, idE, now } = ask;
  const generating = await db
    .selectFrom('informe')
    .select(['idU', 'fc', 'progreso', 'total'])
    .where('idE', '=', idE)
    .where('estado', '=', 'generando')
    .where('expira', '>', now)
    .execute();
  const mine = generating.filter((r) => r.idU === idU);
  if (mine.length >= limits.perUser) {
    const wait = firstDone(mine, now);
    throw new ReportWait(`Tiene ${reportes(mine.length)} en curso y el máximo es ${limits.perUser}. Inténtelo de nuevo en ${waitText(wait)}, cuando termine alguno; su avance se ve en Ver Informes.`, wait);
  }
  if (generating.length >= limits.perCompany) {
    const wait = firstDone(generating, now);
    throw new ReportWait(`La empresa tiene ${reportes(generating.length)} en curso y el máximo es ${limits.perCompany}. Inténtelo de nuevo en ${waitText(wait)}, cuando termine alguno.`, wait);
  }
  let bytes = await companyReportBytes(db, idE);
  if (bytes < limits.companyBytes) return;
  // Expired reports are no one's any more: their space is taken back before refusing.
  await db.deleteFrom('informe_parte').where('idInforme', 'in', db.selectFrom('informe').select('id').where('idE', '=', idE).where('expira', '<=', now)).execute();
  await db.deleteFrom('informe').where('idE', '=', idE).where('expira', '<=', now).execute();
  bytes = await companyReportBytes(db, idE);
  if (bytes < limits.companyBytes) return;
  // The wait: until enough of the oldest expire for the company to be under its space again.
  const held = await db
    .selectFrom('informe as i')
    .innerJoin('informe_parte as p', 'p.idInforme', 'i.id')
    .select(['i.id', 'i.expira', sql<number>`sum(length(p.datos))`.as('n')])
    .where('i.idE', '=', idE)
    .groupBy(['i.id', 'i.expira'])
    .orderBy('i.expira')
    .execute();
  let left = bytes;
  let until = now;
  for (const report of held) {
    if (left < limits.companyBytes) break;
    left -= Number(report.n);
    until = Number(report.expira);
  }
  const wait = Math.max(0, until - now);
  throw new ReportWait(
    `Los informes de la empresa ocupan ${sizeText(bytes)} y el máximo es ${sizeText(limits.companyBytes)}. Podrá pedir otro en ${waitText(wait)}, cuando venzan los más antiguos, o antes si se eliminan informes en Ver Informes.`,
    wait,
  );
}
