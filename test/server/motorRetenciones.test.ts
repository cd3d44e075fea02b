// What the conversation engine holds across awaits (a conversation's turn queue, a bot row being
// read, a model being trained) is handed on when the work throws, hangs past its bound or is
// stopped at its limit.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId } from './adminFixtures';
import { insertBot, insertSkill } from './botFixtures';
import { createTestApp, type TestApp } from './helpers';
import { ReadyBots, TurnQueue } from '../../server/src/conversation';
import { INLINE_PHRASES, liveTrainingWorkers, trainingTimeoutMessage, type TrainingLimits } from '../../server/src/engine/training';
import type { DB } from '../../server/src/db';

/** Whether `promise` settles within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true, () => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
const never = () => new Promise<never>(() => undefined);

describe('la cola de turnos de una conversación', () => {
  it('un turno que lanza un error deja pasar al siguiente de la misma conversación en seguida', async () => {
    const queue = new TurnQueue({ waitMs: 60_000 });
    const failed = queue.once('c:bot:canal:cliente', async () => {
      throw new Error('falla del turno');
    });
    const next = queue.once('c:bot:canal:cliente', async () => 'respondido');
    await expect(failed).rejects.toThrow('falla del turno');
    expect(await settlesWithin(next, 200)).toBe(true);
    expect(await next).toBe('respondido');
  });

  it('un turno que nunca termina retiene la conversación solo hasta su límite, y se registra; las demás conversaciones no esperan', async () => {
    const logged: Array<{ key: string; waitedMs: number }> = [];
    const queue = new TurnQueue({ waitMs: 300, log: (key, waitedMs) => logged.push({ key, waitedMs }) });
    void queue.once('c:bot:canal:colgado', never);
    const other = queue.once('c:bot:canal:otro', async () => 'otra conversación');
    expect(await settlesWithin(other, 100)).toBe(true);
    const asked = performance.now();
    const next = queue.once('c:bot:canal:colgado', async () => 'siguiente');
    const third = queue.once('c:bot:canal:colgado', async () => 'tercero');
    expect(await next).toBe('siguiente');
    expect(performance.now() - asked).toBeGreaterThanOrEqual(290);
    expect(await settlesWithin(third, 100)).toBe(true);
    expect(logged).toEqual([{ key: 'c:bot:canal:colgado', waitedMs: expect.any(Number) }]);
    expect(logged[0].waitedMs).toBeGreaterThanOrEqual(290);
  });
});

describe('el motor de bots', () => {
  let t: TestApp;
  let idBot: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    idBot = await insertBot(t, await companyId(t, 'Demo Internacional'), 'Bot grande');
    // Past INLINE_PHRASES, so it trains in a worker thread.
    for (let s = 0; s < 20; s++) await insertSkill(t, idBot, `Tema ${s}`, { frases: Array.from({ length: 20 }, (_, i) => `consulta número ${i} sobre el tema ${s}`) });
    expect(20 * 20).toBeGreaterThan(INLINE_PHRASES);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('si leer la fila del bot falla, el siguiente mensaje la lee de nuevo en vez de recibir el mismo error', async () => {
    const bots = new ReadyBots();
    const broken = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(path.join(t.dataDir, `vacia-${randomUUID()}.db`)) }) }) as unknown as DB;
    try {
      await expect(bots.botEntry(broken, idBot)).rejects.toThrow(/no such table/);
    } finally {
      await broken.destroy();
    }
    expect(await bots.botEntry(t.app.db, idBot)).toMatchObject({ bot: { id: idBot, nm: 'Bot grande' } });
  });

  it('un entrenamiento detenido en su límite de tiempo libera el modelo: los mensajes que esperaban reciben el motivo, no queda ningún hilo, y el siguiente entrena de nuevo', async () => {
    const limits: TrainingLimits = { timeoutMs: 50, maxMemoryMb: 512 };
    const bots = new ReadyBots(limits);
    const first = bots.workingBot(t.app.db, idBot);
    const waiting = bots.workingBot(t.app.db, idBot);
    await expect(first).rejects.toThrow(trainingTimeoutMessage(50));
    await expect(waiting).rejects.toThrow(trainingTimeoutMessage(50));
    expect(liveTrainingWorkers()).toBe(0);
    limits.timeoutMs = 60_000;
    const bot = await bots.workingBot(t.app.db, idBot);
    expect(bot.skills.size).toBe(20);
    expect(liveTrainingWorkers()).toBe(0);
  }, 60_000);
});
