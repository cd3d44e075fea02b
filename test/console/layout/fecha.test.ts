// The one date formatter: a day is dd/MM/yyyy and a day with its time dd/MM/yyyy HH:mm, on every
// screen, in the browser's or the company's time zone; only the session start and the audit row
// keep the formats the specification sets. The server's spreadsheets take the same pattern.
import { describe, expect, it } from 'vitest';
import { FORMATOS, excelFormat } from '../../../common/fechas';
import { formatFecha } from '../../../src/layout/fecha';

describe('formatFecha', () => {
  it("un día: '05/11/2026'; un día con hora: '05/11/2026 14:30', sin segundos", () => {
    expect(formatFecha('2026-11-05', 'dia')).toBe('05/11/2026');
    expect(formatFecha('2026-11-05T14:30:59', 'dia')).toBe('05/11/2026');
    expect(formatFecha('2026-11-05T14:30:59', 'fechaHora')).toBe('05/11/2026 14:30');
    expect(formatFecha('2026-01-09T08:05:00', 'fechaHora')).toBe('09/01/2026 08:05');
  });

  it('en la zona horaria de la empresa cuando se da: las 03:00 UTC del 26 son el 25 a las 22:00 en Lima', () => {
    expect(formatFecha('2026-11-26T03:00:00.000Z', 'fechaHora', 'America/Lima')).toBe('25/11/2026 22:00');
    expect(formatFecha('2026-11-26T03:00:00.000Z', 'fechaHora', 'Europe/Madrid')).toBe('26/11/2026 04:00');
    expect(formatFecha('2026-11-26T03:00:00.000Z', 'dia', 'America/Lima')).toBe('25/11/2026');
  });

  it('hay un formato de día y uno de día y hora, nada más', () => {
    expect(Object.values(FORMATOS)).toEqual(['dd/MM/yyyy', 'dd/MM/yyyy HH:mm']);
  });

  it("sin fecha, o con algo que no lo es: ''", () => {
    expect(formatFecha(null, 'dia')).toBe('');
    expect(formatFecha(undefined, 'fechaHora')).toBe('');
    expect(formatFecha('mañana', 'fechaHora', 'America/Lima')).toBe('');
  });

  it('solo hay un formato de día y uno de día con hora, y las hojas de cálculo usan el mismo', () => {
    expect(FORMATOS.dia).toBe('dd/MM/yyyy');
    expect(FORMATOS.fechaHora).toBe('dd/MM/yyyy HH:mm');
    expect(excelFormat('fechaHora')).toBe('dd/mm/yyyy hh:mm');
    expect(excelFormat('dia')).toBe('dd/mm/yyyy');
  });
});
