// Session and access: bootstrap, sign-in, sign-out, recovery, renewal and password change.
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError, badRequest, forbidden, unauthorized } from '../errors';
import { currentUser, requireUser } from '../plugins/guards';
import { LOGIN_THROTTLED, REQUESTS_THROTTLED, perAddressLimit } from '../plugins/ratelimit';
import { clearSessionCookie, openSignedInSession, setSessionCookie } from '../plugins/session';
import { AUTH_MESSAGES, PASSWORD_MESSAGES, changePassword, checkSignIn, findUserByLogin } from '../services/auth/login';
import { createCaptcha, verifyCaptcha } from '../services/auth/captcha';
import { RESET_NEUTRAL_MESSAGE, requestRecovery } from '../services/auth/passwordReset';
import { createSesion, deleteSesion, loadSessionUser } from '../auth/sessions';
import { sessionInfo } from '../services/auth/sessions';
import type { App } from '../types';
import { consoleAddress } from '../config';
import { oidcSettings } from '../auth/oidc';
import { ErrorBody, MessageBody, signedErrors } from '../../../common/schemas/common';
import {
  AthenaAnswer,
  CaptchaChallenge,
  EmptyBody,
  PasswordChangeBody,
  PasswordRenewalBody,
  ResetPasswordBody,
  SessionInfo,
} from '../../../common/schemas/session';

export const SESSION_MESSAGES = {
  notSignedIn: 'Sesión no iniciada',
  captcha: 'Debe resolver el captcha',
  ssoPassword: 'Los usuarios de Microsoft cambian su contraseña en Microsoft',
} as const;

/** usuario:password from `Authorization: Basic ...`, or null when the header is not that. */
export function basicCredentials(header: string): { login: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export async function sessionRoutes(app: App): Promise<void> {
  const { config, db } = app;
  // Every sign-in counts against the login limit; a session check without a session counts on its
  // own counter, against the bootstrap's; a signed-in console checking its session never counts.
  const isSignIn = (request: FastifyRequest) => !!request.headers.authorization;
  const loginLimit: RateLimitOptions = {
    timeWindow: 60_000,
    keyGenerator: (request) => `${request.ip} ${isSignIn(request) ? 'ingreso' : 'sesion'}`,
    max: async (request) => (isSignIn(request) ? config.loginRatePerMinute : config.publicRatePerMinute),
    allowList: (request) => !!request.user && !isSignIn(request),
    errorResponseBuilder: (request) => new ApiError(429, isSignIn(request) ? LOGIN_THROTTLED : REQUESTS_THROTTLED),
  };
  const bootstrapLimit = perAddressLimit(config.publicRatePerMinute, REQUESTS_THROTTLED, (request) => !request.user);
  const requestLimit = perAddressLimit(config.loginRatePerMinute, REQUESTS_THROTTLED);

  app.get(
    '/public/athena',
    {
      config: { rateLimit: bootstrapLimit },
      schema: {
        tags: ['Sesión'], operationId: 'startIntegrity',
        summary: 'Inicia la sesión de integridad, entrega la clave de firma y dice si hay una sesión iniciada',
        response: { 200: AthenaAnswer },
      },
    },
    async (request, reply) => {
      let k = request.sesion?.k;
      if (!k) {
        const { token, sesion } = await createSesion(db, null, config.now());
        setSessionCookie(request, reply, token);
        k = sesion.k;
      }
      const alt = !!config.altBrandHostPattern?.test(request.hostname);
      reply.header('Cache-Control', 'no-store');
      return { k, brand: { name: alt ? config.altBrandName : config.brandName, alt }, microsoft: !!oidcSettings(config, 'microsoft'), sesion: request.user !== null };
    },
  );

  app.post(
    '/enki',
    {
      config: { rateLimit: loginLimit },
      schema: {
        tags: ['Sesión'], operationId: 'signIn',
        summary: 'Sesión actual, o ingreso con Authorization: Basic',
        body: EmptyBody,
        response: { 200: SessionInfo, ...signedErrors },
      },
    },
    async (request, reply) => {
      const authorization = request.headers.authorization;
      if (!authorization) {
        if (!request.user || !request.sesion) throw unauthorized(SESSION_MESSAGES.notSignedIn, 'SESSION');
        return sessionInfo(request.user, request.sesion.k, app.config);
      }
      const credentials = basicCredentials(authorization);
      if (!credentials) throw unauthorized(AUTH_MESSAGES.wrongCredentials);
      const account = await checkSignIn(db, config, credentials.login, credentials.password, request.ip, app.passwordCost);
      const user = await loadSessionUser(db, account.id, config.defaultSessionMinutes);
      if (!user) throw unauthorized(AUTH_MESSAGES.inactiveUser);
      const sesion = await openSignedInSession(request, reply, user);
      return sessionInfo(user, sesion.k, app.config);
    },
  );

  app.post(
    '/logout',
    { schema: { summary: 'Cierra la sesión', tags: ['Sesión'], operationId: 'signOut', body: EmptyBody, response: { 204: Type.Null(), ...signedErrors } } },
    async (request, reply) => {
      if (request.sesion) await deleteSesion(db, request.sesion.id);
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/resetpasswd',
    {
      config: { rateLimit: requestLimit },
      schema: {
        tags: ['Sesión'], operationId: 'resetPassword',
        summary: 'Envía una contraseña nueva por correo; la respuesta no revela si la cuenta existe',
        body: ResetPasswordBody,
        response: { 200: MessageBody, ...signedErrors },
      },
    },
    async (request) => {
      // The mail's link is the console's configured address: whoever asks chooses the request's Host and Origin.
      await requestRecovery(app, request.body.user, consoleAddress(config));
      return { message: RESET_NEUTRAL_MESSAGE };
    },
  );

  app.get(
    '/public/captcha',
    {
      schema: {
        tags: ['Sesión'], operationId: 'getCaptcha',
        summary: 'Desafío altcha (prueba de trabajo) para la renovación de contraseña',
        response: {
          200: CaptchaChallenge,
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return createCaptcha(config);
    },
  );

  app.post(
    '/public/usuario/cambiar-expired',
    {
      config: { rateLimit: requestLimit },
      schema: {
        tags: ['Sesión'], operationId: 'renewExpiredPassword',
        summary: 'Renueva una contraseña expirada (requiere el captcha resuelto)',
        body: PasswordRenewalBody,
        response: { 200: MessageBody, ...signedErrors },
      },
    },
    async (request) => {
      const { id, token, ...change } = request.body;
      if (!(await verifyCaptcha(db, config, token))) throw badRequest(SESSION_MESSAGES.captcha);
      const user = await findUserByLogin(db, id);
      await changePassword(db, config, user, change, { passwordCost: app.passwordCost });
      return { message: PASSWORD_MESSAGES.updated };
    },
  );

  app.post(
    '/usuario/cambiar',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Sesión'], operationId: 'changePassword',
        summary: 'Cambia la contraseña del usuario que ha ingresado',
        body: PasswordChangeBody,
        response: { 200: MessageBody, 403: ErrorBody, ...signedErrors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id, ...change } = request.body;
      if (id !== me.id) throw forbidden();
      if (me.sso) throw forbidden(SESSION_MESSAGES.ssoPassword);
      const user = await db.selectFrom('usuario').selectAll().where('id', '=', me.id).executeTakeFirst();
      await changePassword(db, config, user, change, { passwordCost: app.passwordCost, keepSesionId: request.sesion?.id });
      return { message: PASSWORD_MESSAGES.updated };
    },
  );
}
