// Writes an import's good rows into a bot's QnAs: a row without uid creates a QnA made by an import
// (origen 1) whose answer is one TEXT action; a row with the uid of one of the bot's QnAs updates
// its question, variants and tags and the text of its first TEXT action (its other actions stay);
// any other uid is a refused row. Rows go in batches, each in its own transaction, and the import's
// progress is saved after each batch.
import { PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../db';
import { parseObject } from '../../db/storedJson';
import { GLOBAL_TAG, QNA_MESSAGES, QNA_TIPO } from '../../../../common/schemas/qna';
import { DEFAULT_RED, SKILL_DEFAULTS } from '../../../../common/schemas/skillRules';
import type { BotLimits } from '../bots/limits';
import { deleteSkillRows } from '../bots/skills';
import type { QnaFila, QnaRechazo } from './hoja';
import { ensureTag, tagKey } from './tags';

/** Rows per transaction, and how often the progress bar moves. */
export const BATCH = 200;
export const UID_INEXISTENTE = 'QnA inexistente';

export interface Escritura {
  idBot: string;
  filas: readonly QnaFila[];
  /** Tags of the rows that name none. */
  tagsKb: readonly string[];
  /** An external source: the automatic QnAs it does not list go. */
  externa: boolean;
  /** Rows the reader refused already. */
  rechazadas: number;
  limits: BotLimits;
  now: () => number;
  progress: (progreso: number) => Promise<void>;
}

export interface Escrito {
  nuevos: number;
  actualizados: number;
  remove: number;
  /** Rows refused here (an unknown uid). */
  rechazos: QnaRechazo[];
}

/** A whole import refused before anything was written (a cap passed); its message is the row's error. */
export class ImportRefused extends Error {}

/** The cfg of a new QnA: every skill option at its default, and its tags. */
function newCfg(tagsKb: string[]): string {
  const { tipo: _tipo, frases: _frases, ...options } = structuredClone(SKILL_DEFAULTS);
  return JSON.stringify({ ...options, tagsKb });
}

const textCfg = (respuesta: string, kept: Record<string, unknown> = {}) => JSON.stringify({ red: [...DEFAULT_RED], unique: false, ...kept, text: [respuesta] });

/** The bot's QnAs as they stand: origin and variant count, by id. */
async function storedQnas(db: DB, idBot: string): Promise<Map<string, { origen: number; variantes: number }>> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const length = postgres ? sql<number>`json_array_length(frases::json)` : sql<number>`json_array_length(frases)`;
  const rows = await db.selectFrom('skill').select(['id', 'origen', length.as('v')]).where('idBot', '=', idBot).where('tipo', '=', QNA_TIPO).execute();
  return new Map(rows.map((r) => [r.id, { origen: Number(r.origen), variantes: Number(r.v) }]));
}

export async function writeRows(db: DB, w: Escritura): Promise<Escrito> {
  const stored = await storedQnas(db, w.idBot);
  const rechazos: QnaRechazo[] = [];
  const filas = w.filas.filter((f) => {
    if (f.uid === null || stored.has(f.uid)) return true;
    rechazos.push({ fila: f.fila, columna: 'uid', motivo: UID_INEXISTENTE });
    return false;
  });
  // An external source is the truth for the automatic QnAs: those it no longer lists by uid go.
  // A source with refused rows, or with none, is not trusted to delete: a refused row may be the
  // one listing a QnA, and an empty answer is more likely a broken source than an empty base.
  const listed = new Set(filas.flatMap((f) => (f.uid === null ? [] : [f.uid])));
  const trusted = w.externa && w.rechazadas + rechazos.length === 0 && w.filas.length > 0;
  const removed = trusted ? [...stored].filter(([id, q]) => q.origen === 1 && !listed.has(id)).map(([id]) => id) : [];

  // The caps, judged on the bot as it will be (as a save judges them: the QnA cap only when adding).
  const nuevos = filas.filter((f) => f.uid === null).length;
  const gone = new Set(removed);
  let variantes = 0;
  for (const [id, q] of stored) if (!listed.has(id) && !gone.has(id)) variantes += q.variantes;
  for (const f of filas) variantes += f.frases.length;
  const qnas = stored.size - removed.length + nuevos;
  if (nuevos > 0 && qnas > w.limits.maxQnasPorBot) throw new ImportRefused(QNA_MESSAGES.maxQnas(qnas, w.limits.maxQnasPorBot));
  if (variantes > w.limits.maxVariantesQnaPorBot) throw new ImportRefused(QNA_MESSAGES.maxVariantes(variantes, w.limits.maxVariantesQnaPorBot));

  // Tag names, created in the bot when missing, each once.
  const codes = new Map<string, string>();
  const names = [...new Set(filas.flatMap((f) => f.tags))];
  if (names.length) {
    await db.transaction().execute(async (trx) => {
      for (const nm of names) if (!codes.has(tagKey(nm))) codes.set(tagKey(nm), (await ensureTag(trx, w.idBot, nm)).sg);
    });
  }
  const tagsOf = (f: QnaFila) => {
    const own = [...new Set(f.tags.map((nm) => codes.get(tagKey(nm)) ?? GLOBAL_TAG))];
    return own.length ? own : w.tagsKb.length ? [...w.tagsKb] : [GLOBAL_TAG];
  };

  let actualizados = 0;
  for (let start = 0; start < filas.length; start += BATCH) {
    const part = filas.slice(start, start + BATCH);
    await db.transaction().execute(async (trx) => {
      const fa = new Date(w.now()).toISOString();
      const created = part.filter((f) => f.uid === null).map((f) => ({ f, id: crypto.randomUUID() }));
      if (created.length) {
        await trx
          .insertInto('skill')
          .values(created.map(({ f, id }) => ({ id, idBot: w.idBot, nm: f.nm, dsc: null, tipo: QNA_TIPO, frases: JSON.stringify(f.frases), cfg: newCfg(tagsOf(f)), fc: fa, fa, origen: 1, rev: 0 })))
          .execute();
        await trx
          .insertInto('accion')
          .values(created.map(({ f, id }) => ({ id: crypto.randomUUID(), idBot: w.idBot, idSkill: id, type: 'TEXT', ord: 0, cfg: textCfg(f.respuesta), rev: 0 })))
          .execute();
      }
      const updated = part.filter((f): f is QnaFila & { uid: string } => f.uid !== null);
      if (updated.length) {
        const ids = updated.map((f) => f.uid);
        const cfgs = new Map((await trx.selectFrom('skill').select(['id', 'cfg']).where('idBot', '=', w.idBot).where('id', 'in', ids).execute()).map((r) => [r.id, r.cfg]));
        const texts = await trx.selectFrom('accion').select(['id', 'idSkill', 'cfg']).where('idBot', '=', w.idBot).where('idSkill', 'in', ids).where('type', '=', 'TEXT').orderBy('ord').orderBy('id').execute();
        const firstText = new Map<string, { id: string; cfg: string }>();
        for (const a of texts) if (!firstText.has(a.idSkill)) firstText.set(a.idSkill, a);
        const last = new Map((await trx.selectFrom('accion').select(['idSkill', sql<number>`max(ord)`.as('ord')]).where('idSkill', 'in', ids).groupBy('idSkill').execute()).map((r) => [r.idSkill, Number(r.ord)]));
        for (const f of updated) {
          const cfg = JSON.stringify({ ...parseObject(cfgs.get(f.uid) ?? '{}'), tagsKb: tagsOf(f) });
          await trx.updateTable('skill').set({ nm: f.nm, frases: JSON.stringify(f.frases), cfg, fa, rev: sql`rev + 1` }).where('id', '=', f.uid).where('idBot', '=', w.idBot).execute();
          const text = firstText.get(f.uid);
          if (text) await trx.updateTable('accion').set({ cfg: textCfg(f.respuesta, parseObject(text.cfg)), rev: sql`rev + 1` }).where('id', '=', text.id).execute();
          else await trx.insertInto('accion').values({ id: crypto.randomUUID(), idBot: w.idBot, idSkill: f.uid, type: 'TEXT', ord: (last.get(f.uid) ?? -1) + 1, cfg: textCfg(f.respuesta), rev: 0 }).execute();
        }
        actualizados += updated.length;
      }
    });
    await w.progress(Math.min(start + BATCH, filas.length));
  }
  if (removed.length) await db.transaction().execute((trx) => deleteSkillRows(trx, w.idBot, removed));
  return { nuevos, actualizados, remove: removed.length, rechazos };
}
