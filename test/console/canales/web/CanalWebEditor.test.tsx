// The web channel editor (/canal/web/{id}): defaults,
// a new channel, Guardar and its refusals, and delete back to a default channel.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { Compile } from 'typebox/compile';
import { describe, expect, it, vi } from 'vitest';
import { CANAL_MESSAGES, CanalBody } from '../../../../common/schemas/canales';
import { record } from '../../resources/support';
import { channelCalls, openEditor } from './canalWebSupport';

// A big form on a shared machine: typing into it takes a while.
vi.setConfig({ testTimeout: 45_000 });

/** What the server's closed schema of POST /ch/web finds wrong in a body (nothing, for the editor's). */
const schemaErrors = (body: unknown) => [...Compile(CanalBody).Errors(body)].map((error) => `${error.instancePath} ${error.message}`);

describe('Canal web nuevo (/canal/web/new)', () => {
  it('empieza con 360px de ancho, 540px de alto y bienvenida de 60, en morado y blanco', async () => {
    channelCalls();
    await openEditor('new');
    expect(screen.getByRole('heading', { level: 1, name: 'Nuevo canal Web' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ancho' })).toHaveValue('360px');
    expect(screen.getByRole('textbox', { name: 'Alto' })).toHaveValue('540px');
    expect(screen.getByRole('spinbutton', { name: 'Alto del mensaje de bienvenida (px)' })).toHaveValue(60);
    expect(screen.getByRole('textbox', { name: 'Fondo de la cabecera (rgba)' })).toHaveValue('rgba(103, 58, 183, 1)');
    expect(screen.getByRole('textbox', { name: 'Fondo (rgba)' })).toHaveValue('rgba(255, 255, 255, 1)');
  });

  it('oculta el selector de bot, la activación y Eliminar Canal hasta guardarlo', async () => {
    channelCalls();
    await openEditor('new');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Bot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Desactivar Canal|Activar Canal/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar Canal' })).not.toBeInTheDocument();
    expect(screen.getByText('Guarde el canal para obtener el código para insertar.')).toBeInTheDocument();
  });

  it("Guardar lo crea activo con POST /ch/web (name 'Web') y abre /canal/web/{id}", async () => {
    const { saves } = channelCalls();
    const user = userEvent.setup();
    const name = await openEditor('new');
    await user.type(name, 'Tienda');
    const title = screen.getByRole('textbox', { name: 'Título de la cabecera' });
    await user.clear(title);
    await user.type(title, 'Ventas');
    await user.type(screen.getByRole('textbox', { name: 'Sitio permitido' }), 'tienda.ejemplo.com{Enter}');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    const body = saves[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Web', dsc: 'Tienda', activo: true, porHora: false });
    expect(body).not.toHaveProperty('id');
    expect(schemaErrors(body)).toEqual([]);
    expect(body.web).toMatchObject({ domain: ['tienda.ejemplo.com'], headerTitle: 'Ventas', width: '360px', height: '540px', welcomeHeight: 60 });
    expect((body.web as { theme: Record<string, string> }).theme.headerBgColor).toBe('rgba(103, 58, 183, 1)');
    await waitFor(() => expect(window.location.pathname).toBe('/canal/web/c9'));
    expect(await screen.findByRole('button', { name: 'Eliminar Canal' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Canal Web' })).toBeInTheDocument();
  });

  it("sin nombre no guarda: 'Campo requerido'", async () => {
    const { saves } = channelCalls();
    await openEditor('new');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });
});

describe('Canal web guardado', () => {
  it('muestra sus valores, el bot vinculado, Desactivar Canal y Eliminar Canal', async () => {
    channelCalls();
    const name = await openEditor('c1');
    expect(name).toHaveValue('Tienda en línea');
    expect(screen.getByRole('textbox', { name: 'Título de la cabecera' })).toHaveValue('Tienda Andina');
    expect(screen.getByRole('list', { name: 'Sitios permitidos' })).toHaveTextContent('tienda.ejemplo.com');
    expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Asistente Quipu');
    expect(screen.getByRole('button', { name: 'Desactivar Canal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar Canal' })).toBeInTheDocument();
  });

  it('Guardar envía el canal con su id y su rev, y lo escrito', async () => {
    const { saves } = channelCalls();
    const user = userEvent.setup();
    await openEditor('c1');
    const width = screen.getByRole('textbox', { name: 'Ancho' });
    await user.clear(width);
    await user.type(width, '400px');
    await user.click(screen.getByRole('switch', { name: 'Carrusel de dos tarjetas por vista' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ id: 'c1', rev: 4, name: 'Web', dsc: 'Tienda en línea', idR: 'r-1', web: { width: '400px', carouselDoble: true, headerTitle: 'Tienda Andina' } });
    expect(schemaErrors(saves[0].body)).toEqual([]);
  });

  it('un 400 muestra su mensaje, marca el campo que nombra y conserva lo escrito', async () => {
    channelCalls();
    record('post', '/ch/web', () => HttpResponse.json({ message: 'El título admite 200 caracteres como máximo', field: 'web.headerTitle' }, { status: 400 }));
    const user = userEvent.setup();
    await openEditor('c1');
    const title = screen.getByRole('textbox', { name: 'Título de la cabecera' });
    await user.clear(title);
    await user.type(title, 'Nuevo');
    const welcome = screen.getByRole('textbox', { name: 'Mensaje de bienvenida' });
    await user.clear(welcome);
    await user.type(welcome, 'Hola');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText('El título admite 200 caracteres como máximo')).not.toHaveLength(0);
    await waitFor(() => expect(title).toHaveAccessibleDescription('El título admite 200 caracteres como máximo'));
    expect(title).toHaveValue('Nuevo');
    expect(welcome).toHaveValue('Hola');
    expect(window.location.pathname).toBe('/canal/web/c1');
  });

  it('un 409 dice que otra persona modificó el canal y conserva lo escrito', async () => {
    channelCalls();
    record('post', '/ch/web', () => HttpResponse.json({ message: CANAL_MESSAGES.stale }, { status: 409 }));
    const user = userEvent.setup();
    await openEditor('c1');
    const title = screen.getByRole('textbox', { name: 'Título de la cabecera' });
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(CANAL_MESSAGES.stale)).toBeInTheDocument();
    expect(title).toHaveValue('Tienda Andina!');
  });

  it("Eliminar Canal pregunta 'Seguro desea borrar este canal ?' y deja el formulario en un canal por defecto", async () => {
    channelCalls();
    const deletes = record('delete', '/ch', () => ({}));
    const user = userEvent.setup();
    await openEditor('c1');
    await user.click(screen.getByRole('button', { name: 'Eliminar Canal' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Seguro desea borrar este canal ?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Eliminado con exito')).toBeInTheDocument();
    expect(deletes[0].url.searchParams.get('id')).toBe('c1');
    await waitFor(() => expect(window.location.pathname).toBe('/canal/web/new'));
    expect(await screen.findByRole('textbox', { name: /Nombre del canal/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Título de la cabecera' })).toHaveValue('Chat');
    expect(screen.queryByRole('list', { name: 'Sitios permitidos' })).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Eliminar Canal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Bot' })).not.toBeInTheDocument();
  });
});
