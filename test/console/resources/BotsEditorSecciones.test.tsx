// Bot editor (/bot/{id}): the General tab's folding sections and the encrypted extras.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bot } from './botSupport';
import { field, guardar, lastBody, open, openBot, section, write } from './botEditorSupport';

afterEach(() => vi.restoreAllMocks());

describe('Editor de bot: secciones plegables de General', () => {
  it('Parámetros, QnA y Extras empiezan cerrados y su título resume sus valores', async () => {
    openBot(bot('b1', { extras: [{ key: 'canal', val: 'web' }, { key: 'zona', val: 'Lima' }], extrasEnc: [{ key: 'apiKey', set: true }] }));
    await screen.findByDisplayValue('Bot b1');
    expect(section('Parámetros')).toHaveAccessibleName('Parámetros · 3 intentos · mensaje de opción no válida definido');
    expect(section('QnA')).toHaveAccessibleName('QnA · desactivado');
    expect(section('Extras')).toHaveAccessibleName('Extras · 2 valores, 1 cifrado');
    for (const name of ['Parámetros', 'QnA', 'Extras'] as const) expect(section(name)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'URL base' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'QnA activo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar parámetro encriptado' })).not.toBeInTheDocument();
  });

  it('abrir una sección muestra sus campos, y su resumen sigue lo que se escribe', async () => {
    openBot(bot('b1'));
    await screen.findByDisplayValue('Bot b1');
    await userEvent.click(section('Parámetros'));
    expect(section('Parámetros')).toHaveAttribute('aria-expanded', 'true');
    expect(field('URL base')).toHaveValue('https://api.demo.test');
    await userEvent.click(screen.getByRole('switch', { name: 'Bot principal' }));
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Máximo de intentos' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Máximo de intentos' }), '1');
    await userEvent.clear(field('Mensaje de opción no válida'));
    expect(section('Parámetros')).toHaveAccessibleName('Parámetros · bot principal · 1 intento · sin mensaje de opción no válida');
    await userEvent.click(section('QnA'));
    await userEvent.click(screen.getByRole('switch', { name: 'QnA activo' }));
    expect(section('QnA')).toHaveAccessibleName('QnA · activo');
  });

  it('cerrar una sección conserva lo escrito y lo guarda', async () => {
    const { saves } = openBot(bot('b1'));
    await screen.findByDisplayValue('Bot b1');
    await userEvent.click(section('Parámetros'));
    await write(field('URL base remota'), 'https://remoto.demo.test');
    await userEvent.click(section('Parámetros'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'URL base remota' })).not.toBeInTheDocument());
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves)).toMatchObject({ baseUrlRemoto: 'https://remoto.demo.test' });
  });

  it('al guardar, un campo inválido dentro de una sección cerrada la abre y marca su título', async () => {
    const { saves } = openBot(bot('b1', { main: true, params: { maxAttempt: 0, msgAttempt: 'Intentos excedidos', invalidOption: 'Opción no válida' } }));
    await screen.findByDisplayValue('Bot b1');
    expect(section('Parámetros')).toHaveAttribute('aria-expanded', 'false');
    await guardar();
    await waitFor(() => expect(section('Parámetros')).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('spinbutton', { name: 'Máximo de intentos' })).toHaveAccessibleDescription('Mínimo 1 intento');
    expect(within(section('Parámetros')).getByTitle('Esta sección tiene campos por corregir')).toBeInTheDocument();
    expect(section('QnA')).toHaveAttribute('aria-expanded', 'false');
    expect(saves).toHaveLength(0);
  });
});

describe('Editor de bot: parámetros encriptados', () => {
  const withSecrets = () => bot('b1', { extrasEnc: [{ key: 'apiKey', set: true }, { key: 'sftp', set: false, retype: true }] });

  it("nunca muestran un valor: 'Valor guardado', 'Debe ingresar el valor nuevamente' y 'Reemplazar valor' abre un campo vacío", async () => {
    openBot(withSecrets());
    await open('Extras');
    const rows = await screen.findAllByTestId('extra-encriptado');
    expect(within(rows[0]).getByDisplayValue('apiKey')).toHaveAttribute('readonly');
    expect(within(rows[0]).getByText('Valor guardado')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Debe ingresar el valor nuevamente')).toBeInTheDocument();
    expect(within(rows[0]).queryByLabelText(/Valor nuevo/)).not.toBeInTheDocument();
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Reemplazar valor' }));
    const secret = within(rows[0]).getByLabelText(/Valor nuevo/);
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    expect(within(rows[1]).getByLabelText(/Valor nuevo/)).toHaveValue('');
  });

  it('envía la clave sin valor para conservarlo, y el valor nuevo solo si se escribió', async () => {
    const { saves } = openBot(withSecrets());
    const rows = await screen.findAllByTestId('extra-encriptado');
    // The refused save opens Extras, where the missing value is.
    await guardar();
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    await write(within(rows[1]).getByLabelText(/Valor nuevo/), 'clave-sftp');
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves).extrasEnc).toEqual([{ key: 'apiKey' }, { key: 'sftp', val: 'clave-sftp' }]);

    // The answer stores both; the form now holds the saved bot, where neither value shows.
    await screen.findByText('Guardado con éxito');
    await waitFor(() => expect(screen.getAllByText('Valor guardado')).toHaveLength(2));
    expect(screen.queryByLabelText(/Valor nuevo/)).not.toBeInTheDocument();
    const [apiKey] = screen.getAllByTestId('extra-encriptado');
    await userEvent.click(within(apiKey).getByRole('button', { name: 'Reemplazar valor' }));
    await write(within(apiKey).getByLabelText(/Valor nuevo/), 'otra-clave');
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(lastBody(saves).extrasEnc).toEqual([{ key: 'apiKey', val: 'otra-clave' }, { key: 'sftp' }]);
  });

  it('una fila nueva pide clave y valor', async () => {
    const { saves } = openBot(bot('b1'));
    await open('Extras');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar parámetro encriptado' }));
    const [row] = screen.getAllByTestId('extra-encriptado');
    await guardar();
    expect(await within(row).findAllByText('Campo requerido')).toHaveLength(2);
    await write(within(row).getByRole('textbox', { name: /Clave/ }), 'token');
    await write(within(row).getByLabelText(/Valor nuevo/), 's3creto');
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves).extrasEnc).toEqual([{ key: 'token', val: 's3creto' }]);
  });
});
