// Users list (/usuarios): server paging with 5 rows, filters and sorts sent to
// the server, row numbers over the whole result, and rows that open the user.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { page, record, renderAdmin, usuario } from './support';

const compania = makeSession({ rol: 'ROLE_COMPANIA', id: 'yo' });
const firstPage = [1, 2, 3, 4, 5].map((n) => usuario(n));

function bodyRows() {
  const [, ...rows] = screen.getAllByRole('row');
  return rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
}

describe('Lista de usuarios', () => {
  it("muestra las columnas Nombre, Apellido, Correo, Activo (SI/NO) y Creado por, con el número de fila", async () => {
    record('post', '/usuario/search', () => page(firstPage, 12));
    renderAdmin('/usuarios', compania);
    expect(await screen.findByText('Nombre1')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['N.º', 'Nombre', 'Apellido', 'Correo', 'Activo', 'Creado por']);
    expect(bodyRows()[0]).toEqual(['1', 'Nombre1', 'Apellido1', 'persona1@demo.test', 'SI', 'compania@quipu.test']);
    expect(bodyRows()[1]).toEqual(['2', 'Nombre2', 'Apellido2', 'persona2@demo.test', 'NO', 'compania@quipu.test']);
  });

  it('pide al servidor la primera página de 5 filas, ordenada por fecha de creación, con el idE del usuario', async () => {
    const calls = record('post', '/usuario/search', () => page(firstPage, 12));
    renderAdmin('/usuarios', compania);
    await screen.findByText('Nombre1');
    expect(calls[0].body).toEqual({ page: 0, pageSize: 5, sorted: [{ id: 'fc', desc: true }], filtered: [], idE: '3' });
    expect(screen.getByText('1-5 de 12')).toBeInTheDocument();
  });

  it('la página 2 empieza en la fila 6 y se pide como página 1 al servidor', async () => {
    const calls = record('post', '/usuario/search', ({ body }) =>
      (body as { page: number }).page === 0 ? page(firstPage, 12) : page([6, 7, 8, 9, 10].map((n) => usuario(n)), 12),
    );
    renderAdmin('/usuarios', compania);
    await screen.findByText('Nombre1');
    await userEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(await screen.findByText('Nombre6')).toBeInTheDocument();
    expect(bodyRows().map((cells) => cells[0])).toEqual(['6', '7', '8', '9', '10']);
    expect(calls.at(-1)?.body).toMatchObject({ page: 1, pageSize: 5 });
  });

  it("ofrece 5, 10, 25 y 50 filas por página", async () => {
    record('post', '/usuario/search', () => page(firstPage, 12));
    renderAdmin('/usuarios', compania);
    await screen.findByText('Nombre1');
    await userEvent.click(screen.getByRole('combobox', { name: /Filas por página/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['5', '10', '25', '50']);
  });

  it("muestra 'No hay datos...' cuando el servidor no devuelve usuarios", async () => {
    record('post', '/usuario/search', () => page([], 0));
    renderAdmin('/usuarios', compania);
    expect(await screen.findByText('No hay datos...')).toBeInTheDocument();
  });

  it("muestra 'Cargando...' mientras espera la respuesta", async () => {
    record('post', '/usuario/search', async () => {
      await delay(300);
      return page(firstPage, 5);
    });
    renderAdmin('/usuarios', compania);
    expect(await screen.findByText('Cargando...')).toBeInTheDocument();
    expect(await screen.findByText('Nombre1')).toBeInTheDocument();
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
  });

  it('envía al servidor los filtros de nombre, apellido y correo', async () => {
    const calls = record('post', '/usuario/search', () => page(firstPage, 12));
    renderAdmin('/usuarios', compania);
    await screen.findByText('Nombre1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'ana');
    await userEvent.type(screen.getByRole('textbox', { name: 'Correo' }), 'demo');
    await waitFor(() =>
      expect(calls.at(-1)?.body).toMatchObject({
        page: 0,
        filtered: expect.arrayContaining([
          { id: 'nm', value: 'ana' },
          { id: 'usuario', value: 'demo' },
        ]),
      }),
    );
  });

  it('ordena en el servidor al pulsar la cabecera de una columna', async () => {
    const calls = record('post', '/usuario/search', () => page(firstPage, 12));
    renderAdmin('/usuarios', compania);
    await screen.findByText('Nombre1');
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Apellido/ })).getByRole('button'));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ sorted: [{ id: 'ap', desc: false }] }));
  });

  it('un clic en una fila abre /usuario/{id}', async () => {
    record('post', '/usuario/search', () => page(firstPage, 12));
    record('get', '/usuario', () => usuario(2));
    renderAdmin('/usuarios', compania);
    await userEvent.click(await screen.findByText('Nombre2'));
    expect(await screen.findByText('DATOS GENERALES')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/usuario/u2');
  });

  it('Enter sobre una fila enfocada la abre, para quien usa el teclado', async () => {
    record('post', '/usuario/search', () => page(firstPage, 12));
    record('get', '/usuario', () => usuario(3));
    renderAdmin('/usuarios', compania);
    const row = (await screen.findByText('Nombre3')).closest('tr')!;
    row.focus();
    expect(row).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/usuario/u3'));
  });

  it('el administrador del sistema ve los usuarios de todas las empresas: la búsqueda no lleva idE', async () => {
    const calls = record('post', '/usuario/search', () => page(firstPage, 12));
    renderAdmin('/usuarios', makeSession({ rol: 'ROLE_ADMIN', idE: '1' }));
    await screen.findByText('Nombre1');
    expect(calls[0].body).toEqual({ page: 0, pageSize: 5, sorted: [{ id: 'fc', desc: true }], filtered: [] });
  });

  it("'Nuevo Usuario' lleva a /usuario/new", async () => {
    record('post', '/usuario/search', () => page(firstPage, 12));
    renderAdmin('/usuarios', compania);
    await screen.findByText('Nombre1');
    await userEvent.click(screen.getByRole('link', { name: 'Nuevo Usuario' }));
    expect(await screen.findByText('DATOS GENERALES')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/usuario/new');
  });

  it("un usuario con acceso a canales ve la lista sin 'Nuevo Usuario'", async () => {
    record('post', '/usuario/search', () => page(firstPage, 12));
    renderAdmin('/usuarios', makeSession({ rol: 'ROLE_USER', showChannels: true }));
    await screen.findByText('Nombre1');
    expect(screen.queryByRole('link', { name: 'Nuevo Usuario' })).not.toBeInTheDocument();
  });
});
