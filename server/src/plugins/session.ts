// Session auth: the session cookie names a sesion row; a row with idU yields request.user.
// Idle sessions expire after the company's ts minutes, signed-in ones also SESSION_MAX_HOURS after
// sign-in, measured on config.now(); the company's access list and end date are checked again
// every minute. Registered inside the API scope (app.ts), so it runs for the API routes only.
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';
import { companyRefusal } from '../services/acl';
import {
  RECHECK_MS,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  deleteSesion,
  loadSessionUser,
  markChecked,
  sesionExpired,
  tokenId,
  touchSesion,
} from '../services/sessions';
import type { App } from '../types';
import { servedOverHttps } from './security';
import { shared } from './shared';

export const sessionPlugin = shared('quipu-session', async (app) => {
  await app.register(cookie);
  app.decorateRequest('sesion', null);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request, reply) => {
    // Either name: a browser that moved to https may still hold the plain cookie.
    const token = request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE];
    if (!token) return;
    const sesion = await app.db.selectFrom('sesion').selectAll().where('id', '=', tokenId(token)).executeTakeFirst();
    if (!sesion) return;
    const now = app.config.now();
    const user = sesion.idU ? await loadSessionUser(app.db, sesion.idU, app.config.defaultSessionMinutes) : null;
    if ((sesion.idU && !user) || sesionExpired(sesion, user, now, app.config.sessionMaxHours)) {
      await deleteSesion(app.db, sesion.id);
      return;
    }
    const checkedAt = Number(sesion.checkedAt ?? 0);
    // A clock that went back also calls for a check.
    if (user && (now - checkedAt >= RECHECK_MS || now < checkedAt)) {
      await recheckCompany(app, request, reply, sesion.id, user.idE, now);
      await markChecked(app.db, sesion, now);
    }
    await touchSesion(app.db, sesion, now);
    request.sesion = sesion;
    request.user = user;
  });
});

/** Ends the session with the company's refusal when its access list or end date no longer admit it. */
async function recheckCompany(app: App, request: FastifyRequest, reply: FastifyReply, sesionId: string, idE: string, now: number): Promise<void> {
  const empresa = await app.db.selectFrom('empresa').select(['activo', 'ff', 'acl', 'aclList']).where('id', '=', idE).executeTakeFirst();
  const refusal = companyRefusal(empresa, now, request.ip);
  if (!refusal) return;
  await deleteSesion(app.db, sesionId);
  clearSessionCookie(request, reply);
  throw unauthorized(refusal, 'SESSION');
}

export function isApiUrl(url: string, apiBase: string): boolean {
  return url === apiBase || url.startsWith(apiBase + '/') || url.startsWith(apiBase + '?');
}

/** Under https the cookie is Secure and named __Host-, which also pins it to Path=/ with no Domain. */
function cookieName(request: FastifyRequest, app: App): { name: string; secure: boolean } {
  const secure = servedOverHttps(request, app.config);
  return { name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, secure };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const { name, secure } = cookieName(request, request.server as App);
  reply.setCookie(name, token, { httpOnly: true, sameSite: 'strict', path: '/', secure });
  // A plain cookie left from before https is dropped with the new one.
  if (secure && request.cookies[SESSION_COOKIE] !== undefined) reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/' });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const { name, secure } = cookieName(request, request.server as App);
  reply.clearCookie(name, { httpOnly: true, sameSite: 'strict', path: '/', secure });
  if (secure && request.cookies[SESSION_COOKIE] !== undefined) reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/' });
}
