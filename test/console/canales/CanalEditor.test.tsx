// The common editor layout, through the Teams editor (its own parts are in MsftEditor.test.tsx,
// Google's in GoogleEditor.test.tsx): a new channel starts active and unsaved; the first save brings the bot,
// activation and delete; the bot links at once; hours; a refused save keeps what was typed;
// leaving with unsaved changes asks; users without channel access only read.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { BOTS, canal, compania, record, renderAdmin, sinCanales } from './support';

const teams = (extra = {}) => canal('c5', { name: 'Microsoft', red: 6, dsc: 'Teams interno', ...extra });

async function openTeams(extra = {}) {
  const stored = teams(extra);
  record('get', '/ch', () => stored);
  record('get', '/bots', () => BOTS);
  renderAdmin('/canal/msft/c5', compania);
  await screen.findByDisplayValue(stored.dsc);
  return stored;
}

/** Types HH:mm into a time picker's hour and minute sections. */
async function typeHour(label: string, hhmm: string) {
  const group = screen.getByRole('group', { name: label });
  const [hours] = within(group).getAllByRole('spinbutton');
  await userEvent.click(hours);
  await userEvent.keyboard(hhmm.replace(':', ''));
}

describe('Editor común de canal', () => {
  it("un canal nuevo empieza activo y sin guardar: solo nombre, horas, 'Guarde para iniciar sesión', Atras y Guardar", async () => {
    renderAdmin('/canal/msft/new', compania);
    expect(await screen.findByRole('heading', { name: 'Nuevo canal Microsoft Teams', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre del canal' })).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Deshabilitar horas' })).not.toBeChecked();
    expect(screen.getByText('Guarde para iniciar sesión')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Atras' })).toHaveAttribute('href', '/canal');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Bot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desactivar Canal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar Canal' })).not.toBeInTheDocument();
  });

  it("el nombre es obligatorio ('Campo requerido') y no se envía nada sin él", async () => {
    const saves = record('post', '/ch/web', () => teams());
    renderAdmin('/canal/msft/new', compania);
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre del canal' })).toHaveAccessibleDescription('Campo requerido');
    expect(saves).toHaveLength(0);
  });

  it('guardar crea el canal (POST /ch/web), abre /canal/msft/{id} y entonces aparecen bot, activación, eliminar y el inicio de sesión', async () => {
    const saves = record('post', '/ch/web', ({ body }) => ({ ...teams(), ...(body as object), id: 'c10', rev: 1 }));
    record('get', '/bots', () => BOTS);
    renderAdmin('/canal/msft/new', compania);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nombre del canal' }), 'Teams ventas');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(saves[0].url.pathname).toBe('/api/ch/web');
    expect(saves[0].body).toEqual({
      name: 'Microsoft',
      dsc: 'Teams ventas',
      activo: true,
      porHora: false,
      hi: null,
      hf: null,
      msgFueraHora: null,
      useChasqui: false,
      chasquiUrl: null,
      excluir: [],
      cfg: {},
    });
    await waitFor(() => expect(window.location.pathname).toBe('/canal/msft/c10'));
    expect(await screen.findByRole('heading', { name: 'Canal Microsoft Teams', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Bot' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desactivar Canal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar Canal' })).toBeInTheDocument();
    expect(screen.getByText('Estado: Activo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', `${window.location.origin}/api/loginMicrosoft?ch=c10`);
    expect(screen.queryByText('Guarde para iniciar sesión')).not.toBeInTheDocument();
    // Saved: leaving asks nothing.
    const confirm = vi.spyOn(window, 'confirm');
    record('get', '/ch', () => []);
    await userEvent.click(screen.getByRole('link', { name: 'Atras' }));
    await waitFor(() => expect(window.location.pathname).toBe('/canal'));
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });

  it("elegir un bot lo vincula al instante (POST /ch/suscribe) con 'Guardado con éxito'; 'Desvincular' envía blk", async () => {
    await openTeams();
    const links = record('post', '/ch/suscribe', ({ url }) => {
      const idB = url.searchParams.get('idB');
      return idB === 'blk' ? teams({ rev: 3 }) : teams({ b: idB, bot: BOTS.find((b) => b.id === idB)?.nm, rev: 2 });
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'Bot' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ventas' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(links[0].url.search).toBe('?id=c5&idB=b2');
    expect(links[0].body).toBeUndefined();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Ventas'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Bot' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Desvincular' }));
    await waitFor(() => expect(links).toHaveLength(2));
    expect(links[1].url.search).toBe('?id=c5&idB=blk');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Seleccione un bot'));
  });

  it("'Desactivar Canal' y 'Activar Canal' cambian el estado en el servidor (POST /ch/active)", async () => {
    await openTeams();
    const actives = record('post', '/ch/active', ({ url }) => teams({ activo: url.searchParams.get('active') === 'true', rev: 2 }));
    await userEvent.click(screen.getByRole('button', { name: 'Desactivar Canal' }));
    expect(await screen.findByText('Desactivado con éxito')).toBeInTheDocument();
    expect(actives[0].url.search).toBe('?id=c5&active=false');
    expect(screen.getByText('Estado: Inactivo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Activar Canal' }));
    expect(await screen.findByText('Activado con éxito')).toBeInTheDocument();
    expect(actives[1].url.search).toBe('?id=c5&active=true');
    expect(screen.getByRole('button', { name: 'Desactivar Canal' })).toBeInTheDocument();
  });

  it("'Eliminar Canal' pregunta 'Seguro desea borrar este canal ?' y luego deja un canal nuevo en blanco", async () => {
    await openTeams();
    const deletes = record('delete', '/ch', () => ({ message: 'Eliminado con exito' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Canal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Canal' });
    expect(dialog).toHaveTextContent('Seguro desea borrar este canal ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Canal' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Eliminado con exito')).toBeInTheDocument();
    expect(deletes[0].url.search).toBe('?id=c5');
    await waitFor(() => expect(window.location.pathname).toBe('/canal/msft/new'));
    expect(screen.getByRole('textbox', { name: 'Nombre del canal' })).toHaveValue('');
    expect(screen.getByText('Guarde para iniciar sesión')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar Canal' })).not.toBeInTheDocument();
  });

  it("con 'Deshabilitar horas' aparecen hora de inicio y fin (HH:mm), obligatorias, y el mensaje fuera de horario", async () => {
    const stored = await openTeams();
    const saves = record('post', '/ch/web', ({ body }) => ({ ...stored, ...(body as object), rev: 2 }));
    expect(screen.queryByRole('group', { name: 'Hora de inicio' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Deshabilitar horas' }));
    expect(await screen.findByRole('group', { name: 'Hora de inicio' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Hora de fin' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getAllByText('Campo requerido')).toHaveLength(2));
    expect(saves).toHaveLength(0);

    await typeHour('Hora de inicio', '09:00');
    await typeHour('Hora de fin', '18:30');
    await userEvent.type(screen.getByRole('textbox', { name: 'Mensaje fuera de horario' }), 'Volvemos a las 9');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ id: 'c5', rev: 1, porHora: true, hi: '09:00', hf: '18:30', msgFueraHora: 'Volvemos a las 9' });
  });

  it('una hora a medio escribir no se guarda', async () => {
    await openTeams({ porHora: true, hi: '08:00', hf: '17:00' });
    const saves = record('post', '/ch/web', () => teams());
    const start = screen.getByRole('group', { name: 'Hora de inicio' });
    expect(start).toHaveTextContent('08:00');
    expect(screen.getByRole('group', { name: 'Hora de fin' })).toHaveTextContent('17:00');
    // Only the minutes of the end hour: hh:30.
    const end = screen.getByRole('group', { name: 'Hora de fin' });
    const [hours, minutes] = within(end).getAllByRole('spinbutton');
    await userEvent.click(hours);
    await userEvent.keyboard('{Backspace}');
    await userEvent.click(minutes);
    await userEvent.keyboard('30');
    expect(end).toHaveTextContent('hh:30');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    expect(screen.getByText('Campo requerido').closest('.MuiFormControl-root')).toHaveTextContent('Hora de fin');
    expect(saves).toHaveLength(0);
  });

  it('un 400 muestra el mensaje del servidor, marca el campo que nombra y conserva lo escrito', async () => {
    await openTeams();
    record('post', '/ch/web', () => HttpResponse.json({ message: 'Ya existe un canal con ese nombre', field: 'dsc' }, { status: 400 }));
    const name = screen.getByRole('textbox', { name: 'Nombre del canal' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Canal repetido');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    // The notice and the field's own message.
    await waitFor(() => expect(screen.getAllByText('Ya existe un canal con ese nombre')).toHaveLength(2));
    expect(name).toHaveAccessibleDescription('Ya existe un canal con ese nombre');
    expect(name).toHaveValue('Canal repetido');
  });

  it('un 409 (otra persona guardó antes) muestra su mensaje y conserva lo escrito; la siguiente vez va con el rev vigente', async () => {
    await openTeams();
    const stale = 'Otra persona modificó este canal. Recargue la página para ver sus cambios antes de guardar.';
    const saves = record('post', '/ch/web', ({ body }) =>
      saves.length === 1 ? HttpResponse.json({ message: stale }, { status: 409 }) : { ...teams(), ...(body as object), rev: 4 },
    );
    const name = screen.getByRole('textbox', { name: 'Nombre del canal' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Teams nuevo nombre');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(name).toHaveValue('Teams nuevo nombre');
    // Activation answers the channel with its new rev; the next save carries it.
    record('post', '/ch/active', () => teams({ activo: false, rev: 3 }));
    await userEvent.click(screen.getByRole('button', { name: 'Desactivar Canal' }));
    expect(await screen.findByText('Desactivado con éxito')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre del canal' })).toHaveValue('Teams nuevo nombre');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[1].body).toMatchObject({ id: 'c5', rev: 3, dsc: 'Teams nuevo nombre', activo: false });
  });

  it("salir con cambios sin guardar pregunta '¿Seguro deseas salir sin guardar tus cambios?'", async () => {
    await openTeams();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre del canal' }), ' 2');
    await userEvent.click(screen.getByRole('link', { name: 'Atras' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro deseas salir sin guardar tus cambios?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/canal/msft/c5');
    expect(screen.getByRole('textbox', { name: 'Nombre del canal' })).toHaveValue('Teams interno 2');
  });

  it('un canal de otra empresa (404) dice que no existe', async () => {
    record('get', '/ch', () => HttpResponse.json({ message: 'Canal no encontrado' }, { status: 404 }));
    renderAdmin('/canal/google/zz', compania);
    expect(await screen.findByText('Canal no encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
  });

  it('un canal abierto en la ruta de otro tipo se abre en su editor', async () => {
    record('get', '/ch', () => canal('c3', { name: 'Slack', red: 7, dsc: 'Slack soporte' }));
    record('get', '/bots', () => BOTS);
    renderAdmin('/canal/google/c3', compania);
    await waitFor(() => expect(window.location.pathname).toBe('/canal/slack/c3'));
    expect(await screen.findByRole('heading', { name: 'Canal Slack', level: 1 })).toBeInTheDocument();
  });

  it('un usuario sin acceso a canales ve el editor sin poder cambiarlo', async () => {
    renderAdmin('/canal/google/new', sinCanales);
    expect(await screen.findByText(/Su usuario no tiene acceso a los canales/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre del canal' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Atras' })).toBeInTheDocument();
  });

  it('un usuario sin acceso que abre un canal guardado ve la negativa del servidor', async () => {
    record('get', '/ch', () => HttpResponse.json({ message: 'No tiene permiso para esta operación' }, { status: 403 }));
    renderAdmin('/canal/slack/c3', sinCanales);
    expect(await screen.findByText('No tiene permiso para esta operación')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
  });
});
