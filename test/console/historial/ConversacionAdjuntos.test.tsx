// The files a client sent, in the Conversación dialog: one button per kept file under the client's
// message, with its name and size, that saves it under its name; a deleted file says so.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { record } from '../resources/support';
import { seriousViolations } from '../versions/axe';
import { catchSaves, chooseBot, mensaje, openHistorial, respuesta, serveHistorial } from './support';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const notice = (text: string) => screen.findByText(text, { selector: '.MuiSnackbarContent-message, .MuiSnackbarContent-message *' });

const CONVERSACION = respuesta({
  msgs: [
    mensaje(1, {
      t: 1,
      m: 'quiero presentar un reclamo\nAdjunto: factura.pdf, foto.jpg',
      adjuntos: [
        { id: 'a1', nm: 'factura.pdf', tam: 12 * 1024 },
        { id: 'a2', nm: 'foto.jpg', tam: 1.5 * 1024 * 1024 },
      ],
    }),
    mensaje(2, { t: 0, m: 'Recibimos su reclamo' }),
    mensaje(3, { t: 1, m: 'gracias' }),
    mensaje(4, { t: 1, m: 'Adjunto: viejo.pdf', adjuntos: [] }),
  ],
});

/** Opens Cliente 1's conversation in the history and waits for its messages. */
async function openConversation() {
  serveHistorial({ conversacion: () => CONVERSACION });
  openHistorial('ROLE_HISTORIAL');
  await screen.findByRole('heading', { level: 1, name: 'Historial' });
  await chooseBot('Ventas');
  await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  await userEvent.click(await screen.findByRole('button', { name: /Cliente 1/ }));
  const dialog = await screen.findByRole('dialog', { name: /Conversación/ });
  const mensajes = await within(dialog).findByRole('list', { name: 'Mensajes' });
  return { dialog, rows: [...mensajes.children] as HTMLElement[] };
}

describe('Conversación: archivos del cliente', () => {
  it("muestra un botón por archivo bajo el mensaje del cliente, con su nombre y tamaño ('12 KB', '1,5 MB'); un mensaje sin archivos no tiene botón", async () => {
    const { rows } = await openConversation();
    const botones = within(rows[0]).getAllByRole('button');
    expect(botones.map((boton) => boton.getAttribute('aria-label'))).toEqual(['Descargar factura.pdf', 'Descargar foto.jpg']);
    expect(within(rows[0]).getByRole('button', { name: 'Descargar factura.pdf' })).toHaveTextContent('factura.pdf (12 KB)');
    expect(within(rows[0]).getByRole('button', { name: 'Descargar foto.jpg' })).toHaveTextContent('foto.jpg (1,5 MB)');
    for (const row of rows.slice(1)) expect(within(row).queryAllByRole('button')).toHaveLength(0);
  });

  it('un clic pide GET /conversacion/adjunto?id y guarda el archivo con su nombre; el botón espera deshabilitado', async () => {
    const saved = catchSaves();
    let answer: (value: Response) => void = () => undefined;
    const pedidos = record('get', '/conversacion/adjunto', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { rows } = await openConversation();
    const foto = within(rows[0]).getByRole('button', { name: 'Descargar foto.jpg' });
    await userEvent.click(foto);
    await waitFor(() => expect(pedidos).toHaveLength(1));
    expect(pedidos[0].method).toBe('GET');
    expect(pedidos[0].url.pathname).toBe('/api/conversacion/adjunto');
    expect(pedidos[0].url.searchParams.get('id')).toBe('a2');
    expect(foto).toBeDisabled();
    expect(within(rows[0]).getByRole('button', { name: 'Descargar factura.pdf' })).toBeEnabled();
    answer(new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), { headers: { 'Content-Type': 'image/jpeg', 'Content-Disposition': 'attachment; filename="foto.jpg"' } }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('foto.jpg');
    expect(new Uint8Array(await saved[0].blob.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
    await waitFor(() => expect(foto).toBeEnabled());
  });

  it("un archivo ya borrado (404) muestra 'Archivo no encontrado' y no guarda nada", async () => {
    const saved = catchSaves();
    const pedidos = record('get', '/conversacion/adjunto', () => HttpResponse.json({ message: 'Archivo no encontrado' }, { status: 404 }));
    const { rows } = await openConversation();
    const factura = within(rows[0]).getByRole('button', { name: 'Descargar factura.pdf' });
    await userEvent.click(factura);
    expect(await notice('Archivo no encontrado')).toBeInTheDocument();
    expect(pedidos[0].url.searchParams.get('id')).toBe('a1');
    expect(saved).toHaveLength(0);
    expect(factura).toBeEnabled();
  });

  it('axe no encuentra nada serio en el diálogo con archivos', async () => {
    await openConversation();
    expect(await seriousViolations()).toEqual([]);
  }, 30_000);
});
