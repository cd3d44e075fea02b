// A report's file is written in a worker thread: conversations go on while a writer is busy, and a
// writer that throws, whose thread dies, or that passes its heap bound ends its report in error
// with a Spanish reason and frees its place, so the company's next report runs.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_TTL_MS } from '../../common/schemas/historial';
import { enqueueJob } from '../../server/src/jobs/queue';
import { defineReportWriter, REPORT_JOB, runReport } from '../../server/src/services/historial/informes';
import { idleReportWorkers, liveReportWorkers, reportMemoryMessage } from '../../server/src/services/historial/informeHilo';
import type { ChatBot } from './chatFixtures';
import { MARK_WAIT_MS, MIDWAY_TOTAL, type TestReportAsk } from './fixtures/informePrueba';
import { API, createTestApp, dialects, type TestApp } from './helpers';
import { futureDay, limaAt, limaBot, sheetRows, talk, workbook } from './historialFixtures';

const TEST_REPORT = 'prueba-hilo';
defineReportWriter(TEST_REPORT, { module: new URL('./fixtures/informePrueba.ts', import.meta.url), name: 'writeTestReport' });

describe.each(dialects)('informes en un hilo aparte (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  let idE: string;
  const dia = futureDay(2);
  const defaults = { mb: 0 };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    defaults.mb = t.app.config.informesMemoriaMb;
  });
  beforeEach(async () => {
    t.app.config.informesMemoriaMb = defaults.mb;
    await t.reset();
    ({ idE, chat } = await limaBot(t));
  });
  afterAll(async () => {
    await t.close();
  });

  /** A report of the test writer, asked for by compania@ and queued as reports are. */
  async function testReport(ask: TestReportAsk): Promise<string> {
    const id = randomUUID();
    const idU = (await t.app.db.selectFrom('usuario').select('id').where('usuario', '=', 'compania@quipu.test').executeTakeFirstOrThrow()).id;
    await t.app.db
      .insertInto('informe')
      .values({ id, idE, idBot: chat.bot, idU, tipo: TEST_REPORT, nm: 'Prueba.xlsx', datos: JSON.stringify(ask), estado: 'generando', error: null, tam: null, fc: t.clock.now, expira: t.clock.now + REPORT_TTL_MS })
      .execute();
    await enqueueJob(t.app, { tipo: REPORT_JOB, datos: { id }, idE });
    return id;
  }
  const stateOf = (id: string) => t.app.db.selectFrom('informe').select(['estado', 'error', 'total']).where('id', '=', id).executeTakeFirstOrThrow();
  const parts = async (id: string) => (await t.app.db.selectFrom('informe_parte').select('n').where('idInforme', '=', id).execute()).length;

  /** The company's history report asked for after a failed one: it runs, so the failed one freed its place. */
  async function nextReportRuns(): Promise<void> {
    await talk(t, chat.bot, `web-${randomUUID()}`, 'Ana', limaAt(dia, 9), ['hola']);
    const c = await t.login('compania@quipu.test');
    const { id } = (await c.post(`${API}/informe/excel`, { idBot: chat.bot, fd: dia, fh: dia })).json() as { id: string };
    await t.app.jobs.drain();
    expect(await stateOf(id)).toMatchObject({ estado: 'hecho', error: null });
    expect(liveReportWorkers()).toBe(0);
  }

  it('mientras el escritor del informe está ocupado, el hilo principal sigue atendiendo conversaciones; el archivo sale de otro hilo', async () => {
    const marca = path.join(t.dataDir, `marca-${randomUUID()}`);
    t.clock.now = limaAt(dia, 8);
    const id = await testReport({ modo: 'espera', marca });
    // Jobs run here only when drained: this runs the report, and ends once it has.
    const running = t.app.jobs.drain();
    // The writer has started and now holds its thread until the mark exists.
    await vi.waitFor(async () => expect(Number((await stateOf(id)).total)).toBe(MIDWAY_TOTAL), { timeout: 60_000, interval: 50 });
    expect(liveReportWorkers()).toBe(1);
    // A whole chat turn is answered meanwhile: were the writer on this thread, nothing would run.
    const session = await talk(t, chat.bot, `web-${randomUUID()}`, 'Beto', limaAt(dia, 8, 30), ['hola']);
    expect(session).toBeTruthy();
    expect((await stateOf(id)).estado).toBe('generando');
    fs.writeFileSync(marca, '');
    await running;
    expect(await stateOf(id)).toMatchObject({ estado: 'hecho', error: null });
    const c = await t.login('compania@quipu.test');
    const book = await workbook(await c.get(`${API}/informe?id=${id}`));
    // Read on the worker's own connection: the company's bot is there.
    // The writer saw the mark this thread left while it was blocked, and ran on another thread.
    expect(sheetRows(book.getWorksheet('Hilo')!)).toEqual([['Hilo principal', 'Marca', 'Bots'], ['no', 'sí', expect.any(Number)]]);
    expect(sheetRows(book.getWorksheet('Hilo')!)[1][2]).toBeGreaterThan(0);
    expect(liveReportWorkers()).toBe(0);
  }, 3 * MARK_WAIT_MS);

  it('detenido su trabajo (tiempo máximo, servidor que se apaga), el hilo del informe termina, sin archivo, y el informe sigue en curso', async () => {
    const marca = path.join(t.dataDir, `marca-${randomUUID()}`);
    const id = await testReport({ modo: 'espera', marca });
    const stop = new AbortController();
    const running = runReport(t.app, id, stop.signal);
    await vi.waitFor(async () => expect(Number((await stateOf(id)).total)).toBe(MIDWAY_TOTAL), { timeout: 60_000, interval: 50 });
    expect(liveReportWorkers()).toBe(1);
    stop.abort(new Error('detenido'));
    await expect(running).rejects.toThrow('detenido');
    // The writer never got its mark: only terminating its thread ended it.
    expect(liveReportWorkers()).toBe(0);
    expect((await stateOf(id)).estado).toBe('generando');
    expect(await parts(id)).toBe(0);
  }, 3 * MARK_WAIT_MS);

  /** The thread a report of the 'hilo' writer ran on. */
  async function threadOfReport(): Promise<number> {
    const id = await testReport({ modo: 'hilo' });
    await t.app.jobs.drain();
    expect(await stateOf(id)).toMatchObject({ estado: 'hecho', error: null });
    const c = await t.login('compania@quipu.test');
    const [, [thread]] = sheetRows((await workbook(await c.get(`${API}/informe?id=${id}`))).getWorksheet('Hilo')!);
    return Number(thread);
  }

  it('el hilo que terminó un informe espera el siguiente y lo escribe; uno detenido no vuelve, y el siguiente informe se escribe en otro', async () => {
    const first = await threadOfReport();
    expect(liveReportWorkers()).toBe(0);
    expect(idleReportWorkers()).toBeGreaterThanOrEqual(1);
    expect(await threadOfReport()).toBe(first);
    // A writer's error leaves its thread able to write the next report.
    const failed = await testReport({ modo: 'lanza' });
    await t.app.jobs.drain();
    expect((await stateOf(failed)).estado).toBe('error');
    expect(await threadOfReport()).toBe(first);
    // A thread terminated mid-report is gone: the next report runs on a new one.
    const marca = path.join(t.dataDir, `marca-${randomUUID()}`);
    const stopped = await testReport({ modo: 'espera', marca });
    const stop = new AbortController();
    const running = runReport(t.app, stopped, stop.signal);
    await vi.waitFor(async () => expect(Number((await stateOf(stopped)).total)).toBe(MIDWAY_TOTAL), { timeout: 60_000, interval: 50 });
    stop.abort(new Error('detenido'));
    await expect(running).rejects.toThrow('detenido');
    expect(liveReportWorkers()).toBe(0);
    // Its job, still queued, then runs to its end on the next thread.
    fs.writeFileSync(marca, '');
    expect(await threadOfReport()).not.toBe(first);
  }, 3 * MARK_WAIT_MS);

  it('un escritor que lanza un error deja el informe en error, en castellano y sin archivo, y el siguiente informe se genera', async () => {
    const id = await testReport({ modo: 'lanza' });
    await t.app.jobs.drain();
    expect(await stateOf(id)).toMatchObject({ estado: 'error', error: 'No se pudo generar el informe. Inténtelo de nuevo.' });
    expect(await parts(id)).toBe(0);
    await nextReportRuns();
  });

  it('un hilo que muere a mitad del informe lo deja en error, en castellano y sin archivo, y el siguiente informe se genera', async () => {
    const id = await testReport({ modo: 'sale' });
    await t.app.jobs.drain();
    expect(await stateOf(id)).toMatchObject({ estado: 'error', error: 'No se pudo generar el informe. Inténtelo de nuevo.' });
    expect(await parts(id)).toBe(0);
    await nextReportRuns();
  });

  it('un informe que pasa la memoria permitida termina en error diciéndolo, sin archivo, y el siguiente informe se genera', async () => {
    t.app.config.informesMemoriaMb = 32;
    const id = await testReport({ modo: 'memoria' });
    await t.app.jobs.drain();
    expect(await stateOf(id)).toMatchObject({
      estado: 'error',
      error: 'El informe superó la memoria permitida para generarlo (32 MB). Pida menos días o sin el detalle de los mensajes.',
    });
    expect(reportMemoryMessage(32)).toBe((await stateOf(id)).error);
    expect(await parts(id)).toBe(0);
    t.app.config.informesMemoriaMb = defaults.mb;
    await nextReportRuns();
  });
});
