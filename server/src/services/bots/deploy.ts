// Deploy and versions: a deploy saves the bot, opens the next version and runs as
// a job that validates the definition and keeps it as an immutable snapshot. Also the version
// list, restoring a version and comparing two.
import type { DB } from '../../db';
import type { Selectable } from 'kysely';
import type { BotVersionTable } from '../../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../../errors';
import { defineJob, enqueueJob } from '../../jobs/queue';
import { BOT_MESSAGES, DEPLOY_MESSAGES, type BotBody, type BotDefinition, type BotVersion, type VersionChange } from '../../../../common/schemas/bots';
import type { App, SessionUser } from '../../types';
import { EV, type AuditActor } from '../auditoria';
import { loadDefinition, validateDefinition, writeDefinition } from './definition';
import { describeChanges, diffDefinitions } from './diff';
import { findBotFor, inTransaction, recordBotEvent, saveBot, type BotRecord, type BotServices } from './bots';
import { constraintViolation } from '../../db/errors';
import { BAD_REGEX, compileEntityRegex } from './entidades';
import { companyTimeZone } from '../empresas/empresas';
import { botExtraPlace, readSecret } from '../../secrets';
import { compileBot, flowSkills, modelFromJson } from '../../engine/bundle';
import { refusalMessage } from '../../engine/patterns';
import { trainSkills, TrainingLimitError } from '../../engine/training';
import { secondsSince } from '../../plugins/metrics';
import { definitionLimitProblems, refuseDefinitionOverLimits, trainingLimits } from './limits';
import { replay } from './pruebas';

export const DEPLOY_JOB = 'deploy';
/** A deploy still not done after this long was interrupted (a worker stopped): it no longer blocks the next. */
export const DEPLOY_STALE_MS = 15 * 60_000;
/** How many problems the version's msg spells out; the rest are counted. */
const MAX_PROBLEMS_SHOWN = 10;

type VersionRow = Pick<Selectable<BotVersionTable>, 'id' | 'idBot' | 'version' | 'fc' | 'ffin' | 'dur' | 'done' | 'error' | 'msg'> &
  Partial<Pick<Selectable<BotVersionTable>, 'progreso' | 'pruebas'>>;
const VERSION_COLUMNS = ['id', 'idBot', 'version', 'fc', 'ffin', 'dur', 'done', 'error', 'msg', 'progreso', 'pruebas'] as const;

export function toVersion(row: VersionRow): BotVersion {
  return {
    id: row.id,
    idBot: row.idBot,
    version: Number(row.version),
    fc: row.fc,
    ffin: row.ffin,
    dur: row.dur === null ? null : Number(row.dur),
    done: !!row.done,
    error: !!row.error,
    msg: row.msg,
    ...(row.progreso !== undefined && row.progreso !== null ? { progreso: Number(row.progreso) } : {}),
    ...(row.pruebas ? { pruebas: JSON.parse(row.pruebas) as DeployTests } : {}),
  };
}

interface DeployJob {
  idVersion: string;
  actor: AuditActor;
}

/**
 * POST /bot.deploy: saves `body` through saveBot (same rules, rev and audit), opens version
 * max+1 (done 0) and queues the deploy job, all in one transaction. 409 while another deploy of
 * the bot runs. `msg` is the deploy's description.
 */
export async function startDeploy(app: App, user: SessionUser, body: BotBody, msg: string | null | undefined): Promise<BotVersion> {
  const description = msg?.trim() || null;
  const at = app.config.now();
  let row: VersionRow;
  try {
    row = await app.db.transaction().execute(async (trx) => {
      if (body.id) {
        await findBotFor(trx, user, body.id, 'read');
        await refuseRunningDeploy(trx, body.id, at);
      }
      const bot = await saveBot(app, user, body, { trx });
      const last = await trx.selectFrom('bot_version').select((eb) => eb.fn.max('version').as('n')).where('idBot', '=', bot.id).executeTakeFirst();
      const version: VersionRow = {
        id: crypto.randomUUID(),
        idBot: bot.id,
        version: Number(last?.n ?? 0) + 1,
        fc: new Date(at).toISOString(),
        ffin: null,
        dur: null,
        done: 0,
        error: 0,
        msg: description,
      };
      await trx.insertInto('bot_version').values({ ...version, idU: user.id, snapshot: null, model: null, pruebas: null, progreso: null }).execute();
      const job: DeployJob = { idVersion: version.id, actor: { id: user.id, usuario: user.usuario, idE: user.idE } };
      await enqueueJob(app, { tipo: DEPLOY_JOB, datos: job, clave: `deploy:${bot.id}`, idE: bot.idE }, trx);
      return version;
    });
  } catch (error) {
    // Two deploys of one bot at once: the second one's version number is taken.
    if (constraintViolation(error) === 'unique') throw conflict(DEPLOY_MESSAGES.running);
    throw error;
  }
  app.jobs.kick();
  return toVersion(row);
}

/** 409 while a deploy of the bot is not done; one interrupted long ago is closed as an error instead. */
async function refuseRunningDeploy(trx: DB, idBot: string, now: number): Promise<void> {
  const running = await trx.selectFrom('bot_version').select(['id', 'fc']).where('idBot', '=', idBot).where('done', '=', 0).execute();
  for (const v of running) {
    if (now - Date.parse(v.fc) < DEPLOY_STALE_MS) throw conflict(DEPLOY_MESSAGES.running);
    await closeAsError(trx, v, DEPLOY_MESSAGES.interrupted, now);
  }
}

/** Ends a version still in progress as failed, with the reason as its msg. */
async function closeAsError(db: DB, version: { id: string; fc: string }, msg: string, now: number): Promise<void> {
  await db
    .updateTable('bot_version')
    .set({ done: 1, error: 1, msg, ffin: new Date(now).toISOString(), dur: Math.max(0, now - Date.parse(version.fc)) })
    .where('id', '=', version.id)
    .where('done', '=', 0)
    .execute();
}

/** What a deploy step sees: the version being deployed, its bot and the definition being deployed. */
export interface DeployContext {
  app: App;
  version: VersionRow;
  bot: BotRecord;
  definition: BotDefinition;
  /** The trained model (serialized), once the training step ran; null for a bot without training phrases. */
  model?: string | null;
  /** What the regression tests gave, once they ran. */
  pruebas?: DeployTests | null;
}

/** The regression tests at deploy: how many ran and which failed. */
export interface DeployTests {
  total: number;
  fallidas: Array<{ id: string; nm: string }>;
}

/**
 * One step of a deploy. `run` returns the problems that stop the deploy (Spanish lines; none to go
 * on); `store`, when present, writes what the step produced in the transaction that ends the
 * deploy. The engine adds its training here as one more step (and stores the model with the version).
 */
export interface DeployStep {
  name: string;
  run(ctx: DeployContext): Promise<string[]>;
  store?(trx: DB, ctx: DeployContext): Promise<void>;
}

/** The reason an entity's expression does not compile or cannot run, as the entity editor says it. */
function regexError(format: string): string | undefined {
  try {
    compileEntityRegex(format);
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(`${BAD_REGEX}: `, '').replace(refusalMessage(''), '');
  }
}

/** Validation of the whole bot (botDefinition.validateDefinition), caps first: a bot past one is not trained. */
const validateStep: DeployStep = {
  name: 'validar',
  run: async ({ app, bot, definition }) => [
    ...definitionLimitProblems(definition, app.config),
    ...(await validateDefinition(definition, {
      regexError,
      secretReadable: (enc, key) => readSecret(app.config.secretKey, enc, botExtraPlace(bot.idE, bot.id, key)) !== undefined,
      botExists: async (id) => !!(await app.db.selectFrom('bot').select('id').where('id', '=', id).where('idE', '=', bot.idE).executeTakeFirst()),
    })),
  ],
};

/** How often the training's progress is written for the console's poll. */
const PROGRESS_EVERY_MS = 1000;

/** Trains the model of the definition and keeps it with the version (a restore, or another instance, loads this one). */
const trainStep: DeployStep = {
  name: 'entrenar',
  async run(ctx) {
    let written = 0;
    const progress = (share: number) => {
      const now = Date.now();
      if (now - written < PROGRESS_EVERY_MS) return;
      written = now;
      void ctx.app.db.updateTable('bot_version').set({ progreso: Math.min(99, Math.floor(share * 100)) }).where('id', '=', ctx.version.id).where('done', '=', 0).execute().catch(() => undefined);
    };
    let model;
    const started = performance.now();
    try {
      model = await trainSkills(flowSkills(ctx.definition.skills), progress, trainingLimits(ctx.app.config));
    } catch (error) {
      // Out of time or memory: the deploy fails with the reason (trying again would hit it again).
      if (error instanceof TrainingLimitError) return [error.message];
      throw error;
    } finally {
      // Whether it ended with a model or at a limit, the training held the instance this long.
      ctx.app.metrics.entrenamiento(secondsSince(started));
    }
    ctx.model = model ? JSON.stringify(model.toJSON()) : null;
    return [];
  },
  async store(trx, ctx) {
    await trx.updateTable('bot_version').set({ model: ctx.model ?? null, progreso: null }).where('id', '=', ctx.version.id).execute();
  },
};

/** Replays the bot's regression tests against what is being deployed: failures stop it when the bot asks so. */
const testStep: DeployStep = {
  name: 'probar',
  async run(ctx) {
    const pruebas = ctx.definition.pruebas ?? [];
    if (!pruebas.length) return [];
    let bot;
    try {
      bot = await compileBot(ctx.version.id, ctx.definition, modelFromJson(ctx.model ?? null), trainingLimits(ctx.app.config));
    } catch (error) {
      // A knowledge base too big for the training's limits fails the deploy with the reason, as a training does.
      if (error instanceof TrainingLimitError) return [error.message];
      throw error;
    }
    const results = await replay(ctx.app, bot, pruebas.map((p) => ({ ...p, idBot: ctx.bot.id })), await companyTimeZone(ctx.app, ctx.bot.idE), ctx.bot.idE);
    const failed = results.filter((r) => !r.ok);
    ctx.pruebas = { total: results.length, fallidas: failed.map((r) => ({ id: r.id, nm: r.nm })) };
    if (!failed.length || ctx.definition.bot.params.pruebasBloquean !== true) return [];
    return failed.map((r) => {
      const step = r.pasos.find((p) => !p.ok)!;
      const names = (list: Array<{ nm: string }>) => list.map((s) => s.nm).join(' → ') || 'ninguno';
      return `La prueba «${r.nm}» falla en «${step.input}»: respondió ${names(step.got)} en lugar de ${names(step.expected)}`;
    });
  },
  async store(trx, ctx) {
    await trx.updateTable('bot_version').set({ pruebas: ctx.pruebas ? JSON.stringify(ctx.pruebas) : null }).where('id', '=', ctx.version.id).execute();
  },
};

/** The steps of every deploy, in order. */
export const DEPLOY_STEPS: DeployStep[] = [validateStep, trainStep, testStep];

/** 'problem 1; problem 2; … y N problemas más'. */
function problemText(problems: string[]): string {
  const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).join('; ');
  const rest = problems.length - MAX_PROBLEMS_SHOWN;
  return rest > 0 ? `${shown}; y ${rest} ${rest === 1 ? 'problema más' : 'problemas más'}` : shown;
}

/**
 * The deploy job: loads the definition and runs the steps. Problems end the version as an error
 * whose msg names them; otherwise the snapshot is stored, the version is done, the bot takes its
 * number and description, and event 2 is written, in one transaction.
 */
export async function runDeploy(app: App, job: DeployJob): Promise<void> {
  const version = await app.db.selectFrom('bot_version').select(VERSION_COLUMNS).where('id', '=', job.idVersion).executeTakeFirst();
  // Gone with its bot, or closed already (an interrupted deploy).
  if (!version || version.done) return;
  const bot = await app.db.selectFrom('bot').selectAll().where('id', '=', version.idBot).executeTakeFirstOrThrow();
  const ctx: DeployContext = { app, version, bot, definition: await loadDefinition(app.db, version.idBot) };
  const finish = () => {
    const now = app.config.now();
    return { ffin: new Date(now).toISOString(), dur: Math.max(0, now - Date.parse(version.fc)), done: 1 as const };
  };

  let problems: string[] = [];
  for (const step of DEPLOY_STEPS) {
    problems = await step.run(ctx);
    if (problems.length) break;
  }
  if (problems.length) {
    await app.db.updateTable('bot_version').set({ ...finish(), error: 1, msg: problemText(problems) }).where('id', '=', version.id).where('done', '=', 0).execute();
    return;
  }
  await app.db.transaction().execute(async (trx) => {
    const done = finish();
    const result = await trx
      .updateTable('bot_version')
      .set({ ...done, error: 0, snapshot: JSON.stringify(ctx.definition) })
      .where('id', '=', version.id)
      .where('done', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return;
    for (const step of DEPLOY_STEPS) await step.store?.(trx, ctx);
    // The working definition is untouched: no rev bump, so an open editor can still save.
    await trx.updateTable('bot').set({ version: version.version, msg: version.msg }).where('id', '=', bot.id).execute();
    const detail = `versión ${version.version} desplegada${version.msg ? ` («${version.msg}»)` : ''}`;
    await recordBotEvent(trx, job.actor, bot, detail, Date.parse(done.ffin), EV.BOT_DESPLEGADO);
  });
  // This instance answers with the new version from the next message.
  app.bots.forget(bot.id);
}

defineJob(DEPLOY_JOB, (app, datos) => runDeploy(app, datos as DeployJob), {
  // Its last attempt failed (an error, its time limit, its server stopped): the version ends with the reason instead of staying in progress.
  failed: async (app, datos, message) => {
    const version = await app.db.selectFrom('bot_version').select(['id', 'fc']).where('id', '=', (datos as DeployJob).idVersion).executeTakeFirst();
    if (version) await closeAsError(app.db, version, `${DEPLOY_MESSAGES.interrupted}: ${message}`, app.config.now());
  },
});

/** GET /bot-version: the bot's latest version, or null before the first deploy. */
export async function latestVersion(db: DB, user: SessionUser, idBot: string): Promise<BotVersion | null> {
  await findBotFor(db, user, idBot, 'read');
  const row = await db.selectFrom('bot_version').select(VERSION_COLUMNS).where('idBot', '=', idBot).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row ? toVersion(row) : null;
}

/** GET /list/version: every version of the bot, newest first. */
export async function listVersions(db: DB, user: SessionUser, idBot: string): Promise<BotVersion[]> {
  await findBotFor(db, user, idBot, 'edit');
  const rows = await db.selectFrom('bot_version').select(VERSION_COLUMNS).where('idBot', '=', idBot).orderBy('version', 'desc').execute();
  return rows.map(toVersion);
}

/** The snapshot of a version of `idBot` deployed without error; `refused` answers otherwise. */
async function deployedSnapshot(db: DB, idBot: string, id: string, refused: string): Promise<{ version: number; definition: BotDefinition }> {
  const row = await db.selectFrom('bot_version').select(['version', 'done', 'error', 'snapshot']).where('id', '=', id).where('idBot', '=', idBot).executeTakeFirst();
  if (!row) throw notFound(BOT_MESSAGES.versionNotFound);
  if (!row.done || row.error || !row.snapshot) throw badRequest(refused);
  return { version: Number(row.version), definition: JSON.parse(row.snapshot) as BotDefinition };
}

/** POST /restaurar: the working definition becomes the version's snapshot (ids kept, rev bumped), with event 1. */
export async function restoreVersion(services: BotServices, user: SessionUser, idBot: string, id: string): Promise<void> {
  await inTransaction(services.db, undefined, async (trx) => {
    const bot = await findBotFor(trx, user, idBot, 'edit');
    const { version, definition } = await deployedSnapshot(trx, idBot, id, BOT_MESSAGES.restoreRefused);
    // A version deployed before a cap was lowered.
    refuseDefinitionOverLimits(definition, services.config);
    const changes = diffDefinitions(await loadDefinition(trx, idBot), definition);
    try {
      await writeDefinition(trx, idBot, definition, { keepIds: true });
    } catch (error) {
      // A skill, action or entity id of the snapshot now belongs to another bot (an import kept it).
      if (constraintViolation(error)) throw new ApiError(409, DEPLOY_MESSAGES.restoreClash);
      throw error;
    }
    await recordBotEvent(trx, user, { nm: definition.bot.nm, idE: bot.idE }, `restaurado a la versión ${version} (${describeChanges(changes)})`, services.config.now());
  });
}

/** GET /bot.compare: what changed from version a to version b. */
export async function compareVersions(db: DB, user: SessionUser, idBot: string, a: string, b: string): Promise<VersionChange[]> {
  await findBotFor(db, user, idBot, 'edit');
  const [before, after] = await Promise.all([deployedSnapshot(db, idBot, a, DEPLOY_MESSAGES.compareRefused), deployedSnapshot(db, idBot, b, DEPLOY_MESSAGES.compareRefused)]);
  return diffDefinitions(before.definition, after.definition);
}
