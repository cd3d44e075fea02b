// History, reports and the dashboard at size: on the embedded SQLite, one company with 1,000,000
// clients, 2,000,000 sessions and 10,000,000 messages over 90 days (bench/lib/historyData.ts), the
// server run as `npm start` runs it, called as the console calls it. Prints p50/p95/max of:
//   POST /session.clientes: first page, a deep page, the last page and a name filter, on one day
//     (the console's default range), and the first page of 7 and 90 days;
//   GET /conversacion: a session of 1,000 messages, its newest page and an older one;
//   every POST /dashboard/* call over 90 days;
// and an Excel report of about 100,000 messages: its time beside exceljs's streaming writer alone
// writing the same rows (values, date formats, bold headers), and how much the server's memory grew meanwhile.
// Budgets: clientes p95 ≤ 50 ms, conversacion p95 ≤ 30 ms, dashboard p95 ≤ 100 ms, report ≤ 1.5 ×
// the writer alone and ≤ 200 MB more memory. Prints figures only.
// Run: npx tsx bench/history.ts   (CLIENTS=… SESSIONS=… MESSAGES=… for another size; the data is
// written once under HISTORY_DIR, /tmp/quipu-bench-history by default, and reused: FRESH=1 writes it again)
import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { addDays } from '../common/dias';
import { DEMO_PASSWORD } from '../server/src/seed/index';
import { preparedHistory, type SavedHistory } from './lib/historyFolder';
import { Session, percentile, startServer } from './lib/server';

const SHAPE = {
  clients: Number(process.env.CLIENTS ?? 1_000_000),
  sessions: Number(process.env.SESSIONS ?? 2_000_000),
  messages: Number(process.env.MESSAGES ?? 10_000_000),
  days: 90,
  long: 1_000,
  timeZone: 'America/Lima',
};
const DIR = process.env.HISTORY_DIR ?? '/tmp/quipu-bench-history';
const REPORT_MESSAGES = 100_000;
const RUNS = Number(process.env.RUNS ?? 60);


async function timed(label: string, call: () => Promise<unknown>, runs = RUNS): Promise<number[]> {
  await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(58)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   máx ${times.at(-1)!.toFixed(1).padStart(6)} ms`);
  return times;
}

function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
}

async function main(): Promise<void> {
  console.log(`Historial, informes y dashboard: ${SHAPE.clients.toLocaleString('es')} clientes, ${SHAPE.sessions.toLocaleString('es')} sesiones, ${SHAPE.messages.toLocaleString('es')} mensajes (SQLite)`);
  const data = await preparedHistory(DIR, SHAPE);
  const server = await startServer({ dataDir: DIR, env: { SEED_DEMO: '0' } });
  try {
    const session = new Session(server.base);
    await session.signIn('compania@quipu.test', DEMO_PASSWORD);
    const json = async <T>(method: string, url: string, body?: unknown) => (await (await session.send(method, url, body)).json()) as T;
    const { idBot, today } = data;
    // Yesterday: a whole day (today's is cut at this hour), the console's one-day range at its fullest.
    const yesterday = addDays(today, -1);
    const day = { idBot, fd: yesterday, fh: yesterday };

    console.log('POST /session.clientes');
    const first = await json<{ totalPages: number; totalElements: number }>('POST', '/api/session.clientes', { ...day, page: 0 });
    console.log(`  un día: ${first.totalElements.toLocaleString('es')} clientes en ${first.totalPages.toLocaleString('es')} páginas`);
    await timed('un día, primera página', () => json('POST', '/api/session.clientes', { ...day, page: 0 }));
    await timed(`un día, página ${Math.floor(first.totalPages / 2)} (a la mitad)`, () => json('POST', '/api/session.clientes', { ...day, page: Math.floor(first.totalPages / 2) }));
    await timed(`un día, última página (${first.totalPages - 1})`, () => json('POST', '/api/session.clientes', { ...day, page: first.totalPages - 1 }));
    await timed("un día, filtro de nombre 'garcía'", () => json('POST', '/api/session.clientes', { ...day, name: 'garcía', page: 0 }));
    await timed('7 días, primera página', () => json('POST', '/api/session.clientes', { idBot, fd: addDays(today, -6), fh: today, page: 0 }), 20);
    await timed('90 días, primera página', () => json('POST', '/api/session.clientes', { idBot, fd: addDays(today, -89), fh: today, page: 0 }), 10);

    console.log(`GET /conversacion (sesión de ${SHAPE.long.toLocaleString('es')} mensajes)`);
    await timed('página más nueva', () => session.get(`/api/conversacion?idS=${data.longSession}`));
    await timed('una página anterior (antes=500)', () => session.get(`/api/conversacion?idS=${data.longSession}&antes=500`));

    console.log('POST /dashboard/* (90 días)');
    const range = { idBot, fd: addDays(today, -89), fh: today };
    await timed('datos', () => json('POST', '/api/dashboard/datos', range));
    await timed('timeline por días', () => json('POST', '/api/dashboard/timeline', { ...range, tl: 'dias' }));
    await timed('timeline por horas', () => json('POST', '/api/dashboard/timeline', { ...range, tl: 'horas' }));
    await timed('skill (top 10)', () => json('POST', '/api/dashboard/skill', range));
    await timed('uso (Ver uso)', () => json('POST', '/api/dashboard/uso', range));

    await report(session, server.pid, data);
  } finally {
    await server.stop();
  }
}

/** The report of the day whose messages come closest to REPORT_MESSAGES, beside the writer alone. */
async function report(session: Session, pid: number, data: SavedHistory): Promise<void> {
  const [dia, count] = data.messagesPerDay.filter(([d]) => d !== data.today).sort((a, b) => Math.abs(a[1] - REPORT_MESSAGES) - Math.abs(b[1] - REPORT_MESSAGES))[0];
  console.log(`Informe Excel con detalle: ${dia}, ${count.toLocaleString('es')} mensajes`);
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
  const started = performance.now();
  const { id } = (await (await session.send('POST', '/api/informe/excel', { idBot: data.idBot, fd: dia, fh: dia, completo: true })).json()) as { id: string };
  for (;;) {
    const reports = await session.get<{ id: string; estado: string; error: string | null; tam: number | null }[]>(`/api/informes?idBot=${data.idBot}`);
    const mine = reports.find((r) => r.id === id)!;
    if (mine.estado === 'error') throw new Error(`informe: ${mine.error}`);
    if (mine.estado === 'hecho') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const jobMs = performance.now() - started;
  clearInterval(sampler);
  const file = Buffer.from(await (await fetch(`${session.base}/api/informe?id=${id}`, { headers: { cookie: session.cookie } })).arrayBuffer());

  // The same rows, read back from the file, written again by exceljs's streaming writer alone: the
  // same cells, with the same date format on the date columns and the same bold headers.
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as never);
  const sheets = book.worksheets.map((sheet) => {
    const rows = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    const formats = (rows[1] ?? []).map((_, i) => sheet.getRow(2).getCell(i + 1).numFmt);
    return { name: sheet.name, rows, formats };
  });
  const rows = sheets.reduce((n, s) => n + s.rows.length, 0);
  const alone = performance.now();
  const sink = new PassThrough();
  sink.resume();
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  for (const sheet of sheets) {
    const out = writer.addWorksheet(sheet.name);
    out.columns = sheet.formats.map((numFmt, i) => ({ key: String(i), ...(numFmt ? { style: { numFmt } } : {}) }));
    const [header, ...body] = sheet.rows;
    const first = out.addRow(header);
    first.font = { bold: true };
    first.commit();
    for (const row of body) out.addRow(row).commit();
    out.commit();
  }
  await writer.commit();
  const aloneMs = performance.now() - alone;
  console.log(`  ${rows.toLocaleString('es')} filas en ${sheets.length} hojas, ${(file.length / 1e6).toFixed(1)} MB`);
  console.log(`  informe (pedido → listo): ${(jobMs / 1000).toFixed(2)} s; el escritor de exceljs solo: ${(aloneMs / 1000).toFixed(2)} s; razón ${(jobMs / aloneMs).toFixed(2)}`);
  console.log(`  memoria del servidor: ${(before / 1e6).toFixed(0)} MB antes, pico ${(peak / 1e6).toFixed(0)} MB (+${((peak - before) / 1e6).toFixed(0)} MB)`);
}

await main();
