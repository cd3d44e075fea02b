// Serves the built console (config.consoleDir) under config.basePath, with the SPA fallback:
// a GET that names no file gets index.html, so the console's router can take it.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { App } from '../types';

/** The console folder when it holds a build, else undefined (the API is then served alone). */
export function builtConsoleDir(config: Pick<Config, 'consoleDir'>): string | undefined {
  const dir = config.consoleDir;
  return dir && fs.existsSync(path.join(dir, 'index.html')) ? dir : undefined;
}

function prefixOf(basePath: string): string {
  return basePath === '/' ? '/' : `${basePath}/`;
}

export async function serveConsole(app: App, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: prefixOf(app.config.basePath),
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Vite names assets by content hash, so they never change; index.html must always be fresh.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** The not-found fallback for non-API paths: index.html for GETs under the base path. */
export function spaFallback(basePath: string) {
  const prefix = prefixOf(basePath);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?')[0];
    if (pathname === basePath && basePath !== '/') {
      await reply.redirect(prefix);
      return true;
    }
    if (!pathname.startsWith(prefix)) return false;
    reply.header('Cache-Control', 'no-cache');
    await reply.sendFile('index.html');
    return true;
  };
}
