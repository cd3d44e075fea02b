// One turn of a conversation: the stored conversation (as this instance last wrote it, else
// read), the session (ended after the bot's tsession minutes), the engine's turn with what it
// needs of this server, and the write of the messages, the client, the chat session and the state in
// one transaction, checked against the conversation's rev.
import { randomUUID } from 'node:crypto';
import { badRequest, forbidden } from '../errors';
import { CHAT_MESSAGES, DEMO_NAME, type ChatMessage, type TurnDebug } from '../../../common/schemas/chat';
import type { App, SessionUser } from '../types';
import type { CompiledBot } from '../engine/bundle';
import { newState, runTurn, type ConversationState, type TurnInput, type TurnResult } from '../engine/runtime';
import { callsOut } from '../engine/actions';
import { turnContext } from '../services/bots/turnContext';
import { StaleConversation, readConversation, writeTurn } from './store';
import { recordedText, unrecognisedPhrase, usageOfTurn } from './uso';
import { attachmentRoom } from '../services/historial/adjuntos';
import type { AdmittedFile } from '../engine/attachments';

/** How the history shows a client's message: its text, then each file its skill admitted, on a line of its own. */
export const clientMessageText = (text: string, files: readonly AdmittedFile[]) => [text, ...files.map((f) => `Adjunto: ${f.name}`)].filter(Boolean).join('\n');

const parseState = (text: string): ConversationState => ({ ...newState(), ...(JSON.parse(text || '{}') as Partial<ConversationState>) });

export interface TurnRequest {
  user: SessionUser | undefined;
  signInId: string | undefined;
  idBot: string;
  idE: string;
  tsession: number;
  idChannel: string;
  psi: string;
  red: number;
  /** A test conversation: recorded as one, never listed in the history nor counted. */
  test: boolean;
  /** The bot's working definition answers: each message carries what the engine did, and a handover reaches the other bot's working definition. */
  working: boolean;
  nm?: string;
  timeZone?: string | null;
  publicOrigin?: string;
  compiled: CompiledBot;
  input: TurnInput;
  /** The channel's delivery the message came with: settled in the turn's own write. */
  delivery?: { idCanal: string; clave: string };
}

/** The key of a conversation on this instance: its turns run one at a time, and it is kept as last written. */
export const conversationKey = (idBot: string, idChannel: string, psi: string) => `c:${idBot}:${idChannel}:${psi}`;

/** What a turn gives its entry: the bot's messages, and in a test what the engine did (also when it sent nothing). */
export interface TurnAnswer {
  messages: ChatMessage[];
  debug?: TurnDebug;
}

export async function turnOnce(app: App, req: TurnRequest): Promise<TurnAnswer> {
  const { db } = app;
  const now = app.config.now();
  const fc = new Date(now).toISOString();
  const key = conversationKey(req.idBot, req.idChannel, req.psi);
  // As this instance last wrote it, else read; a copy changed since (another instance, a deletion)
  // fails the rev check of the write, and the turn runs again on the stored one. A bot that may
  // call out is always read, so a webhook never runs twice for one message.
  const kept = mayCallOut(req.compiled) ? undefined : app.keptConversations.get(key);
  const read = kept ? undefined : await readConversation(db, req);
  const conversation = kept ?? read?.conversation;
  // A console conversation is its user's alone: another user naming the same psi is refused, and
  // so is a console user naming a client the console did not start.
  const client = conversation ? { id: conversation.idClt, idU: conversation.idU, test: conversation.clientTest } : read?.client;
  if (client && (req.user || client.test) && client.idU !== req.user?.id) throw forbidden(CHAT_MESSAGES.conversacionAjena);
  let state = conversation ? parseState(conversation.estado) : newState();
  const mark = state.uso;
  if (kept && state.bot && state.bot !== req.idBot) {
    // Handed to another bot, which may call out: read it.
    app.keptConversations.forget(key);
    return turnOnce(app, req);
  }
  const before: ChatMessage[] = [];
  const ending = req.input.endHuman === true;
  let idSesion = conversation?.idSesion ?? null;
  let closeChatSession: { id: string; ff: string } | undefined;
  // tsession minutes without a message end the session: the next message starts a new one.
  if (conversation && idSesion && now - Number(conversation.ua) > req.tsession * 60_000) {
    closeChatSession = { id: idSesion, ff: new Date(Number(conversation.ua)).toISOString() };
    idSesion = null;
    state = { ...newState(), bot: undefined };
    const expired = req.compiled.definition.bot.params.sessionExpired?.trim();
    if (expired && !ending) before.push({ id: randomUUID(), type: 'TEXT', text: expired, fc });
  }
  if (ending && !state.human) throw badRequest(CHAT_MESSAGES.sinEspera);

  // A conversation handed to another bot (GO_BOT) goes on with it, while that bot can answer.
  const answering = (state.bot && state.bot !== req.idBot ? await resolveBot(app, req, state.bot) : undefined) ?? req.compiled;
  // A message with files is judged against the room its company has left for them.
  const attachmentRoomBytes = req.input.files?.length ? await attachmentRoom(app, req.idE) : undefined;
  const result: TurnResult = await runTurn(answering, state, req.input, turnContext(app, answering, { red: req.red, test: req.working, timeZone: req.timeZone, idE: req.idE, publicOrigin: req.publicOrigin, attachmentRoomBytes, resolveBot: (id) => resolveBot(app, req, id) }, now));
  const idIn = randomUUID();
  const debug = { ...result.debug, turn: idIn };
  const messages = [...before, ...result.messages.map((m) => m.message)].map((m) => (req.working ? { ...m, debug } : m));
  const skillOf = new Map(result.messages.map((m) => [m.message.id, m]));
  const inputText = req.input.postback ?? req.input.text ?? '';

  const idClt = client?.id ?? randomUUID();
  const newChatSession = !idSesion;
  const current = idSesion ?? randomUUID();
  // The chat session's messages are numbered by the conversation (kept in its state), not counted again.
  const sessionStarted = !conversation?.idSesion || closeChatSession !== undefined;
  let seq = sessionStarted ? 0 : (state.seq ?? 0);
  const rows = [
    // Ending a wait is no message of the client's: only the bot's answer is recorded.
    ...(ending ? [] : [{ id: idIn, idSesion: current, idBot: req.idBot, t: 1, m: clientMessageText(inputText, result.files), tipo: req.input.postback !== undefined ? 'POSTBACK' : 'TEXT', body: null, idSkill: result.skillId, score: result.skillId ? result.score : null, fc, seq: ++seq }]),
    ...messages.map((m) => {
      const { debug: _debug, ...plain } = m;
      const origin = skillOf.get(m.id);
      return { id: m.id, idSesion: current, idBot: req.idBot, t: 0, m: recordedText(m), tipo: m.type, body: JSON.stringify(plain), idSkill: origin?.idSkill ?? null, score: origin?.score ?? null, fc, seq: ++seq };
    }),
  ];
  const usage = req.test
    ? undefined
    : usageOfTurn({
        idE: req.idE, idBot: req.idBot, idChannel: req.idChannel, red: req.red, idClt, nm: req.nm?.trim() || null, timeZone: req.timeZone || app.config.chatTimeZone,
        now, previous: conversation ? Number(conversation.ua) : undefined, mark, newChatSession, rows, kb: result.kb,
      });
  const estado = JSON.stringify({ ...result.state, seq, uso: usage?.mark });
  const unrecognised = !result.recognised && req.input.text !== undefined ? unrecognisedPhrase(inputText) : undefined;
  const idConversation = conversation?.id ?? randomUUID();
  try {
    await writeTurn(db, app.dialect, {
      ...(client ? {} : { client: { id: idClt, idE: req.idE, idChannel: req.idChannel, psi: req.psi, red: req.red, nm: req.nm?.trim() || (req.test ? DEMO_NAME : null), test: req.test ? 1 : 0, idU: req.user?.id ?? null, fc } }),
      ...(closeChatSession ? { closeChatSession } : {}),
      ...(newChatSession ? { chatSession: { id: current, idClt, idE: req.idE, idBot: req.idBot, red: req.red, test: req.test ? 1 : 0, fi: fc, ff: null } } : {}),
      messages: rows,
      ...(usage ? { usage: usage.write } : {}),
      conversation: conversation
        ? { update: { id: conversation.id, rev: Number(conversation.rev), estado, ua: now, idSesion: current } }
        : { insert: { id: idConversation, idE: req.idE, idBot: req.idBot, idChannel: req.idChannel, psi: req.psi, idClt, idSesion: current, test: req.test ? 1 : 0, sesion: req.test ? (req.signInId ?? null) : null, estado, ua: now, rev: 0 } },
      ...(unrecognised ? { unrecognised: { idBot: req.idBot, f: unrecognised, fc } } : {}),
      ...(result.kb.notFound ? { kbNotFound: { idBot: req.idBot, idE: req.idE, ...result.kb.notFound, fc } } : {}),
      // The files the skill admitted, bound to the company, the chat session and the client's message.
      ...(req.delivery ? { delivery: req.delivery } : {}),
      ...(result.files.length ? { files: result.files.map((f) => ({ id: f.id, idE: req.idE, idSesion: current, idMensaje: idIn, nm: f.name.slice(0, 255), tipo: f.type.slice(0, 16), tam: f.bytes.length, datos: f.bytes, fc: now })) } : {}),
      // A rating is kept with its chat session; a test conversation's is never counted.
      ...(result.kb.rated && usage ? { rating: { id: randomUUID(), idBot: req.idBot, idE: req.idE, idQna: result.kb.rated.idQna, idSesion: current, ok: result.kb.rated.ok ? 1 : 0, dia: usage.write.uso.dia, fc } } : {}),
    });
  } catch (error) {
    // Stale, or not known to be written: read it again next time.
    app.keptConversations.forget(key);
    // A kept copy changed elsewhere: run the turn again on the stored one, not counted as a conflict.
    if (kept && error instanceof StaleConversation) return turnOnce(app, req);
    throw error;
  }
  app.keptConversations.set(key, {
    id: idConversation,
    idClt,
    idSesion: current,
    estado,
    ua: now,
    rev: conversation ? Number(conversation.rev) + 1 : 0,
    idU: client ? client.idU : (req.user?.id ?? null),
    clientTest: client ? Number(client.test) : req.test ? 1 : 0,
  });
  return req.working ? { messages, debug } : { messages };
}

/** Whether a compiled bot has an action of a kind that calls out (AccionRun.callsOut), worked out once per compiled bot. */
const callingOut = new WeakMap<CompiledBot, boolean>();

function mayCallOut(bot: CompiledBot): boolean {
  let calls = callingOut.get(bot);
  if (calls === undefined) {
    calls = bot.definition.acciones.some((a) => callsOut(a.type));
    callingOut.set(bot, calls);
  }
  return calls;
}

/** Another bot of the same company for GO_BOT: its working definition when the working definition answers, else its deployed version. */
async function resolveBot(app: App, req: TurnRequest, id: string): Promise<CompiledBot | undefined> {
  const other = await app.db.selectFrom('bot').select(['id', 'idE']).where('id', '=', id).executeTakeFirst();
  if (!other || other.idE !== req.idE) return undefined;
  if (other.id === req.compiled.definition.bot.id) return req.compiled;
  if (req.working) return app.bots.workingBot(app.db, other.id);
  const entry = req.user ? await app.bots.botFor(app.db, req.user, other.id) : await app.bots.botEntry(app.db, other.id);
  return app.bots.deployedBot(app.db, entry?.idVersion ?? null);
}

