// Copy and paste of the whole channel and the embed snippet's copy
// button with its 1.5 s 'Copiado'.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeCanalKey } from '../../../../src/widget/snippet';
import { channelCalls, openEditor, stubClipboard } from './canalWebSupport';

vi.setConfig({ testTimeout: 45_000 });
afterEach(() => vi.useRealTimers());

const pastedChannel = {
  id: 'otro',
  idE: '99',
  idR: 'r-otro',
  name: 'Web',
  dsc: 'Canal pegado',
  porHora: false,
  web: { headerTitle: 'Pegado', width: '300px', welcomeHeight: 90, theme: { botBubbleColor: 'rgba(0, 0, 255, 1)' }, desconocido: true },
  desconocido: 'x',
};

describe('Pegar configuración', () => {
  it("'Pegado con exito': reemplaza lo del formulario, conserva id, idE e idR del canal actual y quita lo desconocido", async () => {
    const { saves } = channelCalls();
    const user = userEvent.setup();
    stubClipboard(async () => JSON.stringify(pastedChannel));
    await openEditor('c1');
    await user.click(screen.getByRole('button', { name: 'Pegar configuración' }));
    expect(await screen.findByText('Pegado con exito')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nombre del canal/ })).toHaveValue('Canal pegado');
    expect(screen.getByRole('textbox', { name: 'Título de la cabecera' })).toHaveValue('Pegado');
    expect(screen.getByRole('textbox', { name: 'Ancho' })).toHaveValue('300px');
    // What the paste left out takes the default.
    expect(screen.getByRole('textbox', { name: 'Alto' })).toHaveValue('540px');
    expect(screen.getByRole('list', { name: 'Sitios permitidos' })).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Guardado con éxito');
    const body = saves[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 'c1', idR: 'r-1', rev: 4, dsc: 'Canal pegado', web: { headerTitle: 'Pegado', welcomeHeight: 90, theme: { botBubbleColor: 'rgba(0, 0, 255, 1)' } } });
    expect(body.idE ?? '3').toBe('3');
    expect(body).not.toHaveProperty('desconocido');
    expect(body.web).not.toHaveProperty('desconocido');
  });

  it("un texto sin llave o que no es JSON dice 'Error al decodificar canal' y no cambia nada", async () => {
    channelCalls();
    const user = userEvent.setup();
    const { clipboard } = stubClipboard(async () => 'hola');
    await openEditor('c1');
    await user.click(screen.getByRole('button', { name: 'Pegar configuración' }));
    expect(await screen.findByText('Error al decodificar canal')).toBeInTheDocument();
    clipboard.readText.mockResolvedValue('{"dsc": "a"');
    await user.click(screen.getByRole('button', { name: 'Pegar configuración' }));
    await waitFor(() => expect(screen.getAllByText('Error al decodificar canal').length).toBeGreaterThan(0));
    expect(screen.getByRole('textbox', { name: /Nombre del canal/ })).toHaveValue('Tienda en línea');
    expect(screen.queryByText('Pegado con exito')).not.toBeInTheDocument();
  });

  it('si el navegador no deja leer el portapapeles, un cuadro recibe el texto pegado', async () => {
    channelCalls();
    const user = userEvent.setup();
    stubClipboard(() => Promise.reject(new DOMException('Read permission denied.', 'NotAllowedError')));
    await openEditor('c1');
    await user.click(screen.getByRole('button', { name: 'Pegar configuración' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pegar configuración' });
    const field = within(dialog).getByRole('textbox', { name: 'Configuración (JSON)' });
    fireEvent.change(field, { target: { value: 'sin llaves' } });
    await user.click(within(dialog).getByRole('button', { name: 'Pegar' }));
    expect(await screen.findByText('Error al decodificar canal')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: JSON.stringify({ dsc: 'Desde el cuadro', web: { headerTitle: 'Cuadro' } }) } });
    await user.click(within(dialog).getByRole('button', { name: 'Pegar' }));
    expect(await screen.findByText('Pegado con exito')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pegar configuración' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Título de la cabecera' })).toHaveValue('Cuadro');
  });
});

describe('Copiar configuración', () => {
  it("copia el canal entero como JSON, con lo escrito, y dice 'Copiado'", async () => {
    channelCalls();
    const user = userEvent.setup();
    const { writes } = stubClipboard(async () => '');
    await openEditor('c1');
    const title = screen.getByRole('textbox', { name: 'Título de la cabecera' });
    await user.clear(title);
    await user.type(title, 'Copia');
    await user.click(screen.getByRole('button', { name: 'Copiar configuración' }));
    await screen.findByRole('button', { name: 'Copiado' });
    const copied = JSON.parse(writes[0]) as Record<string, unknown>;
    expect(copied).toMatchObject({ id: 'c1', name: 'Web', idE: '3', idR: 'r-1', b: 'b1', dsc: 'Tienda en línea', web: { headerTitle: 'Copia', width: '360px', domain: ['tienda.ejemplo.com'] } });
  });
});

describe('Código para insertar', () => {
  it("es un script con el id del canal codificado; 'Copiar código' dice 'Copiado' durante 1.5 s", async () => {
    channelCalls();
    const { writes } = stubClipboard(async () => '');
    await openEditor('c1');
    const snippet = `<script id="quipu-webchat" src="${window.location.origin}/webchat/quipu-webchat.js" data-canal="${encodeCanalKey('c1')}" async></script>`;
    expect(screen.getByText(snippet)).toBeInTheDocument();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
    await act(async () => undefined);
    expect(writes).toEqual([snippet]);
    expect(screen.getByRole('button', { name: 'Copiado' })).toBeInTheDocument();
    expect(screen.getByText('Copiado', { selector: '[role="status"]' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('button', { name: 'Copiado' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copiar código' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiado' })).not.toBeInTheDocument();
  });

  it('un canal nuevo no tiene código hasta guardarlo', async () => {
    channelCalls();
    await openEditor('new');
    expect(screen.getByText('Guarde el canal para obtener el código para insertar.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar código' })).not.toBeInTheDocument();
  });
});
