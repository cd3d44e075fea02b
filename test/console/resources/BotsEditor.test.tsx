// Bot editor (/bot/{id}): the General tab's rules and messages, save and its refusals.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bot } from './botSupport';
import { field, guardar, lastBody, open, openBot, write } from './botEditorSupport';
import { record } from './support';

afterEach(() => vi.restoreAllMocks());

describe('Editor de bot: General', () => {
  it("sin nombre muestra 'Campo requerido' y no guarda", async () => {
    const { saves } = openBot(bot('b1'));
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Nombre' }));
    await guardar();
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    expect(field('Nombre')).toHaveAccessibleDescription('Campo requerido');
    expect(saves).toHaveLength(0);
  });

  it("con 'Bot principal' exige 'Mínimo 1 intento' e 'Ingrese Mensaje' en ambos mensajes; sin él, no", async () => {
    const { saves } = openBot(bot('b1', { params: { maxAttempt: 0, msgAttempt: '', invalidOption: '  ' } }));
    await screen.findByDisplayValue('Bot b1');
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(screen.queryByText('Mínimo 1 intento')).not.toBeInTheDocument();

    await open('Parámetros');
    await userEvent.click(screen.getByRole('switch', { name: 'Bot principal' }));
    await guardar();
    expect(await screen.findByText('Mínimo 1 intento')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Máximo de intentos' })).toHaveAccessibleDescription('Mínimo 1 intento');
    expect(field('Mensaje de intentos excedidos')).toHaveAccessibleDescription('Ingrese Mensaje');
    expect(field('Mensaje de opción no válida')).toHaveAccessibleDescription('Ingrese Mensaje');
    expect(saves).toHaveLength(1);
  });

  it('muestra el cron de QnA en español, o la pista "cron no válido"', async () => {
    openBot(bot('b1'));
    await open('QnA');
    const cron = await screen.findByRole('textbox', { name: 'Programación de la importación (cron)' });
    fireEvent.change(cron, { target: { value: '0 */5 * * * *' } });
    expect(await screen.findByText('Cada 5 minutos')).toBeInTheDocument();
    fireEvent.change(cron, { target: { value: '0 30 8 * * 1-5' } });
    expect(await screen.findByText('A las 08:30, de lunes a viernes')).toBeInTheDocument();
    fireEvent.change(cron, { target: { value: 'todos los días' } });
    expect(await screen.findByText('cron no válido')).toBeInTheDocument();
    expect(cron).toHaveAccessibleDescription('cron no válido');
  });

  it("los parámetros que nombran un skill eligen entre los skills del bot (GET /skills?idBot)", async () => {
    openBot(bot('b1'));
    await open('Parámetros');
    const picker = await screen.findByRole('combobox', { name: 'Skill de menú' });
    await userEvent.click(picker);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Ninguno', 'Saludo', 'Ingreso', 'No entendí']);
    await userEvent.click(screen.getByRole('option', { name: 'No entendí' }));
    expect(screen.getByRole('combobox', { name: 'Skill de inicio de sesión' })).toHaveTextContent('Ingreso');
  });

  it("los extras piden clave y valor ('Campo requerido')", async () => {
    const { saves } = openBot(bot('b1', { extras: [] }));
    await open('Extras');
    const extras = screen.getByRole('heading', { name: 'PARÁMETROS EXTRA' }).parentElement!;
    await userEvent.click(within(extras).getByRole('button', { name: 'Agregar' }));
    await guardar();
    expect(await screen.findAllByText('Campo requerido')).toHaveLength(2);
    expect(saves).toHaveLength(0);
  });

  it("guarda con POST /bot lo escrito, con su rev, y dice 'Guardado con éxito' sin salir del editor", async () => {
    const { saves } = openBot(bot('b1'));
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Descripción' }));
    await write(field('Descripción'), 'Atiende cobranzas');
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Tiempo de sesión (minutos)' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Tiempo de sesión (minutos)' }), '45');
    await guardar();
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(lastBody(saves)).toMatchObject({
      id: 'b1',
      nm: 'Bot b1',
      dsc: 'Atiende cobranzas',
      tsession: 45,
      timeout: 15,
      rev: 4,
      params: { maxAttempt: 3, msgAttempt: 'Intentos excedidos', invalidOption: 'Opción no válida', loginsk: 's2' },
      extras: [{ key: 'canal', val: 'web' }],
      extrasEnc: [],
      diagram: { nodes: [{ id: 's1', x: 0, y: 0 }], edges: [] },
    });
    expect(window.location.pathname).toBe('/bot/b1');
  });

  it('un 409 (otra persona guardó antes) muestra el mensaje del servidor y conserva lo escrito', async () => {
    openBot(bot('b1'));
    const stale = 'Otra persona modificó este bot. Recargue la página para ver sus cambios antes de guardar.';
    record('post', '/bot', () => HttpResponse.json({ message: stale }, { status: 409 }));
    await open('Parámetros');
    await write(await screen.findByRole('textbox', { name: 'URL base remota' }), 'https://remoto.demo.test');
    await guardar();
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(field('URL base remota')).toHaveValue('https://remoto.demo.test');
  });

  it('un 400 muestra el mensaje del servidor y conserva lo escrito', async () => {
    openBot(bot('b1'));
    record('post', '/bot', () => HttpResponse.json({ message: 'Los parámetros extra necesitan clave y valor' }, { status: 400 }));
    await open('Parámetros');
    await write(await screen.findByRole('textbox', { name: 'Mensaje de sesión expirada' }), 'Su sesión terminó');
    await guardar();
    expect(await screen.findByText('Los parámetros extra necesitan clave y valor')).toBeInTheDocument();
    expect(field('Mensaje de sesión expirada')).toHaveValue('Su sesión terminó');
  });
});
