// The knowledge base's reports (kind 'qna', listed in 'Ver Informes'): the export of the
// KB-unrecognised questions as the Monitoreo table selects them, and 'Reporte de calificaciones',
// per QnA from the counters uso_qna (never the messages) with each rating of qna_calificacion.
import type { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { HistoryQuery } from '../../../../common/schemas/historial';
import { QNA_NF_TEXTS, QNA_REPORT, type QnaNfSearchBody } from '../../../../common/schemas/qna';
import type { DB } from '../../db';
import type { App, SessionUser } from '../../types';
import { DELETED_SKILL } from '../dashboard/consultas';
import { addRow, addSheet, drained, workbookWriter, type Sheet } from '../historial/excel';
import type { Progress } from '../historial/informeArchivo';
import { defineReportWriter, fileSafe, storeReport } from '../historial/informes';
import { botRange, HISTORY_RANGE, wallClock } from '../historial/rango';
import { nfRows, nfSelection, type NfSelection } from './noEncontradas';

/** Rows read per query while a report is written. */
const BATCH = 2_000;

type QnaReport =
  | { kind: 'noEncontradas'; timeZone: string; selection: NfSelection; skills: true }
  | { kind: 'calificaciones'; idBot: string; timeZone: string; fd: string; fh: string; skills: false };

/** POST /qna-not-found/export: the table's rows as chosen (all pages), as a report job. */
export async function askNoEncontradasReport(app: App, user: SessionUser, idBot: string, body: QnaNfSearchBody): Promise<{ id: string }> {
  const { bot, timeZone, selection } = await nfSelection(app, user, idBot, body);
  const datos: QnaReport = { kind: 'noEncontradas', timeZone, selection, skills: true };
  const days = body.from || body.to ? ` del ${body.from || '…'} al ${body.to || '…'}` : '';
  return storeReport(app, user, {
    idE: bot.idE, idBot: bot.id, tipo: QNA_REPORT, nm: `Preguntas_no_encontradas_${fileSafe(bot.nm)}.xlsx`, datos,
    detail: `preguntas no encontradas del bot «${bot.nm}»${days}`,
  });
}

/** POST /qna-score/export: 'Reporte de calificaciones' of the bot's days, checked as the history's report is. */
export async function askCalificacionesReport(app: App, user: SessionUser, query: HistoryQuery): Promise<{ id: string }> {
  const range = await botRange(app, user, query, HISTORY_RANGE);
  const datos: QnaReport = { kind: 'calificaciones', idBot: range.idBot, timeZone: range.timeZone, fd: range.fd, fh: range.fh, skills: false };
  return storeReport(app, user, {
    idE: range.idE, idBot: range.idBot, tipo: QNA_REPORT, nm: `Calificaciones_${fileSafe(range.botName)}_${range.fd}_${range.fh}.xlsx`, datos,
    detail: `${QNA_NF_TEXTS.reporteCalificaciones.toLowerCase()} del bot «${range.botName}» del ${range.fd} al ${range.fh}`,
  });
}

/** The share of good ratings, in percent with one decimal; empty without ratings. */
export const goodShare = (ok: number, bad: number): number | '' => (ok + bad === 0 ? '' : Math.round((ok * 1000) / (ok + bad)) / 10);

async function writeNoEncontradas(db: DB, q: Extract<QnaReport, { kind: 'noEncontradas' }>, out: Writable, report: Progress): Promise<void> {
  const { query, where } = nfRows(db, q.selection);
  const counted = await db.selectFrom('qna_nf as n').select(sql<number>`count(*)`.as('n')).where(where).executeTakeFirst();
  await report.total(Number(counted?.n ?? 0));
  const book = workbookWriter(out);
  const sheet = addSheet(book, 'Preguntas', [
    { header: 'Pregunta', width: 60 },
    { header: 'Skill', width: 30 },
    { header: 'Repeticiones', width: 14 },
    { header: 'Última vez', width: 20, date: true },
  ]);
  let written = 0;
  for (let offset = 0; ; offset += BATCH) {
    const rows = await query.limit(BATCH).offset(offset).execute();
    for (const r of rows) addRow(sheet, [r.txt, r.skill ?? DELETED_SKILL, Number(r.c), wallClock(r.fc, q.timeZone)]);
    written += rows.length;
    await drained(out);
    await report.progress(written);
    if (rows.length < BATCH) break;
  }
  sheet.commit();
  await book.commit();
  await report.total(written);
}

async function writeCalificaciones(db: DB, q: Extract<QnaReport, { kind: 'calificaciones' }>, out: Writable, report: Progress): Promise<void> {
  const [sums, names, counted] = await Promise.all([
    db
      .selectFrom('uso_qna')
      .select((eb) => ['idQna', eb.fn.sum<number>('n').as('n'), eb.fn.sum<number>('ok').as('ok'), eb.fn.sum<number>('bad').as('bad')])
      .where('idBot', '=', q.idBot).where('dia', '>=', q.fd).where('dia', '<=', q.fh)
      .groupBy('idQna')
      .execute(),
    db.selectFrom('skill').select(['id', 'nm']).where('idBot', '=', q.idBot).execute(),
    db.selectFrom('qna_calificacion').select(sql<number>`count(*)`.as('n')).where('idBot', '=', q.idBot).where('dia', '>=', q.fd).where('dia', '<=', q.fh).executeTakeFirst(),
  ]);
  const nameOf = new Map(names.map((s) => [s.id, s.nm]));
  const qnas = sums
    .map((r) => ({ nm: nameOf.get(r.idQna) ?? DELETED_SKILL, n: Number(r.n ?? 0), ok: Number(r.ok ?? 0), bad: Number(r.bad ?? 0) }))
    .sort((a, b) => b.n - a.n || a.nm.localeCompare(b.nm, 'es'));
  await report.total(qnas.length + Number(counted?.n ?? 0));

  const book = workbookWriter(out);
  const resumen: Sheet = addSheet(book, 'Calificaciones', [
    { header: 'QnA', width: 50 },
    { header: 'Preguntas', width: 12 },
    { header: 'Buenas', width: 10 },
    { header: 'Malas', width: 10 },
    { header: '% buenas', width: 10 },
  ]);
  for (const r of qnas) addRow(resumen, [r.nm, r.n, r.ok, r.bad, goodShare(r.ok, r.bad)]);
  resumen.commit();
  let written = qnas.length;
  await report.progress(written);

  const detalle = addSheet(book, 'Detalle', [
    { header: 'Fecha', width: 20, date: true },
    { header: 'QnA', width: 50 },
    { header: 'Calificación', width: 12 },
    { header: 'Sesión', width: 38 },
  ]);
  for (let offset = 0; ; offset += BATCH) {
    const rows = await db
      .selectFrom('qna_calificacion')
      .select(['id', 'idQna', 'idSesion', 'ok', 'fc'])
      .where('idBot', '=', q.idBot).where('dia', '>=', q.fd).where('dia', '<=', q.fh)
      .orderBy('fc').orderBy('id')
      .limit(BATCH).offset(offset)
      .execute();
    for (const r of rows) {
      addRow(detalle, [wallClock(r.fc, q.timeZone), nameOf.get(r.idQna) ?? DELETED_SKILL, Number(r.ok) === 1 ? QNA_NF_TEXTS.buena : QNA_NF_TEXTS.mala, r.idSesion]);
    }
    written += rows.length;
    await drained(out);
    await report.progress(written);
    if (rows.length < BATCH) break;
  }
  detalle.commit();
  await book.commit();
  await report.total(written);
}

/** The file of a QnA report, written in the report's worker thread. */
export function writeQnaReport(db: DB, datos: unknown, out: Writable, report: Progress): Promise<void> {
  const q = datos as QnaReport;
  return q.kind === 'calificaciones' ? writeCalificaciones(db, q, out, report) : writeNoEncontradas(db, q, out, report);
}

defineReportWriter(QNA_REPORT, { module: new URL(import.meta.url), name: 'writeQnaReport' });
