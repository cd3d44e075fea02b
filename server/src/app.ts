// buildApp: the whole server as a ready Fastify instance that does not listen (tests inject into it).
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { migrate, openDb } from './db';
import { isEmpty, seedDemo } from './db/seed';
import { builtConsoleDir, serveConsole, spaFallback } from './plugins/console';
import { errorsPlugin } from './plugins/errors';
import { integrityPlugin } from './plugins/integrity';
import { rateLimitPlugin } from './plugins/ratelimit';
import { rawBodyPlugin } from './plugins/rawBody';
import { sessionPlugin } from './plugins/session';
import { aboutRoutes } from './routes/about';
import { routePlugins, type RoutePlugin } from './routes/index';
import { sessionRoutes } from './routes/session';
import { usuarioLookupRoutes } from './routes/usuarioLookup';
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
  }).withTypeProvider<TypeBoxTypeProvider>();

  const { db, dialect } = await openDb(config);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('passwordCost', opts.passwordCost ?? DEFAULT_SCRYPT_N);
  app.addHook('onClose', async () => {
    await db.destroy();
  });

  try {
    await setUp(app, config, opts);
  } catch (error) {
    // The caller never gets the app to close, so release the database here.
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return app;
}

async function setUp(app: App, config: Config, opts: BuildOptions): Promise<void> {
  await migrate(app.db);
  if (opts.seed !== false && (await isEmpty(app.db))) {
    await seedDemo(app.db, config.now(), { passwordCost: opts.passwordCost });
    app.log.info('datos de demostración cargados');
  }

  const consoleDir = builtConsoleDir(config);
  await app.register(errorsPlugin, { fallback: consoleDir ? spaFallback(config.basePath) : undefined });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Quipu API', description: 'API del servidor de Quipu, consola de administración de chatbots.', version: '0.1.0' },
      servers: [{ url: config.apiBase }],
    },
    // Paths in the document are relative to the server url above.
    transform: ({ schema, url }) => ({ schema, url: url.startsWith(config.apiBase) ? url.slice(config.apiBase.length) || '/' : url }),
  });
  await app.register(rawBodyPlugin);
  await app.register(sessionPlugin);
  await app.register(rateLimitPlugin);
  await app.register(integrityPlugin);

  await app.register(
    async (api: App) => {
      for (const plugin of [...CORE_ROUTES, ...routePlugins]) await api.register(plugin);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: config.apiBase },
  );

  if (consoleDir) await serveConsole(app, consoleDir);

  await app.ready();
}
