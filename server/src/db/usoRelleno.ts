// The history's and the dashboard's counters counted again from the recorded conversations: what
// the conversation store adds turn by turn, given all at once (a database recorded before the
// counters existed, and the demo history). Clients are read in pages by id, each page with its
// messages in order, so memory holds one page and the counters, never the whole history. Days
// and hours are each company's; test conversations are not counted.
import { sql, type Kysely } from 'kysely';
import { localTime, type LocalTime } from '../../../common/dias';
import { addPoint, emptySketch, sketchPoint } from './hll';
import type { Database } from './schema';

/** The time zone of company `idE`. */
export type TimeZoneOf = (idE: string) => string;

/** Each company's own time zone, else `fallback`. */
export async function companyTimeZones(db: Kysely<Database>, fallback: string): Promise<TimeZoneOf> {
  const rows = await db.selectFrom('empresa').select(['id', 'tz']).execute();
  const zones = new Map(rows.map((r) => [r.id, r.tz || fallback]));
  return (idE) => zones.get(idE) ?? fallback;
}

const PAGE = 500;
const WRITE_CHUNK = 500;
// Every time zone is a whole number of quarter hours from UTC: a quarter hour has one local day and hour.
const QUARTER = 15 * 60_000;

/** A counters' row as it is counted: its counts plain numbers. */
type Counted<T extends keyof Database, C extends keyof Database[T]> = Omit<Database[T], C> & Record<C, number>;

interface MessageRow {
  idClt: string;
  idBot: string;
  idSesion: string;
  idE: string;
  red: number;
  fi: string;
  t: number;
  idSkill: string | null;
  fc: string;
}

/**
 * Empties the three counter tables and fills them from the recorded messages; answers how many
 * messages it read. The sketches of distinct clients follow from chat_cliente_dia: rebuildClientSketches.
 */
export async function rebuildUsage(db: Kysely<Database>, timeZoneOf: TimeZoneOf): Promise<number> {
  await db.deleteFrom('chat_cliente_dia').execute();
  await db.deleteFrom('uso').execute();
  await db.deleteFrom('uso_skill').execute();

  const cache = new Map<string, Map<number, LocalTime>>();
  const local = (iso: string, idE: string): LocalTime => {
    const tz = timeZoneOf(idE);
    let zone = cache.get(tz);
    if (!zone) cache.set(tz, (zone = new Map()));
    const quarter = Math.floor(Date.parse(iso) / QUARTER);
    let at = zone.get(quarter);
    if (!at) zone.set(quarter, (at = localTime(quarter * QUARTER, tz)));
    return at;
  };

  const uso = new Map<string, Counted<'uso', 'ses' | 'clt' | 'msg'>>();
  const skills = new Map<string, { idBot: string; dia: string; idSkill: string; idE: string; n: number; llegan: number; terminan: number }>();
  const usoOf = (r: MessageRow, at: LocalTime, idChannel: string) => {
    const key = `${r.idBot} ${at.dia} ${at.hora} ${idChannel}`;
    let row = uso.get(key);
    if (!row) uso.set(key, (row = { idBot: r.idBot, dia: at.dia, hora: at.hora, idChannel, idE: r.idE, red: r.red, ds: at.ds, ses: 0, clt: 0, msg: 0 }));
    return row;
  };
  const skillOf = (idBot: string, idE: string, dia: string, idSkill: string) => {
    const key = `${idBot} ${dia} ${idSkill}`;
    let row = skills.get(key);
    if (!row) skills.set(key, (row = { idBot, dia, idSkill, idE, n: 0, llegan: 0, terminan: 0 }));
    return row;
  };

  let read = 0;
  let after = '';
  for (;;) {
    const clients = await db.selectFrom('chat_cliente').select(['id', 'idChannel', 'nm']).where('test', '=', 0).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    if (clients.length === 0) break;
    after = clients[clients.length - 1].id;
    const clientOf = new Map(clients.map((c) => [c.id, c]));
    const messages: MessageRow[] = await db
      .selectFrom('chat_mensaje as m')
      .innerJoin('chat_sesion as s', 's.id', 'm.idSesion')
      .select(['s.idClt', 'm.idBot', 'm.idSesion', 's.idE', 's.red', 's.fi', 'm.t', 'm.idSkill', 'm.fc'])
      .where('s.idClt', 'in', clients.map((c) => c.id))
      .where('s.test', '=', 0)
      .orderBy('s.idClt').orderBy('m.idBot').orderBy('m.fc').orderBy('s.fi').orderBy('m.seq')
      .execute();
    read += messages.length;

    const days = new Map<string, Counted<'chat_cliente_dia', 'ses' | 'msg'>>();
    // One conversation: a client with a bot, its messages in order.
    let conversation = '';
    let lastDay = '';
    const sessions = new Set<string>();
    const sessionDays = new Set<string>();
    const reached = new Set<string>();
    const ends = new Map<string, { dia: string; idSkill: string; idBot: string; idE: string }>();
    const closeConversation = () => {
      for (const end of ends.values()) skillOf(end.idBot, end.idE, end.dia, end.idSkill).terminan += 1;
      ends.clear();
      reached.clear();
      sessions.clear();
      sessionDays.clear();
      lastDay = '';
    };
    for (const r of messages) {
      const client = clientOf.get(r.idClt);
      if (!client) continue;
      if (`${r.idClt} ${r.idBot}` !== conversation) {
        closeConversation();
        conversation = `${r.idClt} ${r.idBot}`;
      }
      const at = local(r.fc, r.idE);
      usoOf(r, at, client.idChannel).msg += 1;
      // A session counts where it started; a client once a day, in the hour it first wrote.
      if (!sessions.has(r.idSesion)) {
        sessions.add(r.idSesion);
        usoOf(r, local(r.fi, r.idE), client.idChannel).ses += 1;
      }
      if (at.dia !== lastDay) {
        lastDay = at.dia;
        usoOf(r, at, client.idChannel).clt += 1;
      }
      const dayKey = `${r.idBot} ${at.dia} ${r.idClt}`;
      let day = days.get(dayKey);
      if (!day) days.set(dayKey, (day = { idBot: r.idBot, dia: at.dia, idClt: r.idClt, idE: r.idE, red: r.red, nm: client.nm, ses: 0, msg: 0, ultimo: r.fc }));
      day.msg += 1;
      if (r.fc > day.ultimo) day.ultimo = r.fc;
      // The client's row of a day counts each session active that day once.
      if (!sessionDays.has(`${at.dia} ${r.idSesion}`)) {
        sessionDays.add(`${at.dia} ${r.idSesion}`);
        day.ses += 1;
      }
      if (r.t === 0 && r.idSkill) {
        const skill = skillOf(r.idBot, r.idE, at.dia, r.idSkill);
        skill.n += 1;
        if (!reached.has(`${r.idSesion} ${r.idSkill}`)) {
          reached.add(`${r.idSesion} ${r.idSkill}`);
          skill.llegan += 1;
        }
        // A session ends at the skill of its latest answer, on that answer's day.
        ends.set(r.idSesion, { dia: at.dia, idSkill: r.idSkill, idBot: r.idBot, idE: r.idE });
      }
    }
    closeConversation();
    await insertChunks(db, 'chat_cliente_dia', [...days.values()]);
  }
  await insertChunks(db, 'uso', [...uso.values()]);
  await insertChunks(db, 'uso_skill', [...skills.values()]);
  return read;
}

const SKETCH_PAGE = 5_000;
const SKETCH_CHUNK = 50;

/**
 * Empties uso_clientes and makes it again from chat_cliente_dia: each client of a bot's day added
 * to the sketch of that day and of the client's channel. Read in the key's order (bot, day,
 * client), so memory holds one day's sketches; answers how many client-days it read.
 */
export async function rebuildClientSketches(db: Kysely<Database>): Promise<number> {
  await db.deleteFrom('uso_clientes').execute();
  type Key = { idBot: string; dia: string; idClt: string };
  let after: Key | undefined;
  let read = 0;
  let day = '';
  let sketches = new Map<string, Database['uso_clientes']>();
  const flush = async () => {
    const rows = [...sketches.values()];
    for (let i = 0; i < rows.length; i += SKETCH_CHUNK) await db.insertInto('uso_clientes').values(rows.slice(i, i + SKETCH_CHUNK)).execute();
    sketches = new Map();
  };
  for (;;) {
    let page = db
      .selectFrom('chat_cliente_dia as d')
      .innerJoin('chat_cliente as c', 'c.id', 'd.idClt')
      .select(['d.idBot', 'd.dia', 'd.idClt', 'd.idE', 'd.red', 'c.idChannel']);
    if (after) page = page.where(sql<boolean>`(d."idBot", d.dia, d."idClt") > (${after.idBot}, ${after.dia}, ${after.idClt})`);
    const rows = await page.orderBy('d.idBot').orderBy('d.dia').orderBy('d.idClt').limit(SKETCH_PAGE).execute();
    for (const r of rows) {
      if (`${r.idBot} ${r.dia}` !== day) {
        await flush();
        day = `${r.idBot} ${r.dia}`;
      }
      let sketch = sketches.get(r.idChannel);
      if (!sketch) sketches.set(r.idChannel, (sketch = { idBot: r.idBot, dia: r.dia, idChannel: r.idChannel, idE: r.idE, red: r.red, hll: emptySketch() }));
      addPoint(sketch.hll, sketchPoint(r.idClt));
    }
    read += rows.length;
    if (rows.length < SKETCH_PAGE) break;
    after = rows[rows.length - 1];
  }
  await flush();
  return read;
}

async function insertChunks<T extends 'chat_cliente_dia' | 'uso' | 'uso_skill'>(db: Kysely<Database>, table: T, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one insert for three tables: each row is its table's own
    await db.insertInto(table).values(rows.slice(i, i + WRITE_CHUNK) as any).execute();
  }
}
