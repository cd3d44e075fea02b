// Failover: two instances on one PostgreSQL behind a round-robin proxy that carries WebSockets
// (http-proxy-3), 200 widget visitors sending 10 messages each with 1–2 s pauses, and a kill -9 of
// one instance 8 s in (test/server/failoverCluster.ts runs it; the demo bot's order lookup answers
// after 1 s, so the kill finds turns under way). Each visitor reconnects its STOMP connection with
// backoff, reads what it missed, and sends a failed message again with the same id.
// Prints: visitors, messages sent, acknowledged and answered; messages lost or answered twice (both
// must be 0); the longest wait for an answer across the kill. Prints figures only.
// Run: DATABASE_URL=postgres://… npx tsx bench/failover.ts   (VISITORS=… MESSAGES=… KILL_AFTER_MS=… to change it)
import { runFailover } from '../test/server/failoverCluster';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Hace falta DATABASE_URL (un servidor PostgreSQL): la prueba crea y borra su propia base en él.');
  process.exit(1);
}
const visitors = Number(process.env.VISITORS ?? 200);
const messages = Number(process.env.MESSAGES ?? 10);
const killAfterMs = Number(process.env.KILL_AFTER_MS ?? 8000);

console.log(`Conmutación: ${visitors} visitantes × ${messages} mensajes, pausas de 1 a 2 s, kill -9 de una de dos instancias a los ${killAfterMs / 1000} s`);
const result = await runFailover({ databaseUrl, visitors, messages, pauseMs: [1000, 2000], killAfterMs, log: (line) => console.log(line) });
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(`  visitantes: ${result.visitors} (${result.reconnected} reconectados tras la caída; ${result.connectedAtEnd} conectados al final)`);
console.log(`  mensajes enviados: ${result.sent}; confirmados: ${result.acknowledged}; respondidos: ${result.answered}`);
console.log(`  confirmados y perdidos: ${result.lost}; respondidos dos veces: ${result.doubled}`);
console.log(`  espera más larga por una respuesta a través de la caída: ${seconds(result.longestWaitAcrossKill)} (en toda la prueba: ${seconds(result.longestWait)})`);
if (result.errors.length) console.log(`  errores (${result.errors.length}): ${[...new Set(result.errors)].slice(0, 5).join(' | ')}`);
