// The demo history: 90 days of conversations of 'Asistente Quipu' up to now, about 2,000 clients
// and 20,000 messages over Demo Internacional's channels, so the history, the reports and the
// dashboard open with something to show. Clients write the bot's own training phrases and the bot
// answers with its skills' actions, as a real turn would record them; fewer people write at night
// and on Sundays, sessions last a few turns and some end on the fallback, whose phrases go to the
// bot's unrecognised ones (Monitoreo) as a live turn's do. The same seed gives the same history
// (relative to now). Each conversation's state keeps the mark the counting rules leave after its
// last turn (conversation/uso.ts), and the counters are then counted from these rows by the same
// rules, so a live turn that follows goes on counting where the history ends.
import type { Insertable } from 'kysely';
import { addDays, dayStart, localDay, weekday } from '../../../common/dias';
import { CANAL_KINDS } from '../../../common/schemas/canales';
import type { ChatMessage } from '../../../common/schemas/chat';
import { quarterClock, recordedText, unrecognisedPhrase, usageOfTurn } from '../conversation/uso';
import { rebuildClientSketches, rebuildUsage } from '../conversation/usoRelleno';
import type { DB } from '../db/index';
import type { ChatClienteTable, ChatMensajeTable, ChatSesionTable, ConversacionTable, FraseNrTable } from '../db/schema';
import type { UsageMark } from '../engine/turnTypes';
import { phraseHash } from '../services/bots/frases';
import { companyTimeZones } from '../services/empresas/empresas';
import { ASISTENTE_SKILLS, type AsistenteSkill } from './asistente';

export const HISTORY_DAYS = 90;
const CLIENTS = 2000;
const BATCH = 1000;
const MINUTE = 60_000;

const NOMBRES = ['María', 'José', 'Ana', 'Luis', 'Carmen', 'Jorge', 'Rosa', 'Carlos', 'Lucía', 'Miguel', 'Sofía', 'Juan', 'Valeria', 'Pedro', 'Gabriela', 'Diego', 'Isabel', 'Andrés', 'Fernanda', 'Ricardo', 'Paola', 'Alejandro', 'Daniela', 'Fernando', 'Elena', 'Raúl', 'Natalia', 'Sergio', 'Patricia', 'Héctor', 'Camila', 'Óscar', 'Mónica', 'Iván', 'Claudia', 'Manuel'];
const APELLIDOS = ['García', 'Rodríguez', 'López', 'Martínez', 'González', 'Pérez', 'Sánchez', 'Ramírez', 'Torres', 'Flores', 'Rivera', 'Gómez', 'Díaz', 'Vargas', 'Castillo', 'Rojas', 'Mendoza', 'Quispe', 'Chávez', 'Herrera', 'Medina', 'Aguilar', 'Morales', 'Ortiz', 'Gutiérrez', 'Navarro', 'Romero', 'Salazar', 'Cruz', 'Núñez', 'Paredes', 'Valdivia'];
/** What clients write that no skill knows. */
const FUERA_DE_TEMA = ['venden zapatillas?', 'cuál es el clima en Cusco', 'asdf', 'me recomiendan una película', 'tienen delivery de pizza', 'necesito un taxi', 'ok', 'hmm', 'el partido de ayer estuvo buenísimo', 'quiero cambiar mi clave del banco'];
/** How many of every 100 people write at each hour of the day (company time). */
const HOUR_WEIGHTS = [1, 1, 1, 1, 1, 2, 3, 5, 8, 10, 11, 11, 9, 8, 9, 10, 10, 9, 9, 10, 10, 8, 5, 2];
/** Sunday (1) to Saturday (7). */
const WEEKDAY_WEIGHTS = [0.45, 1, 1, 1, 1, 0.95, 0.7];
/** Topics people ask about, by how often. */
const TOPICS: Array<[string, number]> = [
  ['Precios y planes', 14], ['Estado de pedido', 14], ['Horario de atención', 9], ['Ubicación y sedes', 7], ['Formas de pago', 8],
  ['Menú principal', 6], ['Contratar plan', 5], ['Quejas', 4], ['Mi nombre', 3], ['Mi nombre, pregunta', 2], ['Chiste', 2], ['Charla', 3],
];

/** A small fast generator: the same seed, the same history. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  const weighted = (weights: readonly number[]) => {
    let r = next() * weights.reduce((s, w) => s + w, 0);
    for (let i = 0; i < weights.length; i++) if ((r -= weights[i]) < 0) return i;
    return weights.length - 1;
  };
  const word = () => (Math.floor(next() * 4294967296) >>> 0).toString(16).padStart(8, '0');
  const uuid = () => {
    const h = word() + word() + word() + word();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[int(4)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  return { next, int, pick, weighted, uuid };
}
type Random = ReturnType<typeof generator>;

interface Skill {
  id: string;
  def: AsistenteSkill;
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? k);

/** The messages the skill's actions send, as the chat shows them (one variant of each text, one of its conditional answers). */
function answer(skill: AsistenteSkill, r: Random, values: Record<string, string>, fc: string): ChatMessage[] {
  const out: ChatMessage[] = [];
  const conditional = skill.acciones.filter(([type, cfg]) => type === 'TEXT' && cfg.cond);
  const chosen = conditional.length ? r.pick(conditional) : undefined;
  for (const action of skill.acciones) {
    const [type, cfg] = action;
    const id = r.uuid();
    if (type === 'TEXT' && (!cfg.cond || action === chosen)) out.push({ id, type: 'TEXT', text: fill(r.pick(cfg.text as string[]), values), fc });
    else if (type === 'BUTTON' || type === 'QUICK_REPLY') {
      out.push({ id, type: 'BUTTON', title: cfg.title as string, buttons: cfg.buttons as ChatMessage['buttons'], ...(type === 'QUICK_REPLY' ? { quick: true } : {}), fc });
    } else if (type === 'CARD') {
      out.push({ id, type: 'CARD', title: cfg.title as string, subtitle: cfg.subTitle as string | undefined, image_url: cfg.imageUrl as string | undefined, buttons: (cfg.buttons ?? []) as ChatMessage['buttons'], fc });
    } else if (type === 'CAROUSEL') {
      const cards = cfg.carousel as Array<{ title: string; subtitle?: string; imageUrl?: string; buttons?: ChatMessage['buttons'] }>;
      out.push({ id, type: 'CAROUSEL', carousel: cards.map((c) => ({ title: c.title, subtitle: c.subtitle, image_url: c.imageUrl, buttons: c.buttons ?? [] })), fc });
    }
  }
  return out;
}

/** A client's address on a channel, as its provider names it. */
function psiFor(red: number, r: Random): string {
  if (red === CANAL_KINDS.Whatsapp.red) return `519${String(10_000_000 + r.int(89_999_999))}`;
  if (red === CANAL_KINDS.Telegram.red) return String(100_000_000 + r.int(899_999_999));
  if (red === CANAL_KINDS.Slack.red) return `U${r.uuid().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  return `web-${r.uuid()}`;
}

export interface HistorialTarget {
  idE: string;
  idBot: string;
  /** The company's time zone: its days and hours shape the history. */
  timeZone: string;
  /** Chat time zone of companies without their own, for the counters. */
  defaultTimeZone: string;
}

/** Writes the demo history of `target.idBot` ending at `now`, then counts the counters from it; answers the messages written. */
export async function seedHistorial(db: DB, target: HistorialTarget, now: number, seed = 2026): Promise<number> {
  const r = generator(seed);
  const { idE, idBot, timeZone } = target;
  const rows = await db.selectFrom('skill').select(['id', 'nm']).where('idBot', '=', idBot).execute();
  const byName = new Map(rows.map((s) => [s.nm, s.id]));
  const skills = new Map<string, Skill>();
  for (const def of ASISTENTE_SKILLS) {
    const id = byName.get(def.nm);
    if (id) skills.set(def.nm, { id, def });
  }
  const fallback = ASISTENTE_SKILLS.find((s) => s.tipo === 1)?.nm ?? '';
  const topics = TOPICS.filter(([nm]) => skills.has(nm));
  const canales = await db.selectFrom('canal').select(['id', 'red', 'b']).where('idE', '=', idE).orderBy('fc').execute();
  if (canales.length === 0 || !skills.has('Saludo') || !skills.has(fallback)) return 0;
  // Most people come through the bot's own channel; fewer through the others.
  const channelWeights = canales.map((c) => (c.b === idBot ? 8 : c.red === CANAL_KINDS.Whatsapp.red || c.red === CANAL_KINDS.Telegram.red ? 3 : 1));

  const clientes: Insertable<ChatClienteTable>[] = [];
  const sesiones: Insertable<ChatSesionTable>[] = [];
  const mensajes: Insertable<ChatMensajeTable>[] = [];
  const conversaciones: Insertable<ConversacionTable>[] = [];
  // What the fallback answered, as a live turn counts it: one row per text, how many times, and when first.
  const noReconocidas = new Map<string, { f: string; c: number; fc: string }>();
  const today = localDay(now, timeZone);
  const starts = Array.from({ length: HISTORY_DAYS }, (_, back) => dayStart(addDays(today, -back), timeZone));
  const weekdays = Array.from({ length: HISTORY_DAYS }, (_, back) => weekday(addDays(today, -back)));
  const clock = quarterClock();
  // A moment of a day (days back from today), weighted by the hour, never in the future.
  const momentOn = (back: number) => {
    const at = starts[back] + r.weighted(HOUR_WEIGHTS) * 3_600_000 + r.int(60) * MINUTE;
    return at < now - 20 * MINUTE ? at : now - (20 + r.int(600)) * MINUTE - 3_600_000;
  };
  const dayBack = () => {
    for (;;) {
      const back = r.int(HISTORY_DAYS);
      if (r.next() < WEEKDAY_WEIGHTS[weekdays[back] - 1]) return back;
    }
  };

  for (let c = 0; c < CLIENTS; c++) {
    const canal = canales[r.weighted(channelWeights)];
    const nombre = r.pick(NOMBRES);
    const nm = `${nombre} ${r.pick(APELLIDOS)}${r.next() < 0.5 ? ` ${r.pick(APELLIDOS)}` : ''}`;
    const idClt = r.uuid();
    const count = r.next() < 0.6 ? 1 : r.next() < 0.6 ? 2 : 3 + r.int(3);
    const days = [...new Set(Array.from({ length: count }, dayBack))].sort((a, b) => b - a);
    const values = { nombre, correo: `${nombre.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase()}@example.com`, pedido: `Q-${10_000 + r.int(89_999)}`, estado: r.pick(['en camino', 'en preparación', 'entregado']), entrega: addDays(today, r.int(5)) };
    let firstFc: string | undefined;
    const conversation = { idE, idBot, idChannel: canal.id, red: canal.red, idClt, nm, timeZone };
    // The conversation's state as the store leaves it: its last session, what the counters hold of it.
    let state = { idSesion: '', ua: 0, seq: 0 };
    let mark: UsageMark | undefined;
    for (const back of days) {
      let at = momentOn(back);
      const idSesion = r.uuid();
      const fi = new Date(at).toISOString();
      firstFc ??= fi;
      const turns = 1 + r.weighted([3, 4, 3, 2, 1]);
      let seq = 0;
      state = { idSesion, ua: at, seq: 0 };
      for (let turn = 0; turn < turns && at < now; turn++) {
        const last = turn === turns - 1;
        const nmSkill = turn === 0 && r.next() < 0.55 ? 'Saludo'
          : r.next() < 0.12 ? fallback
          : last && turn > 0 && r.next() < 0.45 ? r.pick(['Agradecimiento', 'Despedida'])
          : topics[r.weighted(topics.map(([, w]) => w))][0];
        const skill = skills.get(nmSkill) ?? skills.get(fallback)!;
        const isFallback = skill.def.tipo === 1;
        const fc = new Date(at).toISOString();
        const said = isFallback || skill.def.frases.length === 0 ? r.pick(FUERA_DE_TEMA) : r.pick(skill.def.frases);
        const score = isFallback ? null : Math.round((0.62 + r.next() * 0.37) * 1000) / 1000;
        const rows = [{ id: r.uuid(), idSesion, idBot, t: 1, m: said, tipo: 'TEXT', body: null as string | null, idSkill: skill.id, score, fc, seq: ++seq }];
        const phrase = isFallback ? unrecognisedPhrase(said) : undefined;
        if (phrase) {
          const counted = noReconocidas.get(phrase);
          if (!counted) noReconocidas.set(phrase, { f: phrase, c: 1, fc });
          else {
            counted.c += 1;
            if (fc < counted.fc) counted.fc = fc;
          }
        }
        for (const message of answer(skill.def, r, values, fc)) {
          rows.push({ id: message.id, idSesion, idBot, t: 0, m: recordedText(message), tipo: message.type, body: JSON.stringify(message), idSkill: skill.id, score, fc, seq: ++seq });
        }
        mensajes.push(...rows);
        mark = usageOfTurn({ ...conversation, now: at, mark, newChatSession: turn === 0, rows }, clock).mark;
        state = { idSesion, ua: at, seq };
        at += (15 + r.int(150)) * 1000;
      }
      // Sessions end after 30 idle minutes: those older than that are closed at their last message.
      const lastFc = mensajes[mensajes.length - 1].fc;
      sesiones.push({ id: idSesion, idClt, idE, idBot, red: canal.red, test: 0, fi, ff: Date.parse(lastFc) < now - 30 * MINUTE ? lastFc : null });
    }
    const psi = psiFor(canal.red, r);
    clientes.push({ id: idClt, idE, idChannel: canal.id, psi, red: canal.red, nm, test: 0, idU: null, fc: firstFc ?? new Date(now).toISOString() });
    const estado = { memory: {}, attempts: 0, sent: [], seq: state.seq, uso: mark };
    conversaciones.push({ id: r.uuid(), idE, idBot, idChannel: canal.id, psi, idClt, idSesion: state.idSesion, test: 0, sesion: null, estado: JSON.stringify(estado), ua: state.ua, rev: 0 });
  }

  const frases: Insertable<FraseNrTable>[] = [...noReconocidas.values()].map((p) => ({ id: r.uuid(), idBot, f: p.f, fh: phraseHash(p.f), c: p.c, fc: p.fc }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < clientes.length; i += BATCH) await trx.insertInto('chat_cliente').values(clientes.slice(i, i + BATCH)).execute();
    for (let i = 0; i < sesiones.length; i += BATCH) await trx.insertInto('chat_sesion').values(sesiones.slice(i, i + BATCH)).execute();
    for (let i = 0; i < mensajes.length; i += BATCH) await trx.insertInto('chat_mensaje').values(mensajes.slice(i, i + BATCH)).execute();
    for (let i = 0; i < conversaciones.length; i += BATCH) await trx.insertInto('conversacion').values(conversaciones.slice(i, i + BATCH)).execute();
    if (frases.length > 0) await trx.insertInto('frase_nr').values(frases).execute();
    await rebuildUsage(trx, await companyTimeZones(trx, target.defaultTimeZone));
    await rebuildClientSketches(trx);
  });
  return mensajes.length;
}
