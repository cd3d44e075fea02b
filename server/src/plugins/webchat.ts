// The web chat widget's files under the console's base path: the script customers embed
// (`webchat/quipu-webchat.js`, built into the console folder), which any site may load, and the
// sample shop page (`webchat/ejemplo.html`) that embeds it.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { WIDGET_SAMPLE_PATH, WIDGET_SCRIPT_PATH } from '../schemas/webchatKey';
import { samplePageHtml } from '../services/webchatEjemplo';
import { sampleCanal } from '../services/webchatPublico';
import { notFound } from '../errors';
import type { App } from '../types';
import { CSP_DIRECTIVES } from './security';

/** The sample page shows images the bot sends (carousels, cards), which live on other https sites. */
const SAMPLE_PAGE_HELMET = {
  contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES, imgSrc: [...CSP_DIRECTIVES.imgSrc, 'https:'] } },
};

export const WIDGET_NOT_BUILT = 'El chat web no está construido: ejecute npm run build';

function ownOrigin(request: FastifyRequest, publicUrl?: string): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

export async function webchatAssets(app: App, consoleDir: string): Promise<void> {
  const prefix = app.config.basePath === '/' ? '/' : `${app.config.basePath}/`;
  const file = path.join(consoleDir, ...WIDGET_SCRIPT_PATH.split('/'));
  let cached: { mtime: number; body: Buffer; etag: string } | undefined;

  app.get(
    `${prefix}${WIDGET_SCRIPT_PATH}`,
    // Loaded by <script> from customers' sites: helmet's same-origin resource policy would block it.
    { schema: { hide: true }, helmet: { crossOriginResourcePolicy: { policy: 'cross-origin' } } },
    async (request, reply) => {
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat) throw notFound(WIDGET_NOT_BUILT);
      if (!cached || cached.mtime !== stat.mtimeMs) {
        const body = await fs.readFile(file);
        cached = { mtime: stat.mtimeMs, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      }
      reply.header('Content-Type', 'text/javascript; charset=utf-8');
      // Revalidated on every page load, so a new build reaches every site at once.
      reply.header('Cache-Control', 'no-cache');
      reply.header('ETag', cached.etag);
      reply.header('Access-Control-Allow-Origin', '*');
      if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
      return reply.send(cached.body);
    },
  );

  app.get<{ Querystring: { canal?: string } }>(
    `${prefix}${WIDGET_SAMPLE_PATH}`,
    { schema: { hide: true }, helmet: SAMPLE_PAGE_HELMET },
    async (request, reply) => {
      const key = typeof request.query.canal === 'string' && request.query.canal ? request.query.canal : undefined;
      const canal = await sampleCanal(app, key);
      reply.header('Content-Type', 'text/html; charset=utf-8');
      reply.header('Cache-Control', 'no-store');
      return reply.send(samplePageHtml({ origin: ownOrigin(request, app.config.publicUrl), basePath: app.config.basePath, canal }));
    },
  );
}
