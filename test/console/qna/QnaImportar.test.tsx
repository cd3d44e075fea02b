// 'Importar' (the Excel file as a signed multipart, its progress polled every 5 s until done, the
// outcome) and 'Eliminar QnA' (by tags, with the count that goes).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../msw';
import { signedOver, uploadOf, type Upload } from '../signedUploads';
import { record } from '../resources/support';
import { importRow, openQnas, pickTags } from './qnaSupport';

const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

/** POST /skill/qna-importar answered with {id}, keeping the request's exact bytes and its parts. */
function recordUploads(id: string) {
  const uploads: Upload[] = [];
  server.use(
    http.post('*/api/skill/qna-importar', async ({ request }) => {
      uploads.push(await uploadOf(request));
      return HttpResponse.json({ id });
    }),
  );
  return uploads;
}

async function openImport() {
  openQnas(1);
  await userEvent.click(await screen.findByRole('button', { name: 'Importar' }));
  return screen.findByRole('dialog', { name: 'Importar QnA' });
}

describe("'Importar'", () => {
  it("sin archivo dice 'Seleccione un archivo excel' y no envía nada; la plantilla se pide a GET /skill/qna-plantilla", async () => {
    const uploads = recordUploads('i7');
    const templates = record('get', '/skill/qna-plantilla', () => new HttpResponse(new Uint8Array([80, 75, 3, 4]), { headers: { 'Content-Type': 'application/octet-stream' } }));
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:plantilla';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const dialog = await openImport();
    expect(within(dialog).getByLabelText('Archivo Excel (.xlsx, .xls)')).toHaveAttribute('accept', '.xlsx,.xls,.xlx');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    expect(await within(dialog).findByText('Seleccione un archivo excel')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar plantilla' }));
    await waitFor(() => expect(saved).toEqual(['plantilla-qna.xlsx']));
    expect(templates).toHaveLength(1);
  });

  it("envía el archivo como multipart firmado (datos {} y file); sigue el avance cada 5 s hasta terminar y muestra 'Procesado con éxito'", async () => {
    const uploads = recordUploads('i7');
    const answers = [
      [importRow({ id: 'i7', done: false, dur: null, progreso: 3, total: 10, nuevos: 0, actualizados: 0 }), importRow({ id: 'i1' })],
      [importRow({ id: 'i7', nuevos: 8, actualizados: 1, errores: [{ e: 'Fila 7, columna pregunta', t: 'La pregunta está vacía' }] }), importRow({ id: 'i1' })],
    ];
    const history = record('get', '/skill/historial-import', () => answers[Math.min(history.length - 1, answers.length - 1)]);
    const dialog = await openImport();
    const file = new File(['PK-hoja'], 'preguntas.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(within(dialog).getByLabelText('Archivo Excel (.xlsx, .xls)'), { target: { files: [file] } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));

    expect(await within(dialog).findByText('Procesando 3 de 10')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Procesando 3 de 10' })).toHaveAttribute('aria-valuenow', '30');
    const [upload] = uploads;
    expect(upload.url.search).toBe('?idBot=jedai');
    expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.form.get('datos')).toBe('{}');
    const sent = upload.form.get('file') as File;
    expect([sent.name, await sent.text()]).toEqual(['preguntas.xlsx', 'PK-hoja']);
    expect(signedOver(upload)).toBe(true);
    expect(history.map((call) => call.url.search)).toEqual(['?idBot=jedai']);

    await vi.advanceTimersByTimeAsync(5000);
    expect(await within(dialog).findByText('Procesado con éxito')).toBeInTheDocument();
    expect(within(dialog).getByText('Nuevos: 8')).toBeInTheDocument();
    expect(within(dialog).getByText('Actualizados: 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Rechazados: 1')).toBeInTheDocument();
    expect(within(dialog.querySelector('ul')!).getByText('Fila 7, columna pregunta: La pregunta está vacía')).toBeInTheDocument();
    expect(history).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(history).toHaveLength(2);
  });

  it('una importación que falla muestra su error', async () => {
    recordUploads('i8');
    record('get', '/skill/historial-import', () => [importRow({ id: 'i8', error: 'no se puede leer el archivo' })]);
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByLabelText('Archivo Excel (.xlsx, .xls)'), { target: { files: [new File(['x'], 'malo.xls')] } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    expect(await within(dialog).findByText('no se puede leer el archivo')).toBeInTheDocument();
    expect(within(dialog).queryByText('Procesado con éxito')).not.toBeInTheDocument();
  });
});

describe("'Eliminar QnA'", () => {
  it("pide tags ('Seleccione mínimo 1 tag'), dice cuántas QnA se van y envía POST /skill/qna-delete", async () => {
    const { searches } = openQnas(3);
    const deletes = record('post', '/skill/qna-delete', () => ({ msg: 'Se eliminaron 3 QnA', n: 3 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar QnA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar QnA por tags' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText('Seleccione mínimo 1 tag')).toBeInTheDocument();
    await pickTags('Tags de las QnA a eliminar', 'Tarjetas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText('Se eliminarán 3 QnA con esos tags. ¿Desea continuar?')).toBeInTheDocument();
    expect(searches[searches.length - 1].body).toMatchObject({ idBot: 'jedai', tags: ['t1'], page: 0, pageSize: 1 });
    expect(deletes).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar QnA' }));
    expect(await screen.findByText('Se eliminaron 3 QnA')).toBeInTheDocument();
    expect(deletes.map((call) => call.body)).toEqual([{ idBot: 'jedai', tags: ['t1'] }]);
  });
});
