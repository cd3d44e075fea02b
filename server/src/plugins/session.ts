// Session auth: the session cookie names a sesion row; a row with idU yields request.user.
// Idle sessions expire after the company's ts minutes, signed-in ones also SESSION_MAX_HOURS after
// sign-in, measured on config.now(); the company's access list and end date are checked again
// every minute. Registered inside the API scope (app.ts), so it runs for the API routes only.
// A signed write on a session this instance has admitted before is judged a moment later, when
// the integrity hook has verified its signature: the row is then read in the round trip that
// records the nonce, and judged exactly as here (expiry, company check, touch) before any handler
// runs.
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_METHODS } from '../../../common/integrity';
import { unauthorized } from '../errors';
import { companyRefusal } from '../auth/acl';
import {
  RECHECK_MS,
  createSesion,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  TOUCH_INTERVAL_MS,
  deleteSesion,
  loadSesion,
  markChecked,
  rememberNonceAndLoadSesion,
  type LoadedSesion,
  sesionExpired,
  tokenId,
  touchSesion,
} from '../auth/sessions';
import type { SesionTable } from '../db/schema';
import type { App, SessionUser } from '../types';
import { servedOverHttps } from './security';
import { shared } from './shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session or pre-session row named by the cookie, if any. */
    sesion: SesionTable | null;
    /** The signed-in user, or null. */
    user: SessionUser | null;
    /**
     * The cookie's token while a signed write's session, known to this instance, waits to be read
     * again with its nonce (plugins/session.ts, plugins/integrity.ts); null once settled.
     */
    sessionPending: string | null;
  }
}

export const sessionPlugin = shared('quipu-session', async (app) => {
  await app.register(cookie);
  app.decorateRequest('sesion', null);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionPending', null);

  app.addHook('onRequest', async (request, reply) => {
    const token = sessionToken(request);
    if (!token) return;
    // A signed write on a session this instance has seen: its row is read again, and judged, in the
    // round trip that records its nonce (plugins/integrity.ts), before any handler sees the user.
    const kept = signedWrite(request) ? stateOf(app).kept.get(tokenId(token)) : undefined;
    if (kept) {
      request.sesion = { ...kept.sesion };
      request.user = kept.user;
      request.sessionPending = token;
      return;
    }
    settleSession(app, request, reply, await checkSession(app, token, request.ip));
  });
});

/** A write the integrity hook checks (plugins/integrity.ts), carrying its headers. */
function signedWrite(request: FastifyRequest): boolean {
  if (!SIGNED_METHODS.has(request.method) || request.is404 || request.routeOptions.config?.integrity === false) return false;
  return request.headers['x-ts'] !== undefined && request.headers['x-nonce'] !== undefined && request.headers['x-sig'] !== undefined;
}

/** Puts a checked session on the request (or none); a refusal clears the cookie and answers 401. */
export function settleSession(app: App, request: FastifyRequest, reply: FastifyReply, found: SessionCheck): void {
  const token = sessionToken(request);
  request.sessionPending = null;
  if (!found || 'refusal' in found) {
    if (token) stateOf(app).kept.delete(tokenId(token));
    request.sesion = null;
    request.user = null;
    if (!found) return;
    clearSessionCookie(request, reply);
    throw unauthorized(found.refusal, 'SESSION');
  }
  request.sesion = found.sesion;
  request.user = found.user;
  const { kept } = stateOf(app);
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(found.sesion.id, { sesion: { ...found.sesion }, user: found.user });
}

/**
 * For a signed write whose session was left pending: records its nonce and reads the session row in
 * one round trip, then judges the row as checkSession does. Settles the request's session (or
 * throws its refusal) and tells whether the nonce was new.
 */
export async function settlePendingWithNonce(app: App, request: FastifyRequest, reply: FastifyReply, nonce: string, now: number): Promise<boolean> {
  const token = request.sessionPending!;
  const { fresh, found } = await rememberNonceAndLoadSesion(app.db, app.dialect, nonce, now, tokenId(token), app.config.defaultSessionMinutes);
  settleSession(app, request, reply, await judgeSession(app, found, request.ip, true));
  return fresh;
}

/** Settles a pending session the usual way (its own round trip), when the request is refused before its nonce. */
export async function settlePending(app: App, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  settleSession(app, request, reply, await checkSession(app, request.sessionPending!, request.ip));
}

/** The session token of a request's cookie: either name, as a browser that moved to https may still hold the plain one. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE];
}

export type SessionCheck = { sesion: SesionTable; user: SessionUser | null } | { refusal: string } | null;

/**
 * The session row a cookie token names, validated as every API call validates it: null when there
 * is none or it expired (the row is then deleted), a refusal when the company's access list or end
 * date no longer admit it (the row is deleted too). `touch` false leaves the idle clock alone, so an
 * open WebSocket does not keep a session alive by itself.
 */
export async function checkSession(app: App, token: string, ip: string, touch = true): Promise<SessionCheck> {
  // The row with its user and company: one round trip.
  return judgeSession(app, await loadSesion(app.db, tokenId(token), app.config.defaultSessionMinutes), ip, touch);
}

/** checkSession's verdict on a loaded row: expiry (the row is then deleted), the company's check every RECHECK_MS, the touch. */
async function judgeSession(app: App, found: LoadedSesion | undefined, ip: string, touch: boolean): Promise<SessionCheck> {
  if (!found) return null;
  const { sesion, user } = found;
  const now = app.config.now();
  if (found.userGone || sesionExpired(sesion, user, now, app.config.sessionMaxHours)) {
    await deleteSesion(app.db, sesion.id);
    return null;
  }
  const checkedAt = Number(sesion.checkedAt ?? 0);
  // A clock that went back also calls for a check.
  if (user && (now - checkedAt >= RECHECK_MS || now < checkedAt)) {
    const refusal = await companyRefusalNow(app, user.idE, now, ip);
    if (refusal) {
      await deleteSesion(app.db, sesion.id);
      return { refusal };
    }
    await markChecked(app.db, sesion, now);
  }
  if (touch) await touchOnce(app, sesion, now);
  return { sesion, user };
}

/**
 * What this instance keeps of sessions (per app): when it last wrote each one's ua, and the
 * sessions it has admitted, whose signing key lets a signed write be verified before its row is
 * read again (never admitted on this copy alone).
 */
const states = new WeakMap<App, { touched: Map<string, number>; kept: Map<string, { sesion: SesionTable; user: SessionUser | null }> }>();
const MAX_KEPT = 10_000;

function stateOf(app: App) {
  let state = states.get(app);
  if (!state) states.set(app, (state = { touched: new Map(), kept: new Map() }));
  return state;
}

/**
 * touchSesion, skipped when this instance has written a later ua than the row it read (requests
 * that read the row before that write landed): the row then holds at least that, as if read after.
 */
async function touchOnce(app: App, sesion: SesionTable, now: number): Promise<void> {
  const kept = stateOf(app).touched;
  const written = kept.get(sesion.id);
  if (written !== undefined && written > Number(sesion.ua) && written <= now) sesion.ua = written;
  if (now - Number(sesion.ua) < TOUCH_INTERVAL_MS) return;
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(sesion.id, now);
  try {
    await touchSesion(app.db, sesion, now);
  } catch (error) {
    kept.delete(sesion.id);
    throw error;
  }
}

/** The company's refusal when its access list or end date no longer admit the session. */
async function companyRefusalNow(app: App, idE: string, now: number, ip: string): Promise<string | undefined> {
  const empresa = await app.db.selectFrom('empresa').select(['activo', 'ff', 'acl', 'aclList']).where('id', '=', idE).executeTakeFirst();
  return companyRefusal(empresa, now, ip) ?? undefined;
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

/**
 * Starts `user`'s signed-in session on this browser once a sign-in has checked them: a new row and
 * key (whatever the old cookie knew is worthless now) and its cookie.
 */
export async function openSignedInSession(request: FastifyRequest, reply: FastifyReply, user: SessionUser): Promise<SesionTable> {
  const app = request.server as App;
  if (request.sesion) await deleteSesion(app.db, request.sesion.id);
  const { token, sesion } = await createSesion(app.db, user.id, app.config.now());
  setSessionCookie(request, reply, token);
  request.sesion = sesion;
  request.user = user;
  return sesion;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const { name, secure } = cookieName(request, request.server as App);
  reply.clearCookie(name, { httpOnly: true, sameSite: 'strict', path: '/', secure });
  if (secure && request.cookies[SESSION_COOKIE] !== undefined) reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/' });
}
