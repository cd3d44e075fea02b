// buildApp: the whole server as a ready Fastify instance that does not listen (tests inject into it).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { migrate, openDb } from './db';
import { checkKeyFingerprint, recordKeyFingerprint } from './db/keyFingerprint';
import { owedFills } from './db/migrationFills';
import { countOwedFills, ensureFillJob, recordOwedFills } from './conversation/rellenos';
import { countOpenJobs, startJobRunner } from './jobs/queue';
import { isEmpty, seedDemo, seedFirstAdmin } from './seed/index';
import { loggerOptions, RequestLog } from './logging';
import { builtConsoleDir, serveConsole, spaFallback } from './plugins/console';
import { AJV_OPTIONS, errorsPlugin } from './plugins/errors';
import { integrityPlugin } from './plugins/integrity';
import { Lifecycle, lifecyclePlugin } from './plugins/lifecycle';
import { Metricas, metricsRoute } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/ratelimit';
import { rawBodyPlugin } from './plugins/rawBody';
import { refusalsPlugin } from './plugins/refusals';
import { Broker } from './realtime/broker';
import { KeptConversations, ReadyBots, TurnQueue } from './conversation';
import { trainingLimits } from './services/bots/limits';
import { closeIdleReportWorkers } from './services/historial/informeHilo';
import { OutboundGuard } from './net/outbound';
import { endAnsweredUpgrade, realtimeEndpoint } from './realtime/endpoint';
import { securityHeadersPlugin } from './plugins/security';
import { webchatAssets } from './channels/web/assets';
import { checkSession, sessionPlugin } from './plugins/session';
import { aboutRoutes } from './routes/about';
import { saludRoutes } from './routes/salud';
import { routePlugins, type RoutePlugin } from './routes/index';
import { sessionRoutes } from './routes/session';
import { usuarioLookupRoutes } from './routes/usuarioLookup';
import { webchatTokens } from './channels/web/widget';
import { DEFAULT_SCRYPT_N } from './services/auth/passwords';
import type { App } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** scrypt cost N for new password hashes (lower in tests). */
    passwordCost: number;
    /** Every call to an address a user typed goes through it (net/outbound.ts). */
    outbound: OutboundGuard;
  }
}

export interface BuildOptions {
  /** Seed the demo data when the database has no company (default true). */
  seed?: boolean;
  /** scrypt cost N for new password hashes; the production default unless a test lowers it. */
  passwordCost?: number;
  /** Run background jobs as they come (default); false leaves them to app.jobs.drain(), as tests do. */
  runJobs?: boolean;
  /** Fastify's logger option; by default the one config.logLevel and config.logFormat give (logging.ts). */
  logger?: FastifyServerOptions['logger'];
}

/** The routes of this foundation; the administration areas add theirs to routePlugins. */
const CORE_ROUTES: RoutePlugin[] = [sessionRoutes, aboutRoutes, usuarioLookupRoutes];

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: withRedaction(opts.logger ?? loggerOptions(config)),
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    // A body past it is refused with 413; the routes whose content can be larger name their own
    // limit (plugins/guards.ts, largeBody), and read it for signed-in callers only.
    bodyLimit: config.bodyLimitKb * 1024,
    // Undeclared body properties are refused; per-field messages (plugins/errors.ts).
    ajv: AJV_OPTIONS,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const { db, dialect, checkpoints } = await openDb(config);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('passwordCost', opts.passwordCost ?? DEFAULT_SCRYPT_N);
  app.decorate('lifecycle', new Lifecycle());
  app.decorate('metrics', new Metricas({ porEmpresa: config.metricsPorEmpresa, defaults: config.metricsToken !== undefined }));
  app.decorate('jobs', startJobRunner(app, { poll: opts.runJobs !== false, concurrency: config.jobConcurrency }));
  app.decorate('realtime', new Broker({
    db,
    dialect,
    log: app.log,
    config,
    verifySession: (token, ip) => checkSession(app, token, ip, false),
    // The ready bots keep a deployed bot's row a second, as a chat message reads it.
    botFor: async (user, idBot) => (await app.bots.botFor(app.db, user, idBot)).bot,
  }, {
    heartbeatMs: config.stompHeartbeatMs,
    maxConnectionsPerCredential: config.stompMaxConnectionsPerToken,
    maxConnectionsPerAddress: config.stompMaxConnectionsPerIp,
    maxSubscriptions: config.stompMaxSubscriptions,
  }));
  app.decorate('turns', new TurnQueue({
    waitMs: 60_000,
    // The key names the bot and channel only: a client's address (phone, id) stays out of the log.
    log: (key, waitedMs) => app.log.error({ clave: key.split(':').slice(0, 3).join(':'), esperaMs: Math.round(waitedMs) }, 'una tarea de conversación no terminó a tiempo: la siguiente sigue sin esperarla'),
  }));
  // A model's builds wait on the same queue as the turns, and are logged the same way.
  app.decorate('bots', new ReadyBots(trainingLimits(config), app.turns));
  app.decorate('keptConversations', new KeptConversations());
  app.decorate('outbound', new OutboundGuard({ allow: config.outboundAllow, resolve: config.outboundResolve, onResult: (resultado) => app.metrics.saliente(resultado) }));
  app.metrics.readFrom({
    stomp: () => ({ conexiones: app.realtime.connectedCount, suscripciones: app.realtime.subscriptionCount }),
    trabajos: () => countOpenJobs(app),
    rellenos: () => countOwedFills(app.db),
  });
  app.realtime.useTokens(webchatTokens(app));
  app.addHook('onResponse', endAnsweredUpgrade);
  // Before the server closes: open WebSockets would keep it waiting.
  app.addHook('preClose', async () => {
    await app.realtime.close();
  });
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await closeIdleReportWorkers();
    await app.outbound.close();
    await db.destroy();
    // The WAL thread's last checkpoint writes in the data folder: closed means it has ended.
    await checkpoints?.exited;
  });

  try {
    await setUp(app, config, opts);
  } catch (error) {
    // The caller never gets the app to close, so release the database (and a LISTEN connection) here.
    await app.realtime.close().catch(() => undefined);
    await app.jobs.stop().catch(() => undefined);
    await app.outbound.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    await checkpoints?.exited;
    throw error;
  }
  return app;
}

/** Time since `started`, as the start-up log prints it. */
function seconds(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

const migrations = (count: number) => `${count} ${count === 1 ? 'migración' : 'migraciones'}`;

/** Query parameters that carry secrets: WhatsApp's verify token (it also keys the relay's signature), Slack's OAuth code and state, tokens and passcodes. */
const SECRET_PARAMS = new Set(['hub.verify_token', 'code', 'state', 'token', 'passcode']);
export const REDACTED = '[redactado]';

/** The URL as it may be logged: the value of every secret-carrying query parameter replaced by REDACTED. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pairs = url.slice(at + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      name = rawName;
    }
    return SECRET_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
  });
  return `${url.slice(0, at)}?${pairs.join('&')}`;
}

/** Logger options (true counts as the defaults; false stays off) get a request serialiser that logs the redacted URL. */
function withRedaction(given: NonNullable<BuildOptions['logger']>): BuildOptions['logger'] {
  const logger = given === true ? {} : given;
  if (typeof logger !== 'object' || 'info' in logger) return logger;
  const serializers = { ...(logger as { serializers?: Record<string, unknown> }).serializers };
  return {
    ...logger,
    serializers: {
      ...serializers,
      req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }),
    },
  } as BuildOptions['logger'];
}

export const NO_ADMIN_EMAIL =
  'Primer inicio sin datos de demostración: defina ADMIN_EMAIL con el correo del administrador del sistema (o SEED_DEMO=1 para cargar las cuentas de demostración).';

/** Demo data on the embedded default (or SEED_DEMO=1); anywhere else one administrator from ADMIN_EMAIL. */
export async function firstStart(app: App, config: Config, opts: BuildOptions): Promise<void> {
  if (config.seedDemo) {
    const started = performance.now();
    app.log.info('Cargando los datos de demostración...');
    await seedDemo(app.db, config.now(), { passwordCost: opts.passwordCost, historial: { chatTimeZone: config.chatTimeZone } });
    app.log.info(`Datos de demostración cargados (${seconds(started)}).`);
    return;
  }
  if (!config.adminEmail) throw new Error(NO_ADMIN_EMAIL);
  const password = await seedFirstAdmin(app.db, config.now(), config.adminEmail, { passwordCost: opts.passwordCost });
  // Shown once: it is expired already, so the first sign-in asks for a new one.
  app.log.warn(`administrador del sistema creado: ${config.adminEmail}, contraseña inicial ${password} (vencida: al ingresar se pedirá cambiarla)`);
}

async function setUp(app: App, config: Config, opts: BuildOptions): Promise<void> {
  // The secrets key is settled before anything is served (the embedded default creates its file now).
  void config.secretKey;
  // An instance with another key than the others' refuses before it changes anything.
  await checkKeyFingerprint(app.db, config.secretKey);
  const started = performance.now();
  // The counts a migration owes the recorded history are done after the start, as a job
  // (conversation/rellenos.ts): the instance serves while they run. A fresh database owes
  // none, and the demo history seeded below counts itself as it is written.
  const fills = owedFills(() => config.now());
  // Said before the wait, not only after.
  const applied = await migrate(app.db, fills, (pending, upgrade) =>
    app.log.info(upgrade ? `Migrando la base de datos: ${pending.join(', ')}...` : `Migrando la base de datos (${migrations(pending.length)})...`),
  );
  if (applied > 0) app.log.info(`Base de datos migrada: ${migrations(applied)} (${seconds(started)}).`);
  await recordOwedFills(app, fills.owed);
  await recordKeyFingerprint(app.db, config.secretKey);
  if (opts.seed !== false && (await isEmpty(app.db))) await firstStart(app, config, opts);
  await app.realtime.start();

  const consoleDir = builtConsoleDir(config);
  await app.register(errorsPlugin, { fallback: consoleDir ? spaFallback(config.basePath) : undefined });
  await app.register(openapiPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rawBodyPlugin);
  // Beside the API's scope, not in it: Prometheus brings its bearer token, never a session or a signature.
  await app.register(metricsRoute);

  // Under the API's prefix but outside its scope: a probe carries no session and is never throttled.
  await app.register(saludRoutes, { prefix: config.apiBase });

  // The session, throttling and integrity hooks live in the API's own scope: they run for exactly
  // the routes the router matched under the prefix, however the URL was spelled.
  await app.register(
    async (api: App) => {
      // First: a draining instance refuses before any other hook reads the session or the body.
      await api.register(lifecyclePlugin);
      await api.register(sessionPlugin);
      // After the session hook, which tells a signed-in caller from an address.
      await api.register(refusalsPlugin);
      await api.register(rateLimitPlugin);
      await api.register(integrityPlugin);
      for (const plugin of [...CORE_ROUTES, ...routePlugins]) await api.register(plugin);
      await api.register(realtimeEndpoint);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: config.apiBase },
  );

  if (consoleDir) {
    await serveConsole(app, consoleDir);
    await webchatAssets(app, consoleDir);
  }

  await app.ready();
  app.lifecycle.started();
  await ensureFillJob(app);
}
