// The limits on reports: how many one user and one company may have being generated at once, and
// the space a company's files may hold; each refusal a 429 in Spanish saying how long to wait.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_TTL_MS, type Report } from '../../common/schemas/historial';
import { JOB_MESSAGES } from '../../server/src/jobs/queue';
import { reportJobFailed, runReport } from '../../server/src/services/historial/informes';
import type { ChatBot } from './chatFixtures';
import { companyId } from './adminFixtures';
import { insertBot } from './botFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { futureDay, limaAt, limaBot, talk } from './historialFixtures';

const MB = 1024 * 1024;

describe.each(dialects)('límites de los informes (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  let idE: string;
  const dia = futureDay(2);
  const defaults = { mb: 0 };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    defaults.mb = t.app.config.informesMbPorEmpresa;
  });
  beforeEach(async () => {
    t.app.config.informesMbPorEmpresa = defaults.mb;
    await t.reset();
    ({ idE, chat } = await limaBot(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const ask = (c: Client, extra: object = {}) => c.post(`${API}/informe/excel`, { idBot: chat.bot, fd: dia, fh: dia, completo: true, ...extra });
  const stored = async () => (await t.app.db.selectFrom('informe').select(['id', 'idU', 'estado']).where('idE', '=', idE).execute()).length;
  const queued = async () => (await t.app.db.selectFrom('trabajo').select('id').where('tipo', '=', 'informe').execute()).length;

  /** A finished report of the company whose file holds `bytes`, asked for by compania@ now. */
  async function heldReport(bytes: number): Promise<string> {
    const id = randomUUID();
    const idU = (await t.app.db.selectFrom('usuario').select('id').where('usuario', '=', 'compania@quipu.test').executeTakeFirstOrThrow()).id;
    await t.app.db
      .insertInto('informe')
      .values({ id, idE, idBot: chat.bot, idU, tipo: 'historial', nm: 'Historial_grande.xlsx', datos: '{}', estado: 'hecho', error: null, tam: bytes, fc: t.clock.now, expira: t.clock.now + REPORT_TTL_MS })
      .execute();
    for (let n = 0, left = bytes; left > 0; n++, left -= MB) {
      await t.app.db.insertInto('informe_parte').values({ idInforme: id, n, datos: Buffer.alloc(Math.min(MB, left), 7) }).execute();
    }
    return id;
  }

  it('40 informes pedidos a la vez por un usuario: pasan 3 y el resto recibe 429 diciendo cuánto esperar; los de otro usuario siguen pasando', async () => {
    await talk(t, chat.bot, `web-${randomUUID()}`, 'Ana', limaAt(dia, 9), ['hola']);
    const h = await t.login('historial@quipu.test');
    const answers = await Promise.all(Array.from({ length: 40 }, () => ask(h)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(new Set(refused.map((a) => a.statusCode))).toEqual(new Set([429]));
    expect(refused[0].json()).toEqual({ message: 'Tiene 3 informes en curso y el máximo es 3. Inténtelo de nuevo en 30 segundos, cuando termine alguno; su avance se ve en Ver Informes.' });
    expect(refused[0].headers['retry-after']).toBe('30');
    expect(await stored()).toBe(3);
    expect(await queued()).toBe(3);

    // The company's own next report is not held back by historial@'s.
    const c = await t.login('compania@quipu.test');
    expect((await ask(c)).statusCode).toBe(200);
    // Once they are done, historial@ may ask again.
    await t.app.jobs.drain();
    expect((await ask(h)).statusCode).toBe(200);
  });

  it('el tiempo de espera sale del avance del informe en curso', async () => {
    const h = await t.login('historial@quipu.test');
    for (let i = 0; i < 3; i++) expect((await ask(h)).statusCode).toBe(200);
    // A quarter of one written in the 20 s since it was asked: about 60 s to go.
    const [first] = await t.app.db.selectFrom('informe').select('id').where('idE', '=', idE).execute();
    await t.app.db.updateTable('informe').set({ total: 400, progreso: 100 }).where('id', '=', first.id).execute();
    t.clock.advance(20_000);
    const refused = await ask(h);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('Inténtelo de nuevo en 1 minuto,');
    expect(refused.headers['retry-after']).toBe('60');
  });

  it('un informe detenido (tiempo máximo, servidor que se apaga) no deja archivo y sigue en curso; si su trabajo falla del todo, queda en error y libera su lugar', async () => {
    await talk(t, chat.bot, `web-${randomUUID()}`, 'Ana', limaAt(dia, 9), ['hola']);
    const h = await t.login('historial@quipu.test');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(((await ask(h)).json() as { id: string }).id);
    const stop = new AbortController();
    stop.abort();
    await expect(runReport(t.app, ids[0], stop.signal)).rejects.toThrow();
    expect(await t.app.db.selectFrom('informe').select('estado').where('id', '=', ids[0]).executeTakeFirstOrThrow()).toEqual({ estado: 'generando' });
    expect(await t.app.db.selectFrom('informe_parte').select('n').where('idInforme', '=', ids[0]).execute()).toEqual([]);
    expect((await ask(h)).statusCode).toBe(429);

    await reportJobFailed(t.app, { id: ids[0] }, JOB_MESSAGES.timeout(15 * 60_000));
    const listed = (await h.get(`${API}/informes`)).json() as Report[];
    expect(listed.find((r) => r.id === ids[0])).toMatchObject({ estado: 'error', error: 'No se pudo generar el informe. El trabajo superó su tiempo máximo de 15 min.' });
    expect((await ask(h)).statusCode).toBe(200);
  });

  it('la empresa no pasa de 10 informes en curso entre todos sus usuarios; otra empresa no se ve afectada', async () => {
    const answers: Array<[string, number]> = [];
    for (const who of ['historial', 'usuario', 'compania', 'admin'] as const) {
      const c = await t.login(`${who}@quipu.test`);
      for (let i = 0; i < 3; i++) answers.push([who, (await ask(c)).statusCode]);
    }
    expect(answers.filter(([, status]) => status === 200).map(([who]) => who)).toEqual([
      'historial', 'historial', 'historial', 'usuario', 'usuario', 'usuario', 'compania', 'compania', 'compania', 'admin',
    ]);
    const admin = await t.login('admin@quipu.test');
    const refused = await ask(admin);
    expect([refused.statusCode, refused.json().message]).toEqual([429, 'La empresa tiene 10 informes en curso y el máximo es 10. Inténtelo de nuevo en 30 segundos, cuando termine alguno.']);
    expect(await stored()).toBe(10);

    const otraBot = await insertBot(t, await companyId(t, 'Otra Empresa'));
    const otra = await t.login('otra@quipu.test');
    expect((await otra.post(`${API}/informe/excel`, { idBot: otraBot, fd: dia, fh: dia })).statusCode).toBe(200);
  });

  it('lo que ocupan los archivos de la empresa tiene un máximo: pasado, 429 hasta que venzan los más antiguos o se eliminen', async () => {
    t.app.config.informesMbPorEmpresa = 2;
    const c = await t.login('compania@quipu.test');
    const big = await heldReport(Math.round(1.5 * MB));
    t.clock.advance(30 * 60_000);
    await heldReport(MB);
    const h = await t.login('historial@quipu.test');
    const refused = await ask(h);
    expect([refused.statusCode, refused.json().message]).toEqual([
      429,
      'Los informes de la empresa ocupan 2,5 MB y el máximo es 2 MB. Podrá pedir otro en 1 h 30 min, cuando venzan los más antiguos, o antes si se eliminan informes en Ver Informes.',
    ]);
    expect(refused.headers['retry-after']).toBe(String(90 * 60));
    expect(await stored()).toBe(2);

    // Deleting one frees its space; an expired one no longer counts.
    expect((await c.send('DELETE', `${API}/informes?id=${big}`)).statusCode).toBe(200);
    expect((await ask(h)).statusCode).toBe(200);
    await heldReport(2 * MB);
    t.clock.advance(REPORT_TTL_MS);
    const later = await t.login('historial@quipu.test');
    expect((await ask(later)).statusCode).toBe(200);
  });

  it('un informe que no cabe en lo que queda del espacio de la empresa termina en error, en castellano y sin archivo', async () => {
    t.app.config.informesMbPorEmpresa = 1;
    await talk(t, chat.bot, `web-${randomUUID()}`, 'Ana', limaAt(dia, 9), ['hola', 'cuánto cuesta']);
    await heldReport(MB - 1024);
    const c = await t.login('historial@quipu.test');
    const { id } = (await ask(c)).json() as { id: string };
    await t.app.jobs.drain();
    const [report] = (await c.get(`${API}/informes`)).json() as Report[];
    expect(report).toMatchObject({
      id, estado: 'error',
      error: 'El informe no cabe en el espacio de informes de la empresa: de sus 1 MB quedan libres 1 KB. Elimine informes en Ver Informes, o pida menos días o sin el detalle de los mensajes.',
    });
    expect(await t.app.db.selectFrom('informe_parte').select('n').where('idInforme', '=', id).execute()).toEqual([]);
  });
});
