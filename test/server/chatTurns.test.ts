// A turn's rows written all or nothing (conversation/store.ts writeTurn), alone or, on PostgreSQL,
// grouped with the turns that arrive while another is being written: each turn keeps its own
// compare-and-set, and one turn's conflict fails that turn only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/src/app';
import * as fraseUnica from '../../server/src/db/migrations/011_frases_unicas';
import { StaleConversation, writeTurn, type TurnWrite } from '../../server/src/conversation/store';
import { phraseHash } from '../../server/src/services/bots/frases';
import type { UsageWrite } from '../../server/src/conversation/uso';
import { addPoint, emptySketch, estimateSketch, sketchPoint } from '../../server/src/db/hll';
import { insertBot } from './botFixtures';
import { TEST_PASSWORD_COST, createTestApp, dialects, userRow, type TestApp } from './helpers';

describe.each(dialects)('turnos de conversación guardados (%s)', (dialect) => {
  let t: TestApp;
  let idE: string;
  let idBot: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    idE = (await userRow(t, 'compania@quipu.test')).idE;
    idBot = await insertBot(t, idE, 'Turnos');
  });
  afterAll(async () => {
    await t.close();
  });

  const fc = () => new Date(t.clock.now).toISOString();

  /** The first turn of a new psi: its client, session, conversation and two messages (what was said, the answer). */
  function firstTurn(psi: string, said: string, unrecognised = false): TurnWrite & { ids: { conversation: string; sesion: string; client: string } } {
    const ids = { conversation: randomUUID(), sesion: randomUUID(), client: randomUUID() };
    return {
      ids,
      client: { id: ids.client, idE, idChannel: 'demo', psi, red: 1, nm: null, test: 0, idU: null, fc: fc() },
      chatSession: { id: ids.sesion, idClt: ids.client, idE, idBot, red: 1, test: 0, fi: fc(), ff: null },
      messages: messages(ids.sesion, said, 1),
      conversation: { insert: { id: ids.conversation, idE, idBot, idChannel: 'demo', psi, idClt: ids.client, idSesion: ids.sesion, test: 0, sesion: null, estado: '{"seq":2}', ua: t.clock.now, rev: 0 } },
      ...(unrecognised ? { unrecognised: { idBot, f: said, fc: fc() } } : {}),
    };
  }

  function messages(idSesion: string, said: string, from: number) {
    return [
      { id: randomUUID(), idSesion, idBot, t: 1, m: said, tipo: 'TEXT', body: null, idSkill: null, score: null, fc: fc(), seq: from },
      { id: randomUUID(), idSesion, idBot, t: 0, m: 'No entendí', tipo: 'TEXT', body: '{"type":"TEXT","text":"No entendí"}', idSkill: null, score: null, fc: fc(), seq: from + 1 },
    ];
  }

  /** A next turn of a conversation written before, read at `rev`. */
  function nextTurn(first: ReturnType<typeof firstTurn>, said: string, rev: number, unrecognised = false): TurnWrite {
    return {
      messages: messages(first.ids.sesion, said, 3),
      conversation: { update: { id: first.ids.conversation, rev, estado: '{"seq":4}', ua: t.clock.now, idSesion: first.ids.sesion } },
      ...(unrecognised ? { unrecognised: { idBot, f: said, fc: fc() } } : {}),
    };
  }

  const said = async (idSesion: string) => (await t.app.db.selectFrom('chat_mensaje').select('m').where('idSesion', '=', idSesion).where('t', '=', 1).orderBy('seq').execute()).map((r) => r.m);
  const unrecognisedCount = async (f: string) => (await t.app.db.selectFrom('frase_nr').select('c').where('idBot', '=', idBot).where('f', '=', f).execute()).map((r) => Number(r.c));

  it('los turnos que llegan juntos se guardan cada uno; el que leyó una versión vieja no guarda nada', async () => {
    const a = firstTurn('psi-a', 'hola');
    const b = firstTurn('psi-b', 'hola');
    await writeTurn(t.app.db, t.app.dialect, a);
    await writeTurn(t.app.db, t.app.dialect, b);
    const spy = vi.spyOn(t.app.db.getExecutor(), 'executeQuery');
    const results = await Promise.allSettled([
      writeTurn(t.app.db, t.app.dialect, firstTurn('psi-c', 'qué es esto', true)),
      writeTurn(t.app.db, t.app.dialect, nextTurn(a, 'qué es esto', 0, true)),
      // Read at a rev b has left behind (another instance wrote it since).
      writeTurn(t.app.db, t.app.dialect, nextTurn(b, 'llegó tarde', 7, true)),
      writeTurn(t.app.db, t.app.dialect, firstTurn('psi-d', 'qué es esto', true)),
      writeTurn(t.app.db, t.app.dialect, firstTurn('psi-e', 'otra cosa rara', true)),
    ]);
    const turnStatements = spy.mock.calls.filter(([query]) => /insert into chat_mensaje/.test(query.sql)).length;
    spy.mockRestore();
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(StaleConversation);
    expect(await said(a.ids.sesion)).toEqual(['hola', 'qué es esto']);
    expect(await said(b.ids.sesion)).toEqual(['hola']);
    const rows = await t.app.db.selectFrom('conversacion').select(['psi', 'rev']).where('idBot', '=', idBot).orderBy('psi').execute();
    expect(rows.map((r) => [r.psi, Number(r.rev)])).toEqual([['psi-a', 1], ['psi-b', 0], ['psi-c', 0], ['psi-d', 0], ['psi-e', 0]]);
    // Three turns left 'qué es esto' unrecognised: one row, counted three times; the stale turn counts nothing.
    expect(await unrecognisedCount('qué es esto')).toEqual([3]);
    expect(await unrecognisedCount('otra cosa rara')).toEqual([1]);
    expect(await unrecognisedCount('llegó tarde')).toEqual([]);
    // PostgreSQL: the first goes alone, the other four share the next statement.
    if (dialect === 'postgres') expect(turnStatements).toBe(2);
  });

  it('un turno que choca con lo que guardó otra instancia falla solo; los de su grupo se guardan', async () => {
    await writeTurn(t.app.db, t.app.dialect, firstTurn('psi-x', 'hola'));
    const results = await Promise.allSettled([
      writeTurn(t.app.db, t.app.dialect, firstTurn('psi-y', 'hola')),
      writeTurn(t.app.db, t.app.dialect, firstTurn('psi-z', 'buenas', true)),
      // Another instance already started psi-x's client: this one's client insert conflicts.
      writeTurn(t.app.db, t.app.dialect, firstTurn('psi-x', 'de nuevo')),
      writeTurn(t.app.db, t.app.dialect, firstTurn('psi-w', 'buenas', true)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(StaleConversation);
    const psis = await t.app.db.selectFrom('conversacion').select('psi').where('idBot', '=', idBot).orderBy('psi').execute();
    expect(psis.map((r) => r.psi)).toEqual(['psi-w', 'psi-x', 'psi-y', 'psi-z']);
    expect(await unrecognisedCount('buenas')).toEqual([2]);
    const clients = await t.app.db.selectFrom('chat_cliente').select('psi').where('psi', '=', 'psi-x').execute();
    expect(clients).toHaveLength(1);
  });

  // Two SQLite instances in one process would wait on each other's lock on one thread; they run as processes.
  it.runIf(dialect === 'postgres')('dos instancias que cuentan a la vez la misma frase nueva dejan una sola fila, con las dos cuentas', async () => {
    const b = await buildApp(t.config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false });
    try {
      const turns = Array.from({ length: 6 }, (_, i) => firstTurn(`psi-${i}`, 'algo que nadie entiende', true));
      await Promise.all(turns.map((turn, i) => writeTurn(i % 2 ? b.db : t.app.db, t.app.dialect, turn)));
      expect(await unrecognisedCount('algo que nadie entiende')).toEqual([6]);
    } finally {
      await b.close();
    }
  });

  it('los primeros turnos del día de muchos clientes a la vez, juntos o de dos instancias, dejan a cada uno en el boceto de clientes distintos', async () => {
    const b = dialect === 'postgres' ? await buildApp(t.config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false }) : undefined;
    try {
      const dia = '2026-03-10';
      const turns = Array.from({ length: 40 }, (_, i) => {
        const turn = firstTurn(`psi-${i}`, 'hola');
        const key = { idBot, idE, dia, red: 1 };
        const usage: UsageWrite = {
          uso: { ...key, hora: 10, ds: 3, idChannel: 'demo', ses: 1, clt: 1, msg: 2 },
          cliente: { ...key, idClt: turn.ids.client, nm: null, ses: 1, msg: 2, ultimo: fc() },
          skills: [],
          clientes: { ...key, idChannel: 'demo', ...sketchPoint(turn.ids.client) },
          qnas: [],
        };
        return { ...turn, usage };
      });
      await Promise.all(turns.map((turn, i) => writeTurn(b && i % 2 ? b.db : t.app.db, t.app.dialect, turn)));
      const expected = emptySketch();
      for (const turn of turns) addPoint(expected, sketchPoint(turn.ids.client));
      const stored = await t.app.db.selectFrom('uso_clientes').select('hll').where('idBot', '=', idBot).where('dia', '=', dia).where('idChannel', '=', 'demo').executeTakeFirstOrThrow();
      expect(Buffer.from(stored.hll).equals(expected)).toBe(true);
      // Every client left its mark: as many registers are set as the clients' points fall in (two
      // random ids share a register about one run in twenty, which the estimate then counts once).
      const registers = new Set(turns.map((turn) => sketchPoint(turn.ids.client).reg));
      expect(Buffer.from(stored.hll).filter((r) => r > 0).length).toBe(registers.size);
      expect(estimateSketch(stored.hll)).toBe(registers.size);
    } finally {
      await b?.close();
    }
  });

  it('la migración 011 junta las filas repetidas de una frase en la más antigua, con sus cuentas sumadas', async () => {
    const { db } = t.app;
    // Migrations take the database without its current schema.
    const bare = db as unknown as Kysely<unknown>;
    const other = await insertBot(t, idE, 'Otro');
    await fraseUnica.down(bare);
    const row = (id: string, bot: string, f: string, c: number, hours: number) => ({ id, idBot: bot, f, c, fc: new Date(Date.UTC(2026, 0, 1, hours)).toISOString() });
    await db
      .insertInto('frase_nr')
      .values([row('n1', idBot, 'hola?', 2, 3), row('n2', idBot, 'hola?', 5, 1), row('n3', idBot, 'hola?', 1, 2), row('n4', idBot, 'chau', 4, 1), row('n5', other, 'hola?', 7, 1)] as never)
      .execute();
    await fraseUnica.up(bare);
    const rows = await db.selectFrom('frase_nr').select(['id', 'idBot', 'f', 'fh', 'c']).where('idBot', 'in', [idBot, other]).orderBy('id').execute();
    expect(rows.map((r) => ({ ...r, c: Number(r.c) }))).toEqual([
      { id: 'n2', idBot, f: 'hola?', fh: phraseHash('hola?'), c: 8 },
      { id: 'n4', idBot, f: 'chau', fh: phraseHash('chau'), c: 4 },
      { id: 'n5', idBot: other, f: 'hola?', fh: phraseHash('hola?'), c: 7 },
    ]);
    // From now on a second row for a text is refused.
    await expect(db.insertInto('frase_nr').values({ id: 'n6', idBot, f: 'chau', fh: phraseHash('chau'), c: 1, fc: row('', '', '', 0, 0).fc }).execute()).rejects.toThrow();
  });
});
