// The audit date (DD/MM/YYYY HH:mm, as every date with a time) and the event names.
import { describe, expect, it } from 'vitest';
import { formatFecha } from '../../../src/layout/fecha';
import { eventName, EVENT_CHOICES } from '../../../src/resources/auditoria/auditoriaModel';

const auditDate = (fc: string | null) => formatFecha(fc, 'fechaHora');

describe('auditoriaModel', () => {
  it("da la fecha como DD/MM/YYYY HH:mm, como toda fecha con hora: '05/11/2026 14:30'", () => {
    expect(auditDate('2026-11-05T14:30:00')).toBe('05/11/2026 14:30');
    expect(auditDate('2026-01-09T08:05:59')).toBe('09/01/2026 08:05');
    expect(auditDate('2026-08-31T23:59:00')).toBe('31/08/2026 23:59');
  });

  it('muestra la hora local de una fecha ISO en UTC', () => {
    const utc = '2026-11-05T14:30:00.000Z';
    const local = new Date(utc);
    const hh = String(local.getHours()).padStart(2, '0');
    const mm = String(local.getMinutes()).padStart(2, '0');
    expect(auditDate(utc)).toMatch(new RegExp(`^\\d{2}/11/2026 ${hh}:${mm}$`));
  });

  it('deja vacía una fecha ausente o no válida', () => {
    expect(auditDate(null)).toBe('');
    expect(auditDate('ayer')).toBe('');
  });

  it('nombra los eventos 0 a 6', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(eventName)).toEqual([
      'Historial',
      'Bot Modificado',
      'Bot desplegado',
      'Canales',
      'Usuarios',
      'Empresas',
      'Correo',
    ]);
    expect(eventName(42)).toBe('42');
    expect(EVENT_CHOICES[1]).toEqual({ id: 1, name: 'Bot Modificado' });
  });
});
