// One module for a conversation with a bot, whatever it came through: the console's test chat
// (here), the web widget and the provider channels (through gate.ts, which an adapter calls). A
// message goes one way: the gate (channel active and linked, hours, excluded numbers, a repeated
// delivery), the turn (turn.ts: the engine on the bot this instance keeps compiled, bots.ts), the
// store (store.ts), and the publish on the conversation's own topic (publish.ts); the answer goes
// back to the entry, whose adapter sends it out. The test chat (`test: true`) talks to the bot's
// working definition; otherwise the deployed version answers.
import { badRequest, forbidden } from '../errors';
import { CHAT_MESSAGES, DEFAULT_TEST_RED, DEMO_CHANNEL, type WebchatAnswer, type WebchatBody, type WebchatEndBody } from '../../../common/schemas/chat';
import type { App, SessionUser } from '../types';
import type { TurnInput } from '../engine/runtime';
import { findBotFor } from '../services/bots/bots';
import { deliver } from './deliver';

export { BotEngine } from './bots';
export { deliver, type Delivery } from './deliver';
export { DELIVERY_KEEP_MS, receiveChannelMessage, type CanalRow, type InboundMessage, type InboundResult } from './gate';

/**
 * POST /webchat/demo: one message (or postback) of `psi` to the bot. A console user reaches the
 * bots of their company that they may open; a conversation started from the console is a test
 * conversation (whichever definition answers it), belongs to the user who started it, and no
 * other user, company or channel client can use it.
 */
export async function sendMessage(app: App, user: SessionUser, sesionId: string | undefined, body: WebchatBody): Promise<WebchatAnswer> {
  const text = body.message?.trim() ? body.message : undefined;
  const postback = body.postback?.trim() ? body.postback.trim() : undefined;
  if (text === undefined && postback === undefined) throw badRequest(CHAT_MESSAGES.vacio);
  return consoleTurn(app, user, sesionId, body, postback !== undefined ? { postback } : { text });
}

/**
 * POST /webchat/demo.terminar ('Terminar atención'): ends the wait for a person of the user's
 * conversation `psi` at once, and the bot says it has the conversation back. 400 when it is not waiting.
 */
export async function endHumanWait(app: App, user: SessionUser, sesionId: string | undefined, body: WebchatEndBody): Promise<WebchatAnswer> {
  return consoleTurn(app, user, sesionId, body, { endHuman: true });
}

/** A turn of the console's chat: the bot within the user's reach, its working definition in a test, else its deployed version. */
async function consoleTurn(app: App, user: SessionUser, sesionId: string | undefined, body: Pick<WebchatBody, 'psi' | 'idBot' | 'idChannel' | 'test' | 'red' | 'nm'>, input: TurnInput): Promise<WebchatAnswer> {
  const { bot, idVersion, timeZone } = await app.engine.botFor(app.db, user, body.idBot);
  const test = body.test === true;
  const compiled = test ? await app.engine.workingBot(app.db, bot.id) : await app.engine.deployedBot(app.db, idVersion);
  if (!compiled) throw badRequest(CHAT_MESSAGES.botNoDesplegado);
  const idChannel = await consoleChannel(app, bot.idE, body.idChannel);
  const red = body.red ?? DEFAULT_TEST_RED;
  const answer = await deliver(app, { bot, compiled, idChannel, red, psi: body.psi, test, nm: body.nm, user, sesionId, timeZone }, input);
  return { psi: body.psi, ...answer };
}

/**
 * The channel a console conversation is on: the test chat's own. A channel of the bot's company is
 * its clients' (403: the console cannot write into their conversations); any other id names no
 * channel of the company (400).
 */
async function consoleChannel(app: App, idE: string, idChannel: string | undefined): Promise<string> {
  const id = idChannel?.trim();
  if (!id || id === DEMO_CHANNEL) return DEMO_CHANNEL;
  const canal = await app.db.selectFrom('canal').select('id').where('id', '=', id).where('idE', '=', idE).executeTakeFirst();
  if (canal) throw forbidden(CHAT_MESSAGES.canalAjeno);
  throw badRequest(CHAT_MESSAGES.canalNoExiste);
}

/**
 * DELETE /webchat/demo: the user's test conversations (with `idBot`, with that bot; with `psi`,
 * that one), with their sessions and messages.
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
    // A client (one per psi) may talk to several bots: only this bot's conversation and sessions go.
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
