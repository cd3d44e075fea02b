// Body flood: clients without a session keep POSTing 5 MB JSON bodies (an array of 2.6 million
// zeros: cheap to send, over a second of CPU to parse) to POST /api/usuario/search and to the demo
// web channel's POST /api/public/webchat/{key}/mensaje, while a signed-in user reads GET /api/bots.
// Prints that user's latency (p50, p95, p99, max) alone and during the flood, how the floods were
// answered (413, 429, anything else, connections cut) and the server's CPU, for the server as
// configured (BODY_LIMIT_KB, REFUSED_RATE_PER_MINUTE) and for the body limit alone (the refusals'
// throttle raised out of the way); COMPARE=1 adds a server with 5 MB on every route and no throttle.
// The flood comes from the user's own address, 127.0.0.1. The server runs as its own process,
// started the way `npm start` starts it.
// Budget: p95 of GET /api/bots ≤ 50 ms while 4 clients flood. Prints figures only.
// Run: npx tsx bench/body-flood.ts   (CLIENTS=… flooding clients, SECONDS=… per measurement)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { encodeCanalKey } from '../common/schemas/webchatKey';
import { DEMO_WEB_CHANNEL } from '../server/src/seed/canales';
import { DEMO_PASSWORD } from '../server/src/seed/index';
import { Session, cpuSeconds, percentile, startServer, type Server } from './lib/server';

const CLIENTS = Number(process.env.CLIENTS ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 15);
const BODY = Buffer.from(`[${'0,'.repeat(2.6e6 - 1)}0]`);
const keepAlive = new http.Agent({ keepAlive: true });

/** GET url with the session's cookie on a kept-alive connection; answers the milliseconds it took. */
function timedGet(session: Session, url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${session.base}${url}`, { headers: { cookie: session.cookie }, agent: keepAlive }, (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`GET ${url}: ${response.statusCode}`))));
      })
      .on('error', reject);
  });
}

/** One flood request on a connection of its own, without a cookie: its status, or 'cortada' when the connection ended first. */
function flood(url: string): Promise<number | 'cortada'> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: number | 'cortada') => {
      if (!settled) resolve(outcome);
      settled = true;
    };
    const request = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': BODY.length } }, (response) => {
      response.resume();
      settle(response.statusCode ?? 0);
    });
    request.on('error', () => settle('cortada'));
    request.end(BODY);
  });
}

/** The signed-in user's GETs for SECONDS, one after the other: their latencies, sorted, and the server's CPU meanwhile. */
async function measure(session: Session, server: Server): Promise<{ latencies: number[]; seconds: number; cpu?: number }> {
  const latencies: number[] = [];
  const cpuBefore = cpuSeconds(server.pid);
  const started = performance.now();
  while (performance.now() < started + SECONDS * 1000) {
    latencies.push(await timedGet(session, '/api/bots'));
    await new Promise((r) => setTimeout(r, 10));
  }
  const cpuAfter = cpuSeconds(server.pid);
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000, cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
}

function report(title: string, { latencies, seconds, cpu }: Awaited<ReturnType<typeof measure>>): void {
  const ms = (p: number) => `${percentile(latencies, p).toFixed(1)} ms`;
  console.log(`  ${title}: ${latencies.length} GET /api/bots, p50 ${ms(50)}, p95 ${ms(95)}, p99 ${ms(99)}, máx ${latencies.at(-1)!.toFixed(1)} ms`);
  if (cpu !== undefined) console.log(`    CPU del servidor: ${cpu.toFixed(1)} s en ${seconds.toFixed(1)} s (${((cpu / seconds) * 100).toFixed(0)} % de un núcleo)`);
}

async function run(label: string, env: Record<string, string>): Promise<void> {
  console.log(`\n${label}`);
  const server: Server = await startServer({ env });
  try {
    const session = new Session(server.base);
    await session.signIn('compania@quipu.test', DEMO_PASSWORD);
    const canales = await session.get<Array<{ id: string; dsc: string }>>(`/api/ch?idE=${session.idE}`);
    const key = encodeCanalKey(canales.find((c) => c.dsc === DEMO_WEB_CHANNEL)!.id);
    const targets = [`${server.base}/api/usuario/search`, `${server.base}/api/public/webchat/${key}/mensaje`];
    for (let i = 0; i < 50; i++) await timedGet(session, '/api/bots');

    report('sin ataque', await measure(session, server));

    const answers = new Map<string, number>();
    let stop = false;
    const floods = Array.from({ length: CLIENTS }, async (_, n) => {
      for (let i = n; !stop; i++) {
        const outcome = String(await flood(targets[i % targets.length]));
        answers.set(outcome, (answers.get(outcome) ?? 0) + 1);
      }
    });
    const flooded = await measure(session, server);
    stop = true;
    await Promise.all(floods);
    report(`con ${CLIENTS} clientes enviando 5 MB sin sesión`, flooded);
    const total = [...answers.values()].reduce((a, b) => a + b, 0);
    const counted = [...answers].sort(([a], [b]) => a.localeCompare(b)).map(([outcome, n]) => `${n} ${outcome === 'cortada' ? 'conexiones cortadas' : outcome}`);
    console.log(`    envíos de 5 MB: ${total} (${(total / flooded.seconds).toFixed(0)}/s): ${counted.join(', ')}`);
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

console.log(`body-flood: ${CLIENTS} clientes sin sesión envían cuerpos JSON de ${(BODY.length / 1024 / 1024).toFixed(1)} MB; ${SECONDS} s por medición; ${os.cpus().length} núcleos`);
await run('Como está configurado (BODY_LIMIT_KB, REFUSED_RATE_PER_MINUTE por omisión)', {});
await run('Solo el límite del cuerpo (REFUSED_RATE_PER_MINUTE=1000000)', { REFUSED_RATE_PER_MINUTE: '1000000' });
if (process.env.COMPARE) await run('Sin límites: 5 MB en toda ruta y sin freno (BODY_LIMIT_KB=5120, REFUSED_RATE_PER_MINUTE=1000000)', { BODY_LIMIT_KB: '5120', REFUSED_RATE_PER_MINUTE: '1000000' });
else console.log('\nSin límites (5 MB en toda ruta y sin freno): COMPARE=1 lo mide también');
