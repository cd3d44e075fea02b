// Session auth: the quipu_sid cookie names a sesion row; a row with idU yields request.user.
// Idle sessions expire after the company's ts minutes, measured on config.now().
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, deleteSesion, loadSessionUser, sesionExpired, tokenId, touchSesion } from '../services/sessions';
import { shared } from './shared';

export const sessionPlugin = shared('quipu-session', async (app) => {
  await app.register(cookie);
  app.decorateRequest('sesion', null);
  app.decorateRequest('user', null);

  const { apiBase } = app.config;
  app.addHook('onRequest', async (request) => {
    // Static console files need no session; this spares a query per asset.
    if (!isApiUrl(request.url, apiBase)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const sesion = await app.db.selectFrom('sesion').selectAll().where('id', '=', tokenId(token)).executeTakeFirst();
    if (!sesion) return;
    const now = app.config.now();
    const user = sesion.idU ? await loadSessionUser(app.db, sesion.idU, app.config.defaultSessionMinutes) : null;
    if ((sesion.idU && !user) || sesionExpired(sesion, user, now)) {
      await deleteSesion(app.db, sesion.id);
      return;
    }
    await touchSesion(app.db, sesion, now);
    request.sesion = sesion;
    request.user = user;
  });
});

export function isApiUrl(url: string, apiBase: string): boolean {
  return url === apiBase || url.startsWith(apiBase + '/') || url.startsWith(apiBase + '?');
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', secure: request.protocol === 'https' });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/', secure: request.protocol === 'https' });
}
