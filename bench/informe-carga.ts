// The chat beside a big report: web-chat visitors talk to a deployed bot through the widget's public
// API (as bench/chat-load.ts does), pausing 1 to 2 s between a reply and their next message, on an
// instance that is at the same time generating an Excel report with the detail of about 100,000
// messages (the report's file is written in a worker thread). The same round runs first without the
// report. Prints, for each, the latency from send to reply (p50, p95, p99, max) and, with the
// report, how long the report took and how many replies arrived while it was being generated.
// Budget: the paced p95 during the report ≤ 100 ms. Prints figures only.
// The history (one company, bot 'Asistente Quipu', REPORT_MESSAGES messages a day over a few days)
// is written once under INFORME_DIR (/tmp/quipu-bench-informe-carga by default) and reused; FRESH=1
// writes it again. Run: npx tsx bench/informe-carga.ts   (USERS=… MESSAGES=… to change the load)
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { Client as Stomp } from '@stomp/stompjs';
import { addDays } from '../common/dias';
import { CANAL_KINDS, type Canal } from '../common/schemas/canales';
import { CONVERSATION_DESTINATION } from '../common/schemas/destinations';
import type { WebchatConversation, WebchatReply } from '../common/schemas/webchat';
import { encodeCanalKey } from '../common/schemas/webchatKey';
import { DEMO_WEB_CHANNEL } from '../server/src/seed/canales';
import { DEMO_PASSWORD } from '../server/src/seed/index';
import { preparedHistory } from './lib/historyFolder';
import { syntheticBot } from './nlu/synthetic';
import { Session, cpuSeconds, percentile, postKeptAlive, startServer } from './lib/server';

const USERS = Number(process.env.USERS ?? 100);
const MESSAGES = Number(process.env.MESSAGES ?? 15);
const REPORT_MESSAGES = 100_000;
const DAYS = 4;
const SHAPE = { clients: 40_000, sessions: 80_000, messages: 280_000, days: DAYS, long: 100, timeZone: 'America/Lima' };
const DIR = process.env.INFORME_DIR ?? '/tmp/quipu-bench-informe-carga';
const SKILLS = 20;
/** How far into the round the report is asked for: the visitors have connected and are talking. */
const ASK_AFTER_MS = 5_000;
const require = createRequire(import.meta.url);
const WebSocket = require('ws') as new (url: string, options: { headers: Record<string, string>; origin: string }) => unknown;


/** A bot of SKILLS skills imported into the demo company, deployed and linked to its web channel; the widget's key and what to ask. */
async function chatBot(session: Session): Promise<{ key: string; phrases: string[][] }> {
  const skills = syntheticBot(SKILLS, 20, 7);
  const now = new Date().toISOString();
  const definition = {
    format: 'quipu-bot', v: 1, kid: '',
    bot: {
      id: crypto.randomUUID(), nm: 'Carga con informe', dsc: null, imp: false, shared: false, idClone: null, tsession: 30, timeout: null, main: false, destroy: false,
      qna: false, qnaExtrn: false, qnaUrl: null, qnaCron: null, ttoken: null, baseUrl: null, baseUrlRemoto: null, params: {},
      diagram: { nodes: skills.map((s, i) => ({ id: s.id, x: (i % 10) * 220, y: Math.floor(i / 10) * 140 })), edges: [] }, extras: [], extrasEnc: [],
    },
    skills: skills.map((s, i) => ({ id: s.id, nm: `Skill ${i + 1}`, dsc: null, tipo: 0, frases: s.frases, cfg: {}, fc: now })),
    acciones: skills.map((s, i) => ({ id: crypto.randomUUID(), idSkill: s.id, type: 'TEXT', ord: 0, cfg: { text: [`Respuesta del skill ${i + 1}`], red: [8] } })),
    requerimientos: [],
    entidades: [],
  };
  const imported = (await (await session.send('POST', `/api/bot.export?idE=${session.idE}`, definition)).json()) as { id: string };
  await session.deploy(imported.id, 'carga');
  const canal = (await session.get<Canal[]>('/api/ch')).find((c) => c.red === CANAL_KINDS.Web.red && c.dsc === DEMO_WEB_CHANNEL);
  if (!canal) throw new Error(`no está el canal web «${DEMO_WEB_CHANNEL}» de la empresa demo`);
  await session.send('POST', `/api/ch/suscribe?id=${encodeURIComponent(canal.id)}&idB=${encodeURIComponent(imported.id)}`);
  if (!canal.activo) await session.send('POST', `/api/ch/active?id=${encodeURIComponent(canal.id)}&active=true`);
  return { key: encodeCanalKey(canal.id), phrases: skills.map((s) => s.unseen) };
}

const widgetPost = async <T>(base: string, url: string, body: unknown): Promise<T> => JSON.parse(await postKeptAlive(base, url, JSON.stringify(body), { origin: base })) as T;

/** A visitor as the widget: its conversation, STOMP with the conversation's token, MESSAGES messages each awaited on the subscription. */
async function visitor(base: string, key: string, phrases: string[][], n: number, replies: Array<{ at: number; ms: number }>): Promise<void> {
  let token = (await widgetPost<WebchatConversation>(base, `/api/public/webchat/${key}/conversacion`, { token: null })).token;
  const seen = new Set<string>();
  let waiting: { ids: string[]; resolve: () => void } | undefined;
  const check = () => {
    if (waiting && waiting.ids.every((id) => seen.has(id))) {
      waiting.resolve();
      waiting = undefined;
    }
  };
  const stomp = new Stomp({
    webSocketFactory: () => new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { headers: {}, origin: base }),
    connectHeaders: { passcode: token },
    reconnectDelay: 0, heartbeatIncoming: 0, heartbeatOutgoing: 0, debug: () => undefined,
  });
  await new Promise<void>((resolve, reject) => {
    stomp.onConnect = () => resolve();
    stomp.onStompError = (frame) => reject(new Error(frame.headers.message));
    stomp.activate();
  });
  await new Promise<void>((resolve) => {
    stomp.watchForReceipt(`sub-${n}`, () => resolve());
    stomp.subscribe(CONVERSATION_DESTINATION, (frame) => {
      const id = (JSON.parse(frame.body) as { id?: unknown }).id;
      if (typeof id === 'string') seen.add(id);
      check();
    }, { receipt: `sub-${n}` });
  });
  for (let i = 0; i < MESSAGES; i++) {
    await new Promise((r) => setTimeout(r, 1000 + Math.random() * 1000));
    const skill = phrases[(((n + i * 7) % phrases.length) + phrases.length) % phrases.length];
    const started = performance.now();
    const reply = await widgetPost<WebchatReply>(base, `/api/public/webchat/${key}/mensaje`, { token, id: randomBytes(16).toString('base64url'), message: skill[i % skill.length] });
    token = reply.token;
    const answered = new Promise<void>((resolve) => (waiting = { ids: reply.messages.map((m) => m.id), resolve }));
    check();
    await answered;
    seen.clear();
    const at = performance.now();
    replies.push({ at, ms: at - started });
  }
  await stomp.deactivate();
}

const figures = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, máx ${sorted.at(-1)!.toFixed(0)} ms (${sorted.length} respuestas)`;
};

/** One paced round of USERS visitors; with `report`, the report is asked for ASK_AFTER_MS into it. */
async function round(base: string, key: string, phrases: string[][], report?: () => Promise<{ started: number; ended: number }>): Promise<void> {
  const replies: Array<{ at: number; ms: number }> = [];
  const visitors: Promise<void>[] = [];
  const started = performance.now();
  // The report is asked for once every visitor is talking.
  const generating = report ? new Promise((r) => setTimeout(r, ASK_AFTER_MS)).then(report) : undefined;
  for (let n = 0; n < USERS; n++) {
    visitors.push(visitor(base, key, phrases, n, replies));
    if ((n + 1) % 20 === 0) await new Promise((r) => setTimeout(r, 100));
  }
  const failed = (await Promise.allSettled(visitors)).filter((r) => r.status === 'rejected');
  console.log(`  toda la ronda (${((performance.now() - started) / 1000).toFixed(1)} s): ${figures(replies.map((r) => r.ms))}`);
  if (generating) {
    const window = await generating;
    const during = replies.filter((r) => r.at - r.ms >= window.started && r.at <= window.ended).map((r) => r.ms);
    console.log(`  informe pedido → listo: ${((window.ended - window.started) / 1000).toFixed(1)} s`);
    if (during.length) console.log(`  mientras se generaba el informe: ${figures(during)}`);
    if (window.ended > performance.now() - 1) console.log('  (el informe terminó después de la ronda: toda la ronda fue durante el informe)');
  }
  if (failed.length) console.log(`  ${failed.length} visitantes fallaron: ${(failed[0] as PromiseRejectedResult).reason}`);
}

async function main(): Promise<void> {
  console.log(`informe-carga: ${USERS} visitantes × ${MESSAGES} mensajes con 1–2 s de pausa, por el widget; informe Excel con detalle de ~${REPORT_MESSAGES.toLocaleString('es')} mensajes (SQLite); ${os.cpus().length} núcleos`);
  const data = await preparedHistory(DIR, SHAPE);
  const server = await startServer({ dataDir: DIR, env: { SEED_DEMO: '0', STOMP_MAX_CONNECTIONS_PER_IP: String(USERS + 50), PUBLIC_RATE_PER_MINUTE: String(3 * USERS + 100) } });
  try {
    const session = new Session(server.base);
    await session.signIn('compania@quipu.test', DEMO_PASSWORD);
    const { key, phrases } = await chatBot(session);
    const [dia, count] = data.messagesPerDay.filter(([d]) => d !== data.today && d !== addDays(data.today, -DAYS + 1)).sort((a, b) => Math.abs(a[1] - REPORT_MESSAGES) - Math.abs(b[1] - REPORT_MESSAGES))[0];
    // Warm-up: the model loads on the first message.
    await visitor(server.base, key, phrases, -1, []);
    console.log('Sin informe');
    let cpu = cpuSeconds(server.pid);
    await round(server.base, key, phrases);
    console.log(`  CPU del servidor: ${((cpuSeconds(server.pid) ?? 0) - (cpu ?? 0)).toFixed(1)} s`);
    console.log(`Con un informe de ${count.toLocaleString('es')} mensajes (${dia}) generándose`);
    cpu = cpuSeconds(server.pid);
    await round(server.base, key, phrases, async () => {
      const started = performance.now();
      const { id } = (await (await session.send('POST', '/api/informe/excel', { idBot: data.idBot, fd: dia, fh: dia, completo: true })).json()) as { id: string };
      for (;;) {
        const mine = (await session.get<{ id: string; estado: string; error: string | null; tam: number | null }[]>(`/api/informes?idBot=${data.idBot}`)).find((r) => r.id === id)!;
        if (mine.estado === 'error') throw new Error(`informe: ${mine.error}`);
        if (mine.estado === 'hecho') {
          const ended = performance.now();
          console.log(`  archivo: ${((mine.tam ?? 0) / 1e6).toFixed(1)} MB`);
          return { started, ended };
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    console.log(`  CPU del servidor: ${((cpuSeconds(server.pid) ?? 0) - (cpu ?? 0)).toFixed(1)} s (el hilo del informe incluido)`);
  } finally {
    await server.stop();
  }
}

await main();
