// An upgrade that does not stop the service: the history of bench/history.ts (10,000,000 messages,
// 1,000,000 clients, SQLite), copied and brought back to before migration 014 with the migrations'
// own down, then started as `npm start` starts it. Prints the seconds from the start until
// GET /api/ready answers 200, until a signed-in dashboard call answers, and until the counts the
// upgrade owes are done (the job of conversation/rellenos.ts), with the chat's paced p95
// meanwhile. Figures only: no budget is checked here.
//
//   npx tsx bench/upgrade.ts
// HISTORY_DIR (default /tmp/quipu-bench-history) holds the history bench/history.ts wrote; it is
// copied, never changed. SCRATCH_DIR (default a new temporary folder) receives the copy.
// FILL_WAIT_MINUTES (default 60) bounds the wait for the counts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { migrateDownTo, openDb } from '../server/src/db';
import { DEMO_PASSWORD } from '../server/src/seed/index';
import { Session, percentile, startServer } from './lib/server';

const HISTORY = process.env.HISTORY_DIR ?? '/tmp/quipu-bench-history';
const WAIT_MS = Number(process.env.FILL_WAIT_MINUTES ?? 60) * 60_000;
const since = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

async function copyBeforeUpgrade(): Promise<string> {
  const dir = process.env.SCRATCH_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'quipu-bench-upgrade-'));
  fs.mkdirSync(dir, { recursive: true });
  let started = performance.now();
  for (const file of ['quipu.db', 'secret.key']) fs.copyFileSync(path.join(HISTORY, file), path.join(dir, file));
  console.log(`  copia de ${HISTORY} en ${dir}: ${since(started)} s`);
  started = performance.now();
  const { db } = await openDb({ dataDir: dir, databaseUrl: undefined });
  try {
    const undone = await migrateDownTo(db, '013_historial');
    console.log(`  deshechas ${undone} migraciones (024 … 014) con su propio down: ${since(started)} s`);
  } finally {
    await db.destroy();
  }
  return dir;
}

async function main(): Promise<void> {
  console.log('Actualización desde antes de la migración 014 sobre el historial de bench/history.ts (SQLite)');
  const saved = JSON.parse(fs.readFileSync(path.join(HISTORY, 'historia.json'), 'utf8')) as { idBot: string; today: string };
  const dir = await copyBeforeUpgrade();
  const started = performance.now();
  const server = await startServer({ dataDir: dir, env: { SEED_DEMO: '0', LOG_LEVEL: 'info' } });
  const serving = since(started);
  try {
    const ready = await fetch(`${server.base}/api/ready`);
    console.log(`  primera respuesta (GET /api/public/athena): ${serving} s; GET /api/ready ${ready.status}: ${since(started)} s`);
    const session = new Session(server.base);
    await session.signIn('compania@quipu.test', DEMO_PASSWORD);
    console.log(`  sesión iniciada (POST /enki): ${since(started)} s`);
    const range = { idBot: saved.idBot, fd: saved.today, fh: saved.today };
    const datos = async () => (await (await session.send('POST', '/api/dashboard/datos', range)).json()) as { preparando?: boolean; msmTot: number };
    const first = await datos();
    console.log(`  POST /dashboard/datos firmado: ${since(started)} s (preparando: ${first.preparando === true})`);

    // The chat meanwhile: one message a second from the test chat, its times kept while the counts run.
    const times: number[] = [];
    let chatting = true;
    const chat = (async () => {
      const psi = `bench-${randomUUID()}`;
      while (chatting) {
        const at = performance.now();
        try {
          await session.send('POST', '/api/webchat/demo', { psi, idBot: saved.idBot, test: true, red: 1, message: 'hola' });
          times.push(performance.now() - at);
        } catch {
          // A bot not deployed for the test chat: no chat figures.
          return;
        }
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - at))));
      }
    })();

    const progress = new Database(path.join(dir, 'quipu.db'), { readonly: true, fileMustExist: true });
    const fills = () => progress.prepare('select id, estado, leidos from relleno order by orden').all() as { id: string; estado: string; leidos: number }[];
    let done = false;
    let lastPrint = 0;
    // The event loop meanwhile: GET /api/health reads no database, so its time is the wait to be served.
    const health: number[] = [];
    while (performance.now() - started < WAIT_MS) {
      const at = performance.now();
      await fetch(`${server.base}/api/health`);
      health.push(performance.now() - at);
      const rows = fills();
      if (rows.every((r) => r.estado === 'hecho')) {
        done = true;
        break;
      }
      if (performance.now() - lastPrint > 30_000) {
        lastPrint = performance.now();
        console.log(`  ${since(started)} s: ${rows.map((r) => `${r.id} ${r.estado} ${Number(r.leidos).toLocaleString('es')}`).join(' · ')}`);
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
    const finished = since(started);
    chatting = false;
    await chat;
    progress.close();
    console.log(done ? `  conteos terminados: ${finished} s` : `  conteos sin terminar tras ${finished} s`);
    const last = await datos();
    console.log(`  POST /dashboard/datos luego: preparando ${last.preparando === true}, mensajes de hoy ${last.msmTot.toLocaleString('es')}`);
    health.sort((a, b) => a - b);
    console.log(`  GET /api/health durante el conteo (${health.length}): p50 ${percentile(health, 50).toFixed(1)} ms, p95 ${percentile(health, 95).toFixed(1)} ms, máx ${health.at(-1)!.toFixed(1)} ms`);
    if (times.length > 0) {
      times.sort((a, b) => a - b);
      console.log(`  chat de prueba durante el conteo (1 mensaje/s, ${times.length}): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, máx ${times.at(-1)!.toFixed(1)} ms`);
    }
  } finally {
    await server.stop();
    if (!process.env.SCRATCH_DIR) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
