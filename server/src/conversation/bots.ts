// The bots this instance has ready to answer: deployed versions by version id, working
// definitions (the test chat's) by content, each compiled once; the deployed bots' rows, read
// again after a second; the conversations as this instance last wrote them; and a queue per key,
// so a conversation's turns run one at a time here.
import type { DB } from '../db';
import { notFound } from '../errors';
import { BOT_MESSAGES } from '../../../common/schemas/bots';
import type { SessionUser } from '../types';
import { BotCache, compileBot, definitionHash, modelFromJson, type CompiledBot } from '../engine/bundle';
import { trainSkills, type TrainingLimits } from '../engine/training';
import { loadDefinition } from '../services/bots/definition';
import { assertBotRole, type BotRecord } from '../services/bots/bots';
import { sameTenant } from '../auth/tenant';
import { knownTimeZone } from '../../../common/dias';
import { KeptConversations } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bots this instance has ready to answer (deployed versions and working definitions). */
    engine: BotEngine;
  }
}

/** How long a deployed bot's row is trusted before it is read again. */
const BOT_ROW_MS = 1000;
/** A bot's row, its deployed version, and the time zone its company reads dates in (null: the server's). */
export type KeptBot = { bot: BotRecord; idVersion: string | null; timeZone: string | null };

/** Compiled bots of this instance: deployed versions by version id, working definitions by content. */
export class BotEngine {
  private readonly deployed = new BotCache(64);
  private readonly working = new BotCache(32);
  /** Tasks running per key (a conversation, a model being built), each after the one before. */
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Conversations as this instance last wrote them (conversation/store.ts). */
  readonly conversations = new KeptConversations();

  /** Deployed bots' rows with their version, read again after BOT_ROW_MS (a new deploy on this instance drops its entry at once). */
  private readonly rows = new Map<string, KeptBot & { at: number }>();
  /** Reads of a bot's row under way: messages arriving meanwhile wait for it instead of reading it again. */
  private readonly reading = new Map<string, Promise<KeptBot | undefined>>();

  /**
   * `trainLimits` bound the trainings this engine starts itself (an old version, the test chat's
   * working definition); `waitMs` bounds how long a task waits for the one before it on its key.
   */
  constructor(
    private readonly trainLimits?: TrainingLimits,
    private readonly queue: { waitMs: number; log?: (key: string, waitedMs: number) => void } = { waitMs: 60_000 },
  ) {}

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

  /**
   * Runs `task` alone for its key: messages of one conversation (or builds of one model) never
   * overlap on this instance. A task that throws hands the key on at once; one that never ends holds
   * it at most `waitMs`, after which the next task runs anyway (and it is logged): a turn's store
   * refuses a conversation changed meanwhile, so an overlap is retried, never lost.
   */
  once<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key);
    let timer: NodeJS.Timeout | undefined;
    const before = previous
      ? Promise.race([
          previous,
          new Promise<void>((resolve) => {
            const asked = performance.now();
            timer = setTimeout(() => {
              this.queue.log?.(key, performance.now() - asked);
              resolve();
            }, this.queue.waitMs);
          }),
        ]).finally(() => clearTimeout(timer))
      : Promise.resolve();
    const run = before.then(task, task);
    const tail = run.catch(() => undefined);
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return run;
  }
}

