// The counters' rules: what one turn adds to the history's and the dashboard's counters, so no
// screen ever scans the messages: the client's row of the day (its cards), the bot's counters of
// the day, hour and channel, each skill's answers, the chat sessions that reached it and those
// whose latest answer it gave (a chat session that goes on to another skill moves its end there), and,
// on the client's first turn of a day, the client in the sketch of distinct clients of that day
// and channel (db/hll.ts). Days and hours are the company's. The mark kept in the conversation's
// state says what is already counted. The live turn (turn.ts), the count of the recorded
// conversations (usoRelleno.ts) and the demo history (seed/historial.ts) all count by these rules,
// and record a bot's message and an unrecognised phrase as they say.
import { localTime, type LocalTime } from '../../../common/dias';
import type { Insertable } from 'kysely';
import type { ChatMessage } from '../../../common/schemas/chat';
import { sketchPoint, type SketchPoint } from '../db/hll';
import type { ChatClienteDiaTable, UsoClientesTable, UsoKbTable, UsoQnaTable, UsoSkillTable, UsoTable } from '../db/schema';
import type { KbEvents, UsageMark } from '../engine/turnTypes';

// Rows with every column given: what the store's upserts insert, or add to the row there is.
export type UsoRow = Required<Insertable<UsoTable>>;
export type ClienteDiaRow = Required<Insertable<ChatClienteDiaTable>>;
export type UsoSkillRow = Required<Insertable<UsoSkillTable>>;
export type UsoQnaRow = Required<Insertable<UsoQnaTable>>;
export type UsoKbRow = Required<Insertable<UsoKbTable>>;
/** A client added to the sketch of its bot, day and channel: the sketch's key and the client's point. */
export type UsoClientesRow = Omit<UsoClientesTable, 'hll'> & SketchPoint;

/** Everything a turn adds to the counters. */
export interface UsageWrite {
  uso: UsoRow;
  cliente: ClienteDiaRow;
  skills: UsoSkillRow[];
  /** On the client's first turn of a day only. */
  clientes?: UsoClientesRow;
  /** The QnAs that answered (n) or were rated (ok, bad). */
  qnas: UsoQnaRow[];
  /** A question the knowledge base could not answer. */
  kb?: UsoKbRow;
}

export interface TurnFacts {
  idE: string;
  idBot: string;
  idChannel: string;
  red: number;
  idClt: string;
  nm: string | null;
  timeZone: string;
  now: number;
  /** Last activity of the stored conversation (ms), none for a new one. */
  previous?: number;
  /** The mark of the stored conversation. */
  mark?: UsageMark;
  /** Whether this turn starts a chat session. */
  newChatSession: boolean;
  /** The rows written: the client's message and the bot's, in order, with the skill of each outgoing one. */
  rows: readonly { t: number; idSkill: string | null }[];
  /** What the knowledge base did: a QnA's messages count for the skill it answered for, and the QnA counts on its own. */
  kb?: KbEvents;
}

/** The company-local day, hour and weekday of an instant: common/dias.ts localTime, or a cached equal (quarterClock). */
export type Clock = (ms: number, timeZone: string) => LocalTime;

/** The counters' increments of a turn, and the conversation's new mark. */
export function usageOfTurn(turn: TurnFacts, clock: Clock = localTime): { write: UsageWrite; mark: UsageMark } {
  const { dia, hora, ds } = clock(turn.now, turn.timeZone);
  const lastDay = turn.mark?.dia ?? (turn.previous !== undefined ? clock(turn.previous, turn.timeZone).dia : undefined);
  const firstToday = lastDay !== dia;
  const chatSession = turn.newChatSession ? { skills: [] as string[], fin: undefined } : { skills: turn.mark?.skills ?? [], fin: turn.mark?.fin };
  const base = { idBot: turn.idBot, idE: turn.idE };

  const bySkill = new Map<string, UsoSkillRow>();
  const add = (idSkill: string, day: string, change: Partial<Pick<UsoSkillRow, 'n' | 'llegan' | 'terminan'>>) => {
    const key = `${day} ${idSkill}`;
    const row = bySkill.get(key) ?? { ...base, dia: day, idSkill, n: 0, llegan: 0, terminan: 0 };
    row.n += change.n ?? 0;
    row.llegan += change.llegan ?? 0;
    row.terminan += change.terminan ?? 0;
    bySkill.set(key, row);
  };
  const skills = [...chatSession.skills];
  let latest: string | undefined;
  const qnas = new Set([...(turn.kb?.answered ?? []), ...(turn.kb?.rated ? [turn.kb.rated.idQna] : [])]);
  const entry = turn.kb?.entry;
  for (const row of turn.rows) {
    if (row.t !== 0 || !row.idSkill) continue;
    // A QnA's answer is the answer of the KB-mode skill it answered for.
    const idSkill = qnas.has(row.idSkill) ? entry : row.idSkill;
    if (!idSkill) continue;
    add(idSkill, dia, { n: 1 });
    if (!skills.includes(idSkill)) {
      skills.push(idSkill);
      add(idSkill, dia, { llegan: 1 });
    }
    latest = idSkill;
  }
  let fin = chatSession.fin;
  if (latest && (fin?.skill !== latest || fin.dia !== dia)) {
    if (fin) add(fin.skill, fin.dia, { terminan: -1 });
    add(latest, dia, { terminan: 1 });
    fin = { skill: latest, dia };
  }

  const write: UsageWrite = {
    uso: { ...base, dia, hora, ds, idChannel: turn.idChannel, red: turn.red, ses: turn.newChatSession ? 1 : 0, clt: firstToday ? 1 : 0, msg: turn.rows.length },
    cliente: { ...base, dia, idClt: turn.idClt, red: turn.red, nm: turn.nm, ses: turn.newChatSession || firstToday ? 1 : 0, msg: turn.rows.length, ultimo: new Date(turn.now).toISOString() },
    skills: [...bySkill.values()].sort((a, b) => (a.dia + a.idSkill < b.dia + b.idSkill ? -1 : 1)),
    ...(firstToday ? { clientes: clientOfDay({ ...base, dia, idChannel: turn.idChannel, red: turn.red, idClt: turn.idClt }) } : {}),
    qnas: qnaCounts(base, dia, turn.kb),
    ...(turn.kb?.notFound ? { kb: { ...base, dia, nf: 1 } } : {}),
  };
  return { write, mark: { dia, skills, ...(fin ? { fin } : {}) } };
}

/** Per QnA: one answer for each QnA that answered the turn, and the turn's rating. */
function qnaCounts(base: { idBot: string; idE: string }, dia: string, kb: KbEvents | undefined): UsoQnaRow[] {
  if (!kb) return [];
  const rows = new Map<string, UsoQnaRow>();
  const row = (idQna: string) => rows.get(idQna) ?? rows.set(idQna, { ...base, dia, idQna, n: 0, ok: 0, bad: 0 }).get(idQna)!;
  for (const idQna of kb.answered) row(idQna).n += 1;
  if (kb.rated) row(kb.rated.idQna)[kb.rated.ok ? 'ok' : 'bad'] += 1;
  return [...rows.values()].sort((a, b) => (a.idQna < b.idQna ? -1 : 1));
}

/** A client counted on a day: the sketch it joins (its bot, that day, its channel) and the point it leaves there. */
export function clientOfDay(day: Omit<UsoClientesTable, 'hll'> & { idClt: string }): UsoClientesRow {
  const { idClt, ...sketch } = day;
  return { ...sketch, ...sketchPoint(idClt) };
}

// Every time zone is a whole number of quarter hours from UTC: a quarter hour has one local day and hour.
const QUARTER = 15 * 60_000;

/** localTime with each zone's quarter hours remembered: for one count of many recorded turns (its memory grows with every quarter it meets), never for live turns. */
export function quarterClock(): Clock {
  const zones = new Map<string, Map<number, LocalTime>>();
  return (ms, timeZone) => {
    let zone = zones.get(timeZone);
    if (!zone) zones.set(timeZone, (zone = new Map()));
    const quarter = Math.floor(ms / QUARTER);
    let at = zone.get(quarter);
    if (!at) zone.set(quarter, (at = localTime(quarter * QUARTER, timeZone)));
    return at;
  };
}

/** The text a message is recorded with: its text, or its title, or its carousel's titles, or its kind. */
export function recordedText(message: ChatMessage): string {
  if (message.text) return message.text;
  if (message.title) return message.title;
  if (message.carousel?.length) return message.carousel.map((c) => c.title).join(' | ');
  return message.type;
}

/** The phrase an unrecognised text leaves for Monitoreo (trimmed, at most 1,000 characters), none for a blank one. */
export function unrecognisedPhrase(text: string): string | undefined {
  return text.trim() ? text.trim().slice(0, 1000) : undefined;
}
