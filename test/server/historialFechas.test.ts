// The days every history, report and dashboard route takes (fd, fh): from 2000-01-01 to
// 2100-12-31. A day outside them is a Spanish 400 naming the field, never a 500 from the day
// arithmetic; the first and the last day of the range are answered.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { limaBot } from './historialFixtures';
import { wallClock } from '../../server/src/services/historial/rango';

const ROUTES = ['/session.clientes', '/session?idClt=x', '/session/excel?idClt=x', '/informe/excel', '/dashboard/datos', '/dashboard/timeline', '/dashboard/skill', '/dashboard/depts', '/dashboard/bots', '/dashboard/uso'];

describe('fechas de una planilla', () => {
  const wall = (iso: string, timeZone: string) => wallClock(iso, timeZone)?.toISOString();
  it('muestran la hora de la empresa a cada lado de un cambio de hora', () => {
    expect(wall('2026-03-29T00:59:59.500Z', 'Europe/Madrid')).toBe('2026-03-29T01:59:59.500Z');
    expect(wall('2026-03-29T01:00:00.000Z', 'Europe/Madrid')).toBe('2026-03-29T03:00:00.000Z');
    expect(wall('2026-04-05T02:59:00.000Z', 'America/Santiago')).toBe('2026-04-04T23:59:00.000Z');
    expect(wall('2026-04-05T03:00:00.000Z', 'America/Santiago')).toBe('2026-04-04T23:00:00.000Z');
    expect(wallClock(null, 'America/Lima')).toBeNull();
  });
  it('también cuando el cambio cae un minuto después de la hora (Asia/Gaza, 2010)', () => {
    expect(wall('2010-03-26T22:00:30.000Z', 'Asia/Gaza')).toBe('2010-03-27T00:00:30.000Z');
    expect(wall('2010-03-26T22:05:00.000Z', 'Asia/Gaza')).toBe('2010-03-27T01:05:00.000Z');
  });
});

describe.each(dialects)('días de los rangos (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  let c: Client;
  beforeAll(async () => {
    t = await createTestApp(dialect, { dashboardPrerelease: true });
  });
  beforeEach(async () => {
    await t.reset();
    ({ chat } = await limaBot(t));
    c = await t.login('compania@quipu.test');
  });
  afterAll(async () => {
    await t.close();
  });

  const ask = (url: string, fd: string, fh: string) => c.post(`${API}${url}`, { idBot: chat.bot, fd, fh });

  it.each(ROUTES)("%s: fh '9999-12-31' o fd '1999-12-31' responde 400 'El campo … no tiene un formato válido'", async (url) => {
    const future = await ask(url, '2026-03-01', '9999-12-31');
    expect([future.statusCode, future.json()]).toEqual([400, { message: 'El campo fh no tiene un formato válido' }]);
    const past = await ask(url, '1999-12-31', '2026-03-01');
    expect([past.statusCode, past.json()]).toEqual([400, { message: 'El campo fd no tiene un formato válido' }]);
  });

  it('el primer y el último día admitidos se responden', async () => {
    for (const dia of ['2000-01-01', '2100-12-31']) {
      const cards = await ask('/session.clientes', dia, dia);
      expect([dia, cards.statusCode, cards.json().content]).toEqual([dia, 200, []]);
      const datos = await ask('/dashboard/datos', dia, dia);
      expect([dia, datos.statusCode, datos.json()]).toEqual([dia, 200, { canales: [], totSessions: 0, totClts: 0, msmTot: 0, cltAprox: false }]);
    }
  });
});
