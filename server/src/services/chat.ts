// Conversations with a bot (bot-building §4 "Test chat", §7 /webchat/demo; access §3 session,
// message, client card): finds or starts the client, its session and the live conversation, runs
// the turn through the engine, records the messages, keeps the state, and publishes the answer
// on the conversation's own topic (common/topics.ts): a console user's chat to that user alone,
// a web channel's to its widget. The test chat (`test: true`) talks to the bot's working
// definition; otherwise the deployed version answers.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { DB } from '../db';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { sameTenant } from '../plugins/guards';
import { BOT_MESSAGES } from '../../../common/schemas/bots';
import { CHAT_MESSAGES, DEFAULT_TEST_RED, DEMO_CHANNEL, DEMO_NAME, type ChatMessage, type WebchatAnswer, type WebchatBody, type WebchatEndBody } from '../../../common/schemas/chat';
import type { App, SessionUser } from '../types';
import { CANAL_KINDS } from '../../../common/schemas/canales';
import { channelTopic, userTopic } from '../../../common/topics';
import { BotCache, compileBot, definitionHash, modelFromJson, type CompiledBot } from '../engine/bundle';
import { trainSkills, type TrainingLimits } from '../engine/training';
import { newState, runTurn, type ConversationState, type TurnContext, type TurnInput, type TurnResult } from '../engine/runtime';
import { loadDefinition } from './bots/definition';
import { KeptConversations, StaleConversation, readConversation, writeTurn } from './chatStore';
import { assertBotRole, findBotFor, readBotSecrets, type BotRecord } from './bots/bots';
import { knownTimeZone } from './empresas/empresas';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bots this instance has ready to answer (deployed versions and working definitions). */
    engine: BotEngine;
  }
}

/** How long a deployed bot's row is trusted before it is read again. */
const BOT_ROW_MS = 1000;
/** How many times a turn is tried again when another instance changed the conversation meanwhile. */
const CONFLICT_RETRIES = 3;

/** A bot's row, its deployed version, and the time zone its company reads dates in (null: the server's). */
type KeptBot = { bot: BotRecord; idVersion: string | null; timeZone: string | null };

/** Compiled bots of this instance: deployed versions by version id, working definitions by content. */
export class BotEngine {
  private readonly deployed = new BotCache(64);
  private readonly working = new BotCache(32);
  /** Tasks running per key (a conversation, a model being built), each after the one before. */
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Conversations as this instance last wrote them (services/chatStore.ts). */
  readonly conversations = new KeptConversations();

  /** Deployed bots' rows with their version, read again after BOT_ROW_MS (a new deploy on this instance drops its entry at once). */
  private readonly rows = new Map<string, KeptBot & { at: number }>();
  /** Reads of a bot's row under way: messages arriving meanwhile wait for it instead of reading it again. */
  private readonly reading = new Map<string, Promise<KeptBot | undefined>>();

  /** `trainLimits` bound the trainings this engine starts itself (an old version, the test chat's working definition). */
  constructor(private readonly trainLimits?: TrainingLimits) {}

  /**
   * The bot (404 outside the user's reach, 403 for the role) and its deployed version's id.
   */
  async botFor(db: DB, user: SessionUser, idBot: string): Promise<KeptBot> {
    assertBotRole(user, 'read');
    const entry = await this.botEntry(db, idBot);
    if (!entry || !sameTenant(user, entry.bot.idE)) throw notFound(BOT_MESSAGES.notFound);
    return entry;
  }

  /**
   * A bot's row and its deployed version's id, whoever asks (a channel's message). A deployed
   * bot's row is kept BOT_ROW_MS, so a burst of messages reads it once; one not deployed yet is
   * read every time, so its first deploy answers at once.
   */
  async botEntry(db: DB, idBot: string): Promise<KeptBot | undefined> {
    const now = performance.now();
    const kept = this.rows.get(idBot);
    let entry: KeptBot | undefined = kept && now - kept.at < BOT_ROW_MS ? kept : undefined;
    if (!entry) {
      let reading = this.reading.get(idBot);
      if (!reading) {
        const read: Promise<KeptBot | undefined> = this.readBot(db, idBot, now).finally(() => {
          if (this.reading.get(idBot) === read) this.reading.delete(idBot);
        });
        this.reading.set(idBot, (reading = read));
      }
      entry = await reading;
    }
    return entry;
  }

  private async readBot(db: DB, idBot: string, now: number): Promise<KeptBot | undefined> {
    const row = await db
      .selectFrom('bot')
      .leftJoin('bot_version', (j) => j.onRef('bot_version.idBot', '=', 'bot.id').onRef('bot_version.version', '=', 'bot.version').on('bot_version.done', '=', 1).on('bot_version.error', '=', 0))
      .leftJoin('empresa', 'empresa.id', 'bot.idE')
      .selectAll('bot')
      .select(['bot_version.id as idVersion', 'empresa.tz as timeZone'])
      .where('bot.id', '=', idBot)
      .executeTakeFirst();
    const entry = row ? { bot: row, idVersion: row.idVersion, timeZone: knownTimeZone(row.timeZone) } : undefined;
    if (entry?.idVersion) this.rows.set(idBot, { ...entry, at: now });
    else this.rows.delete(idBot);
    return entry;
  }

  /** Forgets what was kept of a bot (a deploy or a restore on this instance). */
  forget(idBot: string): void {
    this.rows.delete(idBot);
    this.reading.delete(idBot);
  }

  /** The deployed version `idVersion`, ready to answer. */
  async deployedBot(db: DB, idVersion: string | null): Promise<CompiledBot | undefined> {
    if (!idVersion) return undefined;
    const row = { idVersion };
    const hit = this.deployed.get(row.idVersion);
    if (hit) return hit;
    return this.once(`v:${row.idVersion}`, async () => {
      const again = this.deployed.get(row.idVersion);
      if (again) return again;
      const version = await db.selectFrom('bot_version').select(['snapshot', 'model']).where('id', '=', row.idVersion).executeTakeFirstOrThrow();
      if (!version.snapshot) return undefined;
      const definition = JSON.parse(version.snapshot);
      // A version deployed before models were stored trains its model here, once.
      const model = version.model ? modelFromJson(version.model) : await trainSkills(definition.skills, undefined, this.trainLimits);
      const bot = compileBot(row.idVersion, definition, model);
      this.deployed.set(bot);
      return bot;
    });
  }

  /** The bot's working definition, trained when its content changed since the last message. */
  async workingBot(db: DB, idBot: string): Promise<CompiledBot> {
    const definition = await loadDefinition(db, idBot);
    const key = definitionHash(definition);
    const hit = this.working.get(key);
    if (hit) return hit;
    return this.once(`w:${key}`, async () => {
      // A big bot trains in a worker thread: the other conversations go on meanwhile.
      const bot = this.working.get(key) ?? compileBot(key, definition, await trainSkills(definition.skills, undefined, this.trainLimits));
      this.working.set(bot);
      return bot;
    });
  }

  /** Runs `task` alone for its key: messages of one conversation (or builds of one model) never overlap on this instance. */
  once<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.locks.get(key) ?? Promise.resolve();
    const run = before.then(task, task);
    const tail = run.catch(() => undefined);
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return run;
  }
}

/** The server's own address, for webhook URLs that start with '/'. */
function ownBaseUrl(app: App): string | undefined {
  if (app.config.publicUrl) return app.config.publicUrl.replace(/\/$/, '');
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return undefined;
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}`;
}

/** Decrypted extras by compiled bot: a deployed version (or working definition) is decrypted once per instance. */
const secretsKept = new WeakMap<CompiledBot, Readonly<Record<string, string>>>();

/** The encrypted extras of `bot` (a bot of company `idE`) its webhooks may send, decrypted once. */
function botSecrets(app: App, idE: string, bot: CompiledBot): Readonly<Record<string, string>> {
  let secrets = secretsKept.get(bot);
  if (!secrets) {
    secrets = readBotSecrets(app.config.secretKey, idE, bot.definition.bot.id, bot.definition.bot.extrasEnc);
    secretsKept.set(bot, secrets);
  }
  return secrets;
}

/**
 * What a turn of `bot` needs of this server: its clock, webhook timeout and address, how much of
 * one message its expressions may read, the time zone dates are read in (the company's, given as
 * `timeZone`, else CHAT_TIME_ZONE), and, given the company `idE` (every bot a turn reaches is of
 * it), the bots' decrypted extras for their webhooks.
 */
export function turnContext(app: App, bot: CompiledBot, turn: Pick<TurnContext, 'red' | 'test' | 'resolveBot' | 'publicOrigin'> & { timeZone?: string | null; idE?: string }, now = app.config.now()): TurnContext {
  const { idE, ...rest } = turn;
  return {
    ...rest,
    ...(idE ? { secretsOf: (b: CompiledBot) => botSecrets(app, idE, b) } : {}),
    now: new Date(now),
    webhookTimeoutMs: app.config.webhookTimeoutMs,
    patternBudget: app.config.patternBudget,
    // The bot's baseUrl and this server's own address alike are reached only through the guard.
    baseUrl: bot.definition.bot.baseUrl?.trim() || ownBaseUrl(app),
    outbound: app.outbound,
    timeZone: turn.timeZone || app.config.chatTimeZone,
    publicOrigin: turn.publicOrigin || (app.config.publicUrl ? new URL(app.config.publicUrl).origin : ownBaseUrl(app)),
  };
}

/** This server as a client's request reached it: PUBLIC_URL's origin when set, else the request's own scheme and host. */
export function requestOrigin(app: App, request: { protocol: string; host: string }): string {
  return app.config.publicUrl ? new URL(app.config.publicUrl).origin : `${request.protocol}://${request.host}`;
}

const parseState = (text: string): ConversationState => ({ ...newState(), ...(JSON.parse(text || '{}') as Partial<ConversationState>) });

/** The text a message is recorded with: its text, or its title, or its kind. */
function recordedText(message: ChatMessage): string {
  if (message.text) return message.text;
  if (message.title) return message.title;
  if (message.carousel?.length) return message.carousel.map((c) => c.title).join(' | ');
  return message.type;
}

/**
 * POST /webchat/demo: one message (or postback) of `psi` to the bot. A console user reaches the
 * bots of their company that they may open; a conversation started from the console (test or not)
 * belongs to the user who started it, and no other user, company or channel client can use it.
 */
export async function sendMessage(app: App, user: SessionUser, sesionId: string | undefined, body: WebchatBody, publicOrigin?: string): Promise<WebchatAnswer> {
  const text = body.message?.trim() ? body.message : undefined;
  const postback = body.postback?.trim() ? body.postback.trim() : undefined;
  if (text === undefined && postback === undefined) throw badRequest(CHAT_MESSAGES.vacio);
  return consoleTurn(app, user, sesionId, body, postback !== undefined ? { postback } : { text }, publicOrigin);
}

/**
 * POST /webchat/demo.terminar ('Terminar atención'): ends the wait for a person of the user's
 * conversation `psi` at once, and the bot says it has the conversation back. 400 when it is not waiting.
 */
export async function endHumanWait(app: App, user: SessionUser, sesionId: string | undefined, body: WebchatEndBody, publicOrigin?: string): Promise<WebchatAnswer> {
  return consoleTurn(app, user, sesionId, body, { endHuman: true }, publicOrigin);
}

/** A turn of the console's chat: the bot within the user's reach, its working definition in a test, else its deployed version. */
async function consoleTurn(app: App, user: SessionUser, sesionId: string | undefined, body: Pick<WebchatBody, 'psi' | 'idBot' | 'idChannel' | 'test' | 'red' | 'nm'>, input: TurnInput, publicOrigin?: string): Promise<WebchatAnswer> {
  const { bot, idVersion, timeZone } = await app.engine.botFor(app.db, user, body.idBot);
  const test = body.test === true;
  const compiled = test ? await app.engine.workingBot(app.db, bot.id) : await app.engine.deployedBot(app.db, idVersion);
  if (!compiled) throw badRequest(CHAT_MESSAGES.botNoDesplegado);
  const idChannel = body.idChannel?.trim() || DEMO_CHANNEL;
  // A real channel's conversations are its clients': the console cannot write into them.
  if (idChannel !== DEMO_CHANNEL && (await app.db.selectFrom('canal').select('id').where('id', '=', idChannel).executeTakeFirst())) throw forbidden(CHAT_MESSAGES.canalAjeno);
  const red = body.red ?? DEFAULT_TEST_RED;
  const messages = await deliver(app, { bot, compiled, idChannel, red, psi: body.psi, test, nm: body.nm, user, sesionId, timeZone, publicOrigin }, input);
  return { psi: body.psi, messages };
}

/** Who a message goes to and where it came from: the console's test chat (with its user) or a channel. */
export interface Delivery {
  bot: BotRecord;
  compiled: CompiledBot;
  /** The channel's id (DEMO_CHANNEL for the console's chat). */
  idChannel: string;
  /** The channel type code whose actions answer. */
  red: number;
  psi: string;
  test: boolean;
  nm?: string;
  /** The console user of a test chat; none for a channel's client. */
  user?: SessionUser;
  sesionId?: string;
  /** The bot's company's time zone (null or absent: CHAT_TIME_ZONE). */
  timeZone?: string | null;
  /** This server as the client reached it, for images on this server (absent: PUBLIC_URL, else the listening address). */
  publicOrigin?: string;
}

/**
 * One message of `psi` to the bot, from any channel: runs the turn (one at a time per
 * conversation on this instance, again on a conflict with another instance), records it, and
 * publishes the answer on the conversation's topic: the console user's own, or the web channel's
 * (a provider channel's conversation has no listener).
 */
export async function deliver(app: App, to: Delivery, input: TurnInput): Promise<ChatMessage[]> {
  const { bot } = to;
  const messages = await app.engine.once(conversationKey(bot.id, to.idChannel, to.psi), async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await turnOnce(app, { user: to.user, sesionId: to.sesionId, idBot: bot.id, idE: bot.idE, tsession: Number(bot.tsession), idChannel: to.idChannel, psi: to.psi, red: to.red, test: to.test, nm: to.nm, timeZone: to.timeZone, publicOrigin: to.publicOrigin, compiled: to.compiled, input });
      } catch (error) {
        if (!(error instanceof StaleConversation) || attempt >= CONFLICT_RETRIES) throw error instanceof StaleConversation ? conflict(CHAT_MESSAGES.conversacionCambio) : error;
      }
    }
  });
  // A test's debug rides only on its user's own topic.
  const topic = to.user ? userTopic(to.user.id, bot.id, to.psi) : Number(to.red) === CANAL_KINDS.Web.red ? channelTopic(to.idChannel, to.psi) : undefined;
  // Published in this order at once (each is delivered here when called); the other instances get them in one NOTIFY.
  if (topic) await Promise.all(messages.map((message) => app.realtime.publish(topic, message)));
  return messages;
}

interface TurnRequest {
  user: SessionUser | undefined;
  sesionId: string | undefined;
  idBot: string;
  idE: string;
  tsession: number;
  idChannel: string;
  psi: string;
  red: number;
  test: boolean;
  nm?: string;
  timeZone?: string | null;
  publicOrigin?: string;
  compiled: CompiledBot;
  input: TurnInput;
}

/** The key of a conversation on this instance: its turns run one at a time, and it is kept as last written. */
const conversationKey = (idBot: string, idChannel: string, psi: string) => `c:${idBot}:${idChannel}:${psi}`;

async function turnOnce(app: App, req: TurnRequest): Promise<ChatMessage[]> {
  const { db } = app;
  const now = app.config.now();
  const fc = new Date(now).toISOString();
  const key = conversationKey(req.idBot, req.idChannel, req.psi);
  // As this instance last wrote it, else read; a copy changed since (another instance, a deletion)
  // fails the rev check of the write, and the turn runs again on the stored one. A bot that may
  // call out is always read, so a webhook never runs twice for one message.
  const kept = mayCallOut(req.compiled) ? undefined : app.engine.conversations.get(key);
  const read = kept ? undefined : await readConversation(db, req);
  const conversation = kept ?? read?.conversation;
  // A console conversation is its user's alone: another user naming the same psi is refused, and
  // so is a console user naming a client the console did not start.
  const client = conversation ? { id: conversation.idClt, idU: conversation.idU, test: conversation.clientTest } : read?.client;
  if (client && (req.user || client.test) && client.idU !== req.user?.id) throw forbidden(CHAT_MESSAGES.conversacionAjena);
  let state = conversation ? parseState(conversation.estado) : newState();
  if (kept && state.bot && state.bot !== req.idBot) {
    // Handed to another bot, which may call out: read it.
    app.engine.conversations.forget(key);
    return turnOnce(app, req);
  }
  const before: ChatMessage[] = [];
  const ending = req.input.endHuman === true;
  let idSesion = conversation?.idSesion ?? null;
  let closeSesion: { id: string; ff: string } | undefined;
  // tsession minutes without a message end the session: the next message starts a new one.
  if (conversation && idSesion && now - Number(conversation.ua) > req.tsession * 60_000) {
    closeSesion = { id: idSesion, ff: new Date(Number(conversation.ua)).toISOString() };
    idSesion = null;
    state = { ...newState(), bot: undefined };
    const expired = req.compiled.definition.bot.params.sessionExpired?.trim();
    if (expired && !ending) before.push({ id: randomUUID(), type: 'TEXT', text: expired, fc });
  }
  if (ending && !state.human) throw badRequest(CHAT_MESSAGES.sinEspera);

  // A conversation handed to another bot (GO_BOT) goes on with it, while that bot can answer.
  const answering = (state.bot && state.bot !== req.idBot ? await resolveBot(app, req, state.bot) : undefined) ?? req.compiled;
  const result: TurnResult = await runTurn(answering, state, req.input, turnContext(app, answering, { red: req.red, test: req.test, timeZone: req.timeZone, idE: req.idE, publicOrigin: req.publicOrigin, resolveBot: (id) => resolveBot(app, req, id) }, now));
  const idIn = randomUUID();
  const debug = { ...result.debug, turn: idIn };
  const messages = [...before, ...result.messages.map((m) => m.message)].map((m) => (req.test ? { ...m, debug } : m));
  const skillOf = new Map(result.messages.map((m) => [m.message.id, m]));
  const inputText = req.input.postback ?? req.input.text ?? '';

  const idClt = client?.id ?? randomUUID();
  const newSesion = !idSesion;
  const current = idSesion ?? randomUUID();
  // The session's messages are numbered by the conversation (kept in its state), not counted again.
  const sessionStarted = !conversation?.idSesion || closeSesion !== undefined;
  let seq = sessionStarted ? 0 : (state.seq ?? 0);
  const rows = [
    // Ending a wait is no message of the client's: only the bot's answer is recorded.
    ...(ending ? [] : [{ id: idIn, idSesion: current, idBot: req.idBot, t: 1, m: inputText, tipo: req.input.postback !== undefined ? 'POSTBACK' : 'TEXT', body: null, idSkill: result.skillId, score: result.skillId ? result.score : null, fc, seq: ++seq }]),
    ...messages.map((m) => {
      const { debug: _debug, ...plain } = m;
      const origin = skillOf.get(m.id);
      return { id: m.id, idSesion: current, idBot: req.idBot, t: 0, m: recordedText(m), tipo: m.type, body: JSON.stringify(plain), idSkill: origin?.idSkill ?? null, score: origin?.score ?? null, fc, seq: ++seq };
    }),
  ];
  const estado = JSON.stringify({ ...result.state, seq });
  const idConversation = conversation?.id ?? randomUUID();
  try {
    await writeTurn(db, app.dialect, {
      ...(client ? {} : { client: { id: idClt, idE: req.idE, idChannel: req.idChannel, psi: req.psi, red: req.red, nm: req.nm?.trim() || (req.test ? DEMO_NAME : null), test: req.test ? 1 : 0, idU: req.user?.id ?? null, fc } }),
      ...(closeSesion ? { closeSesion } : {}),
      ...(newSesion ? { sesion: { id: current, idClt, idE: req.idE, idBot: req.idBot, red: req.red, test: req.test ? 1 : 0, fi: fc, ff: null } } : {}),
      messages: rows,
      conversation: conversation
        ? { update: { id: conversation.id, rev: Number(conversation.rev), estado, ua: now, idSesion: current } }
        : { insert: { id: idConversation, idE: req.idE, idBot: req.idBot, idChannel: req.idChannel, psi: req.psi, idClt, idSesion: current, test: req.test ? 1 : 0, sesion: req.test ? (req.sesionId ?? null) : null, estado, ua: now, rev: 0 } },
      ...(!result.recognised && req.input.text !== undefined && inputText.trim() ? { unrecognised: { idBot: req.idBot, f: inputText.trim().slice(0, 1000), fc } } : {}),
    });
  } catch (error) {
    // Stale, or not known to be written: read it again next time.
    app.engine.conversations.forget(key);
    // A kept copy changed elsewhere: run the turn again on the stored one, not counted as a conflict.
    if (kept && error instanceof StaleConversation) return turnOnce(app, req);
    throw error;
  }
  app.engine.conversations.set(key, {
    id: idConversation,
    idClt,
    idSesion: current,
    estado,
    ua: now,
    rev: conversation ? Number(conversation.rev) + 1 : 0,
    idU: client ? client.idU : (req.user?.id ?? null),
    clientTest: client ? Number(client.test) : req.test ? 1 : 0,
  });
  return messages;
}

/** Bots whose turns may call out (WEB_HOOK) or hand over to another bot (GO_BOT), by compiled bot. */
const callingOut = new WeakMap<CompiledBot, boolean>();

function mayCallOut(bot: CompiledBot): boolean {
  let calls = callingOut.get(bot);
  if (calls === undefined) {
    calls = bot.definition.acciones.some((a) => a.type === 'WEB_HOOK' || a.type === 'GO_BOT');
    callingOut.set(bot, calls);
  }
  return calls;
}

/** Another bot of the same company for GO_BOT: its working definition in a test, else its deployed version. */
async function resolveBot(app: App, req: TurnRequest, id: string): Promise<CompiledBot | undefined> {
  const other = await app.db.selectFrom('bot').select(['id', 'idE']).where('id', '=', id).executeTakeFirst();
  if (!other || other.idE !== req.idE) return undefined;
  if (other.id === req.compiled.definition.bot.id) return req.compiled;
  if (req.test) return app.engine.workingBot(app.db, other.id);
  const entry = req.user ? await app.engine.botFor(app.db, req.user, other.id) : await app.engine.botEntry(app.db, other.id);
  return app.engine.deployedBot(app.db, entry?.idVersion ?? null);
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
