// The bots this instance has ready to answer: deployed versions by version id and working
// definitions (the test chat's) by content, each compiled once (by one task at a time, on the turn
// queue); and the deployed bots' rows, read again after a second.
import type { DB } from '../db';
import { notFound } from '../errors';
import { BOT_MESSAGES } from '../../../common/schemas/bots';
import type { SessionUser } from '../types';
import { BotCache, compileBot, definitionHash, flowSkills, modelFromJson, type CompiledBot } from '../engine/bundle';
import { trainSkills, type TrainingLimits } from '../engine/training';
import { loadDefinition } from '../services/bots/definition';
import { assertBotRole, type BotRecord } from '../services/bots/bots';
import { sameTenant } from '../auth/tenant';
import { knownTimeZone } from '../../../common/dias';
import { TurnQueue } from './turnQueue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bots this instance has ready to answer (deployed versions and working definitions). */
    bots: ReadyBots;
  }
}

/** How long a deployed bot's row is trusted before it is read again. */
const BOT_ROW_MS = 1000;
/** A bot's row, its deployed version, and the time zone its company reads dates in (null: the server's). */
export type KeptBot = { bot: BotRecord; idVersion: string | null; timeZone: string | null };

/** Compiled bots of this instance: deployed versions by version id, working definitions by content. */
export class ReadyBots {
  private readonly deployed = new BotCache(64);
  private readonly working = new BotCache(32);

  /** Deployed bots' rows with their version, read again after BOT_ROW_MS (a new deploy on this instance drops its entry at once). */
  private readonly rows = new Map<string, KeptBot & { at: number }>();
  /** Reads of a bot's row under way: messages arriving meanwhile wait for it instead of reading it again. */
  private readonly reading = new Map<string, Promise<KeptBot | undefined>>();

  /**
   * `trainLimits` bound the trainings started here (an old version, the test chat's working
   * definition); `builds` is the queue a model's builds wait on, one at a time per model.
   */
  constructor(
    private readonly trainLimits?: TrainingLimits,
    private readonly builds: TurnQueue = new TurnQueue(),
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
    return this.builds.once(`v:${row.idVersion}`, async () => {
      const again = this.deployed.get(row.idVersion);
      if (again) return again;
      const version = await db.selectFrom('bot_version').select(['snapshot', 'model']).where('id', '=', row.idVersion).executeTakeFirstOrThrow();
      if (!version.snapshot) return undefined;
      const definition = JSON.parse(version.snapshot);
      // A version deployed before models were stored trains its model here, once.
      const model = version.model ? modelFromJson(version.model) : await trainSkills(flowSkills(definition.skills), undefined, this.trainLimits);
      const bot = await compileBot(row.idVersion, definition, model, this.trainLimits);
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
    return this.builds.once(`w:${key}`, async () => {
      // A big bot trains, and a big knowledge base is indexed, in a worker thread: the other conversations go on meanwhile.
      const bot = this.working.get(key) ?? (await compileBot(key, definition, await trainSkills(flowSkills(definition.skills), undefined, this.trainLimits), this.trainLimits));
      this.working.set(bot);
      return bot;
    });
  }
}
