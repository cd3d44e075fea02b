// Bot editor (/bot/{id}, /bot/new): the tabs each role gets, unsaved changes, delete, a new bot, and /skill/{id}.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { skill } from '../skills/skillSupport';
import { bot, compania, usuarioBots } from './botSupport';
import { field, guardar, open, openBot, write } from './botEditorSupport';
import { page, record, renderAdmin } from './support';

afterEach(() => vi.restoreAllMocks());

describe('Editor de bot: pestañas y permisos', () => {
  it('con isBotEdit: General y Entidades; QnA solo con qna encendido; Monitoreo en un bot guardado', async () => {
    openBot(bot('b1'));
    await screen.findByDisplayValue('Bot b1');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Entidades', 'Monitoreo']);
    await open('QnA');
    await userEvent.click(screen.getByRole('switch', { name: 'QnA activo' }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Entidades', 'QnA', 'Monitoreo']);
    record('get', '/tag-kb', () => []);
    record('post', '/skill/qna-search', () => page([], 0, 20));
    await userEvent.click(screen.getByRole('tab', { name: 'QnA' }));
    expect(await screen.findByRole('heading', { name: 'Preguntas y Respuestas' })).toBeVisible();
  });

  it('un ROLE_USER no tiene Entidades ni Eliminar Bot, y ve los ajustes sin poder cambiarlos', async () => {
    openBot(bot('b1', { extrasEnc: [{ key: 'apiKey', set: true }] }), usuarioBots);
    await screen.findByDisplayValue('Bot b1');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Monitoreo']);
    expect(screen.queryByRole('button', { name: 'Eliminar Bot' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    await open('Parámetros', 'QnA', 'Extras');
    for (const name of ['Nombre', 'Descripción', 'URL base', 'Mensaje de intentos excedidos', 'Programación de la importación (cron)', 'Mensaje sin resultados']) {
      expect(field(name)).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('spinbutton', { name: 'Tiempo de sesión (minutos)' })).toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: 'Bot principal' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'QnA activo' })).toBeDisabled();
    expect(screen.getByDisplayValue('canal')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Agregar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reemplazar valor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar parámetro encriptado' })).not.toBeInTheDocument();
  });

  it("cambiar de pestaña con cambios sin guardar avisa 'Existen cambios pendientes de guardar' y conserva lo escrito", async () => {
    openBot(bot('b1'));
    record('post', '/frases', () => page([], 0, 20));
    await userEvent.click(await screen.findByRole('tab', { name: 'Monitoreo' }));
    expect(screen.queryByText('Existen cambios pendientes de guardar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    await open('Parámetros');
    await write(field('URL base remota'), 'https://otro.demo.test');
    await userEvent.click(screen.getByRole('tab', { name: 'Monitoreo' }));
    expect(await screen.findByText('Existen cambios pendientes de guardar')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Monitoreo' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    expect(field('URL base remota')).toHaveValue('https://otro.demo.test');
  });

  it("salir con cambios sin guardar pregunta '¿Seguro deseas salir sin guardar tus cambios?'; al cerrar la pestaña también", async () => {
    openBot(bot('b1'));
    await open('Parámetros');
    await userEvent.type(await screen.findByRole('textbox', { name: 'URL base remota' }), 'x');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro deseas salir sin guardar tus cambios?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/bot/b1');
    expect(field('URL base remota')).toHaveValue('x');
  });

  it("'Eliminar Bot' pide confirmación, envía DELETE /bot/?id y vuelve a /bot con 'Eliminado con éxito'", async () => {
    openBot(bot('b1'));
    record('post', '/bot/search', () => page([], 0, 10));
    const deletes = record('delete', '/bot/', () => ({ id: 'b1' }));
    await screen.findByDisplayValue('Bot b1');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Bot' });
    expect(within(dialog).getByText(/¿Seguro desea eliminar este bot\?/)).toBeInTheDocument();
    expect(deletes).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Eliminado con éxito')).toBeInTheDocument();
    expect(deletes.map((call) => call.url.pathname + call.url.search)).toEqual(['/api/bot/?id=b1']);
    await waitFor(() => expect(window.location.pathname).toBe('/bot'));
  });
});

describe('Nuevo bot (/bot/new)', () => {
  it('empieza con sesión de 30 minutos, 3 intentos y los mensajes por defecto; sin Monitoreo', async () => {
    renderAdmin('/bot/new', compania);
    expect(await screen.findByRole('spinbutton', { name: 'Tiempo de sesión (minutos)' })).toHaveValue(30);
    await open('Parámetros');
    expect(screen.getByRole('spinbutton', { name: 'Máximo de intentos' })).toHaveValue(3);
    expect(field('Mensaje de intentos excedidos')).toHaveValue('Intentos excedidos');
    expect(field('Mensaje de opción no válida')).toHaveValue('Opción no válida');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Entidades']);
    expect(screen.queryByRole('button', { name: 'Eliminar Bot' })).not.toBeInTheDocument();
  });

  it("crea con POST /bot sin id y abre /bot/{id} con 'Guardado con éxito'", async () => {
    const saves = record('post', '/bot', ({ body }) => bot('b7', { ...(body as object), id: 'b7' }));
    record('get', '/bot', () => bot('b7', { nm: 'Cobranzas' }));
    record('get', '/skills', () => []);
    renderAdmin('/bot/new', compania);
    await write(await screen.findByRole('textbox', { name: 'Nombre' }), 'Cobranzas');
    await guardar();
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/bot/b7'));
    expect(saves[0].body).toEqual({
      nm: 'Cobranzas',
      dsc: null,
      tsession: 30,
      timeout: null,
      main: false,
      qna: false,
      qnaExtrn: false,
      params: { maxAttempt: 3, msgAttempt: 'Intentos excedidos', invalidOption: 'Opción no válida' },
      diagram: { nodes: [], edges: [] },
      extras: [],
      extrasEnc: [],
    });
  });
});

describe('/skill/{id}', () => {
  it("abre el editor del skill a quien abre bots, y 'Sin acceso' a quien no", async () => {
    record('get', '/skill', () => skill('s1'));
    const first = renderAdmin('/skill/s1', usuarioBots);
    expect(await screen.findByRole('heading', { level: 1, name: 'Consultar saldo' })).toBeInTheDocument();
    first.unmount();
    renderAdmin('/skill/s1', { ...usuarioBots, user: { ...usuarioBots.user, rol: 'ROLE_DASHBOARD' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin acceso' })).toBeInTheDocument();
  });
});
