// What every history and report call checks first: the bot is the caller's company's, the days
// are real and in order, and the range is read in the bot's company's time zone.
import { dayRange, isDay } from '../../../../common/dias';
import { HISTORY_TEXTS } from '../../../../common/schemas/historial';
import { CHECKS } from '../../../../common/roles';
import { sameTenant } from '../../auth/tenant';
import type { DB } from '../../db';
import { ApiError, notFound } from '../../errors';
import type { SessionUser } from '../../types';
import { companyTimeZone } from '../empresas/empresas';

export interface HistoryContext {
  db: DB;
  config: { chatTimeZone: string; now: () => number };
}

export interface BotRange {
  idBot: string;
  /** The bot's company: the one its rows and reports belong to. */
  idE: string;
  botName: string;
  timeZone: string;
  fd: string;
  fh: string;
  /** The instants [from, to) the days cover, ISO-8601, to compare with stored instants. */
  from: string;
  to: string;
}

const fieldError = (field: string, message: string) => new ApiError(400, message, undefined, field);

/** 400 unless fd and fh are real days with fh not before fd. */
export function checkDays(fd: string, fh: string): void {
  if (!isDay(fd)) throw fieldError('fd', `fd: la fecha desde no es una fecha válida (${fd})`);
  if (!isDay(fh)) throw fieldError('fh', `fh: la fecha hasta no es una fecha válida (${fh})`);
  if (fh < fd) throw fieldError('fh', HISTORY_TEXTS.hastaMayor);
}

/** The bot if the caller may read its history, else 404 (another company's bot looks like none). */
export async function historyBot(ctx: HistoryContext, user: SessionUser, idBot: string | undefined) {
  if (!idBot || !idBot.trim()) throw fieldError('idBot', HISTORY_TEXTS.seleccioneBot);
  const bot = await ctx.db.selectFrom('bot').select(['id', 'idE', 'nm']).where('id', '=', idBot).executeTakeFirst();
  if (!bot || !sameTenant(user, bot.idE)) throw notFound('Bot no encontrado');
  return bot;
}

/** Checks the query and resolves the bot and the instants its days cover in the company's zone. */
export async function botRange(ctx: HistoryContext, user: SessionUser, query: { idBot?: string; fd: string; fh: string }): Promise<BotRange> {
  const bot = await historyBot(ctx, user, query.idBot);
  checkDays(query.fd, query.fh);
  const timeZone = await companyTimeZone(ctx, bot.idE);
  const { from, to } = dayRange(query.fd, query.fh, timeZone);
  return {
    idBot: bot.id, idE: bot.idE, botName: bot.nm, timeZone, fd: query.fd, fh: query.fh,
    from: new Date(from).toISOString(), to: new Date(to).toISOString(),
  };
}

/** Skill and score are shown to whoever may open the bots (the console's rule for the bot editor). */
export const seesSkills = (user: SessionUser): boolean => CHECKS.botEditOrUser(user.flags);

const formats = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone and quarter hour: zones change their offset on a quarter hour at the finest. */
const offsets = new Map<string, number>();
const QUARTER = 15 * 60_000;

function offsetAt(ms: number, timeZone: string): number {
  const key = `${timeZone} ${Math.floor(ms / QUARTER)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
      formats.set(timeZone, format);
    }
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(ms)) p[part.type] = Number(part.value);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * The instant as a Date whose UTC fields are the wall clock in `timeZone`: a spreadsheet has no
 * zones, so its dates show the company's time.
 */
export function wallClock(iso: string | null, timeZone: string): Date | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return new Date(ms + offsetAt(ms, timeZone));
}
