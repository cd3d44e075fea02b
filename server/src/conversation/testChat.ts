// The console's test chat (/webchat/demo): its messages and its 'Terminar atención' go into the
// conversation through the gate, as its signed-in user's; and its test conversations are deleted here.
import { Value } from 'typebox/value';
import { badRequest } from '../errors';
import { CHAT_MESSAGES, DEFAULT_TEST_RED, WebchatBody, type ChatMessage, type WebchatAnswer, type WebchatEndBody, type WebchatMissedAnswer, type WebchatMissedQuery } from '../../../common/schemas/chat';
import type { App, SessionUser } from '../types';
import type { MultipartForm } from '../plugins/multipart';
import { findBotFor } from '../services/bots/bots';
import { chatFilesOf } from './chatFiles';
import { receiveChannelMessage, type InboundResult, type TestChatEntrance } from './gate';

/**
 * POST /webchat/demo: one message (or postback) of `psi` to the bot. A console user reaches the
 * bots of their company that they may open; a conversation started from the console is a test
 * conversation (whichever definition answers it), belongs to the user who started it, and no
 * other user, company or channel client can use it.
 */
export async function sendTestChatMessage(app: App, user: SessionUser, signInId: string | undefined, body: WebchatBody): Promise<WebchatAnswer> {
  return testChatAnswer(body.psi, await receiveChannelMessage(app, entrance(user, signInId, body), { psi: body.psi, nm: body.nm, text: body.message, postback: body.postback }));
}

/**
 * POST /webchat/demo.archivos: a message of the test chat with its files (chatFiles.ts; `datos` is
 * the message as POST /webchat/demo takes it), as a client sends files on a channel.
 */
export async function sendTestChatFiles(app: App, user: SessionUser, signInId: string | undefined, form: MultipartForm | undefined): Promise<WebchatAnswer> {
  const { datos: body, files } = chatFilesOf(form);
  if (!Value.Check(WebchatBody, body)) throw badRequest(CHAT_MESSAGES.archivosIlegibles);
  return testChatAnswer(body.psi, await receiveChannelMessage(app, entrance(user, signInId, body), { psi: body.psi, nm: body.nm, text: body.message, postback: body.postback, files }));
}

/**
 * POST /webchat/demo.terminar ('Terminar atención'): ends the wait for a person of the user's
 * conversation `psi` at once, and the bot says it has the conversation back. 400 when it is not waiting.
 */
export async function endTestChatWait(app: App, user: SessionUser, signInId: string | undefined, body: WebchatEndBody): Promise<WebchatAnswer> {
  return testChatAnswer(body.psi, await receiveChannelMessage(app, entrance(user, signInId, body), { psi: body.psi, endHuman: true }));
}

/** Who sends a test chat's message, and what they ask that a channel's client cannot. */
function entrance(user: SessionUser, signInId: string | undefined, body: Pick<WebchatBody, 'idBot' | 'idChannel' | 'test' | 'red'>): TestChatEntrance {
  return { user, signInId, idBot: body.idBot, idChannel: body.idChannel, red: body.red ?? DEFAULT_TEST_RED, test: body.test === true };
}

/** The gate's answer as the test chat gets it; hours, exclusions and deliveries are a channel's, so only an empty message is refused. */
function testChatAnswer(psi: string, result: InboundResult): WebchatAnswer {
  if (result.kind !== 'answered') throw badRequest(CHAT_MESSAGES.vacio);
  const { kind: _kind, ...answer } = result;
  return { psi, ...answer };
}

/**
 * GET /webchat/demo/mensajes: the bot's messages in the user's own test conversation `psi` with a
 * bot the user may open (404 otherwise), after `desde` (all of its current chat session when that
 * id is not one of them).
 */
export async function missedTestChatMessages(app: App, user: SessionUser, query: WebchatMissedQuery): Promise<WebchatMissedAnswer> {
  await findBotFor(app.db, user, query.idBot, 'read');
  const conversation = await app.db
    .selectFrom('conversacion')
    .innerJoin('chat_cliente', 'chat_cliente.id', 'conversacion.idClt')
    .select('conversacion.idSesion')
    .where('conversacion.idBot', '=', query.idBot)
    .where('conversacion.psi', '=', query.psi)
    .where('conversacion.test', '=', 1)
    .where('chat_cliente.idU', '=', user.id)
    .executeTakeFirst();
  const idSesion = conversation?.idSesion;
  if (!idSesion) return { messages: [] };
  const after = query.desde
    ? await app.db.selectFrom('chat_mensaje').select('seq').where('idSesion', '=', idSesion).where('id', '=', query.desde).executeTakeFirst()
    : undefined;
  const rows = await app.db
    .selectFrom('chat_mensaje')
    .select('body')
    .where('idSesion', '=', idSesion)
    .where('t', '=', 0)
    .$if(after !== undefined, (q) => q.where('seq', '>', Number(after?.seq)))
    .orderBy('seq')
    .execute();
  return { messages: rows.flatMap((row) => (row.body ? [JSON.parse(row.body) as ChatMessage] : [])) };
}

/**
 * DELETE /webchat/demo: the user's test conversations (with `idBot`, with that bot; with `psi`,
 * that one), with their chat sessions and messages.
 */
export async function deleteTestConversations(app: App, user: SessionUser, query: { idBot?: string; psi?: string }): Promise<void> {
  if (query.idBot) await findBotFor(app.db, user, query.idBot, 'read');
  await app.db.transaction().execute(async (trx) => {
    let conversations = trx
      .selectFrom('conversacion')
      .innerJoin('chat_cliente', 'chat_cliente.id', 'conversacion.idClt')
      .select(['conversacion.id', 'conversacion.psi', 'conversacion.idClt', 'conversacion.idBot'])
      .where('conversacion.test', '=', 1)
      .where('chat_cliente.idU', '=', user.id);
    if (query.idBot) conversations = conversations.where('conversacion.idBot', '=', query.idBot);
    if (query.psi) conversations = conversations.where('conversacion.psi', '=', query.psi);
    const rows = await conversations.execute();
    // A client (one per psi) may talk to several bots: only this bot's conversation and chat sessions go.
    for (const r of rows) {
      await trx.deleteFrom('chat_sesion').where('idClt', '=', r.idClt).where('idBot', '=', r.idBot).execute();
      await trx.deleteFrom('conversacion').where('id', '=', r.id).execute();
    }
    const clients = [...new Set(rows.map((r) => r.idClt))];
    if (clients.length) {
      const kept = new Set((await trx.selectFrom('conversacion').select('idClt').where('idClt', 'in', clients).execute()).map((r) => r.idClt));
      const gone = clients.filter((id) => !kept.has(id));
      if (gone.length) await trx.deleteFrom('chat_cliente').where('id', 'in', gone).execute();
    }
  });
}
