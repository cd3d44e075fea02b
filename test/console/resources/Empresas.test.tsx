// Companies (/empresas, /empresa/{id}): list with dates
// DD/MM/YYYY, required fields, address-list entries, dates and delete for ROLE_ADMIN only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { empresa, record, renderAdmin } from './support';

const admin = makeSession({ rol: 'ROLE_ADMIN', id: 'adm', idE: '1' }, { id: '1', nm: 'Administración' });

describe('Lista de empresas', () => {
  it('muestra número, Nombre, RUC, Activo, Fecha de creación y Fecha de fin (DD/MM/YYYY)', async () => {
    record('get', '/empresa', () => [
      empresa('3', { nm: 'Demo Internacional', ruc: '20512345678', fc: '2025-03-04T15:00:00', ff: '2027-12-31' }),
      empresa('4', { nm: 'Otra Empresa', ruc: '20498765432', activo: false, fc: '2025-06-01T10:00:00', ff: null }),
    ]);
    renderAdmin('/empresas', admin);
    expect(await screen.findByText('Demo Internacional')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['N.º', 'Nombre', 'RUC', 'Activo', 'Fecha de creación', 'Fecha de fin']);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Demo Internacional', '20512345678', 'Sí', '04/03/2025', '31/12/2027']);
    expect(within(second).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'Otra Empresa', '20498765432', 'No', '01/06/2025', '']);
  });

  it("una fila abre /empresa/{id}; 'Nueva Empresa' lleva a /empresa/new", async () => {
    record('get', '/empresa', ({ url }) => (url.searchParams.get('id') ? empresa('3', { nm: 'Demo Internacional' }) : [empresa('3', { nm: 'Demo Internacional' })]));
    renderAdmin('/empresas', admin);
    await userEvent.click(await screen.findByText('Demo Internacional'));
    expect(await screen.findByDisplayValue('Demo Internacional')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/empresa/3');
    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Nueva Empresa' }));
    await waitFor(() => expect(window.location.pathname).toBe('/empresa/new'));
    expect(await screen.findByRole('textbox', { name: 'Nombre' })).toHaveValue('');
  });

  it('solo el administrador del sistema abre las empresas', async () => {
    renderAdmin('/empresas', makeSession({ rol: 'ROLE_COMPANIA' }));
    expect(await screen.findByText(/Su usuario no tiene acceso a esta página/)).toBeInTheDocument();
  });
});

describe('Formulario de empresa', () => {
  it("nombre, RUC y tokens 1 a 4 son obligatorios ('Campo requerido'); no se envía nada", async () => {
    const saves = record('post', '/empresa', () => empresa('9'));
    renderAdmin('/empresa/new', admin);
    await screen.findByText('DATOS GENERALES');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getAllByText('Campo requerido')).toHaveLength(6));
    for (const name of ['Nombre', 'RUC', 'Token 1', 'Token 2', 'Token 3', 'Token 4']) {
      expect(screen.getByRole('textbox', { name })).toHaveAccessibleDescription('Campo requerido');
    }
    expect(saves).toHaveLength(0);
  });

  it('la duración de sesión es un número entero de al menos 1', async () => {
    renderAdmin('/empresa/new', admin);
    const ts = await screen.findByRole('spinbutton', { name: 'Duración de la sesión (minutos)' });
    expect(ts).toHaveValue(30);
    expect(ts).toHaveAttribute('min', '1');
    expect(ts).toHaveAttribute('step', '1');
    await userEvent.clear(ts);
    await userEvent.type(ts, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ingrese un número mayor o igual a 1')).toBeInTheDocument();
    await userEvent.clear(ts);
    await userEvent.type(ts, '2.5');
    expect(await screen.findByText('Ingrese un número entero')).toBeInTheDocument();
  });

  it('la lista ACL aparece al activar la restricción y una entrada no válida se nombra en el mensaje', async () => {
    const saves = record('post', '/empresa', ({ body }) => ({ ...empresa('3'), ...(body as object) }));
    record('get', '/empresa', () => empresa('3', { acl: false, aclList: [] }));
    renderAdmin('/empresa/3', admin);
    await screen.findByDisplayValue('Empresa 3');
    expect(screen.queryByText('Direcciones permitidas')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Restringir el acceso por IP' }));
    expect(await screen.findByText('Direcciones permitidas')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Agregar' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'IP/máscara' }), '10.0.0.0/24');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'IP/máscara' })).toHaveLength(2));
    await userEvent.type(screen.getAllByRole('textbox', { name: 'IP/máscara' })[1], '300.1.1.1/8');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText("La entrada '300.1.1.1/8' no es una dirección IP/máscara válida")).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    const wrong = screen.getAllByRole('textbox', { name: 'IP/máscara' })[1];
    await userEvent.clear(wrong);
    await userEvent.type(wrong, '2001:db8::/32');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ id: '3', version: 2, acl: true, aclList: ['10.0.0.0/24', '2001:db8::/32'] });
  });

  it('la zona horaria se elige por su nombre IANA y se envía', async () => {
    const saves = record('post', '/empresa', ({ body }) => ({ ...empresa('3'), ...(body as object) }));
    record('get', '/empresa', () => empresa('3', { tz: null }));
    renderAdmin('/empresa/3', admin);
    await screen.findByDisplayValue('Empresa 3');
    const tz = screen.getByRole('combobox', { name: 'Zona horaria' });
    expect(tz).toHaveAccessibleDescription('En ella se leen el horario de atención de los canales y las fechas que reciben los bots. Vacía: la del servidor.');
    await userEvent.type(tz, 'Europe/Mad');
    await userEvent.click(await screen.findByRole('option', { name: 'Europe/Madrid' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ id: '3', tz: 'Europe/Madrid' });
  });

  it('una zona horaria borrada se envía null (la del servidor)', async () => {
    const saves = record('post', '/empresa', ({ body }) => ({ ...empresa('3'), ...(body as object) }));
    record('get', '/empresa', () => empresa('3', { tz: 'America/Lima' }));
    renderAdmin('/empresa/3', admin);
    const tz = await screen.findByRole('combobox', { name: 'Zona horaria' });
    await waitFor(() => expect(tz).toHaveValue('America/Lima'));
    await userEvent.clear(tz);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ id: '3', tz: null });
  });

  it('el administrador ve la fecha de creación y edita la fecha de fin', async () => {
    record('get', '/empresa', () => empresa('3', { fc: '2025-03-04T15:00:00', ff: '2027-12-31' }));
    renderAdmin('/empresa/3', admin);
    expect(await screen.findByRole('textbox', { name: 'Fecha de creación' })).toHaveValue('04/03/2025');
    expect(screen.getByLabelText('Fecha de fin')).toHaveValue('2027-12-31');
  });

  it("Eliminar pide confirmación y muestra el 409 del servidor ('tiene N usuarios y M bots')", async () => {
    record('get', '/empresa', () => empresa('3'));
    const deletes = record('delete', '/empresa', () =>
      HttpResponse.json({ message: 'No se puede eliminar la empresa: tiene 7 usuarios y 2 bots asociados' }, { status: 409 }),
    );
    renderAdmin('/empresa/3', admin);
    await screen.findByDisplayValue('Empresa 3');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Borrar Empresa' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('No se puede eliminar la empresa: tiene 7 usuarios y 2 bots asociados')).toBeInTheDocument();
    expect(deletes.map((call) => call.url.search)).toEqual(['?id=3']);
    expect(window.location.pathname).toBe('/empresa/3');
  });
});
