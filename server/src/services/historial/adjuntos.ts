// The files clients sent, kept with their conversations: what a company holds (its room under
// ADJUNTOS_MB_POR_EMPRESA), the bytes a webhook sends again, and their deletion after ADJUNTOS_DIAS.
import type { App } from '../../types';
import type { DB } from '../../db';
import type { AdmittedFile } from '../../engine/attachments';

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
