// A bot's range of days, as the history, its reports and the dashboard check it: a bot is chosen,
// the days are real and in order, within the screen's widest range, the bot is the caller's
// company's (another company's looks like none), and its days are read in its company's time zone.
import { dayRange, daysSpanned, isDay, offset } from '../../../../common/dias';
import { BOT_MESSAGES } from '../../../../common/schemas/bots';
import { DASHBOARD_MAX_DAYS, DASHBOARD_TEXTS, HISTORY_TEXTS } from '../../../../common/schemas/historial';
import { CHECKS } from '../../../../common/roles';
import { sameTenant } from '../../auth/tenant';
import type { DB } from '../../db';
import { ApiError, notFound } from '../../errors';
import type { SessionUser } from '../../types';
import { companyZone } from '../empresas/empresas';

export interface HistoryContext {
  db: DB;
  config: { chatTimeZone: string; now: () => number };
}

/** What a screen's range allows, and its own words for a missing bot (each form shows its own). */
export interface RangeRules {
  seleccioneBot: string;
  /** The most days a range may span, both ends counted, and what is said past them; none if absent. */
  span?: { maxDays: number; message: string };
}

/** The history and its reports: any number of days. */
export const HISTORY_RANGE: RangeRules = { seleccioneBot: HISTORY_TEXTS.seleccioneBot };
/** The dashboard and 'Ver uso': at most DASHBOARD_MAX_DAYS days. */
export const DASHBOARD_RANGE: RangeRules = {
  seleccioneBot: DASHBOARD_TEXTS.seleccioneBot,
  span: { maxDays: DASHBOARD_MAX_DAYS, message: DASHBOARD_TEXTS.intervalo },
};

export interface BotRange {
  idBot: string;
  /** The bot's company: the one its rows and reports belong to. */
  idE: string;
  botName: string;
  /** The bot's company's name. */
  empresa: string;
  timeZone: string;
  fd: string;
  fh: string;
  /** The instants [from, to) the days cover, ISO-8601, to compare with stored instants. */
  from: string;
  to: string;
}

const fieldError = (field: string, message: string) => new ApiError(400, message, undefined, field);

/** 400 unless fd and fh are real days with fh not before fd, spanning at most `span`'s days. */
export function checkDays(fd: string, fh: string, span?: RangeRules['span']): void {
  if (!isDay(fd)) throw fieldError('fd', HISTORY_TEXTS.fdDia);
  if (!isDay(fh)) throw fieldError('fh', HISTORY_TEXTS.fhDia);
  const days = daysSpanned(fd, fh);
  if (days < 1) throw fieldError('fh', HISTORY_TEXTS.hastaMayor);
  if (span && days > span.maxDays) throw new ApiError(400, span.message);
}

/**
 * Checks the query by the screen's `rules`, then resolves the bot (404 outside the caller's reach),
 * its company, and the instants its days cover in the company's zone, in one query.
 */
export async function botRange(
  ctx: { db: DB; config: { chatTimeZone: string } },
  user: SessionUser,
  query: { idBot?: string; fd: string; fh: string },
  rules: RangeRules,
): Promise<BotRange> {
  const idBot = query.idBot?.trim();
  if (!idBot) throw fieldError('idBot', rules.seleccioneBot);
  checkDays(query.fd, query.fh, rules.span);
  const bot = await ctx.db
    .selectFrom('bot')
    .innerJoin('empresa', 'empresa.id', 'bot.idE')
    .select(['bot.id', 'bot.idE', 'bot.nm', 'empresa.nm as empresa', 'empresa.tz'])
    .where('bot.id', '=', idBot)
    .executeTakeFirst();
  if (!bot || !sameTenant(user, bot.idE)) throw notFound(BOT_MESSAGES.notFound);
  const timeZone = companyZone(bot.tz, ctx.config.chatTimeZone);
  const { from, to } = dayRange(query.fd, query.fh, timeZone);
  return {
    idBot: bot.id, idE: bot.idE, botName: bot.nm, empresa: bot.empresa, timeZone, fd: query.fd, fh: query.fh,
    from: new Date(from).toISOString(), to: new Date(to).toISOString(),
  };
}

/** Skill and score are shown to whoever may open the bots (the console's rule for the bot editor). */
export const seesSkills = (user: SessionUser): boolean => CHECKS.botEditOrUser(user.flags);

/**
 * Offsets kept by zone and minute, for a spreadsheet's many dates: zones change their offset on a
 * whole minute, not always on a quarter hour (at 00:01 in America/Moncton until 2006, in Asia/Gaza in 2010).
 */
const offsets = new Map<string, number>();
const MINUTE = 60_000;

function keptOffset(ms: number, timeZone: string): number {
  const key = `${timeZone} ${Math.floor(ms / MINUTE)}`;
  let known = offsets.get(key);
  if (known === undefined) {
    known = offset(ms, timeZone);
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, known);
  }
  return known;
}

/**
 * The instant as a Date whose UTC fields are the wall clock in `timeZone`: a spreadsheet has no
 * zones, so its dates show the company's time.
 */
export function wallClock(iso: string | null, timeZone: string): Date | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return new Date(ms + keptOffset(ms, timeZone));
}
