// Paged searches at size: seeds 1,000,000 audit rows and 100,000 users (most in one company) into
// a fresh embedded SQLite database, then prints p50/p95/p99 of POST /auditoria/search and
// POST /usuario/search (first page, deep page, filtered, sorted), each beside the bare Kysely
// queries the route runs. Budget: p95 under 50 ms. Prints figures only.
// Run: npx tsx bench/admin-search.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import type { DB } from '../server/src/db';
import { DEMO_PASSWORD } from '../server/src/seed/index';
import { planAuditSearch } from '../server/src/services/auditoria';
import { runSearch, type PageRequest } from '../server/src/db/paging';
import { hashPassword } from '../server/src/services/auth/passwords';
import { planUserSearch } from '../server/src/services/empresas/usuarios';
import { Client } from '../test/server/helpers';

const AUDIT_ROWS = 1_000_000;
const USERS = 100_000;
const RUNS = 200;
const WARMUP = 20;
/** A query slower than this budget gets fewer runs (at least MIN_RUNS), so the run stays short. */
const BUDGET_MS = 10_000;
const MIN_RUNS = 10;
const BATCH = 1000;

const NOMBRES = ['Ana', 'Luis', 'María', 'José', 'Carmen', 'Jorge', 'Lucía', 'Pedro', 'Rosa', 'Miguel', 'Elena', 'Diego', 'Sofía', 'Andrés', 'Paula', 'Mateo'];
const APELLIDOS = ['García', 'Quispe', 'Rojas', 'Flores', 'Torres', 'Mamani', 'Vargas', 'Castillo', 'Mendoza', 'Ramos', 'Huamán', 'Chávez', 'Díaz', 'Sánchez'];
const DETALLES = ['Consultó la conversación del cliente', 'Modificó el bot', 'Desplegó el bot', 'Vinculó el canal', 'Usuario modificado', 'Empresa modificada', 'Configuración de correo'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quipu-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '' }, { logLevel: 'silent' });
const app = await buildApp(config, { passwordCost: 1024, logger: false });
const db: DB = app.db;

// A deterministic pseudo-random sequence, so every run seeds the same data.
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];

async function seedData() {
  const started = performance.now();
  const now = Date.now();
  const companies = ['Grande', 'Pequeña 1', 'Pequeña 2', 'Pequeña 3'].map((nm, i) => ({
    id: `bench-${i}`, nm: `Bench ${nm}`, ruc: `2099999999${i}`, activo: 1 as const, audit: 1 as const, fc: new Date(now).toISOString(), acl: 0 as const, aclList: '[]',
    liveAgent: 0 as const, tg: 0 as const, ts: 30, dir: null, tel: null, c: null, razon: null, cs: null, csA: null, csE: null, consulta: null, ff: null,
    tk1: null, tk2: null, tk3: null, tk4: null,
  }));
  await db.insertInto('empresa').values(companies).execute();
  // 27 rows of every 30 (90 %) go to the big company, interleaved, so every period has all four.
  const companyOf = (i: number) => (i % 30 < 27 ? companies[0].id : companies[1 + (i % 30) - 27].id);

  const pwd = await hashPassword(DEMO_PASSWORD, 1024);
  const threeYears = 3 * 365 * 86_400_000;
  const logins: Record<string, string[]> = {};
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < USERS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, USERS - start) }, (_, k) => {
        const i = start + k;
        const idE = companyOf(i);
        const nm = pick(NOMBRES);
        const ap = `${pick(APELLIDOS)} ${pick(APELLIDOS)}`;
        const usuario = i === 0 ? 'compania@grande.test' : `${nm}.${ap.split(' ')[0]}.${i}@bench.test`.toLowerCase();
        const known = (logins[idE] ??= []);
        if (known.length < 50) known.push(usuario);
        return {
          id: `u-${i}`, usuario, idE, rol: i === 0 ? 'ROLE_COMPANIA' : 'ROLE_USER', nm, ap, a: (random() < 0.9 ? 1 : 0) as 0 | 1,
          uc: 'compania@grande.test', sso: 0 as const, pmHist: 0 as const, showChannels: 0 as const,
          fc: new Date(now - Math.floor(random() * threeYears)).toISOString(), pwd, pwdExpira: null, bloqueoHasta: null,
        };
      });
      await trx.insertInto('usuario').values(rows).execute();
    }
  });
  const usersDone = performance.now();

  const twoYears = 2 * 365 * 86_400_000;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < AUDIT_ROWS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, AUDIT_ROWS - start) }, (_, k) => {
        const i = start + k;
        const idE = companyOf(i);
        const ev = Math.floor(random() * 7);
        return {
          id: `a-${i}`, idU: 'u-0', us: pick(logins[idE]), idE, ev,
          fc: new Date(now - twoYears + Math.floor((i / AUDIT_ROWS) * twoYears) + Math.floor(random() * 60_000)).toISOString(),
          val: `${DETALLES[ev]} ${Math.floor(random() * 1_000_000)}`,
        };
      });
      await trx.insertInto('auditoria').values(rows).execute();
    }
  });
  const auditDone = performance.now();
  console.log(`seeded ${USERS.toLocaleString('en')} users in ${((usersDone - started) / 1000).toFixed(1)} s and ${AUDIT_ROWS.toLocaleString('en')} audit rows in ${((auditDone - usersDone) / 1000).toFixed(1)} s`);
  return companies[0].id;
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50: at(50), p95: at(95), p99: at(99) };
}

async function time(run: () => Promise<unknown>) {
  const began = performance.now();
  for (let i = 0; i < WARMUP && performance.now() - began < BUDGET_MS / 4; i++) await run();
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < RUNS && (samples.length < MIN_RUNS || performance.now() - start < BUDGET_MS)) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { ...percentiles(samples), runs: samples.length };
}

const ms = (n: number) => n.toFixed(2).padStart(7);

const big = await seedData();
const dbFile = path.join(dataDir, 'quipu.db');
console.log(`database: ${(fs.statSync(dbFile).size / 1024 / 1024).toFixed(0)} MB (${dbFile})`);

// A browser signed in as the big company's administrator.
const clock = { get now() { return Date.now(); }, advance() {} };
const client = new Client({ app, clock });
const signIn = await client.signIn('compania@grande.test');
if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);

type Scenario = [label: string, body: PageRequest];
const auditScenarios: Scenario[] = [
  ['first page', { page: 0, pageSize: 10 }],
  ['deep page (page 5,000 = offset 50,000)', { page: 5_000, pageSize: 10 }],
  ['middle page (offset 450,000)', { page: 45_000, pageSize: 10 }],
  ['last page (offset ~900,000)', { page: 89_999, pageSize: 10 }],
  ['filtered: ev = 2', { page: 0, pageSize: 10, filtered: [{ id: 'ev', value: 2 }] }],
  ['filtered: ev = 2, one month', { page: 0, pageSize: 10, filtered: [{ id: 'ev', value: 2 }, { id: 'fcDesde', value: isoDay(-60) }, { id: 'fcHasta', value: isoDay(-30) }] }],
  ['filtered: us contains (common)', { page: 0, pageSize: 10, filtered: [{ id: 'us', value: 'ana.' }] }],
  ['filtered: val contains (rare, full scan)', { page: 0, pageSize: 10, filtered: [{ id: 'val', value: 'bot 123456' }] }],
  ['filtered: val contains (common)', { page: 0, pageSize: 10, filtered: [{ id: 'val', value: 'modificó' }] }],
  ['filtered: val contains (mid, ~1,400 rows)', { page: 0, pageSize: 10, filtered: [{ id: 'val', value: 'cliente 12' }] }],
  ['sorted: us asc', { page: 0, pageSize: 10, sorted: [{ id: 'us', desc: false }] }],
  ['sorted: ev desc, page 100', { page: 100, pageSize: 10, sorted: [{ id: 'ev', desc: true }] }],
];
const userScenarios: Scenario[] = [
  ['first page', { page: 0, pageSize: 5 }],
  ['deep page (page 10,000 = offset 50,000)', { page: 10_000, pageSize: 5 }],
  ['middle page (offset 45,000)', { page: 9_000, pageSize: 5 }],
  ['last page (offset ~90,000)', { page: 17_999, pageSize: 5 }],
  ['filtered: nm contains "ana"', { page: 0, pageSize: 5, filtered: [{ id: 'nm', value: 'ana' }] }],
  ['filtered: usuario contains (rare)', { page: 0, pageSize: 5, filtered: [{ id: 'usuario', value: '.4242@' }] }],
  ['filtered: usuario contains (common)', { page: 0, pageSize: 5, filtered: [{ id: 'usuario', value: 'garcía' }] }],
  ['sorted: ap asc', { page: 0, pageSize: 5, sorted: [{ id: 'ap', desc: false }] }],
  ['sorted: a desc, page 1,000', { page: 1_000, pageSize: 5, sorted: [{ id: 'a', desc: true }] }],
];

function isoDay(daysFromNow: number) {
  return new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

async function report(title: string, url: string, scenarios: Scenario[], plan: (body: PageRequest) => Parameters<typeof runSearch>[1]) {
  console.log(`\n${title} (ms; up to ${RUNS} runs each, fewer for slow queries)`);
  console.log(`${'query'.padEnd(44)} ${'HTTP p50'.padStart(8)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}   ${'SQL p50'.padStart(8)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}  runs   total`);
  for (const [label, body] of scenarios) {
    let answer: { totalElements: number; totalExact: boolean; content: unknown[] } | undefined;
    const http = await time(async () => {
      const response = await client.post(url, body);
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      answer = response.json();
    });
    // The same Kysely queries, without HTTP, session, signature or JSON.
    const bare = await time(() => runSearch(db, plan(body)));
    const total = `${answer?.totalExact ? '' : '≥ '}${answer?.totalElements.toLocaleString('en')} (${answer?.content.length} rows)`;
    const runs = `${Math.min(http.runs, bare.runs)}`.padStart(5);
    console.log(`${label.padEnd(44)} ${ms(http.p50).padStart(8)} ${ms(http.p95)} ${ms(http.p99)}   ${ms(bare.p50).padStart(8)} ${ms(bare.p95)} ${ms(bare.p99)} ${runs}   ${total}`);
  }
}

await report('POST /auditoria/search, company with about 900,000 rows', '/api/auditoria/search', auditScenarios, (body) => planAuditSearch(db, big, body));
await report('POST /usuario/search, company with about 90,000 users', '/api/usuario/search', userScenarios, (body) => planUserSearch(db, big, body));

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
