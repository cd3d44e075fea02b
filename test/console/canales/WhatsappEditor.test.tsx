// The WhatsApp editor: the channel id, the Cloud API settings with write-only
// secrets and the webhook address to copy, the external relay with an https URL, the exclusions
// list, 'Exportar configuración' downloading {bot}.yanicfg, and delete through DELETE /ch/web?id.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOTS, canal, compania, record, renderAdmin } from './support';

const whatsapp = (extra = {}) =>
  canal('c2', {
    name: 'Whatsapp',
    red: 4,
    dsc: 'WhatsApp ventas',
    b: 'b1',
    bot: 'Asistente Quipu',
    cfg: { phoneNumberId: '1098765' },
    secretos: { accessToken: true },
    excluir: [{ numero: '51999888777', nombre: 'Gerencia' }],
    ...extra,
  });
const api = () => `${window.location.origin}/api`;

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

async function openWhatsapp(extra = {}) {
  const stored = whatsapp(extra);
  record('get', '/ch', () => stored);
  record('get', '/bots', () => BOTS);
  renderAdmin('/canal/whatsapp/c2', compania);
  await screen.findByDisplayValue('WhatsApp ventas');
  return stored;
}

describe('Editor de WhatsApp', () => {
  it('muestra el id del canal, la Cloud API con sus secretos sin valor y la dirección del webhook para copiar', async () => {
    await openWhatsapp();
    expect(screen.getByRole('textbox', { name: 'Id del canal' })).toHaveValue('c2');
    expect(screen.getByRole('textbox', { name: 'Id del número de teléfono' })).toHaveValue('1098765');
    const token = screen.getByLabelText('Token de acceso');
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toHaveValue('');
    expect(token).toHaveAccessibleDescription('Hay un valor guardado; déjelo vacío para conservarlo');
    expect(screen.getByLabelText('Token de verificación')).toHaveValue('');
    expect(screen.getByLabelText('App Secret')).toHaveValue('');
    const webhook = screen.getByRole('textbox', { name: 'Dirección del webhook' });
    expect(webhook).toHaveValue(`${api()}/wh/whatsapp/c2`);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Dirección del webhook' }));
    expect(writeText).toHaveBeenCalledWith(`${api()}/wh/whatsapp/c2`);
    expect(await screen.findByText('Copiado')).toBeInTheDocument();
  });

  it('el relay externo pide una URL https', async () => {
    await openWhatsapp();
    const saves = record('post', '/ch/web', ({ body }) => ({ ...whatsapp(), ...(body as object), rev: 2 }));
    expect(screen.queryByRole('textbox', { name: 'URL del relay' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Usar un relay externo (Chasqui)' }));
    const url = await screen.findByRole('textbox', { name: 'URL del relay' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    await userEvent.type(url, 'http://relay.demo.test/wa');
    expect(await screen.findByText('La URL del relay debe comenzar con https://')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
    await userEvent.clear(url);
    await userEvent.type(url, 'https://relay.demo.test/wa');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ useChasqui: true, chasquiUrl: 'https://relay.demo.test/wa' });
  });

  it("la lista de exclusiones: 'Agregar' suma filas, cada fila se quita, y se guarda como se ve", async () => {
    await openWhatsapp();
    const saves = record('post', '/ch/web', ({ body }) => ({ ...whatsapp(), ...(body as object), rev: 2 }));
    const list = () => screen.getAllByRole('listitem');
    expect(list()).toHaveLength(1);
    expect(within(list()[0]).getByRole('textbox', { name: 'Número' })).toHaveValue('51999888777');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(list()).toHaveLength(3);
    await userEvent.type(within(list()[1]).getByRole('textbox', { name: 'Número' }), '51911222333');
    await userEvent.type(within(list()[1]).getByRole('textbox', { name: 'Nombre' }), 'Soporte interno');
    await userEvent.type(within(list()[2]).getByRole('textbox', { name: 'Número' }), '51900000000');
    await userEvent.click(screen.getByRole('button', { name: 'Quitar la fila 1' }));
    expect(list()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({
      excluir: [
        { numero: '51911222333', nombre: 'Soporte interno' },
        { numero: '51900000000', nombre: '' },
      ],
    });
  });

  it('una fila de exclusión sin número no se guarda', async () => {
    await openWhatsapp({ excluir: [] });
    const saves = record('post', '/ch/web', () => whatsapp());
    expect(screen.getByText('No hay números excluidos.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('un secreto se envía solo cuando se escribe', async () => {
    await openWhatsapp();
    const saves = record('post', '/ch/web', () => whatsapp({ secretos: { accessToken: true, verifyToken: true }, rev: 2 }));
    await userEvent.type(screen.getByLabelText('Token de verificación'), 'verifica-123');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect((saves[0].body as { secretos: object }).secretos).toEqual({ verifyToken: 'verifica-123' });
  });

  it("'Exportar configuración' pide POST /wh/export/archivo y descarga {bot}.yanicfg con el texto base64", async () => {
    await openWhatsapp();
    const exports = record('post', '/wh/export/archivo', () => ({ nombre: 'Asistente Quipu', contenido: 'eyJjYW5hbCI6ImMyIn0=' }));
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:quipu/1';
    });
    URL.revokeObjectURL = vi.fn();
    const downloads: Array<{ download: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ download: this.download, href: this.getAttribute('href') ?? '' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Exportar configuración' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exports[0].body).toEqual({ url: api(), idC: 'c2' });
    expect(downloads[0]).toEqual({ download: 'Asistente Quipu.yanicfg', href: 'blob:quipu/1' });
    expect(await blobs[0].text()).toBe('eyJjYW5hbCI6ImMyIn0=');
  });

  it('eliminar usa DELETE /ch/web?id y deja un canal nuevo en blanco', async () => {
    await openWhatsapp();
    const deletes = record('delete', '/ch/web', () => ({ message: 'Eliminado con exito' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Canal' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Eliminar Canal' })).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Eliminado con exito')).toBeInTheDocument();
    expect(deletes[0].url.search).toBe('?id=c2');
    await waitFor(() => expect(window.location.pathname).toBe('/canal/whatsapp/new'));
    expect(screen.getByRole('textbox', { name: 'Nombre del canal' })).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Id del canal' })).not.toBeInTheDocument();
  });
});
