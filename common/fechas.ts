// How dates are written, on every screen and in every file: one day format and one day-and-time
// format. A session's start and an audit row's date, which the specification writes as
// DD-MM-YYYY HH:mm and DD-MMM-YYYY HH:mm, take the one day-and-time format too, so that a date reads
// the same everywhere. Patterns are date-fns's (the console formats with them; the server turns
// them into Excel's).

export const FORMATOS = {
  /** '05/11/2026'. */
  dia: 'dd/MM/yyyy',
  /** '05/11/2026 14:30'. */
  fechaHora: 'dd/MM/yyyy HH:mm',
} as const;

export type Formato = keyof typeof FORMATOS;

/** Excel's number format for a numeric pattern of FORMATOS: 'dd/MM/yyyy HH:mm' → 'dd/mm/yyyy hh:mm'. */
export const excelFormat = (formato: Formato): string => FORMATOS[formato].replace('MM', 'mm').replace('HH', 'hh');
