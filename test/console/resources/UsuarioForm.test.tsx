// User form (/usuario/{id}, /usuario/new): required messages,
// who chooses company and role, the delete confirmation and refused saves.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { empresa, page, record, renderAdmin, usuario } from './support';

const admin = makeSession({ rol: 'ROLE_ADMIN', id: 'adm', idE: '1' }, { id: '1', nm: 'Administración' });
const compania = makeSession({ rol: 'ROLE_COMPANIA', id: 'cia' });
const adminUser = makeSession({ rol: 'ROLE_ADMINUSER', id: 'u9' });

async function roleOptions() {
  await userEvent.click(screen.getByRole('combobox', { name: 'Rol' }));
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
  await userEvent.keyboard('{Escape}');
  return options;
}

describe('Formulario de usuario', () => {
  it("muestra 'Ingrese un email', 'Ingrese un nombre' e 'Ingrese un apellido' junto a cada campo y no envía nada", async () => {
    const saves = record('post', '/usuario', () => usuario(1));
    renderAdmin('/usuario/new', compania);
    expect(await screen.findByText('DATOS GENERALES')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ingrese un email')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Correo' })).toHaveAccessibleDescription('Ingrese un email');
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAccessibleDescription('Ingrese un nombre');
    expect(screen.getByRole('textbox', { name: 'Apellido' })).toHaveAccessibleDescription('Ingrese un apellido');
    expect(saves).toHaveLength(0);
  });

  it("el administrador elige la empresa (GET /empresa) y sin elegirla ve 'Ingrese una empresa'", async () => {
    record('get', '/empresa', () => [empresa('3', { nm: 'Demo Internacional' }), empresa('4', { nm: 'Otra Empresa' })]);
    renderAdmin('/usuario/new', admin);
    const companySelect = await screen.findByRole('combobox', { name: 'Empresa' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ingrese una empresa')).toBeInTheDocument();
    await userEvent.click(companySelect);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(expect.arrayContaining(['Demo Internacional', 'Otra Empresa']));
  });

  it('un usuario nuevo del administrador es Administrador Usuarios; el de una compañía es Usuario de su empresa', async () => {
    record('get', '/empresa', () => [empresa('3')]);
    const first = renderAdmin('/usuario/new', admin);
    expect(await screen.findByRole('combobox', { name: 'Rol' })).toHaveTextContent('Administrador Usuarios');
    first.unmount();

    renderAdmin('/usuario/new', compania);
    expect(await screen.findByRole('combobox', { name: 'Rol' })).toHaveTextContent('Usuario');
    expect(screen.queryByRole('combobox', { name: 'Empresa' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Empresa' })).toHaveValue('Demo Internacional');
    expect(screen.getByRole('textbox', { name: 'Empresa' })).toHaveAttribute('readonly');
  });

  it('crea con POST /usuario sin id, con los valores por defecto y la empresa del creador', async () => {
    const saves = record('post', '/usuario', ({ body }) => ({ ...usuario(9), ...(body as object), id: 'u9' }));
    record('post', '/usuario/search', () => page([]));
    renderAdmin('/usuario/new', compania);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Correo' }), 'nueva@demo.test');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Rosa');
    await userEvent.type(screen.getByRole('textbox', { name: 'Apellido' }), 'Huamán');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toEqual({
      usuario: 'nueva@demo.test',
      nm: 'Rosa',
      ap: 'Huamán',
      idE: '3',
      rol: 'ROLE_USER',
      a: true,
      sso: false,
      pmHist: false,
      showChannels: false,
    });
    await waitFor(() => expect(window.location.pathname).toBe('/usuarios'));
  });

  it('los roles se muestran con sus nombres; un Administrador Usuarios no puede asignar ROLE_COMPANIA', async () => {
    record('get', '/usuario', () => usuario(2));
    renderAdmin('/usuario/u2', adminUser);
    await screen.findByDisplayValue('persona2@demo.test');
    expect(await roleOptions()).toEqual(['Administrador Usuarios', 'Usuario', 'Solo dashboard', 'Solo historial', 'Supervisor']);
  });

  it('un Administrador Usuarios ve su propio rol sin poder cambiarlo', async () => {
    record('get', '/usuario', () => usuario(9, { id: 'u9', rol: 'ROLE_ADMINUSER' }));
    renderAdmin('/usuario/u9', adminUser);
    const rol = await screen.findByRole('textbox', { name: 'Rol' });
    expect(rol).toHaveValue('Administrador Usuarios');
    expect(rol).toHaveAttribute('readonly');
    expect(screen.queryByRole('combobox', { name: 'Rol' })).not.toBeInTheDocument();
  });

  it('quien no administra usuarios ve la empresa y el rol sin poder elegirlos', async () => {
    record('get', '/usuario', () => usuario(2));
    renderAdmin('/usuario/u2', makeSession({ rol: 'ROLE_USER', showChannels: true }));
    expect(await screen.findByRole('textbox', { name: 'Rol' })).toHaveValue('Usuario');
    expect(screen.getByRole('textbox', { name: 'Empresa' })).toHaveValue('Demo Internacional');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('un usuario con acceso a canales ve la ficha solo para leer: sin Guardar ni Eliminar', async () => {
    record('get', '/usuario', () => usuario(2));
    renderAdmin('/usuario/u2', makeSession({ rol: 'ROLE_USER', showChannels: true }));
    expect(await screen.findByRole('textbox', { name: 'Nombre' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Correo' })).toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: 'Activo' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Atras' })).toBeInTheDocument();
  });

  it('un Administrador Usuarios sin historial no puede activarlo, pero sí cambiar el nombre', async () => {
    record('get', '/usuario', () => usuario(2, { pmHist: false, showChannels: false }));
    renderAdmin('/usuario/u2', adminUser);
    expect(await screen.findByRole('switch', { name: /historial/i })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /canales/i })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).not.toHaveAttribute('readonly');
  });

  it('muestra el acceso con Microsoft (sso) sin poder cambiarlo', async () => {
    record('get', '/usuario', () => usuario(2, { sso: true }));
    renderAdmin('/usuario/u2', compania);
    const sso = await screen.findByRole('switch', { name: 'Ingresa con Microsoft' });
    expect(sso).toBeChecked();
    expect(sso).toBeDisabled();
  });

  it.each([
    ['el administrador del sistema', admin],
    ['un Administrador Usuarios', adminUser],
  ])("%s marca 'Ingresa con Microsoft' y el guardado lleva sso", async (_quien, session) => {
    record('get', '/usuario', () => usuario(2));
    record('get', '/empresa', () => [empresa('3')]);
    record('post', '/usuario/search', () => page([]));
    const saves = record('post', '/usuario', ({ body }) => ({ ...(body as object), version: 4 }));
    renderAdmin('/usuario/u2', session);
    const sso = await screen.findByRole('switch', { name: 'Ingresa con Microsoft' });
    expect(sso).not.toBeChecked();
    expect(sso).toBeEnabled();
    await userEvent.click(sso);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ id: 'u2', sso: true });
  });

  it("quien accede a canales sin administrar usuarios ve 'Ingresa con Microsoft' sin poder cambiarlo", async () => {
    record('get', '/usuario', () => usuario(2, { sso: true }));
    renderAdmin('/usuario/u2', makeSession({ rol: 'ROLE_USER', showChannels: true }));
    const sso = await screen.findByRole('switch', { name: 'Ingresa con Microsoft' });
    expect(sso).toBeChecked();
    expect(sso).toBeDisabled();
  });

  it("muestra 'Seguro desea borrar este usuario ?' antes de borrar y envía DELETE solo con 'Si'", async () => {
    record('get', '/usuario', () => usuario(2));
    record('post', '/usuario/search', () => page([]));
    const deletes = record('delete', '/usuario/', () => ({ id: 'u2' }));
    renderAdmin('/usuario/u2', compania);
    await screen.findByDisplayValue('persona2@demo.test');

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Borrar Usuario' });
    expect(within(dialog).getByText('Seguro desea borrar este usuario ?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    dialog = await screen.findByRole('dialog', { name: 'Borrar Usuario' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Eliminado con exito')).toBeInTheDocument();
    expect(deletes.map((call) => call.url.pathname + call.url.search)).toEqual(['/api/usuario/?id=u2']);
    await waitFor(() => expect(window.location.pathname).toBe('/usuarios'));
  });

  it('un usuario nuevo no ofrece Eliminar; Atras vuelve a /usuarios', async () => {
    record('post', '/usuario/search', () => page([]));
    renderAdmin('/usuario/new', compania);
    await screen.findByText('DATOS GENERALES');
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Atras' }));
    await waitFor(() => expect(window.location.pathname).toBe('/usuarios'));
  });

  it('actualiza con id y version y avisa Guardado con éxito', async () => {
    record('get', '/usuario', () => usuario(2));
    record('post', '/usuario/search', () => page([]));
    const saves = record('post', '/usuario', ({ body }) => ({ ...(body as object), version: 4 }));
    renderAdmin('/usuario/u2', compania);
    const nombre = await screen.findByDisplayValue('Nombre2');
    await userEvent.clear(nombre);
    await userEvent.type(nombre, 'Carmen');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ id: 'u2', version: 3, nm: 'Carmen', idE: '3', rol: 'ROLE_USER' });
  });

  it('un 409 al guardar muestra el mensaje del servidor y conserva lo escrito', async () => {
    record('get', '/usuario', () => usuario(2));
    record('post', '/usuario', () =>
      HttpResponse.json({ message: 'Otro usuario modificó este registro; recargue la página' }, { status: 409 }),
    );
    renderAdmin('/usuario/u2', compania);
    const apellido = await screen.findByDisplayValue('Apellido2');
    await userEvent.clear(apellido);
    await userEvent.type(apellido, 'Quispe Mamani');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Otro usuario modificó este registro; recargue la página')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Apellido' })).toHaveValue('Quispe Mamani');
    expect(window.location.pathname).toBe('/usuario/u2');
  });

  it("un 400 al crear ('Ya existe un usuario con el correo X') se muestra y el formulario conserva lo escrito", async () => {
    record('post', '/usuario', () =>
      HttpResponse.json({ message: 'Ya existe un usuario con el correo repetido@demo.test' }, { status: 400 }),
    );
    renderAdmin('/usuario/new', compania);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Correo' }), 'repetido@demo.test');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Rosa');
    await userEvent.type(screen.getByRole('textbox', { name: 'Apellido' }), 'Huamán');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe un usuario con el correo repetido@demo.test')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Correo' })).toHaveValue('repetido@demo.test');
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Rosa');
  });
});
