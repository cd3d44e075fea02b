// QnA imports: a sheet sent from the console, 'Importar Ahora' and the scheduled firings each make
// a history row and a job; whichever instance takes the job reads the rows (the file travels in the
// job's data, the external source is fetched then) and writes them into the bot's QnAs. One import
// of a bot at a time.
import { Value } from 'typebox/value';
import { PostgresAdapter } from 'kysely';
import type { DB } from '../../db';
import { parseList } from '../../db/storedJson';
import { badRequest, invalidField } from '../../errors';
import { defineJob, enqueueJob } from '../../jobs/queue';
import type { MultipartForm } from '../../plugins/multipart';
import type { App, SessionUser } from '../../types';
import { IMPORT_HISTORY_ROWS, QNA_MESSAGES, QnaImportDatos, type QnaImport } from '../../../../common/schemas/qna';
import { findBotFor, recordBotEvent, type BotRecord } from '../bots/bots';
import type { AuditActor } from '../auditoria';
import { ExternaError, fetchExterna } from './externa';
import { HojaError, readQnaSheet, sheetKind, type HojaLimits, type QnaRechazo } from './hoja';
import { hojaPesada, type QnaHoja } from './hojaFilas';
import { ImportRefused, writeRows } from './importarFilas';
import { refuseUnknownTags } from './tags';

export const FILE_JOB = 'qna-importacion';
export const EXTERNAL_JOB = 'qna-externa';
export type ImportOrigin = 'archivo' | 'ahora' | 'programada';

/** Refused rows kept in the history; past it one line says how many more there were. */
export const MAX_ERRORES = 500;
const MB = 1024 * 1024;
/** The names the import dialog accepts ('.xlx' as the spec writes it, too). */
const SHEET_NAME = /\.(xlsx|xls|xlx)$/i;

/** What one import may read. */
export function importLimits(app: App): HojaLimits {
  return { maxBytes: app.config.maxImportacionMb * MB, maxRows: app.config.maxQnasPorBot, maxInflatedBytes: 200 * MB, timeoutMs: 30_000, maxMemoryMb: 256 };
}

/** 400 while another import of the bot is not done. Inside the transaction that adds the next one. */
async function refuseBusy(trx: DB, idBot: string): Promise<void> {
  // Two requests at once on PostgreSQL: the second waits here and then sees the first one's row.
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await trx.selectFrom('bot').select('id').where('id', '=', idBot).forUpdate().execute();
  if (await busy(trx, idBot)) throw badRequest(QNA_MESSAGES.importacionEnCurso);
}

export async function busy(db: DB, idBot: string): Promise<boolean> {
  return !!(await db.selectFrom('qna_importacion').select('id').where('idBot', '=', idBot).where('done', '=', 0).executeTakeFirst());
}

export interface NewImport {
  bot: Pick<BotRecord, 'id' | 'idE'>;
  idU: string | null;
  origen: ImportOrigin;
  fuente: string;
  clave?: string;
}

/** Adds the history row and its job in `trx`; answers the row's id. */
export async function addImport(app: App, trx: DB, row: NewImport, job: { tipo: string; datos: Record<string, unknown> }): Promise<string> {
  const id = crypto.randomUUID();
  await trx
    .insertInto('qna_importacion')
    .values({ id, idE: row.bot.idE, idBot: row.bot.id, idU: row.idU, origen: row.origen, fuente: row.fuente, clave: row.clave ?? null, fc: new Date(app.config.now()).toISOString() })
    .execute();
  await enqueueJob(app, { tipo: job.tipo, datos: { id, ...job.datos }, idE: row.bot.idE }, trx);
  return id;
}

/** The bot an import writes into: the user may edit it and it has QnA on. */
async function importableBot(db: DB, user: SessionUser, idBot: string): Promise<BotRecord> {
  const bot = await findBotFor(db, user, idBot, 'edit');
  if (!bot.qna) throw badRequest(QNA_MESSAGES.botSinQna);
  return bot;
}

/** POST /skill/qna-importar: the sheet checked for presence and size, stored with its job. */
export async function startFileImport(app: App, user: SessionUser, idBot: string, form: MultipartForm | undefined): Promise<{ id: string }> {
  const bot = await importableBot(app.db, user, idBot);
  if (!form?.ok) throw badRequest(QNA_MESSAGES.noSePuedeLeer);
  const file = form.files.get('file');
  if (!file || file.data.length === 0) throw badRequest(QNA_MESSAGES.seleccioneExcel);
  const { maxBytes } = importLimits(app);
  if (file.data.length > maxBytes) throw badRequest(hojaPesada(maxBytes));
  if (!SHEET_NAME.test(file.filename.trim()) || !sheetKind(file.data)) throw badRequest(QNA_MESSAGES.noSePuedeLeer);
  let datos: QnaImportDatos = {};
  const text = form.fields.get('datos');
  if (text !== undefined && text.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!Value.Check(QnaImportDatos, parsed)) throw invalidField({ field: 'datos', message: 'datos: no es un JSON válido con tagsKb' });
    datos = parsed;
  }
  const tagsKb = [...new Set(datos.tagsKb ?? [])];
  await refuseUnknownTags(app.db, bot.id, tagsKb);
  const id = await app.db.transaction().execute(async (trx) => {
    await refuseBusy(trx, bot.id);
    return addImport(app, trx, { bot, idU: user.id, origen: 'archivo', fuente: file.filename || 'archivo.xlsx' }, { tipo: FILE_JOB, datos: { archivo: file.data.toString('base64'), tagsKb } });
  });
  app.jobs.kick();
  return { id };
}

/** GET /skill/historial-import/do ('Importar Ahora'): the bot's external source, imported now. */
export async function startExternalImport(app: App, user: SessionUser, idBot: string): Promise<{ id: string }> {
  const bot = await importableBot(app.db, user, idBot);
  if (!bot.qnaExtrn || !bot.qnaUrl?.trim()) throw badRequest(QNA_MESSAGES.sinUrlExterna);
  const id = await app.db.transaction().execute(async (trx) => {
    await refuseBusy(trx, bot.id);
    return addImport(app, trx, { bot, idU: user.id, origen: 'ahora', fuente: bot.qnaUrl!.trim() }, { tipo: EXTERNAL_JOB, datos: {} });
  });
  app.jobs.kick();
  return { id };
}

/** GET /skill/historial-import: the bot's imports, newest first, each with who asked. */
export async function listImports(app: App, user: SessionUser, idBot: string): Promise<QnaImport[]> {
  const bot = await findBotFor(app.db, user, idBot, 'read');
  const rows = await app.db
    .selectFrom('qna_importacion as q')
    .leftJoin('usuario as u', 'u.id', 'q.idU')
    .select(['q.id', 'q.fc', 'q.origen', 'q.fuente', 'u.usuario as us', 'q.done', 'q.dur', 'q.error', 'q.errores', 'q.progreso', 'q.total', 'q.nuevos', 'q.actualizados', 'q.remove'])
    .where('q.idBot', '=', bot.id)
    .orderBy('q.fc', 'desc')
    .orderBy('q.id', 'desc')
    .limit(IMPORT_HISTORY_ROWS)
    .execute();
  return rows.map((r) => ({
    id: r.id, fc: r.fc, origen: r.origen, fuente: r.fuente, us: r.us ?? null, done: Number(r.done) === 1, dur: r.dur === null ? null : Number(r.dur), error: r.error,
    errores: parseList(r.errores) as QnaImport['errores'], progreso: Number(r.progreso), total: Number(r.total),
    nuevos: Number(r.nuevos), actualizados: Number(r.actualizados), remove: Number(r.remove),
  }));
}

// ---------------------------------------------------------------------------------------------
// The jobs

/** The refused rows as the history keeps them, sorted by row, at most MAX_ERRORES. */
function errores(rechazos: QnaRechazo[]): Array<{ e: string; t: string }> {
  const sorted = [...rechazos].sort((a, b) => a.fila - b.fila);
  const out = sorted.slice(0, MAX_ERRORES).map((r) => ({ e: `Fila ${r.fila}, columna ${r.columna}`, t: r.motivo }));
  if (sorted.length > MAX_ERRORES) out.push({ e: '…', t: `${sorted.length - MAX_ERRORES} filas más con errores` });
  return out;
}

/** Who the audit line names: the asker (the login as it is now), or the schedule. */
async function actorOf(db: DB, row: { idU: string | null }, idE: string): Promise<AuditActor> {
  if (!row.idU) return { id: 'programada', usuario: 'QnA programada', idE };
  const u = await db.selectFrom('usuario').select(['usuario', 'idE']).where('id', '=', row.idU).executeTakeFirst();
  return { id: row.idU, usuario: u?.usuario ?? '(usuario eliminado)', idE: u?.idE ?? idE };
}

/** Runs the import `id`: reads its rows with `read`, writes them, and records how it ended. */
async function runImport(app: App, id: string, read: (limits: HojaLimits) => Promise<QnaHoja>, datos: { tagsKb?: string[] }, signal: AbortSignal): Promise<void> {
  const db = app.db;
  const row = await db.selectFrom('qna_importacion').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || Number(row.done) === 1) return;
  const bot = await db.selectFrom('bot').selectAll().where('id', '=', row.idBot).executeTakeFirst();
  if (!bot) return;
  const started = app.config.now();
  const finish = (values: { error?: string | null; errores?: Array<{ e: string; t: string }>; total?: number; progreso?: number; nuevos?: number; actualizados?: number; remove?: number }) =>
    db
      .updateTable('qna_importacion')
      .set({ ...values, errores: values.errores ? JSON.stringify(values.errores) : undefined, done: 1, dur: Math.max(0, app.config.now() - started) })
      .where('id', '=', id)
      .execute();
  const externa = row.origen !== 'archivo';
  let hoja: QnaHoja;
  try {
    hoja = await read({ ...importLimits(app) });
  } catch (error) {
    if (!(error instanceof HojaError) && !(error instanceof ExternaError)) throw error;
    await finish({ error: error.message });
    await recordBotEvent(db, await actorOf(db, row, bot.idE), bot, `importación de QnA desde «${row.fuente}» fallida: ${error.message}`, app.config.now());
    return;
  }
  signal.throwIfAborted();
  const total = hoja.filas.length + new Set(hoja.rechazos.map((r) => r.fila)).size;
  await db.updateTable('qna_importacion').set({ total, progreso: 0 }).where('id', '=', id).execute();
  try {
    const written = await writeRows(db, {
      idBot: bot.id, filas: hoja.filas, tagsKb: datos.tagsKb ?? [], externa, rechazadas: hoja.rechazos.length, limits: app.config, now: app.config.now,
      progress: async (progreso) => {
        signal.throwIfAborted();
        await db.updateTable('qna_importacion').set({ progreso }).where('id', '=', id).execute();
      },
    });
    const refused = [...hoja.rechazos, ...written.rechazos];
    await finish({ errores: errores(refused), total, progreso: total, nuevos: written.nuevos, actualizados: written.actualizados, remove: written.remove });
    const detail = `importó QnA desde «${row.fuente}»: ${written.nuevos} nuevas, ${written.actualizados} actualizadas${externa ? `, ${written.remove} eliminadas` : ''}, ${new Set(refused.map((r) => r.fila)).size} filas con errores`;
    await recordBotEvent(db, await actorOf(db, row, bot.idE), bot, detail, app.config.now());
  } catch (error) {
    if (!(error instanceof ImportRefused)) throw error;
    await finish({ error: error.message, total });
  }
}

/** An import whose job failed for good is done, with the reason. */
async function importJobFailed(app: App, datos: unknown, message: string): Promise<void> {
  await app.db
    .updateTable('qna_importacion')
    .set({ done: 1, error: `No se pudo importar: ${message}` })
    .where('id', '=', (datos as { id: string }).id)
    .where('done', '=', 0)
    .execute();
}

defineJob(
  FILE_JOB,
  (app, datos, signal) => {
    const d = datos as { id: string; archivo: string; tagsKb?: string[] };
    return runImport(app, d.id, async (limits) => {
      const name = (await app.db.selectFrom('qna_importacion').select('fuente').where('id', '=', d.id).executeTakeFirst())?.fuente ?? '';
      return readQnaSheet(Buffer.from(d.archivo, 'base64'), name, limits);
    }, d, signal);
  },
  // The file travels in the job's row, so any instance runs it; the row keeps none of it once ended.
  { failed: importJobFailed, dropsInput: true },
);

defineJob(
  EXTERNAL_JOB,
  (app, datos, signal) => {
    const d = datos as { id: string };
    return runImport(app, d.id, async (limits) => {
      const row = await app.db.selectFrom('qna_importacion').select('fuente').where('id', '=', d.id).executeTakeFirstOrThrow();
      return fetchExterna(app.outbound, row.fuente, limits);
    }, {}, signal);
  },
  { failed: importJobFailed, dropsInput: true },
);
