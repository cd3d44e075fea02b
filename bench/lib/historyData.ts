// A history of the size the history and the dashboard are budgeted for, written straight into
// the SQLite file of a server that has migrated and seeded it: one company, one bot, CLIENTS
// clients with SESSIONS sessions and MESSAGES messages in all over the last DAYS days (fewer at
// night and on Sundays), plus one session of LONG messages today, and the counters the conversation
// store would have kept for them, the sketches of distinct clients included. Ids are sequential, so the bulk insert appends to its indexes.
import Database from 'better-sqlite3';
import { addDays, dayStart, localDay, localTime } from '../../common/dias';
import { addPoint, emptySketch, mergeSketch, sketchPoint } from '../../server/src/db/hll';

export interface HistoryShape {
  clients: number;
  sessions: number;
  messages: number;
  days: number;
  long: number;
  timeZone: string;
}

export interface GeneratedHistory {
  idBot: string;
  idE: string;
  /** The client whose one session has `long` messages, and that session. */
  longClient: string;
  longSession: string;
  today: string;
  /** Messages per day, to pick a range of a given size. */
  messagesPerDay: Map<string, number>;
}

const FIRST = ['María', 'José', 'Lucía', 'Carlos', 'Ana', 'Luis', 'Rosa', 'Jorge', 'Carmen', 'Miguel', 'Elena', 'Pedro', 'Sofía', 'Diego', 'Valeria', 'Andrés'];
const LAST = ['García', 'Rodríguez', 'Quispe', 'Mamani', 'Flores', 'Torres', 'Vargas', 'Rojas', 'Castillo', 'Huamán', 'Chávez', 'Ramos', 'Mendoza', 'Salazar'];
/** Relative weight of each hour of the day and of each weekday (Sunday first). */
const HOURS = [1, 1, 1, 1, 1, 2, 4, 7, 10, 12, 12, 11, 9, 10, 11, 11, 10, 9, 8, 7, 6, 4, 3, 2];
const WEEKDAYS = [3, 10, 10, 10, 10, 9, 6];

function pick(weights: number[], r: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = r * total;
  for (let i = 0; i < weights.length; i++) {
    at -= weights[i];
    if (at < 0) return i;
  }
  return weights.length - 1;
}

export function writeHistory(file: string, shape: HistoryShape, now: number): GeneratedHistory {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const bot = db.prepare(`select b.id, b."idE" from bot b where b.nm = 'Asistente Quipu'`).get() as { id: string; idE: string };
  const canales = db.prepare(`select id, red from canal where "idE" = ?`).all(bot.idE) as { id: string; red: number }[];
  const skills = db.prepare(`select id from skill where "idBot" = ?`).all(bot.id) as { id: string }[];
  let seed = 20261126;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

  const today = localDay(now, shape.timeZone);
  const dayList = Array.from({ length: shape.days }, (_, i) => addDays(today, i - shape.days + 1));
  const dayWeights = dayList.map((d) => WEEKDAYS[localTime(dayStart(d, shape.timeZone) + 12 * 3_600_000, shape.timeZone).ds - 1]);

  const insertClient = db.prepare(`insert into chat_cliente (id, "idE", "idChannel", psi, red, nm, test, "idU", fc) values (?, ?, ?, ?, ?, ?, 0, null, ?)`);
  const insertSession = db.prepare(`insert into chat_sesion (id, "idClt", "idE", "idBot", red, test, fi, ff) values (?, ?, ?, ?, ?, 0, ?, ?)`);
  const insertMessage = db.prepare(`insert into chat_mensaje (id, "idSesion", "idBot", t, m, tipo, body, "idSkill", score, fc, seq) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertDay = db.prepare(`insert into chat_cliente_dia ("idBot", dia, "idClt", "idE", red, nm, ses, msg, ultimo) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const uso = new Map<string, { dia: string; hora: number; idChannel: string; red: number; ds: number; ses: number; clt: number; msg: number }>();
  const usoSkill = new Map<string, { dia: string; idSkill: string; n: number; llegan: number; terminan: number }>();
  const sketches = new Map<string, { dia: string; idChannel: string; red: number; hll: Buffer }>();
  const messagesPerDay = new Map<string, number>();

  let messageCount = 0;
  let chatSessionCount = 0;
  const messagesLeft = () => shape.messages - messageCount;
  const writeSession = (client: { id: string; canal: { id: string; red: number }; nm: string }, start: number, count: number, days: Map<string, { ses: number; msg: number; ultimo: string }>, clientDays: Set<string>) => {
    const id = `hs${(chatSessionCount++).toString(36).padStart(8, '0')}`;
    const reached = new Set<string>();
    let last: string | undefined;
    let lastDay = '';
    const times = [start];
    for (let i = 1; i < count; i++) times.push(times[i - 1] + 2_000 + Math.floor(random() * 20_000));
    insertSession.run(id, client.id, bot.idE, bot.id, client.canal.red, new Date(start).toISOString(), new Date(times[count - 1]).toISOString());
    for (let seq = 1; seq <= count; seq++) {
      const fc = times[seq - 1];
      const incoming = seq % 2 === 1;
      const skill = incoming ? null : skills[Math.floor(random() * skills.length)].id;
      const iso = new Date(fc).toISOString();
      const local = localTime(fc, shape.timeZone);
      insertMessage.run(
        `hm${(messageCount++).toString(36).padStart(9, '0')}`, id, bot.id, incoming ? 1 : 0,
        incoming ? 'quisiera saber el precio del plan' : 'Estos son nuestros planes y precios.', 'TEXT',
        incoming ? null : '{"type":"TEXT","text":"Estos son nuestros planes y precios."}', skill, skill ? 0.9 : null, iso, seq,
      );
      messagesPerDay.set(local.dia, (messagesPerDay.get(local.dia) ?? 0) + 1);
      const key = `${local.dia} ${local.hora} ${client.canal.id}`;
      const row = uso.get(key) ?? { dia: local.dia, hora: local.hora, idChannel: client.canal.id, red: client.canal.red, ds: local.ds, ses: 0, clt: 0, msg: 0 };
      row.msg += 1;
      if (seq === 1) row.ses += 1;
      if (!clientDays.has(local.dia)) {
        clientDays.add(local.dia);
        row.clt += 1;
        const sketchKey = `${local.dia} ${client.canal.id}`;
        let sketch = sketches.get(sketchKey);
        if (!sketch) sketches.set(sketchKey, (sketch = { dia: local.dia, idChannel: client.canal.id, red: client.canal.red, hll: emptySketch() }));
        addPoint(sketch.hll, sketchPoint(client.id));
      }
      uso.set(key, row);
      const day = days.get(local.dia) ?? { ses: 0, msg: 0, ultimo: iso };
      if (lastDay !== local.dia) day.ses += 1;
      lastDay = local.dia;
      day.msg += 1;
      day.ultimo = iso;
      days.set(local.dia, day);
      if (skill) {
        const sk = usoSkill.get(`${local.dia} ${skill}`) ?? { dia: local.dia, idSkill: skill, n: 0, llegan: 0, terminan: 0 };
        sk.n += 1;
        if (!reached.has(skill)) {
          reached.add(skill);
          sk.llegan += 1;
        }
        usoSkill.set(`${local.dia} ${skill}`, sk);
        last = `${local.dia} ${skill}`;
      }
    }
    if (last) usoSkill.get(last)!.terminan += 1;
    return id;
  };

  const fc = new Date(now).toISOString();
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const canal = canales[i % canales.length];
      const client = { id: `hc${i.toString(36).padStart(7, '0')}`, canal, nm: `${FIRST[Math.floor(random() * FIRST.length)]} ${LAST[Math.floor(random() * LAST.length)]}` };
      insertClient.run(client.id, bot.idE, canal.id, `psi-${i}`, canal.red, client.nm, fc);
      // Sessions and messages spread so the totals come out as asked.
      const clientsLeft = shape.clients - i;
      const sessionsLeft = shape.sessions - chatSessionCount;
      const sessions = Math.max(1, Math.round((sessionsLeft / clientsLeft) * (0.5 + random())));
      const days = new Map<string, { ses: number; msg: number; ultimo: string }>();
      const clientDays = new Set<string>();
      const starts = Array.from({ length: sessions }, () => {
        const dia = dayList[pick(dayWeights, random())];
        return dayStart(dia, shape.timeZone) + pick(HOURS, random()) * 3_600_000 + Math.floor(random() * 3_540_000);
      }).sort((a, b) => a - b);
      for (const start of starts) {
        const perSession = Math.max(2, Math.round((messagesLeft() / Math.max(1, shape.sessions - chatSessionCount)) * (0.4 + 1.2 * random())));
        writeSession(client, Math.min(start, now - 3_600_000), perSession, days, clientDays);
      }
      for (const [dia, d] of days) insertDay.run(bot.id, dia, client.id, bot.idE, canal.red, client.nm, d.ses, d.msg, d.ultimo);
    }
  });
  const STEP = 20_000;
  const started = performance.now();
  for (let from = 0; from < shape.clients; from += STEP) {
    batch(from, Math.min(shape.clients, from + STEP));
    if ((from / STEP) % 10 === 0) process.stdout.write(`\r  escribiendo clientes: ${from.toLocaleString('es')} (${((performance.now() - started) / 1000).toFixed(0)} s)   `);
  }
  // The long conversation: one client, one session today.
  const longClient = 'hc-larga';
  let longSession = '';
  db.transaction(() => {
    const canal = canales[0];
    insertClient.run(longClient, bot.idE, canal.id, 'psi-larga', canal.red, 'Conversación Larga', fc);
    const days = new Map<string, { ses: number; msg: number; ultimo: string }>();
    longSession = writeSession({ id: longClient, canal, nm: 'Conversación Larga' }, dayStart(today, shape.timeZone) + 60_000, shape.long, days, new Set());
    for (const [dia, d] of days) insertDay.run(bot.id, dia, longClient, bot.idE, canal.red, 'Conversación Larga', d.ses, d.msg, d.ultimo);
  })();
  const insertUso = db.prepare(`insert into uso ("idBot", dia, hora, "idChannel", "idE", red, ds, ses, clt, msg) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    on conflict ("idBot", dia, hora, "idChannel") do update set ses = ses + excluded.ses, clt = clt + excluded.clt, msg = msg + excluded.msg`);
  const insertUsoSkill = db.prepare(`insert into uso_skill ("idBot", dia, "idSkill", "idE", n, llegan, terminan) values (?, ?, ?, ?, ?, ?, ?)
    on conflict ("idBot", dia, "idSkill") do update set n = n + excluded.n, llegan = llegan + excluded.llegan, terminan = terminan + excluded.terminan`);
  // The demo history's sketches of the same days are merged in.
  const storedSketch = db.prepare(`select hll from uso_clientes where "idBot" = ? and dia = ? and "idChannel" = ?`);
  const insertSketch = db.prepare(`insert into uso_clientes ("idBot", dia, "idChannel", "idE", red, hll) values (?, ?, ?, ?, ?, ?)
    on conflict ("idBot", dia, "idChannel") do update set hll = excluded.hll`);
  db.transaction(() => {
    for (const r of uso.values()) insertUso.run(bot.id, r.dia, r.hora, r.idChannel, bot.idE, r.red, r.ds, r.ses, r.clt, r.msg);
    for (const r of usoSkill.values()) insertUsoSkill.run(bot.id, r.dia, r.idSkill, bot.idE, r.n, r.llegan, r.terminan);
    for (const r of sketches.values()) {
      const stored = storedSketch.get(bot.id, r.dia, r.idChannel) as { hll: Buffer } | undefined;
      if (stored) mergeSketch(r.hll, stored.hll);
      insertSketch.run(bot.id, r.dia, r.idChannel, bot.idE, r.red, r.hll);
    }
  })();
  process.stdout.write(`\r  escritos ${shape.clients.toLocaleString('es')} clientes, ${chatSessionCount.toLocaleString('es')} sesiones, ${messageCount.toLocaleString('es')} mensajes en ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { idBot: bot.id, idE: bot.idE, longClient, longSession, today, messagesPerDay };
}
