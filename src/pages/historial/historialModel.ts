// The history's filter rules, told through the catalogue (quipu.historial), saving a file the
// server answered, and a file's size as a person reads it.
import type { TranslateFunction } from 'react-admin';

export interface HistoryFilters {
  idBot: string;
  /** YYYY-MM-DD. */
  fd: string;
  fh: string;
  name: string;
}

export interface FilterErrors {
  idBot?: string;
  fd?: string;
  fh?: string;
}

/**
 * The rules the filters break: no bot; Hasta before Desde, told on the day the user moved last
 * (`changed`) in that day's own words.
 */
export function filterErrors(filters: HistoryFilters, changed: 'fd' | 'fh', translate: TranslateFunction): FilterErrors {
  const errors: FilterErrors = {};
  if (!filters.idBot) errors.idBot = translate('quipu.historial.seleccioneBot');
  if (filters.fh < filters.fd) {
    if (changed === 'fd') errors.fd = translate('quipu.historial.desdeMenor');
    else errors.fh = translate('quipu.historial.hastaMayor');
  }
  return errors;
}

/** The first broken rule, if any. */
export const firstError = (errors: FilterErrors): string | undefined => errors.idBot ?? errors.fd ?? errors.fh;

/** Saves a file the server answered under `name`. */
export function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked at once, the address can be gone before the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const decimal = new Intl.NumberFormat('es', { maximumFractionDigits: 1 });
const UNITS = ['KB', 'MB', 'GB'];

/** Bytes in Spanish, in steps of 1024: '800 bytes', '12 KB', '1,5 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  // 1023.96 KB would read '1024 KB': that is already the next unit.
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${decimal.format(value)} ${UNITS[unit]}`;
}
