// 'Probar Bot' with files: 'Adjuntar archivos', the chips of the files chosen, the limits on their
// count and size, and the message sent as a signed multipart to POST /webchat/demo.archivos.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebchatBody } from '../../../src/api/chat';
import { server } from '../msw';
import { signedOver, uploadOf, type Upload } from '../signedUploads';
import { debug, log, openTestChat, say, seriousViolations, stomp, text, webchat } from './chatSupport';

vi.mock('../../../src/resources/bots/testChat/stompTransport', () => ({
  openStompTransport: (topic: string, handlers: never) => stomp.open(topic, handlers),
}));

beforeEach(() => {
  stomp.reset();
  sessionStorage.clear();
});

/** POST /webchat/demo.archivos answered like the server (published and in the body), keeping the request's bytes and parts. */
function recordUploads(reply: (datos: WebchatBody, turn: string) => ReturnType<typeof text>[]) {
  const uploads: Upload[] = [];
  server.use(
    http.post('*/api/webchat/demo.archivos', async ({ request }) => {
      const upload = await uploadOf(request);
      uploads.push(upload);
      const datos = JSON.parse(String(upload.form.get('datos'))) as WebchatBody;
      const messages = reply(datos, `t${uploads.length}`);
      stomp.publish(messages);
      return HttpResponse.json({ psi: datos.psi, messages });
    }),
  );
  return uploads;
}

const MB = 1024 * 1024;
const file = (name: string, content: BlobPart = `contenido de ${name}`, type = 'application/pdf') => new File([content], name, { type });
const fileInput = () => screen.getByLabelText<HTMLInputElement>('Adjuntar archivos', { selector: 'input[type="file"]' });
const attached = () => screen.queryByRole('list', { name: 'Archivos adjuntos' });
const chipNames = () => within(attached() ?? document.createElement('ul')).queryAllByRole('button').map((chip) => chip.getAttribute('aria-label'));

describe('Probar Bot: adjuntar archivos', () => {
  it("'Adjuntar archivos' abre el selector de archivos (varios a la vez), oculto a la vista", async () => {
    webchat(() => []);
    await openTestChat();
    const input = fileInput();
    expect(input).toHaveAttribute('multiple');
    expect(input).not.toBeVisible();
    const opened = vi.fn();
    input.addEventListener('click', opened);
    await userEvent.click(screen.getByRole('button', { name: 'Adjuntar archivos' }));
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("dos archivos elegidos son dos chips; 'Quitar' saca uno; Enviar manda a /webchat/demo.archivos el texto (datos) y el que queda (archivo1), firmado; la burbuja dice el texto y '📎 nombre'", async () => {
    const json = webchat(() => []);
    const uploads = recordUploads((datos, turn) => [text('Recibí su factura', debug(turn, datos.message ?? ''))]);
    await openTestChat();
    await userEvent.upload(fileInput(), [file('factura.pdf', 'PDF-factura'), file('foto.png', 'PNG-foto', 'image/png')]);
    expect(chipNames()).toEqual(['Quitar factura.pdf', 'Quitar foto.png']);
    expect(within(attached() as HTMLElement).getByText('factura.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar foto.png' }));
    expect(chipNames()).toEqual(['Quitar factura.pdf']);

    await say('aquí va mi factura');
    expect(await within(log()).findByText('Recibí su factura')).toBeInTheDocument();
    // One line for the text, one per file.
    expect(within(log()).getByRole('button', { name: 'aquí va mi factura\n📎 factura.pdf' })).toBeInTheDocument();
    // What the conversation keeps in sessionStorage is the files' names, not the files.
    const stored = JSON.parse(sessionStorage.getItem('quipu.testChat.b1') ?? '{}') as { entries: Array<{ kind: string; files?: unknown }> };
    expect(stored.entries.find((entry) => entry.kind === 'user')?.files).toEqual(['factura.pdf']);
    expect(json).toHaveLength(0);
    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(JSON.parse(String(upload.form.get('datos')))).toEqual({ psi: expect.stringMatching(/^demo-/), idBot: 'b1', test: true, red: 3, message: 'aquí va mi factura' });
    const sent = upload.form.get('archivo1') as File;
    expect([sent.name, await sent.text()]).toEqual(['factura.pdf', 'PDF-factura']);
    expect(upload.form.has('archivo2')).toBe(false);
    expect(signedOver(upload)).toBe(true);
    // The field and the chips are clear for the next message.
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('');
    expect(attached()).not.toBeInTheDocument();
  });

  it('un archivo solo, sin texto, es un mensaje: datos sin message y el archivo en archivo1', async () => {
    const uploads = recordUploads((_datos, turn) => [text('Archivo recibido', debug(turn, ''))]);
    await openTestChat();
    await userEvent.upload(fileInput(), file('dni.jpg', 'JPG-dni', 'image/jpeg'));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await within(log()).findByText('Archivo recibido')).toBeInTheDocument();
    expect(within(log()).getByRole('button', { name: '📎 dni.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).not.toHaveAccessibleDescription();
    const datos = JSON.parse(String(uploads[0].form.get('datos'))) as Record<string, unknown>;
    expect(datos).toEqual({ psi: expect.stringMatching(/^demo-/), idBot: 'b1', test: true, red: 3 });
    expect((uploads[0].form.get('archivo1') as File).name).toBe('dni.jpg');
  });

  it("un sexto archivo dice 'Se pueden adjuntar hasta 5 archivos por mensaje' y no se agrega; los cinco van en archivo1…archivo5", async () => {
    const uploads = recordUploads(() => []);
    await openTestChat();
    await userEvent.upload(fileInput(), [1, 2, 3, 4].map((n) => file(`doc${n}.pdf`)));
    await userEvent.upload(fileInput(), [file('doc5.pdf'), file('doc6.pdf')]);
    expect(screen.getByText('Se pueden adjuntar hasta 5 archivos por mensaje')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adjuntar archivos' })).toHaveAccessibleDescription('Se pueden adjuntar hasta 5 archivos por mensaje');
    expect(chipNames()).toEqual([1, 2, 3, 4, 5].map((n) => `Quitar doc${n}.pdf`));
    await say('cinco');
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect([1, 2, 3, 4, 5].map((n) => (uploads[0].form.get(`archivo${n}`) as File).name)).toEqual([1, 2, 3, 4, 5].map((n) => `doc${n}.pdf`));
    expect(uploads[0].form.has('archivo6')).toBe(false);
    expect(screen.queryByText('Se pueden adjuntar hasta 5 archivos por mensaje')).not.toBeInTheDocument();
  });

  it('un archivo de más de 5 MB y uno vacío no se agregan, cada uno con su texto; el de 5 MB justos sí', async () => {
    webchat(() => []);
    await openTestChat();
    await userEvent.upload(fileInput(), [file('grande.pdf', new Uint8Array(5 * MB + 1)), file('vacio.txt', '', 'text/plain'), file('justo.pdf', new Uint8Array(5 * MB))]);
    expect(screen.getByText('El archivo "grande.pdf" supera los 5 MB')).toBeInTheDocument();
    expect(screen.getByText('El archivo "vacio.txt" está vacío')).toBeInTheDocument();
    expect(chipNames()).toEqual(['Quitar justo.pdf']);
  });

  it('sin archivos, el mensaje sigue yendo como JSON a /webchat/demo', async () => {
    const json = webchat((body, turn) => [text(`eco ${body.message}`, debug(turn, body.message ?? ''))]);
    const uploads = recordUploads(() => []);
    await openTestChat();
    await say('hola');
    expect(await within(log()).findByText('eco hola')).toBeInTheDocument();
    expect(json[0].body).toEqual({ psi: expect.stringMatching(/^demo-/), idBot: 'b1', test: true, red: 3, message: 'hola' });
    expect(uploads).toHaveLength(0);
  });

  it("sin texto ni archivos rechaza con 'Escriba un mensaje o elija una opción'", async () => {
    const json = webchat(() => []);
    const uploads = recordUploads(() => []);
    await openTestChat();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveAccessibleDescription('Escriba un mensaje o elija una opción');
    expect([json.length, uploads.length]).toEqual([0, 0]);
  });

  it('con archivos elegidos y un rechazo a la vista, el panel no tiene violaciones serias ni críticas de axe', async () => {
    webchat(() => []);
    await openTestChat();
    await userEvent.upload(fileInput(), [file('factura.pdf'), file('vacio.txt', '')]);
    expect(chipNames()).toEqual(['Quitar factura.pdf']);
    expect(await seriousViolations()).toEqual([]);
  }, 45_000);
});
