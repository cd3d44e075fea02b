// buildApp: the whole server as a ready Fastify instance that does not listen (tests inject into it).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { migrate, openDb } from './db';
import { startJobRunner } from './jobs/queue';
import { isEmpty, seedDemo, seedFirstAdmin } from './db/seed';
import { builtConsoleDir, serveConsole, spaFallback } from './plugins/console';
import { AJV_OPTIONS, errorsPlugin } from './plugins/errors';
import { integrityPlugin } from './plugins/integrity';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/ratelimit';
import { rawBodyPlugin } from './plugins/rawBody';
import { Broker } from './realtime/broker';
import { BotEngine, conversationLookup } from './services/chat';
import { OutboundGuard } from './net/outbound';
import { endAnsweredUpgrade, realtimeEndpoint } from './realtime/endpoint';
import { securityHeadersPlugin } from './plugins/security';
import { webchatAssets } from './plugins/webchat';
import { sessionPlugin } from './plugins/session';
import { aboutRoutes } from './routes/about';
import { routePlugins, type RoutePlugin } from './routes/index';
import { sessionRoutes } from './routes/session';
import { usuarioLookupRoutes } from './routes/usuarioLookup';
import { webchatTokens } from './services/webchatPublico';
import { DEFAULT_SCRYPT_N } from './services/passwords';
import type { App } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** scrypt cost N for new password hashes (lower in tests). */
    passwordCost: number;
  }
}

export interface BuildOptions {
  /** Seed the demo data when the database has no company (default true). */
  seed?: boolean;
  /** scrypt cost N for new password hashes; the production default unless a test lowers it. */
  passwordCost?: number;
  /** Run background jobs as they come (default); false leaves them to app.jobs.drain(), as tests do. */
  runJobs?: boolean;
  /** Fastify's logger option; by default a logger at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
}

/** The routes of this foundation; the administration areas add theirs to routePlugins. */
const CORE_ROUTES: RoutePlugin[] = [sessionRoutes, aboutRoutes, usuarioLookupRoutes];

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Bot flows and channel settings can be large; a body past this is refused with 413.
    bodyLimit: 5 * 1024 * 1024,
    // Undeclared body properties are refused; per-field messages (plugins/errors.ts).
    ajv: AJV_OPTIONS,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const { db, dialect } = await openDb(config);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('passwordCost', opts.passwordCost ?? DEFAULT_SCRYPT_N);
  app.decorate('jobs', startJobRunner(app, { poll: opts.runJobs !== false }));
  app.decorate('realtime', new Broker(app, { heartbeatMs: config.stompHeartbeatMs }));
  app.decorate('engine', new BotEngine());
  app.decorate('outbound', new OutboundGuard({ allow: config.outboundAllow, resolve: config.outboundResolve }));
  app.realtime.conversations.lookUpWith(conversationLookup(db));
  app.realtime.useTokens(webchatTokens(app));
  app.addHook('onResponse', endAnsweredUpgrade);
  // Before the server closes: open WebSockets would keep it waiting.
  app.addHook('preClose', async () => {
    await app.realtime.close();
  });
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await app.outbound.close();
    await db.destroy();
  });

  try {
    await setUp(app, config, opts);
  } catch (error) {
    // The caller never gets the app to close, so release the database (and a LISTEN connection) here.
    await app.realtime.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return app;
}

export const NO_ADMIN_EMAIL =
  'Primer inicio sin datos de demostración: defina ADMIN_EMAIL con el correo del administrador del sistema (o SEED_DEMO=1 para cargar las cuentas de demostración).';

/** Demo data on the embedded default (or SEED_DEMO=1); anywhere else one administrator from ADMIN_EMAIL. */
export async function firstStart(app: App, config: Config, opts: BuildOptions): Promise<void> {
  if (config.seedDemo) {
    await seedDemo(app.db, config.now(), { passwordCost: opts.passwordCost });
    app.log.info('datos de demostración cargados');
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
  await migrate(app.db);
  if (opts.seed !== false && (await isEmpty(app.db))) await firstStart(app, config, opts);
  await app.realtime.start();

  const consoleDir = builtConsoleDir(config);
  await app.register(errorsPlugin, { fallback: consoleDir ? spaFallback(config.basePath) : undefined });
  await app.register(openapiPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rawBodyPlugin);

  // The session, throttling and integrity hooks live in the API's own scope: they run for exactly
  // the routes the router matched under the prefix, however the URL was spelled.
  await app.register(
    async (api: App) => {
      await api.register(sessionPlugin);
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
}
