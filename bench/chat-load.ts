// Chat load: 1,000 simulated visitors, each with its own STOMP connection, send 5 messages each to
// a deployed bot of 50 Spanish skills and wait for the reply on their STOMP subscription. By default
// (VIA=widget) they chat as a real visitor does, through the web chat widget's public API the way
// src/widget/connection.ts calls it: the bot is linked to the demo company's web channel ('Chat del
// sitio', POST /api/ch/suscribe as the console links it), and each visitor opens a conversation
// (POST /api/public/webchat/{clave}/conversacion, no session), connects STOMP with the
// conversation's token as CONNECT's passcode, subscribes to /user/conversacion with a receipt, and
// sends its messages with POST /api/public/webchat/{clave}/mensaje (the token each reply renews),
// each reply awaited on the subscription: a customer's conversation, with its usage counters and
// history rows. The widget's page is one of this server's own (the Origin is the server's).
// VIA=consola sends through the console's test chat instead (POST /api/webchat/demo, signed, with the
// signed-in session), whose conversations are tests and never counted: to compare the two.
// Prints messages per second (over the whole round, and sustained: from the 10th to the 90th
// percentile of the replies' arrival, without the connects' ramp and the last stragglers) and the
// latency from send to reply (p50, p95, p99), on the
// embedded SQLite database and, when DATABASE_URL is set, on PostgreSQL. The server runs as its own
// process, started the way `npm start` starts it, so the clients do not share its event loop.
// Every visitor comes from 127.0.0.1: the server's per-address limits (STOMP connections, the public
// routes' opening rate, refused requests) are raised for the bench; 5 messages stay well within each
// conversation's own limit (20 a minute, not configurable: MESSAGES above it get 429). Opening a conversation, like connecting STOMP, is counted in the round.
// Two rounds: users that write again as soon as the reply arrives (what the server can answer),
// then users that pause 1 to 2 s between a reply and their next message, as people in a chat do
// (a round whose pauses cap what the users can send says so).
// Also prints the server's CPU per message and the statements it sent to the database per message
// (bench/query-count.mjs, preloaded; QUERY_DETAIL=1 lists them by SQL text), and with
// PG_POSTMASTER_PID (a PostgreSQL on this machine) the database's CPU per message.
// Budget: ≥ 500 messages/s and p95 ≤ 300 ms on a 2-core machine. Prints figures only.
// Run: npx tsx bench/chat-load.ts   (USERS=… MESSAGES=… to change the load; SKIP_SQLITE=1 measures PostgreSQL only;
//      VIA=consola for the console's test chat)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { Client as Stomp, type IMessage } from '@stomp/stompjs';
import { CANAL_KINDS, type Canal } from '../common/schemas/canales';
import { CONVERSATION_DESTINATION, consoleDestination } from '../common/schemas/destinations';
import type { WebchatCanal, WebchatConversation, WebchatReply } from '../common/schemas/webchat';
import { encodeCanalKey } from '../common/schemas/webchatKey';
import { DEMO_WEB_CHANNEL } from '../server/src/seed/canales';
import { DEMO_PASSWORD } from '../server/src/seed/index';
import { syntheticBot } from './nlu/synthetic';
import { Session, cpuSeconds, percentile, postKeptAlive, startServer, type Server } from './lib/server';

const USERS = Number(process.env.USERS ?? 1000);
const MESSAGES = Number(process.env.MESSAGES ?? 5);
const SKILLS = 50;
/** How the users send: as the web chat widget (the default) or through the console's test chat. */
const VIA = process.env.VIA ?? 'widget';
if (VIA !== 'widget' && VIA !== 'consola') throw new Error(`VIA=${VIA}: use widget (por omisión) o consola`);
/**
 * Every user comes from 127.0.0.1 (and, through the console, with the one signed-in session): the
 * server's limits per address are raised to let them. STOMP connections per address and per
 * session; conversations opened per address and minute (two rounds and the warm-up may fall in
 * one minute); refused requests per address, so that one refusal shows as itself rather than as
 * every user's 429.
 */
const SERVER_ENV = {
  STOMP_MAX_CONNECTIONS_PER_IP: String(USERS + 100),
  STOMP_MAX_CONNECTIONS_PER_TOKEN: String(USERS + 100),
  PUBLIC_RATE_PER_MINUTE: String(3 * USERS + 100),
  REFUSED_RATE_PER_MINUTE: String(3 * USERS * MESSAGES + 100),
};
const PHRASES = 20;
/**
 * QNAS=1000 gives the bot a knowledge base of that many QnAs (10 variants each, one tag), searched by
 * its fallback skill in KB mode; then half the users' messages ask a QnA in words of their own and
 * every message a skill does not answer for sure goes through the search.
 */
const QNAS = Number(process.env.QNAS ?? 0);
/** Users connect in waves of this many, as a crowd arriving rather than one burst of handshakes. */
const CONNECT_WAVE = 100;
const require = createRequire(import.meta.url);
const WebSocket = require('ws') as new (url: string, options: { headers: Record<string, string>; origin: string }) => unknown;

/** Imports a bot of SKILLS skills (each with a text answer) into Demo Internacional and deploys it. */
async function deployedBot(session: Session): Promise<{ idBot: string; phrases: string[][] }> {
  const demo = session.idE;
  const skills = syntheticBot(SKILLS, PHRASES, 7);
  const qnas = QNAS > 0 ? syntheticBot(QNAS, 11, 11).map((q, i) => ({ ...q, id: `qna-${i}` })) : [];
  const fallback = QNAS > 0 ? [{ id: crypto.randomUUID(), nm: 'No entendí', dsc: null, tipo: 1, frases: [] as string[], cfg: { modKb: true, tagsKb: ['t0'] } }] : [];
  const now = new Date().toISOString();
  const definition = {
    format: 'quipu-bot', v: 1, kid: '',
    bot: {
      id: crypto.randomUUID(), nm: 'Carga de chat', dsc: null, imp: false, shared: false, idClone: null, tsession: 30, timeout: null, main: false, destroy: false,
      qna: QNAS > 0, qnaExtrn: false, qnaUrl: null, qnaCron: null, ttoken: null, baseUrl: null, baseUrlRemoto: null, params: {},
      diagram: { nodes: [...skills, ...fallback].map((s, i) => ({ id: s.id, x: (i % 10) * 220, y: Math.floor(i / 10) * 140 })), edges: [] }, extras: [], extrasEnc: [],
    },
    skills: [
      ...skills.map((s, i) => ({ id: s.id, nm: `Skill ${i + 1}`, dsc: null, tipo: 0, frases: s.frases, cfg: {}, fc: now })),
      ...fallback.map((s) => ({ ...s, fc: now })),
      // A QnA's name is its first phrase, as a FAQ's question; the others are its variants.
      ...qnas.map((q) => ({ id: q.id, nm: q.frases[0], dsc: null, tipo: 2, frases: q.frases.slice(1), cfg: { tagsKb: ['t0'] }, fc: now })),
    ],
    acciones: [
      ...skills.map((s, i) => ({ id: crypto.randomUUID(), idSkill: s.id, type: 'TEXT', ord: 0, cfg: { text: [`Respuesta del skill ${i + 1}`], red: [8] } })),
      ...fallback.map((s) => ({ id: crypto.randomUUID(), idSkill: s.id, type: 'TEXT', ord: 0, cfg: { text: ['No entendí'], red: [8] } })),
      ...qnas.map((q, i) => ({ id: crypto.randomUUID(), idSkill: q.id, type: 'TEXT', ord: 0, cfg: { text: [`Respuesta de la QnA ${i + 1}`], red: [8] } })),
    ],
    requerimientos: [],
    entidades: [],
  };
  const imported = (await (await session.send('POST', `/api/bot.export?idE=${demo}`, definition)).json()) as { id: string };
  const started = performance.now();
  await session.deploy(imported.id, 'carga');
  console.log(`  bot de ${SKILLS} skills × ${PHRASES} frases${QNAS ? ` y ${QNAS} QnA × 11 textos` : ''} importado y desplegado en ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // With QnAs, the users ask a skill or a QnA in turn (QnAs spread over the whole knowledge base).
  const asked = QNAS ? skills.flatMap((s, i) => [s.unseen, qnas[Math.floor((i * qnas.length) / skills.length)].unseen]) : skills.map((s) => s.unseen);
  return { idBot: imported.id, phrases: asked };
}


/** Where the users chat: the console's session, and with the widget the channel's key. */
interface Target {
  session: Session;
  idBot: string;
  /** The web channel's key (VIA=widget). */
  key?: string;
}

/** The demo company's web channel linked to the bench's bot, as the console links it (it is seeded active); its widget key. */
async function webChannel(session: Session, idBot: string): Promise<string> {
  const canales = await session.get<Canal[]>('/api/ch');
  const canal = canales.find((c) => c.red === CANAL_KINDS.Web.red && c.dsc === DEMO_WEB_CHANNEL);
  if (!canal) throw new Error(`no está el canal web «${DEMO_WEB_CHANNEL}» de la empresa demo`);
  await session.send('POST', `/api/ch/suscribe?id=${encodeURIComponent(canal.id)}&idB=${encodeURIComponent(idBot)}`);
  if (!canal.activo) await session.send('POST', `/api/ch/active?id=${encodeURIComponent(canal.id)}&active=true`);
  const key = encodeCanalKey(canal.id);
  // What the widget asks first: the channel answers with the bench's bot.
  const answer = await fetch(`${session.base}/api/public/webchat/${key}`, { headers: { origin: session.base } });
  if (!answer.ok) throw new Error(`GET /api/public/webchat/${key}: ${answer.status} ${await answer.text()}`);
  const { bot } = (await answer.json()) as WebchatCanal;
  console.log(`  canal web «${canal.dsc}» vinculado al bot «${bot}»; los usuarios escriben por el widget (POST /api/public/webchat/{clave}/mensaje)`);
  return key;
}

/** A call to the widget's public routes as its page on this server makes it: JSON, the server's own Origin, no cookie nor integrity headers. */
async function widgetPost<T>(base: string, url: string, body: unknown): Promise<T> {
  return JSON.parse(await postKeptAlive(base, url, JSON.stringify(body), { origin: base })) as T;
}

/** A STOMP connection, once CONNECTED. */
async function connectStomp(base: string, headers: Record<string, string>, connectHeaders: Record<string, string>): Promise<Stomp> {
  const wsUrl = `${base.replace('http', 'ws')}/api/ws`;
  const stomp = new Stomp({
    webSocketFactory: () => new WebSocket(wsUrl, { headers, origin: base }),
    connectHeaders,
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => undefined,
  });
  await new Promise<void>((resolve, reject) => {
    stomp.onConnect = () => resolve();
    stomp.onStompError = (frame) => reject(new Error(frame.headers.message));
    stomp.onWebSocketError = () => reject(new Error('websocket'));
    stomp.activate();
  });
  return stomp;
}

/** Subscribes and waits for the RECEIPT that says the subscription is live. */
async function subscribed(stomp: Stomp, destination: string, receipt: string, onMessage: (message: IMessage) => void): Promise<void> {
  await new Promise<void>((resolve) => {
    stomp.watchForReceipt(receipt, () => resolve());
    stomp.subscribe(destination, onMessage, { receipt });
  });
}

/** A user's conversation: `say` sends one message and resolves once its reply has arrived on STOMP. */
interface Conversation {
  say: (message: string) => Promise<void>;
  stomp: Stomp;
}

/** Through the console's test chat: the session's cookie on STOMP, its topic for the bot and psi, a signed POST /webchat/demo. */
async function consoleConversation({ session, idBot }: Target, n: number): Promise<Conversation> {
  const psi = `carga-${n}-${crypto.randomUUID()}`;
  let arrived: (() => void) | undefined;
  const stomp = await connectStomp(session.base, { cookie: session.cookie }, {});
  await subscribed(stomp, consoleDestination(idBot, psi), `sub-${n}`, () => arrived?.());
  return {
    stomp,
    say: async (message) => {
      const reply = new Promise<void>((resolve) => (arrived = resolve));
      await session.post('/api/webchat/demo', { psi, idBot, message, red: 1 });
      await reply;
    },
  };
}

/** 16 random bytes in base64url: a message's id, as the widget makes it. */
const messageId = () => randomBytes(16).toString('base64url');

/**
 * As the widget: opens a conversation, connects STOMP with its token as passcode (no cookie),
 * subscribes to /user/conversacion, and sends each message with the latest token. A message is
 * answered when every bot message of the POST's reply has arrived on the subscription (they may
 * arrive before the reply).
 */
async function widgetConversation({ session, key }: Target, n: number): Promise<Conversation> {
  const base = session.base;
  const opened = await widgetPost<WebchatConversation>(base, `/api/public/webchat/${key}/conversacion`, { token: null });
  let token = opened.token;
  const seen = new Set<string>();
  let waiting: { ids: string[]; resolve: () => void } | undefined;
  const check = () => {
    if (waiting && waiting.ids.every((id) => seen.has(id))) {
      waiting.resolve();
      waiting = undefined;
    }
  };
  const stomp = await connectStomp(base, {}, { passcode: token });
  await subscribed(stomp, CONVERSATION_DESTINATION, `sub-${n}`, (frame) => {
    const id = (JSON.parse(frame.body) as { id?: unknown }).id;
    if (typeof id === 'string') seen.add(id);
    check();
  });
  return {
    stomp,
    say: async (message) => {
      const reply = await widgetPost<WebchatReply>(base, `/api/public/webchat/${key}/mensaje`, { token, id: messageId(), message });
      token = reply.token;
      if (reply.repetido) throw new Error('el servidor tomó el mensaje por repetido');
      const answered = new Promise<void>((resolve) => (waiting = { ids: reply.messages.map((m) => m.id), resolve }));
      check();
      await answered;
      seen.clear();
    },
  };
}

/** One user: its conversation (STOMP connection and subscription), then MESSAGES messages, each waiting for its reply. */
async function user(target: Target, phrases: string[][], n: number, latencies: number[], think: () => number, paused?: { ms: number }, replies?: number[]): Promise<void> {
  const conversation = await (VIA === 'widget' ? widgetConversation : consoleConversation)(target, n);
  for (let i = 0; i < MESSAGES; i++) {
    const pause = think();
    if (paused) paused.ms += pause;
    if (pause > 0) await new Promise((r) => setTimeout(r, pause));
    const skill = phrases[(((n + i * 7) % phrases.length) + phrases.length) % phrases.length];
    const message = skill[i % skill.length];
    const started = performance.now();
    await conversation.say(message);
    const answered = performance.now();
    latencies.push(answered - started);
    replies?.push(answered);
  }
  await conversation.stomp.deactivate();
}

/**
 * CPU seconds used so far by a local PostgreSQL: its postmaster (PG_POSTMASTER_PID, the first line
 * of postmaster.pid) and the processes it started. A backend that exits takes its time with it, so
 * this is measured while the server's pool keeps its connections.
 */
function databaseCpuSeconds(): number | undefined {
  const postmaster = Number(process.env.PG_POSTMASTER_PID);
  if (!postmaster) return undefined;
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(entry) === postmaster || Number(fields[1]) === postmaster) total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

/** One round of USERS users × MESSAGES messages; `think` gives each user's pause before its next message. */
async function round(target: Target, phrases: string[][], title: string, think: () => number, server: Server): Promise<void> {
  const latencies: number[] = [];
  const queriesBefore = await server.queries();
  const cpuBefore = cpuSeconds(server.pid);
  const databaseBefore = databaseCpuSeconds();
  const clientBefore = process.cpuUsage();
  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  const users: Promise<void>[] = [];
  // Each user's pauses, and when it started: the round cannot end before the latest start plus pauses.
  const pauses: Array<{ ms: number; start: number }> = [];
  /** When each reply arrived. */
  const replies: number[] = [];
  for (let n = 0; n < USERS; n++) {
    const paused = { ms: 0, start: performance.now() - started };
    pauses.push(paused);
    users.push(user(target, phrases, n, latencies, think, paused, replies));
    if ((n + 1) % CONNECT_WAVE === 0) await new Promise((r) => setTimeout(r, 50));
  }
  const results = await Promise.allSettled(users);
  const seconds = (performance.now() - started) / 1000;
  const failed = results.filter((r) => r.status === 'rejected');
  latencies.sort((a, b) => a - b);
  console.log(`  ${title}: ${latencies.length} respuestas en ${seconds.toFixed(1)} s → ${(latencies.length / seconds).toFixed(0)} mensajes/s`);
  // The rate while every user is at it: between the 10th and the 90th percentile of the replies' arrival.
  replies.sort((a, b) => a - b);
  const middle = (percentile(replies, 90) - percentile(replies, 10)) / 1000;
  if (middle > 0) console.log(`    sostenido (del 10 % al 90 % de las respuestas): ${((0.8 * replies.length) / middle).toFixed(0)} mensajes/s`);
  const floor = Math.max(...pauses.map((p) => p.start + p.ms)) / 1000;
  if (pauses.some((p) => p.ms > 0)) console.log(`    con sus pausas, los usuarios no podían enviar más de ${(latencies.length / floor).toFixed(0)} mensajes/s (la ronda no podía durar menos de ${floor.toFixed(1)} s)`);
  console.log(`    latencia envío → respuesta: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, máx ${latencies.at(-1)!.toFixed(0)} ms`);
  const cpuAfter = cpuSeconds(server.pid);
  if (cpuBefore !== undefined && cpuAfter !== undefined) {
    const used = cpuAfter - cpuBefore;
    console.log(`    CPU del servidor: ${used.toFixed(1)} s (${((used / seconds) * 100).toFixed(0)} % de un núcleo), ${((used * 1000) / latencies.length).toFixed(2)} ms por mensaje`);
  }
  const client = process.cpuUsage(clientBefore);
  const clientSeconds = (client.user + client.system) / 1e6;
  console.log(`    CPU de los clientes (este proceso): ${clientSeconds.toFixed(1)} s (${((clientSeconds / seconds) * 100).toFixed(0)} % de un núcleo); carga de la máquina ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`);
  const databaseAfter = databaseCpuSeconds();
  if (databaseBefore !== undefined && databaseAfter !== undefined) {
    const used = databaseAfter - databaseBefore;
    console.log(`    CPU de PostgreSQL: ${used.toFixed(1)} s (${((used / seconds) * 100).toFixed(0)} % de un núcleo), ${((used * 1000) / latencies.length).toFixed(2)} ms por mensaje`);
  }
  const queriesAfter = await server.queries();
  if (queriesBefore && queriesAfter) {
    const per = (n: number) => (n / latencies.length).toFixed(2);
    console.log(`    sentencias a la base: ${per(queriesAfter.total - queriesBefore.total)} por mensaje (en PostgreSQL, viajes de ida y vuelta)`);
    if (process.env.QUERY_DETAIL) {
      const rows = Object.entries(queriesAfter.bySql)
        .map(([text, n]) => [text, n - (queriesBefore.bySql[text] ?? 0)] as const)
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1]);
      for (const [text, n] of rows) console.log(`      ${per(n)}  ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  }
  if (failed.length) console.log(`    ${failed.length} usuarios fallaron: ${(failed[0] as PromiseRejectedResult).reason}`);
}

async function run(label: string, databaseUrl: string | undefined): Promise<void> {
  console.log(`\n${label}`);
  const server = await startServer({ databaseUrl, env: SERVER_ENV });
  try {
    const session = new Session(server.base);
    await session.signIn('compania@quipu.test', DEMO_PASSWORD);
    const { idBot, phrases } = await deployedBot(session);
    const target: Target = { session, idBot, key: VIA === 'widget' ? await webChannel(session, idBot) : undefined };
    if (VIA === 'consola') console.log('  los usuarios escriben por el chat de prueba de la consola (POST /api/webchat/demo)');
    // Warm-up: the model loads on the first message.
    await user(target, phrases, -1, [], () => 0);
    // Each user sends its next message as soon as the reply arrives: the most the server answers.
    // With no pause, every message waits behind the other users' (latency ≈ users / throughput).
    await round(target, phrases, `${USERS} usuarios × ${MESSAGES} mensajes sin pausa (capacidad)`, () => 0, server);
    // As people chat: 1 to 2 s between a reply and the next message.
    await round(target, phrases, `${USERS} usuarios × ${MESSAGES} mensajes con 1–2 s entre respuesta y mensaje`, () => 1000 + Math.random() * 1000, server);
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

console.log(`chat-load: ${USERS} usuarios, ${MESSAGES} mensajes cada uno, bot de ${SKILLS} skills, vía ${VIA === 'widget' ? 'el widget (conversaciones de clientes)' : 'el chat de prueba de la consola (conversaciones de prueba)'}; ${os.cpus().length} núcleos`);
if (process.env.SKIP_SQLITE) console.log('\nSQLite: omitida (SKIP_SQLITE)');
else await run('SQLite (embebida)', undefined);
if (process.env.DATABASE_URL) await run('PostgreSQL (DATABASE_URL)', process.env.DATABASE_URL);
else console.log('\nPostgreSQL: defina DATABASE_URL para medirlo también');
