// The pages of a Facebook channel: kept with their access token encrypted (bound to the company,
// the channel and the page, as the channel's secrets are), listed without it, each linked to the
// bot that answers its messages. Every change writes the channel's ev 3 row.
import type { Selectable } from 'kysely';
import type { DB } from '../../db';
import type { FbPaginaTable } from '../../db/schema';
import { notFound } from '../../errors';
import { BOT_MESSAGES } from '../../../../common/schemas/bots';
import { UNLINK } from '../../../../common/schemas/canales';
import { FACEBOOK_MESSAGES, type FacebookPage } from '../../../../common/schemas/facebook';
import { canalSecretPlace, encryptSecret, readSecret } from '../../secrets';
import type { AuditActor } from '../auditoria';
import { recordCanalEvent, type CanalRecord, type CanalServices } from './canales';

export type PaginaRecord = Selectable<FbPaginaTable>;

/** A page as Facebook lists it for the connected account (/me/accounts). */
export interface PageGrant {
  id: string;
  name: string;
  accessToken: string;
}

type CanalPlace = Pick<CanalRecord, 'idE' | 'id'>;

const pagePlace = (canal: CanalPlace, pageId: string) => canalSecretPlace(canal.idE, canal.id, `pagina:${pageId}`);

/** The page's access token, or undefined when it cannot be read (another key, channel or page). */
export function pageToken(services: Pick<CanalServices, 'config'>, canal: CanalPlace, page: Pick<PaginaRecord, 'id' | 'token'>): string | undefined {
  return readSecret(services.config.secretKey, page.token, pagePlace(canal, page.id));
}

/** The stored pages of a channel, with their ciphertexts (for the adapter, never for an answer). */
export function pagesOf(db: DB, idCanal: string): Promise<PaginaRecord[]> {
  return db.selectFrom('fb_pagina').selectAll().where('idCanal', '=', idCanal).orderBy('name').orderBy('id').execute();
}

/** The channels other than `except` that hold any of the pages `pageIds`. */
export async function channelsOfPages(db: DB, pageIds: readonly string[], except: string): Promise<string[]> {
  if (pageIds.length === 0) return [];
  const rows = await db.selectFrom('fb_pagina').select('idCanal').distinct().where('id', 'in', [...new Set(pageIds)].slice(0, 100)).where('idCanal', '<>', except).execute();
  return rows.map((r) => r.idCanal).sort();
}

/** One page of the channel, or undefined. */
export function pageOf(db: DB, idCanal: string, pageId: string): Promise<PaginaRecord | undefined> {
  return db.selectFrom('fb_pagina').selectAll().where('idCanal', '=', idCanal).where('id', '=', pageId).executeTakeFirst();
}

/** One page of the channel; 404 'Página no encontrada' otherwise. */
export async function findPage(db: DB, idCanal: string, pageId: string | undefined): Promise<PaginaRecord> {
  const page = pageId ? await pageOf(db, idCanal, pageId) : undefined;
  if (!page) throw notFound(FACEBOOK_MESSAGES.pageNotFound);
  return page;
}

/** The pages as the console lists them: by name, numbered, with their bot's name; never a token. */
export async function listPages(db: DB, idCanal: string): Promise<FacebookPage[]> {
  const rows = await db
    .selectFrom('fb_pagina')
    .leftJoin('bot', 'bot.id', 'fb_pagina.b')
    .select(['fb_pagina.id', 'fb_pagina.name', 'fb_pagina.b', 'bot.nm as bot'])
    .where('fb_pagina.idCanal', '=', idCanal)
    .orderBy('fb_pagina.name')
    .orderBy('fb_pagina.id')
    .execute();
  return rows.map((row, i) => ({ n: i + 1, id: row.id, name: row.name, b: row.b, bot: row.b ? row.bot ?? null : null }));
}

/** The channel's pages become `grants` (inside the caller's transaction): a page still there keeps its bot. */
export async function replacePages(services: Pick<CanalServices, 'config'>, trx: DB, canal: CanalPlace, grants: readonly PageGrant[]): Promise<void> {
  const linked = new Map((await pagesOf(trx, canal.id)).map((p) => [p.id, p.b]));
  await trx.deleteFrom('fb_pagina').where('idCanal', '=', canal.id).execute();
  if (!grants.length) return;
  await trx
    .insertInto('fb_pagina')
    .values(grants.map((g) => ({
      idCanal: canal.id,
      id: g.id,
      name: g.name.slice(0, 200),
      token: encryptSecret(services.config.secretKey, g.accessToken, pagePlace(canal, g.id)),
      b: linked.get(g.id) ?? null,
    })))
    .execute();
}

/** Removes every page of the channel (inside the caller's transaction). */
export async function clearPages(trx: DB, idCanal: string): Promise<void> {
  await trx.deleteFrom('fb_pagina').where('idCanal', '=', idCanal).execute();
}

/** The bot `idB` of the channel's company (404 otherwise), or null for UNLINK. */
export async function pageBotOf(db: DB, canal: Pick<CanalRecord, 'idE'>, idB: string): Promise<{ id: string; nm: string } | null> {
  if (idB === UNLINK) return null;
  const bot = await db.selectFrom('bot').select(['id', 'nm', 'idE']).where('id', '=', idB).executeTakeFirst();
  if (!bot || bot.idE !== canal.idE) throw notFound(BOT_MESSAGES.notFound);
  return { id: bot.id, nm: bot.nm };
}

/** Links the page to `bot` (null unlinks), with the channel's ev 3 row. */
export async function setPageBot(services: CanalServices, actor: AuditActor, canal: Pick<CanalRecord, 'id' | 'idE' | 'name' | 'dsc'>, page: Pick<PaginaRecord, 'id' | 'name'>, bot: { id: string; nm: string } | null): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    await trx.updateTable('fb_pagina').set({ b: bot?.id ?? null }).where('idCanal', '=', canal.id).where('id', '=', page.id).execute();
    const detail = bot ? `página «${page.name}» vinculada al bot «${bot.nm}»` : `página «${page.name}» desvinculada`;
    await recordCanalEvent(trx, actor, canal, detail, services.config.now());
  });
}
