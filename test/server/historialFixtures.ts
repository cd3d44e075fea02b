// What the history and report suites share: the demo company in Lima's time zone with a deployed
// bot, conversations made through real chat turns at chosen Lima hours, the demo accounts and
// who may reach the history.
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { addDays, dayStart, localDay } from '../../common/dias';
import { ACCOUNTS, companyId, type Account } from './adminFixtures';
import { deployNow, fromChannel, insertChatBot, setBot, type ChatBot } from './chatFixtures';
import type { Client, TestApp } from './helpers';

export const LIMA = 'America/Lima';
/** A day in Lima still to come (the clock only moves forward from the sign-in). */
export const futureDay = (ahead = 1) => addDays(localDay(Date.now(), LIMA), ahead);
/** The instant `hh:mm` of `dia` in Lima. */
export const limaAt = (dia: string, hh: number, mm = 0) => dayStart(dia, LIMA) + (hh * 60 + mm) * 60_000;

/** Who may read the history (the history rule): the rest get 403, otra@ (another company) 404. */
export const HISTORY_READERS: readonly Account[] = ['admin', 'compania', 'usuario', 'historial'];
export const ALL: readonly Account[] = Object.keys(ACCOUNTS) as Account[];
export function historyStatus(who: Account): number {
  if (who === 'otra') return 404;
  return HISTORY_READERS.includes(who) ? 200 : 403;
}
/** Who sees the skill and score of each answer: whoever may open the bots. */
export const SEES_SKILLS: readonly Account[] = ['admin', 'compania', 'usuario'];

/** Demo Internacional in Lima, with a deployed bot whose sessions end after 30 idle minutes. */
export async function limaBot(t: TestApp): Promise<{ idE: string; chat: ChatBot }> {
  const idE = await companyId(t, 'Demo Internacional');
  await t.app.db.updateTable('empresa').set({ tz: LIMA }).where('id', '=', idE).execute();
  const chat = await insertChatBot(t, idE);
  await setBot(t, chat.bot, {}, { tsession: 30 });
  await deployNow(t, chat.bot);
  return { idE, chat };
}

/**
 * A client `nm` (conversation `psi`) writes `inputs` to the bot from `at`, 5 seconds apart, as a
 * channel's client (a real conversation, not a test); returns the client's id.
 */
export async function talk(t: TestApp, bot: string, psi: string, nm: string, at: number, inputs: string[]): Promise<string> {
  t.clock.now = at;
  for (const input of inputs) {
    await fromChannel(t, bot, psi, input, { nm });
    t.clock.advance(5_000);
  }
  const client = await t.app.db.selectFrom('chat_cliente').select('id').where('psi', '=', psi).executeTakeFirstOrThrow();
  return client.id;
}

/** Signs in each account at the clock's current time. */
export async function signInAll(t: TestApp): Promise<Record<Account, Client>> {
  const entries = await Promise.all(ALL.map(async (who) => [who, await t.login(ACCOUNTS[who])] as const));
  return Object.fromEntries(entries) as Record<Account, Client>;
}

/** A workbook read back from a reply's bytes. */
export async function workbook(response: LightMyRequestResponse): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as never);
  return book;
}

/** A sheet's rows as arrays of cell values (row 1 is the headers). */
export function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The Lima wall clock of an instant as the spreadsheet's date holds it (its UTC fields). */
export const limaWall = (iso: string) => {
  const ms = Date.parse(iso);
  const day = localDay(ms, LIMA);
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + (ms - dayStart(day, LIMA)));
};
