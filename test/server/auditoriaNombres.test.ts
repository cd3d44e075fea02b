// Audit: what a row's detail names by id (a conversation's client and session, a copied bot) comes
// back with its name as it is now, read in one query per page; something gone says so.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backfillLegacyRefs } from '../../server/src/db/migrations/016_auditoria_refs';
import { recordAudit, withRefNames, type AuditRow } from '../../server/src/services/auditoria';
import { EV } from '../../common/schemas/rules';
import { companyId, signedIn } from './adminFixtures';
import { API, createTestApp, dialects, userRow, type TestApp } from './helpers';

const SEARCH = `${API}/auditoria/search`;

describe.each(dialects)('auditoría: nombres de lo que el detalle nombra por id (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;
  let otra: string;
  let bot: { id: string; nm: string };
  let otraBot: string;
  const fi = '2026-03-04T15:06:00.000Z';

  /** A client of Demo Internacional with one session with `bot`. */
  async function conversation(nm: string | null) {
    const idClt = randomUUID();
    const idS = randomUUID();
    await t.app.db.insertInto('chat_cliente').values({ id: idClt, idE: demo, idChannel: 'web', psi: `psi-${idClt}`, red: 3, nm, fc: fi }).execute();
    await t.app.db.insertInto('chat_sesion').values({ id: idS, idClt, idE: demo, idBot: bot.id, red: 3, fi, ff: null }).execute();
    return { idClt, idS };
  }

  const rows = async (val: string) => (await (await as('compania')).post(SEARCH, { page: 0, pageSize: 100, filtered: [{ id: 'val', value: val }] })).json().content;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
    otra = await companyId(t, 'Otra Empresa');
    bot = await t.app.db.selectFrom('bot').select(['id', 'nm']).where('idE', '=', demo).orderBy('nm').executeTakeFirstOrThrow();
    otraBot = (await t.app.db.selectFrom('bot').select('id').where('idE', '=', otra).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());

  it('abrir una conversación deja en el detalle su sesión y su cliente, que la búsqueda nombra', async () => {
    const { idClt, idS } = await conversation('María Pérez');
    expect((await (await as('compania')).get(`${API}/conversacion?idS=${idS}`)).statusCode).toBe(200);
    const [row] = await rows(idS);
    expect(row.val).toBe(`Conversación: sesión ${idS} del cliente ${idClt}`);
    expect(row.refs).toEqual([
      { tipo: 'sesion', id: idS, nm: fi },
      { tipo: 'cliente', id: idClt, nm: 'María Pérez' },
    ]);
  });

  it('un cliente sin nombre queda con su id; uno borrado, marcado eliminado', async () => {
    const sinNombre = await conversation(null);
    await (await as('compania')).get(`${API}/conversacion?idS=${sinNombre.idS}`);
    expect((await rows(sinNombre.idS))[0].refs).toEqual([
      { tipo: 'sesion', id: sinNombre.idS, nm: fi },
      { tipo: 'cliente', id: sinNombre.idClt },
    ]);
    const borrado = await conversation('Luis Rojas');
    await (await as('compania')).get(`${API}/conversacion?idS=${borrado.idS}`);
    await t.app.db.deleteFrom('chat_sesion').where('id', '=', borrado.idS).execute();
    await t.app.db.deleteFrom('chat_cliente').where('id', '=', borrado.idClt).execute();
    expect((await rows(borrado.idS))[0].refs).toEqual([
      { tipo: 'sesion', id: borrado.idS, eliminado: true },
      { tipo: 'cliente', id: borrado.idClt, eliminado: true },
    ]);
  });

  it('un bot nombrado toma su nombre de hoy; el de otra empresa no se nombra: cuenta como eliminado', async () => {
    const actor = await userRow(t, 'compania@quipu.test');
    const now = t.clock.now;
    await recordAudit(t.app.db, { id: actor.id, usuario: actor.usuario, idE: demo }, { ev: EV.BOT_MODIFICADO, val: `Bot «Copia»: importado como copia de ${bot.id} [nombres-1]`, refs: [{ tipo: 'bot', id: bot.id }] }, now);
    await recordAudit(t.app.db, { id: actor.id, usuario: actor.usuario, idE: demo }, { ev: EV.BOT_MODIFICADO, val: `Bot «Copia»: importado como copia de ${otraBot} [nombres-2]`, refs: [{ tipo: 'bot', id: otraBot }] }, now);
    await t.app.db.updateTable('bot').set({ nm: 'Ventas 2026' }).where('id', '=', bot.id).execute();
    expect((await rows('[nombres-1]'))[0].refs).toEqual([{ tipo: 'bot', id: bot.id, nm: 'Ventas 2026' }]);
    const foreign = (await rows('[nombres-2]'))[0];
    expect(foreign.refs).toEqual([{ tipo: 'bot', id: otraBot, eliminado: true }]);
    expect(JSON.stringify(foreign)).not.toContain((await t.app.db.selectFrom('bot').select('nm').where('id', '=', otraBot).executeTakeFirstOrThrow()).nm);
    await t.app.db.updateTable('bot').set({ nm: bot.nm }).where('id', '=', bot.id).execute();
  });

  it('una fila sin nada nombrado por id no trae refs', async () => {
    const [row] = (await (await as('compania')).post(SEARCH, { page: 0, filtered: [{ id: 'ev', value: 2 }] })).json().content;
    expect(row).not.toHaveProperty('refs');
  });

  it('los nombres de una página se leen en una sola consulta, tenga cuantas filas y clases tenga', async () => {
    const conversations = await Promise.all(Array.from({ length: 8 }, (_, i) => conversation(`Cliente ${i}`)));
    const page = {
      content: conversations.map(({ idClt, idS }, i): AuditRow => ({
        id: `p-${i}`, idU: 'x', us: 'x', idE: demo, ev: 0, fc: fi, val: `Conversación: sesión ${idS} del cliente ${idClt}`,
        refs: JSON.stringify([{ tipo: 'sesion', id: idS }, { tipo: 'cliente', id: idClt }, { tipo: 'bot', id: bot.id }]),
      })),
    };
    const spy = vi.spyOn(t.app.db.getExecutor(), 'executeQuery');
    try {
      const named = await withRefNames(t.app.db, page);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(named.content.map((row) => row.refs?.find((r) => r.tipo === 'cliente')?.nm)).toEqual(conversations.map((_, i) => `Cliente ${i}`));
      expect(named.content.every((row) => row.refs?.find((r) => r.tipo === 'bot')?.nm === bot.nm)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('las filas escritas antes guardaban los ids solo en su texto: la migración les da sus refs', async () => {
    const { idClt, idS } = await conversation('Rosa Díaz');
    const actor = await userRow(t, 'compania@quipu.test');
    const legacy = (id: string, ev: number, val: string) => ({ id, idU: actor.id, us: actor.usuario, idE: demo, ev, fc: fi, val });
    await t.app.db
      .insertInto('auditoria')
      .values([
        legacy('antigua-1', 0, `Conversación: sesión ${idS} del cliente ${idClt}, mensajes anteriores a la posición 2`),
        legacy('antigua-2', 0, `Exportar Excel: sesiones del cliente ${idClt} del 2026-03-01 al 2026-03-04`),
        legacy('antigua-3', 1, `Bot «Copia»: importado como copia de ${bot.id}`),
        legacy('antigua-4', 1, 'Bot «Copia»: importado como copia de otra-instalacion'),
        legacy('antigua-5', 0, 'Consultó la conversación del cliente 51987654321'),
      ])
      .execute();
    await backfillLegacyRefs(t.app.db);
    const refs = Object.fromEntries(
      (await t.app.db.selectFrom('auditoria').select(['id', 'refs']).where('id', 'like', 'antigua-%').execute()).map((r) => [r.id, r.refs && JSON.parse(r.refs)]),
    );
    expect(refs).toEqual({
      'antigua-1': [{ tipo: 'sesion', id: idS }, { tipo: 'cliente', id: idClt }],
      'antigua-2': [{ tipo: 'cliente', id: idClt }],
      'antigua-3': [{ tipo: 'bot', id: bot.id }],
      'antigua-4': null,
      'antigua-5': null,
    });
  });
});
