// The dashboard and 'Ver uso': sums over the counters the conversation store keeps per bot, day,
// hour and channel (uso) and per bot, day and skill (uso_skill), never over the messages, so a
// 90-day range reads at most 90 × 24 rows per channel whatever the number of clients. The clients
// of a range (in all, per channel and per weekday), each counted once, come from the client-days
// when they are few, else from the sketches of distinct clients per day and channel
// (uso_clientes), at most 90 per channel.
import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import { daysSpanned, weekday } from '../../../../common/dias';
import { channelCodeLabel, TOP_N, type DashboardData, type DashboardSkills, type DashboardTimeline, type SkillUsage } from '../../../../common/schemas/historial';
import { EXACT_CLIENT_DAYS, emptySketch, estimateSketch, mergeSketch } from '../../db/hll';
import type { DB } from '../../db/index';
import { notFound } from '../../errors';
import type { BotRange } from '../historial/rango';

/** The name of a skill counted in the range that no longer exists. */
export const DELETED_SKILL = '(eliminado)';

/** What the dashboard reads of a bot's range (services/historial/rango.ts botRange with DASHBOARD_RANGE). */
export type DashboardScope = Pick<BotRange, 'idBot' | 'idE' | 'empresa' | 'fd' | 'fh'>;

/** The details by department and by bot: a pre-release (DASHBOARD_PRERELEASE), for companies named '…internacional…'. */
export function hasDashboardDetails(empresa: string, prerelease: boolean): boolean {
  return prerelease && empresa.toLocaleLowerCase('es').includes('internacional');
}

/** Elsewhere the details do not exist. */
export function assertPrerelease(scope: DashboardScope, prerelease: boolean): void {
  if (!hasDashboardDetails(scope.empresa, prerelease)) throw notFound();
}

const int = (value: unknown): number => Number(value ?? 0);

function usoOf(db: DB, scope: DashboardScope) {
  return db.selectFrom('uso').where('idBot', '=', scope.idBot).where('dia', '>=', scope.fd).where('dia', '<=', scope.fh);
}

/** Sessions, clients (the people who wrote, each once) and messages per channel code, and in all. */
export async function dashboardData(db: DB, scope: DashboardScope): Promise<DashboardData> {
  const rows = await usoOf(db, scope)
    .select((eb) => ['red', eb.fn.sum<number>('ses').as('ses'), eb.fn.sum<number>('clt').as('clt'), eb.fn.sum<number>('msg').as('msg')])
    .groupBy('red')
    .orderBy('red')
    .execute();
  const clients = await distinctClients(db, scope, new Map(rows.map((r) => [Number(r.red), int(r.clt)])));
  const canales = rows.map((r) => ({ red: r.red, ses: int(r.ses), clt: clients.byRed.get(Number(r.red)) ?? 0, msg: int(r.msg) }));
  const total = (key: 'ses' | 'msg') => canales.reduce((sum, c) => sum + c[key], 0);
  return { canales, totSessions: total('ses'), totClts: clients.total, msmTot: total('msg'), cltAprox: clients.approximate };
}

interface DistinctClients {
  byRed: Map<number, number>;
  total: number;
  /** Estimated from the sketches, within about 1 %. */
  approximate: boolean;
}

/**
 * The people who wrote to the bot in the range, per channel code and in all, given its
 * client-days per channel code. One day's client-days are its clients. A longer range is counted
 * while it holds at most EXACT_CLIENT_DAYS client-days, and estimated past that. A client writes
 * through one channel, so the codes' clients add up to the total.
 */
async function distinctClients(db: DB, scope: DashboardScope, clientDays: Map<number, number>): Promise<DistinctClients> {
  const days = [...clientDays.values()].reduce((sum, n) => sum + n, 0);
  if (scope.fd === scope.fh) return { byRed: clientDays, total: days, approximate: false };
  const { counts, sketches } = await clientsPerGroup(db, scope, clientDays, { column: sql<number>`${sql.ref('red')}`, of: (row) => Number(row.red) });
  if (!sketches) return { byRed: counts, total: [...counts.values()].reduce((sum, n) => sum + n, 0), approximate: false };
  const all = emptySketch();
  for (const sketch of sketches.values()) mergeSketch(all, sketch);
  // No estimate says more clients than there were client-days.
  return { byRed: counts, total: Math.min(estimateSketch(all), days), approximate: true };
}

/**
 * The distinct clients of the range in each group (a channel code, a weekday), given the groups'
 * client-days: counted from the client-days while the range holds at most EXACT_CLIENT_DAYS of
 * them; past that estimated from the days' sketches merged per group (`sketches`, null when
 * counted), no group's estimate above its client-days.
 */
async function clientsPerGroup(
  db: DB,
  scope: DashboardScope,
  clientDays: Map<number, number>,
  group: { column: RawBuilder<number>; of: (row: { red: number | string; dia: string }) => number },
): Promise<{ counts: Map<number, number>; sketches: Map<number, Uint8Array> | null }> {
  const days = [...clientDays.values()].reduce((sum, n) => sum + n, 0);
  if (days <= EXACT_CLIENT_DAYS) {
    const rows = await db
      .selectFrom('chat_cliente_dia')
      .select([group.column.as('g'), sql<number>`count(distinct "idClt")`.as('n')])
      .where('idBot', '=', scope.idBot).where('dia', '>=', scope.fd).where('dia', '<=', scope.fh)
      .groupBy(group.column)
      .execute();
    return { counts: new Map(rows.map((r) => [int(r.g), int(r.n)])), sketches: null };
  }
  const rows = await db
    .selectFrom('uso_clientes')
    .select(['red', 'dia', 'hll'])
    .where('idBot', '=', scope.idBot).where('dia', '>=', scope.fd).where('dia', '<=', scope.fh)
    .execute();
  const sketches = new Map<number, Uint8Array>();
  for (const r of rows) {
    const key = group.of(r);
    let sketch = sketches.get(key);
    if (!sketch) sketches.set(key, (sketch = emptySketch()));
    mergeSketch(sketch, r.hll);
  }
  const counts = new Map([...sketches].map(([key, sketch]) => [key, Math.min(estimateSketch(sketch), clientDays.get(key) ?? 0)]));
  return { counts, sketches };
}

/**
 * One row per weekday (1 Sunday … 7 Saturday) or per hour (0–23), those without activity as zeros.
 * Per weekday, clt is the people who wrote on that weekday of the range, each once (cltAprox where
 * estimated). Per hour it is what the counters keep: each client once a day, in the hour of its
 * first message that day, summed over the days; no row says who wrote in each hour.
 */
export async function dashboardTimeline(db: DB, scope: DashboardScope, tl: 'dias' | 'horas' = 'dias'): Promise<DashboardTimeline> {
  const column = tl === 'horas' ? 'hora' : 'ds';
  const rows = await usoOf(db, scope)
    .select((eb) => [eb.ref(column).as('k'), eb.fn.sum<number>('ses').as('ses'), eb.fn.sum<number>('clt').as('clt'), eb.fn.sum<number>('msg').as('msg')])
    .groupBy(column)
    .execute();
  const byKey = new Map(rows.map((r) => [Number(r.k), r]));
  if (tl === 'horas') {
    return Array.from({ length: 24 }, (_, hora) => {
      const r = byKey.get(hora);
      return { hora, ses: int(r?.ses), clt: int(r?.clt), msg: int(r?.msg) };
    });
  }
  const clients = await weekdayClients(db, scope, new Map(rows.map((r) => [Number(r.k), int(r.clt)])));
  return Array.from({ length: 7 }, (_, d) => {
    const r = byKey.get(d + 1);
    const clt = clients.byWeekday.get(d + 1) ?? 0;
    return { dia: d + 1, ses: int(r?.ses), clt, msg: int(r?.msg), ...(clients.approximate && clt > 0 ? { cltAprox: true } : {}) };
  });
}

/** The weekday (1 Sunday … 7 Saturday) of a day column written YYYY-MM-DD, as uso.ds has it. */
function weekdayOf(db: DB, column: string) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<number>`cast(extract(dow from cast(${sql.ref(column)} as date)) as integer) + 1`
    : sql<number>`cast(strftime('%w', ${sql.ref(column)}) as integer) + 1`;
}

/**
 * The people who wrote to the bot on each weekday of the range, each once per weekday, given the
 * weekdays' client-days. Within a week each weekday is one day, whose client-days are its clients;
 * a longer range is counted while it holds at most EXACT_CLIENT_DAYS client-days, and estimated past
 * that by merging each weekday's sketches.
 */
async function weekdayClients(db: DB, scope: DashboardScope, clientDays: Map<number, number>): Promise<{ byWeekday: Map<number, number>; approximate: boolean }> {
  if (daysSpanned(scope.fd, scope.fh) <= 7) return { byWeekday: clientDays, approximate: false };
  const { counts, sketches } = await clientsPerGroup(db, scope, clientDays, { column: weekdayOf(db, 'dia'), of: (row) => weekday(row.dia) });
  return { byWeekday: counts, approximate: sketches !== null };
}

/** The skills that gave most answers in the range (top TOP_N), by their current name. */
export async function dashboardSkills(db: DB, scope: DashboardScope): Promise<DashboardSkills> {
  const rows = await db
    .selectFrom('uso_skill')
    .select((eb) => ['idSkill', eb.fn.sum<number>('n').as('n')])
    .where('idBot', '=', scope.idBot).where('dia', '>=', scope.fd).where('dia', '<=', scope.fh)
    .groupBy('idSkill')
    .having(sql`sum(n)`, '>', 0)
    .orderBy(sql`sum(n)`, 'desc')
    .orderBy('idSkill')
    .limit(TOP_N)
    .execute();
  if (rows.length === 0) return [];
  const names = new Map((await db.selectFrom('skill').select(['id', 'nm']).where('id', 'in', rows.map((r) => r.idSkill)).execute()).map((s) => [s.id, s.nm]));
  return rows.map((r) => ({ idSkill: r.idSkill, nm: names.get(r.idSkill) ?? DELETED_SKILL, n: int(r.n) }));
}

/** Sessions and clients per channel the conversations came through, named by the channel's description; channels of one description are one department. */
export async function dashboardDepts(db: DB, scope: DashboardScope): Promise<Array<{ dept: string; ses: number; clt: number }>> {
  const rows = await usoOf(db, scope)
    .select((eb) => ['idChannel', eb.fn.min<number>('red').as('red'), eb.fn.sum<number>('ses').as('ses'), eb.fn.sum<number>('clt').as('clt')])
    .groupBy('idChannel')
    .execute();
  if (rows.length === 0) return [];
  const canales = await db.selectFrom('canal').select(['id', 'name', 'dsc']).where('id', 'in', rows.map((r) => r.idChannel)).execute();
  const names = new Map(canales.map((c) => [c.id, c.dsc.trim() || c.name]));
  const depts = new Map<string, { dept: string; ses: number; clt: number }>();
  for (const r of rows) {
    // The console's chat, or a channel deleted since, reads as its kind ('Web', 'WhatsApp', …).
    const dept = names.get(r.idChannel) ?? channelCodeLabel(Number(r.red));
    const row = depts.get(dept) ?? { dept, ses: 0, clt: 0 };
    row.ses += int(r.ses);
    row.clt += int(r.clt);
    depts.set(dept, row);
  }
  return [...depts.values()].sort((a, b) => b.ses - a.ses || a.dept.localeCompare(b.dept, 'es'));
}

/** Sessions and clients of every bot of the company in the range, those without any as zeros. */
export async function dashboardBots(db: DB, scope: DashboardScope): Promise<Array<{ bot: string; ses: number; clt: number }>> {
  const [bots, sums] = await Promise.all([
    db.selectFrom('bot').select(['id', 'nm']).where('idE', '=', scope.idE).execute(),
    db
      .selectFrom('uso')
      .select((eb) => ['idBot', eb.fn.sum<number>('ses').as('ses'), eb.fn.sum<number>('clt').as('clt')])
      .where('idE', '=', scope.idE).where('dia', '>=', scope.fd).where('dia', '<=', scope.fh)
      .groupBy('idBot')
      .execute(),
  ]);
  const byBot = new Map(sums.map((s) => [s.idBot, s]));
  return bots
    .map((b) => ({ bot: b.nm, ses: int(byBot.get(b.id)?.ses), clt: int(byBot.get(b.id)?.clt) }))
    .sort((a, b) => b.ses - a.ses || a.bot.localeCompare(b.bot, 'es'));
}

/** 'Ver uso': per skill of the bot, the sessions that reached it and those whose last answer it gave, in the range. */
export async function skillUsage(db: DB, scope: DashboardScope): Promise<SkillUsage> {
  const [skills, sums] = await Promise.all([
    db.selectFrom('skill').select('id').where('idBot', '=', scope.idBot).orderBy('id').execute(),
    db
      .selectFrom('uso_skill')
      .select((eb) => ['idSkill', eb.fn.sum<number>('llegan').as('llegan'), eb.fn.sum<number>('terminan').as('terminan')])
      .where('idBot', '=', scope.idBot).where('dia', '>=', scope.fd).where('dia', '<=', scope.fh)
      .groupBy('idSkill')
      .execute(),
  ]);
  const bySkill = new Map(sums.map((s) => [s.idSkill, s]));
  return skills.map((s) => ({ idSkill: s.id, llegan: int(bySkill.get(s.id)?.llegan), terminan: int(bySkill.get(s.id)?.terminan) }));
}
