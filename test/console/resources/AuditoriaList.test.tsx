// Audit (/auditoria): server-paged with 10 rows, newest first, dates
// DD/MM/YYYY HH:mm, events by name, filters and sorts sent to the server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { page, record, renderAdmin } from './support';

const compania = makeSession({ rol: 'ROLE_COMPANIA' });
const rows = [
  { id: 'a1', idU: '7', us: 'ana@demo.test', idE: '3', ev: 0, fc: '2026-11-05T14:30:00', val: 'Abrió la conversación de 51999' },
  { id: 'a2', idU: '8', us: 'luis@demo.test', idE: '3', ev: 4, fc: '2026-01-09T08:05:00', val: 'Usuario creado: rosa@demo.test' },
  { id: 'a3', idU: '8', us: 'luis@demo.test', idE: '3', ev: 6, fc: '2026-08-31T23:59:00', val: null },
];

describe('Auditoría', () => {
  it('muestra número, Usuario, Evento (por nombre), Fecha DD/MM/YYYY HH:mm y Detalle', async () => {
    record('post', '/auditoria/search', () => page(rows, 3, 10));
    renderAdmin('/auditoria', compania);
    expect(await screen.findByText('ana@demo.test')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['N.º', 'Usuario', 'Evento', 'Fecha', 'Detalle']);
    const [, ...body] = screen.getAllByRole('row');
    expect(body.map((row) => within(row).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['1', 'ana@demo.test', 'Historial', '05/11/2026 14:30', 'Abrió la conversación de 51999'],
      ['2', 'luis@demo.test', 'Usuarios', '09/01/2026 08:05', 'Usuario creado: rosa@demo.test'],
      ['3', 'luis@demo.test', 'Correo', '31/08/2026 23:59', ''],
    ]);
  });

  it('pide 10 filas por página, las más recientes primero', async () => {
    const calls = record('post', '/auditoria/search', () => page(rows, 3, 10));
    renderAdmin('/auditoria', compania);
    await screen.findByText('ana@demo.test');
    expect(calls[0].body).toEqual({ page: 0, pageSize: 10, sorted: [{ id: 'fc', desc: true }], filtered: [], idE: '3' });
  });

  it("muestra 'No hay datos...' sin filas y 'Cargando...' mientras espera", async () => {
    let answer: (value: unknown) => void = () => undefined;
    record('post', '/auditoria/search', () => new Promise((resolve) => (answer = resolve)).then(() => page([], 0, 10)));
    renderAdmin('/auditoria', compania);
    expect(await screen.findByText('Cargando...')).toBeInTheDocument();
    answer(null);
    expect(await screen.findByText('No hay datos...')).toBeInTheDocument();
  });

  it('envía al servidor los filtros de usuario, evento y detalle', async () => {
    const calls = record('post', '/auditoria/search', () => page(rows, 3, 10));
    renderAdmin('/auditoria', compania);
    await screen.findByText('ana@demo.test');
    await userEvent.type(screen.getByRole('textbox', { name: 'Usuario' }), 'luis');
    await userEvent.click(screen.getByRole('combobox', { name: 'Evento' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bot desplegado' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Detalle' }), 'Cobranzas');
    await waitFor(() =>
      expect(calls.at(-1)?.body).toMatchObject({
        filtered: expect.arrayContaining([
          { id: 'us', value: 'luis' },
          { id: 'ev', value: 2 },
          { id: 'val', value: 'Cobranzas' },
        ]),
      }),
    );
  });

  it('ordena en el servidor por usuario y por evento; el detalle no se ordena', async () => {
    const calls = record('post', '/auditoria/search', () => page(rows, 3, 10));
    renderAdmin('/auditoria', compania);
    await screen.findByText('ana@demo.test');
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Usuario/ })).getByRole('button'));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ sorted: [{ id: 'us', desc: false }] }));
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Evento/ })).getByRole('button'));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ sorted: [{ id: 'ev', desc: false }] }));
    expect(within(screen.getByRole('columnheader', { name: 'Detalle' })).queryByRole('button')).not.toBeInTheDocument();
  });
});
