// Audit (/auditoria): the detail shows by name what it names by id (the server's refs), a session
// by its start, and something deleted as its id with '(eliminado)'.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { page, record, renderAdmin } from './support';

const SESION = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const CLIENTE = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const BOT = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b';
const rows = [
  {
    id: 'a1', idU: '7', us: 'ana@demo.test', idE: '3', ev: 0, fc: '2026-03-04T15:30:00', val: `Conversación: sesión ${SESION} del cliente ${CLIENTE}`,
    refs: [{ tipo: 'sesion', id: SESION, nm: '2026-03-04T15:06:00' }, { tipo: 'cliente', id: CLIENTE, nm: 'María Pérez' }],
  },
  { id: 'a2', idU: '7', us: 'ana@demo.test', idE: '3', ev: 1, fc: '2026-03-04T12:00:00', val: `Bot «Copia»: importado como copia de ${BOT}`, refs: [{ tipo: 'bot', id: BOT, eliminado: true }] },
  { id: 'a3', idU: '7', us: 'ana@demo.test', idE: '3', ev: 0, fc: '2026-03-03T12:00:00', val: `Exportar Excel: sesiones del cliente ${CLIENTE} del 2026-03-01 al 2026-03-03`, refs: [{ tipo: 'cliente', id: CLIENTE }] },
];

describe('Auditoría: nombres en el detalle', () => {
  it("muestra el cliente por su nombre, la sesión por su inicio, y un bot borrado como '{id} (eliminado)'", async () => {
    record('post', '/auditoria/search', () => page(rows, 3, 10));
    renderAdmin('/auditoria', makeSession({ rol: 'ROLE_COMPANIA' }));
    await screen.findAllByText('ana@demo.test');
    const detalles = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').at(-1)?.textContent);
    expect(detalles).toEqual([
      'Conversación: sesión del 04/03/2026 15:06 del cliente «María Pérez»',
      `Bot «Copia»: importado como copia de ${BOT} (eliminado)`,
      // A client without a name keeps its id: there is nothing better to show.
      `Exportar Excel: sesiones del cliente ${CLIENTE} del 2026-03-01 al 2026-03-03`,
    ]);
  });
});
