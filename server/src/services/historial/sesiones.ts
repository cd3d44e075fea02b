// A client's sessions with a bot, and a session's messages a page at a time. Test conversations
// (the console's test chat) are never shown.
import { CONVERSATION_PAGE, type ConversationPage, type HistoryMessage, type HistoryChatSession } from '../../../../common/schemas/historial';
import { CHAT_TYPES, type ChatMessage } from '../../../../common/schemas/chat';
import { EV } from '../../../../common/schemas/rules';
import { sameTenant } from '../../auth/tenant';
import type { DB } from '../../db';
import { notFound } from '../../errors';
import type { SessionUser } from '../../types';
import { recordAudit, type AuditTarget } from '../auditoria';
import { seesSkills, type BotRange, type HistoryContext } from './rango';
import { attachmentsOfMessages } from './adjuntos';

/** The client, if it is of the bot's company and the caller may see it; else 404. */
export async function historyClient(ctx: HistoryContext, user: SessionUser, range: BotRange, idClt: string | undefined) {
  const client = idClt ? await ctx.db.selectFrom('chat_cliente').select(['id', 'idE', 'nm', 'red']).where('id', '=', idClt).where('test', '=', 0).executeTakeFirst() : undefined;
  if (!client || client.idE !== range.idE || !sameTenant(user, client.idE)) throw notFound('Cliente no encontrado');
  return client;
}

/** Sessions active in the range: started before its end, and ended after its start or still open. Newest first. */
export async function clientChatSessions(db: DB, range: BotRange, idClt: string): Promise<HistoryChatSession[]> {
  const rows = await db
    .selectFrom('chat_sesion')
    .select(['id', 'fi', 'ff', 'red'])
    .where('idClt', '=', idClt)
    .where('idBot', '=', range.idBot)
    .where('test', '=', 0)
    .where('fi', '<', range.to)
    .where((eb) => eb.or([eb('ff', 'is', null), eb('ff', '>=', range.from)]))
    .orderBy('fi', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, fi: r.fi, ff: r.ff, red: Number(r.red) }));
}

/** A session the caller may read (its company's, not a test), else 404. */
export async function historySession(ctx: HistoryContext, user: SessionUser, idS: string) {
  const session = await ctx.db
    .selectFrom('chat_sesion')
    .select(['id', 'idE', 'idClt', 'idBot', 'fi', 'ff', 'red'])
    .where('id', '=', idS)
    .where('test', '=', 0)
    .executeTakeFirst();
  if (!session || !sameTenant(user, session.idE)) throw notFound('Sesión no encontrada');
  return session;
}

/**
 * An outgoing message as the chat drew it. A body written without its id or time takes the
 * message's; one that no longer reads as a chat message shows as text only (null).
 */
export function parseBody(row: { id: string; fc: string; body: string | null }): ChatMessage | null {
  if (!row.body) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.body);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const message = parsed as Partial<ChatMessage>;
  if (!(CHAT_TYPES as readonly unknown[]).includes(message.type)) return null;
  return { ...message, id: typeof message.id === 'string' ? message.id : row.id, fc: typeof message.fc === 'string' ? message.fc : row.fc } as ChatMessage;
}

export interface ConversationRequest {
  idS: string;
  antes?: number;
  cantidad?: number;
}

/**
 * The newest `cantidad` messages before `antes` (the whole session when absent), oldest first.
 * Every page read is recorded in the audit log, the first as opening the conversation.
 */
export async function conversationPage(ctx: HistoryContext, user: SessionUser, req: ConversationRequest): Promise<ConversationPage> {
  const session = await historySession(ctx, user, req.idS);
  const size = req.cantidad ?? CONVERSATION_PAGE;
  const skills = seesSkills(user);
  let query = ctx.db
    .selectFrom('chat_mensaje as m')
    .leftJoin('skill as k', 'k.id', 'm.idSkill')
    .select(['m.id', 'm.t', 'm.m', 'm.tipo', 'm.fc', 'm.seq', 'm.body', 'm.idSkill', 'm.score', 'k.nm as skill'])
    .where('m.idSesion', '=', session.id);
  if (req.antes !== undefined) query = query.where('m.seq', '<', req.antes);
  // One more than the page says whether older messages remain.
  const rows = await query.orderBy('m.seq', 'desc').limit(size + 1).execute();
  const hayMas = rows.length > size;
  const page = rows.slice(0, size).reverse();
  const files = await attachmentsOfMessages(ctx.db, session.id, page.filter((r) => Number(r.t) !== 0).map((r) => r.id));
  const msgs: HistoryMessage[] = page.map((r) => {
    const msg: HistoryMessage = { id: r.id, t: Number(r.t), m: r.m, tipo: r.tipo, fc: r.fc, seq: Number(r.seq), body: parseBody(r) };
    if (skills) Object.assign(msg, { idSkill: r.idSkill, skill: r.skill ?? null, score: r.score === null ? null : Number(r.score) });
    const adjuntos = files.get(r.id);
    if (adjuntos) msg.adjuntos = adjuntos;
    return msg;
  });
  const count = await ctx.db.selectFrom('chat_mensaje').select((eb) => eb.fn.countAll<number>().as('n')).where('idSesion', '=', session.id).executeTakeFirst();
  const older = req.antes === undefined ? '' : `, mensajes anteriores a la posición ${req.antes}`;
  await auditHistory(ctx, user, session.idE, `Conversación: sesión ${session.id} del cliente ${session.idClt}${older}`, [
    { tipo: 'sesion', id: session.id },
    { tipo: 'cliente', id: session.idClt },
  ]);
  return { msgs, hayMas, total: Number(count?.n ?? 0) };
}

/**
 * Event 0 (Historial) naming what was read, in the log of the company whose history it is, when
 * that company keeps one: a system administrator's reads land in the company read. `refs` are what
 * `val` names by id (the client, the session).
 */
export async function auditHistory(ctx: HistoryContext, user: SessionUser, idE: string, val: string, refs?: readonly AuditTarget[]): Promise<void> {
  const audit = idE === user.emp.id ? user.emp.audit : !!(await ctx.db.selectFrom('empresa').select('audit').where('id', '=', idE).executeTakeFirst())?.audit;
  if (!audit) return;
  await recordAudit(ctx.db, user, { ev: EV.HISTORIAL, idE, val, refs }, ctx.config.now());
}
