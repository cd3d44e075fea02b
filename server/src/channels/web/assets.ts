// The web chat widget's files under the console's base path: the script customers embed
// (`webchat/quipu-webchat.js`, built into the console folder), which any site may load, and the
// sample page (`webchat/ejemplo.html`) that embeds it.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import cookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { WIDGET_SAMPLE_PATH, WIDGET_SCRIPT_PATH } from '../../../../common/schemas/webchatKey';
import { sampleChoice, sampleNotFoundHtml, samplePageHtml } from './sample';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../auth/sessions';
import { notFound } from '../../errors';
import type { App, SessionUser } from '../../types';
import { checkSession } from '../../plugins/session';

export const WIDGET_NOT_BUILT = 'El chat web no está construido: ejecute npm run build';

function ownOrigin(request: FastifyRequest, publicUrl?: string): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

/** The console user signed in on this browser, if any (this page lies outside the API's session hook); looking does not extend the session. */
async function signedInUser(app: App, request: FastifyRequest): Promise<SessionUser | null> {
  const header = request.headers.cookie;
  if (!header) return null;
  const cookies = cookie.parse(header);
  const token = cookies[SECURE_SESSION_COOKIE] ?? cookies[SESSION_COOKIE];
  if (!token) return null;
  const found = await checkSession(app, token, request.ip, false);
  return found && 'user' in found ? found.user : null;
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
    { schema: { hide: true } },
    async (request, reply) => {
      const key = typeof request.query.canal === 'string' && request.query.canal ? request.query.canal : undefined;
      const choice = await sampleChoice(app, key, () => signedInUser(app, request));
      reply.header('Content-Type', 'text/html; charset=utf-8');
      reply.header('Cache-Control', 'no-store');
      if (choice === 'notFound') return reply.status(404).send(sampleNotFoundHtml());
      return reply.send(samplePageHtml({ origin: ownOrigin(request, app.config.publicUrl), basePath: app.config.basePath, canal: choice.canal }));
    },
  );
}
