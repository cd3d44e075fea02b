// Bot list (/bot): columns, rows that open /bot/{id}, the
// export file, the import dialog and its messages, and what a ROLE_USER does not get.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { base64ToText, textToBase64 } from '../../../src/api/base64Text';
import { bot, compania, usuarioBots } from './botSupport';
import { page, record, renderAdmin } from './support';

const rows = [bot('b1', { nm: 'Ventas', dsc: 'Atiende ventas', imp: false }), bot('b2', { nm: 'Soporte técnico', dsc: 'Mesa de ayuda', imp: true })];

const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });

function listHandler() {
  return record('post', '/bot/search', () => page(rows.map(({ id, nm, dsc, imp }) => ({ id, nm, dsc, imp })), 2, 10));
}

function yaniFile(text: string, name = 'bot.yani') {
  return new File([text], name, { type: 'text/plain' });
}

async function openImport() {
  await userEvent.click(await screen.findByRole('button', { name: 'Importar Bot' }));
  return screen.findByRole('dialog', { name: 'Importar Bot' });
}

describe('Lista de bots', () => {
  it('muestra Nombre, Descripción e Importado (Sí/No) y pide la página a POST /bot/search', async () => {
    const searches = listHandler();
    renderAdmin('/bot', compania);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Nombre', 'Descripción', 'Importado', 'Exportar']);
    const ventas = (await within(table).findByText('Ventas')).closest('tr')!;
    expect(within(ventas).getByText('Atiende ventas')).toBeInTheDocument();
    expect(within(ventas).getByText('No')).toBeInTheDocument();
    expect(within(within(table).getByText('Soporte técnico').closest('tr')!).getByText('Sí')).toBeInTheDocument();
    expect(searches[0].body).toEqual({ page: 0, pageSize: 10, sorted: [{ id: 'nm', desc: false }], filtered: [], idE: '3' });
  });

  it('una fila abre /bot/{id}', async () => {
    listHandler();
    record('get', '/bot', () => bot('b2', { nm: 'Soporte técnico' }));
    record('get', '/skills', () => []);
    renderAdmin('/bot', compania);
    await userEvent.click(await screen.findByText('Soporte técnico'));
    await waitFor(() => expect(window.location.pathname).toBe('/bot/b2'));
    expect(await screen.findByDisplayValue('Soporte técnico')).toBeInTheDocument();
  });

  it("'Nuevo Bot' lleva a /bot/new", async () => {
    listHandler();
    renderAdmin('/bot', compania);
    expect(await screen.findByRole('link', { name: 'Nuevo Bot' })).toHaveAttribute('href', '/bot/new');
  });

  it("un ROLE_USER ve la lista sin 'Nuevo Bot' ni 'Importar Bot', pero puede exportar", async () => {
    listHandler();
    renderAdmin('/bot', usuarioBots);
    await screen.findByText('Ventas');
    expect(screen.queryByRole('link', { name: 'Nuevo Bot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Importar Bot' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar Ventas' })).toBeInTheDocument();
  });

  describe('a 390 px', () => {
    afterEach(() => setWidth(1024));

    it('es una lista de tarjetas (nombre, descripción, Importado) y una tarjeta abre /bot/{id}', async () => {
      setWidth(390);
      listHandler();
      record('get', '/bot', () => bot('b1', { nm: 'Ventas' }));
      record('get', '/skills', () => []);
      renderAdmin('/bot', compania);
      const list = await screen.findByRole('list', { name: 'Bots' });
      expect(within(list).getByText('Ventas')).toBeInTheDocument();
      expect(within(list).getByText('Importado: Sí')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      await userEvent.click(within(list).getByText('Ventas'));
      await waitFor(() => expect(window.location.pathname).toBe('/bot/b1'));
    });
  });
});

describe('Exportar bot', () => {
  let saved: { name: string; blob: Blob } | undefined;
  beforeEach(() => {
    saved = undefined;
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
      blob = object as Blob;
      return 'blob:bot';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { name: this.download, blob: blob! };
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("descarga '{id} - {nombre}.yani' con el JSON de GET /bot.export en base64, tildes y emoji intactos, sin abrir la fila", async () => {
    const doc = { format: 'quipu-bot', v: 1, bot: { id: 'b2', nm: 'Soporte técnico', dsc: 'Atención en español 🇵🇪: ¿cómo está?' } };
    listHandler();
    const exports = record('get', '/bot.export', () => doc);
    renderAdmin('/bot', compania);
    await userEvent.click(await screen.findByRole('button', { name: 'Exportar Soporte técnico' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(exports[0].url.searchParams.get('id')).toBe('b2');
    expect(saved!.name).toBe('b2 - Soporte técnico.yani');
    const text = await saved!.blob.text();
    expect(text).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(base64ToText(text)!)).toEqual(doc);
    expect(window.location.pathname).toBe('/bot');
  });
});

describe('Importar bot', () => {
  const doc = { format: 'quipu-bot', v: 1, bot: { id: 'b9', nm: 'Cobranzas' } };

  it("sin archivo muestra 'seleccione un archivo' y no llama al servidor", async () => {
    listHandler();
    const imports = record('post', '/bot.export', () => ({}));
    renderAdmin('/bot', compania);
    const dialog = await openImport();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('seleccione un archivo');
    expect(imports).toHaveLength(0);
  });

  it.each([
    ['un texto que no es base64', 'esto no es un bot'],
    ['base64 de algo que no es JSON', textToBase64('hola, ¿qué tal?')],
    ['base64 de un JSON que no es un bot', textToBase64(JSON.stringify({ nombre: 'otra cosa' }))],
  ])("con %s muestra 'no se puede leer el archivo'", async (_case, content) => {
    listHandler();
    const imports = record('post', '/bot.export', () => ({}));
    renderAdmin('/bot', compania);
    const dialog = await openImport();
    expect(within(dialog).getByLabelText('Archivo del bot (.yani)')).toHaveAttribute('accept', '.yani');
    fireEvent.change(within(dialog).getByLabelText('Archivo del bot (.yani)'), { target: { files: [yaniFile(content)] } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('no se puede leer el archivo');
    expect(imports).toHaveLength(0);
  });

  it("envía el documento con replace y replaceParams, dice 'Bot importado con éxito' con el recordatorio y los extras encriptados por reingresar, y refresca la lista", async () => {
    const searches = listHandler();
    const imports = record('post', '/bot.export', () => ({ id: 'b9', message: 'Bot importado con éxito', retype: ['apiKey', 'clave sftp'] }));
    renderAdmin('/bot', compania);
    const dialog = await openImport();
    const replaceParams = within(dialog).getByRole('switch', { name: 'Reemplazar también los parámetros' });
    expect(replaceParams).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: 'Reemplazar el bot existente' })).toHaveAccessibleDescription(/conserva los identificadores/);
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Reemplazar el bot existente' }));
    await userEvent.click(replaceParams);
    fireEvent.change(within(dialog).getByLabelText('Archivo del bot (.yani)'), { target: { files: [yaniFile(textToBase64(JSON.stringify(doc)))] } });
    const before = searches.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));

    const notice = await screen.findByText(/Bot importado con éxito/);
    expect(notice).toHaveTextContent('Recuerde importar los bots a los que este bot deriva y volver a vincularlos.');
    expect(notice).toHaveTextContent('Debe ingresar nuevamente el valor de estos parámetros encriptados: apiKey, clave sftp');
    expect(imports[0].body).toEqual(doc);
    expect(Object.fromEntries(imports[0].url.searchParams)).toEqual({ replace: 'true', replaceParams: 'true', idE: '3' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(searches.length).toBeGreaterThan(before));
  });

  it('como copia (replace apagado) envía replace=false y replaceParams=false, y sin extras por reingresar no los menciona', async () => {
    listHandler();
    const imports = record('post', '/bot.export', () => ({ id: 'b10', message: 'Bot importado con éxito', retype: [] }));
    renderAdmin('/bot', compania);
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByLabelText('Archivo del bot (.yani)'), { target: { files: [yaniFile(textToBase64(JSON.stringify(doc)))] } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    const notice = await screen.findByText(/Bot importado con éxito/);
    expect(notice).not.toHaveTextContent('parámetros encriptados');
    expect(imports[0].url.searchParams.get('replace')).toBe('false');
    expect(imports[0].url.searchParams.get('replaceParams')).toBe('false');
  });

  it('muestra en el diálogo el mensaje del servidor cuando rechaza el archivo', async () => {
    listHandler();
    record('post', '/bot.export', () => HttpResponse.json({ message: 'no se puede leer el archivo' }, { status: 400 }));
    renderAdmin('/bot', compania);
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByLabelText('Archivo del bot (.yani)'), { target: { files: [yaniFile(textToBase64(JSON.stringify(doc)))] } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('no se puede leer el archivo');
  });
});
