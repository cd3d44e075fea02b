// The counters of the history and the dashboard as a count of the recorded messages gives them,
// computed here the slow way (every message read), to compare with what the store keeps. A sketch
// of distinct clients is compared by its registers: the clients it holds each leave theirs.
import { localTime, weekday } from '../../common/dias';
import { rebuildClientSketches } from '../../server/src/conversation/usoRelleno';
import { addPoint, emptySketch, sketchPoint } from '../../server/src/db/hll';
import type { TestApp } from './helpers';

export interface Counters {
  uso: Record<string, { ses: number; clt: number; msg: number }>;
  cliente: Record<string, { ses: number; msg: number; ultimo: string }>;
  skill: Record<string, { n: number; llegan: number; terminan: number }>;
  /** Per day and channel, the sketch's registers that are set, as 'register:rank'. */
  clientes: Record<string, string[]>;
}

const registers = (sketch: Uint8Array) => [...sketch].flatMap((rank, reg) => (rank ? [`${reg}:${rank}`] : []));

/** Counters as they are stored for `idBot`, rows with only zeros left out. */
export async function storedCounters(t: TestApp, idBot: string): Promise<Counters> {
  const { db } = t.app;
  const out: Counters = { uso: {}, cliente: {}, skill: {}, clientes: {} };
  for (const r of await db.selectFrom('uso_clientes').selectAll().where('idBot', '=', idBot).execute()) out.clientes[`${r.dia} ${r.idChannel}`] = registers(r.hll);
  for (const r of await db.selectFrom('uso').selectAll().where('idBot', '=', idBot).execute()) {
    if (r.ses || r.clt || r.msg) out.uso[`${r.dia} ${r.hora} ${r.idChannel}`] = { ses: Number(r.ses), clt: Number(r.clt), msg: Number(r.msg) };
  }
  for (const r of await db.selectFrom('chat_cliente_dia').selectAll().where('idBot', '=', idBot).execute()) {
    out.cliente[`${r.dia} ${r.idClt}`] = { ses: Number(r.ses), msg: Number(r.msg), ultimo: r.ultimo };
  }
  for (const r of await db.selectFrom('uso_skill').selectAll().where('idBot', '=', idBot).execute()) {
    if (r.n || r.llegan || r.terminan) out.skill[`${r.dia} ${r.idSkill}`] = { n: Number(r.n), llegan: Number(r.llegan), terminan: Number(r.terminan) };
  }
  return out;
}

/** Counters counted from the messages of `idBot` (test conversations left out), days and hours in `timeZone`. */
export async function countedCounters(t: TestApp, idBot: string, timeZone: string): Promise<Counters> {
  const rows = await t.app.db
    .selectFrom('chat_mensaje as m')
    .innerJoin('chat_sesion as s', 's.id', 'm.idSesion')
    .innerJoin('conversacion as c', (j) => j.onRef('c.idClt', '=', 's.idClt').onRef('c.idBot', '=', 's.idBot'))
    .select(['m.t', 'm.idSkill', 'm.fc', 'm.seq', 's.id as sesion', 's.idClt', 's.fi', 'c.idChannel'])
    .where('m.idBot', '=', idBot)
    .where('s.test', '=', 0)
    .orderBy('s.id')
    .orderBy('m.seq')
    .execute();
  const out: Counters = { uso: {}, cliente: {}, skill: {}, clientes: {} };
  const sketches = new Map<string, Uint8Array>();
  const uso = (key: string) => (out.uso[key] ??= { ses: 0, clt: 0, msg: 0 });
  const skill = (key: string) => (out.skill[key] ??= { n: 0, llegan: 0, terminan: 0 });
  const clientDays = new Set<string>();
  const sessionDays = new Set<string>();
  const sessions = new Set<string>();
  const reached = new Set<string>();
  const last = new Map<string, string>();
  // A client's first message of a day counts it in that day's hour; the session's start counts where it started.
  const ordered = [...rows].sort((a, b) => (a.fc === b.fc ? a.seq - b.seq : a.fc < b.fc ? -1 : 1));
  for (const r of ordered) {
    const at = localTime(Date.parse(r.fc), timeZone);
    const key = `${at.dia} ${at.hora} ${r.idChannel}`;
    uso(key).msg += 1;
    if (!sessions.has(r.sesion)) {
      sessions.add(r.sesion);
      const start = localTime(Date.parse(r.fi), timeZone);
      uso(`${start.dia} ${start.hora} ${r.idChannel}`).ses += 1;
    }
    if (!clientDays.has(`${at.dia} ${r.idClt}`)) {
      clientDays.add(`${at.dia} ${r.idClt}`);
      uso(key).clt += 1;
      const day = `${at.dia} ${r.idChannel}`;
      if (!sketches.has(day)) sketches.set(day, emptySketch());
      addPoint(sketches.get(day)!, sketchPoint(r.idClt));
    }
    const day = (out.cliente[`${at.dia} ${r.idClt}`] ??= { ses: 0, msg: 0, ultimo: r.fc });
    day.msg += 1;
    if (r.fc > day.ultimo) day.ultimo = r.fc;
    if (!sessionDays.has(`${at.dia} ${r.sesion}`)) {
      sessionDays.add(`${at.dia} ${r.sesion}`);
      day.ses += 1;
    }
    if (r.t === 0 && r.idSkill) {
      skill(`${at.dia} ${r.idSkill}`).n += 1;
      if (!reached.has(`${r.sesion} ${r.idSkill}`)) {
        reached.add(`${r.sesion} ${r.idSkill}`);
        skill(`${at.dia} ${r.idSkill}`).llegan += 1;
      }
      last.set(r.sesion, `${at.dia} ${r.idSkill}`);
    }
  }
  for (const key of last.values()) skill(key).terminan += 1;
  for (const [key, sketch] of sketches) out.clientes[key] = registers(sketch);
  return out;
}

/** Every row of the four counter tables, every column, in key order: numbers plain, sketches as hex. */
export async function counterRows(t: TestApp) {
  const { db } = t.app;
  const plain = <T extends object>(rows: T[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' || (typeof v === 'string' && /^-?\d+$/.test(v) && k !== 'dia' && !k.startsWith('id')) ? Number(v) : v])));
  return {
    uso: plain(await db.selectFrom('uso').selectAll().orderBy('idBot').orderBy('dia').orderBy('hora').orderBy('idChannel').execute()),
    cliente: plain(await db.selectFrom('chat_cliente_dia').selectAll().orderBy('idBot').orderBy('dia').orderBy('idClt').execute()),
    skill: plain(await db.selectFrom('uso_skill').selectAll().orderBy('idBot').orderBy('dia').orderBy('idSkill').execute()),
    clientes: (await db.selectFrom('uso_clientes').selectAll().orderBy('idBot').orderBy('dia').orderBy('idChannel').execute()).map((r) => ({ ...r, hll: Buffer.from(r.hll).toString('hex') })),
  };
}

/**
 * Many clients written straight to the tables, as many turns would leave them: `clients` clients
 * (cli-00000, …) alternating between a web and a WhatsApp channel, each on the days `writes` says,
 * with its client-day (one session, two messages, last at `ultimo`), the channels' counters of
 * each day at 10 h and the days' sketches. Answers the client-days written.
 */
export async function writeClientDays(t: TestApp, o: { idE: string; idBot: string; days: readonly string[]; clients: number; writes: (client: number, day: number) => boolean; ultimo: (dia: string) => number }) {
  const { db } = t.app;
  const channels = [{ id: 'web-a', red: 3 }, { id: 'wa-b', red: 4 }];
  const clients = Array.from({ length: o.clients }, (_, i) => ({ id: `cli-${String(i).padStart(5, '0')}`, canal: channels[i % 2] }));
  for (let i = 0; i < clients.length; i += 500) {
    await db.insertInto('chat_cliente').values(clients.slice(i, i + 500).map((k) => ({ id: k.id, idE: o.idE, idChannel: k.canal.id, psi: k.id, red: k.canal.red, nm: k.id, test: 0, idU: null, fc: new Date(t.clock.now).toISOString() }))).execute();
  }
  const rows = o.days.flatMap((d, di) => clients.filter((_, i) => o.writes(i, di)).map((k) => ({ idBot: o.idBot, dia: d, idClt: k.id, idE: o.idE, red: k.canal.red, nm: k.id, ses: 1, msg: 2, ultimo: new Date(o.ultimo(d)).toISOString() })));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('chat_cliente_dia').values(rows.slice(i, i + 500)).execute();
  for (const d of o.days) {
    for (const canal of channels) {
      const n = rows.filter((r) => r.dia === d && r.red === canal.red).length;
      await db.insertInto('uso').values({ idBot: o.idBot, dia: d, hora: 10, idChannel: canal.id, idE: o.idE, red: canal.red, ds: weekday(d), ses: n, clt: n, msg: 2 * n }).execute();
    }
  }
  await rebuildClientSketches(db);
  return rows;
}
