// Failover: two instances on one PostgreSQL behind a round-robin proxy that carries WebSockets, 50
// widget visitors talking, and a kill -9 of one instance a few seconds in. Every visitor's
// conversation goes on through the other instance: nothing acknowledged is lost or recorded twice,
// every message gets its answer, and no visitor waits more than 10 s across the kill. PostgreSQL only.
import { describe, expect, it } from 'vitest';
import { runFailover } from './failoverCluster';

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('conmutación por caída de una instancia (PostgreSQL)', () => {
  it('con kill -9 de una de dos instancias, cada visitante sigue su conversación en la otra sin perder ni duplicar mensajes', async () => {
    const result = await runFailover({ databaseUrl: databaseUrl as string, visitors: 50, messages: 6, pauseMs: [500, 1500], killAfterMs: 4000 });
    console.log(JSON.stringify({ ...result, errors: result.errors.length }));
    expect(result.errors).toEqual([]);
    expect(result.sent).toBe(50 * 6);
    expect(result.acknowledged).toBe(result.sent);
    expect(result.answered).toBe(result.sent);
    expect(result.unanswered).toBe(0);
    expect(result.lost).toBe(0);
    expect(result.doubled).toBe(0);
    // About half the visitors were on the killed instance: their STOMP connections came back on the other.
    expect(result.reconnected).toBeGreaterThan(0);
    expect(result.connectedAtEnd).toBe(50);
    expect(result.longestWaitAcrossKill).toBeLessThanOrEqual(10_000);
  }, 180_000);
});
