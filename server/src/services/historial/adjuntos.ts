// The files clients sent, kept with their conversations: what a company holds (its room under
// ADJUNTOS_MB_POR_EMPRESA), the bytes a webhook sends again, what the history lists and downloads,
// and their deletion after ADJUNTOS_DIAS.
import type { App, SessionUser } from '../../types';
import type { DB } from '../../db';
import type { AdmittedFile } from '../../engine/attachments';
import { sameTenant } from '../../auth/tenant';
import { notFound } from '../../errors';
import { ADJUNTO_NO_ENCONTRADO, type HistoryAttachment } from '../../../../common/schemas/historial';
import type { HistoryContext } from './rango';

const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60_000;

/** The bytes company `idE` may still store in files: ADJUNTOS_MB_POR_EMPRESA less what it holds. */
export async function attachmentRoom(app: App, idE: string): Promise<number> {
  const row = await app.db.selectFrom('adjunto').select((eb) => eb.fn.sum<number | string | null>('tam').as('total')).where('idE', '=', idE).executeTakeFirst();
  return Math.max(0, app.config.adjuntosMbPorEmpresa * MB - Number(row?.total ?? 0));
}

/** The stored files `ids` of company `idE` (a chat session's files only ever name its own). */
export async function storedAttachments(db: DB, idE: string, ids: readonly string[]): Promise<AdmittedFile[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('adjunto').select(['id', 'nm', 'tipo', 'datos']).where('idE', '=', idE).where('id', 'in', [...ids]).execute();
  return rows.map((r) => ({ id: r.id, name: r.nm, type: r.tipo, bytes: Buffer.from(r.datos) }));
}

/** Deletes the files older than ADJUNTOS_DIAS; their messages stay in the history, naming them. */
export async function deleteExpiredAttachments(app: App): Promise<number> {
  const deleted = await app.db.deleteFrom('adjunto').where('fc', '<', app.config.now() - app.config.adjuntosDias * DAY_MS).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** The kept files of some messages of a session, by message, each message's by name. */
export async function attachmentsOfMessages(db: DB, idSesion: string, idMensajes: readonly string[]): Promise<Map<string, HistoryAttachment[]>> {
  const byMessage = new Map<string, HistoryAttachment[]>();
  if (!idMensajes.length) return byMessage;
  const rows = await db
    .selectFrom('adjunto')
    .select(['id', 'idMensaje', 'nm', 'tam'])
    .where('idSesion', '=', idSesion)
    .where('idMensaje', 'in', [...idMensajes])
    .orderBy('nm')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byMessage.get(row.idMensaje) ?? [];
    list.push({ id: row.id, nm: row.nm, tam: Number(row.tam) });
    byMessage.set(row.idMensaje, list);
  }
  return byMessage;
}

/**
 * A kept file of a conversation the caller may read in the history: its company's (a system
 * administrator's, any company's), never a test conversation's; else 404, as when it was deleted.
 */
export async function historyAttachment(ctx: HistoryContext, user: SessionUser, id: string): Promise<{ nm: string; tipo: string; datos: Buffer; idE: string; idSesion: string; idClt: string }> {
  const row = await ctx.db
    .selectFrom('adjunto')
    .innerJoin('chat_sesion', 'chat_sesion.id', 'adjunto.idSesion')
    .select(['adjunto.nm', 'adjunto.tipo', 'adjunto.datos', 'adjunto.idE', 'adjunto.idSesion', 'chat_sesion.idClt'])
    .where('adjunto.id', '=', id)
    .where('chat_sesion.test', '=', 0)
    .executeTakeFirst();
  if (!row || !sameTenant(user, row.idE)) throw notFound(ADJUNTO_NO_ENCONTRADO);
  return { ...row, datos: Buffer.from(row.datos) };
}
