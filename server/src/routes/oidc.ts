// Sign-in with OpenID Connect, as browser navigations: 'Ingresar con Microsoft' on the console's
// login page, and the Teams and Google Chat channels' 'Iniciar sesión' and 'Autorizar archivos'.
//
// What the console relies on:
// - The login page links to `{API_BASE}/loginMicrosoft`. Every refusal of a console sign-in (Microsoft
//   not configured, a bad, spent or expired state, a token that is not valid here, an unknown e-mail,
//   an inactive user, a user without sso, a company that does not admit them) sends the browser to
//   `{console}/login?error=<base64 of the UTF-8 Spanish reason>`; a sign-in sends it to `{console}/`
//   with the session cookie set. `{console}` is PUBLIC_URL (or where this server listens), as in the
//   password-recovery mail.
// - The channel editors link to `{API_BASE}/loginMicrosoft?ch={id}` (Teams, `&type=files` for the
//   files' authorisation) and `{API_BASE}/loginGoogle?ch={id}`. They come back to
//   `{console}/canal/msft/{id}` or `{console}/canal/google/{id}` with `?status=ok`, or with
//   `?error=<base64 of the UTF-8 Spanish reason>`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../../common/schemas/common';
import { MicrosoftQuery } from '../../../common/schemas/session';
import { exchangeOidcCode, OIDC_MESSAGES, OidcRefused, oidcSettings, spendOidcState, startOidc, type OidcEstado, type OidcProvider } from '../auth/oidc';
import { createSesion, loadSessionUser } from '../auth/sessions';
import { apiAddress, callbackOrigin, PROVIDER_MESSAGES } from '../channels/adapter';
import { consoleAddress } from '../config';
import { ApiError, badRequest, unauthorized } from '../errors';
import { perAddressLimit, REQUESTS_THROTTLED } from '../plugins/ratelimit';
import { openSignedInSession, setSessionCookie } from '../plugins/session';
import { AUTH_MESSAGES } from '../services/auth/login';
import { microsoftSignInUser } from '../services/auth/oidcSignIn';
import {
  CANAL_SIGNIN_MESSAGES,
  CANAL_SIGNIN_SCOPE,
  canalEditorAddress,
  canalForSignIn,
  FILES_SIGNIN_SCOPE,
  FILES_TYPE,
  keepCanalSignIn,
  OIDC_CANAL_KIND,
} from '../services/canales/inicioSesion';
import type { App } from '../types';

const tags = ['Sesión'];
const CALLBACK_PATH: Record<OidcProvider, string> = { microsoft: '/callback-microsoft', google: '/callback-google' };
/** Marks the callback's second visit, made from this server's own page (see returnPage). */
const AGAIN = 'quipu_vuelta';
const CONSOLE_SCOPE = 'openid email profile';

const ChannelQuery = Type.Object({ ch: Type.String({ minLength: 1, maxLength: 64 }) });
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4000 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
});
const Redirect = { 302: Type.Null(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a callback answers when the browser came from the provider's site without the session
 * cookie (SameSite=Strict keeps it off a cross-site navigation): it opens the same address again from
 * this site, which carries the cookie.
 */
function returnPage(address: string): string {
  const href = escapeHtml(address);
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="0;url=${href}">
<title>Ingresando…</title>
</head>
<body>
<main><p><a href="${href}">Continuar</a></p></main>
</body>
</html>
`;
}

export async function oidcRoutes(app: App): Promise<void> {
  const { config, db } = app;
  // A console sign-in starts for anyone, making a pre-session and a state row: counted per address, as sign-ins are.
  const anonymousLimit = perAddressLimit(config.loginRatePerMinute, REQUESTS_THROTTLED, (request) => !request.user);
  const callbackLimit = perAddressLimit(config.loginRatePerMinute, REQUESTS_THROTTLED);

  /** The console's login page with the reason of a refusal. */
  const loginPage = (reason: string) => {
    const url = new URL('login', consoleAddress(config));
    url.searchParams.set('error', base64(reason));
    return url.toString();
  };

  /** The address the provider sends the browser back to, or a refusal when only PUBLIC_URL could say it. */
  const redirectUri = (provider: OidcProvider) => {
    const origin = callbackOrigin(app);
    if (!origin) throw new OidcRefused(PROVIDER_MESSAGES.needsPublicUrl(provider === 'google' ? 'Google' : 'Microsoft'));
    return apiAddress(app, origin, CALLBACK_PATH[provider]);
  };

  /** This browser's session row, a new pre-session when it has none. */
  const browserSesion = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.sesion) return request.sesion.id;
    const { token, sesion } = await createSesion(db, null, config.now());
    setSessionCookie(request, reply, token);
    request.sesion = sesion;
    return sesion.id;
  };

  /** Where a console sign-in with Microsoft starts: the provider, or the login page with the reason it cannot. */
  const startConsole = async (request: FastifyRequest, reply: FastifyReply) => {
    const settings = oidcSettings(config, 'microsoft');
    if (!settings) return loginPage(OIDC_MESSAGES.notConfigured('microsoft'));
    try {
      return await startOidc(app, settings, { idSesion: await browserSesion(request, reply), redirectUri: redirectUri('microsoft'), scope: CONSOLE_SCOPE });
    } catch (error) {
      if (error instanceof OidcRefused) return loginPage(error.message);
      throw error;
    }
  };

  /** Where a channel's sign-in starts: the provider, or the editor with the reason it cannot. */
  const startCanal = async (request: FastifyRequest, reply: FastifyReply, provider: OidcProvider, id: string, files: boolean) => {
    const user = request.user;
    if (!user) throw unauthorized('Sesión no iniciada', 'SESSION');
    const canal = await canalForSignIn(app, user, id, provider);
    const back = (error: string) => canalEditorAddress(config, OIDC_CANAL_KIND[provider], canal.id, { error });
    const settings = oidcSettings(config, provider);
    if (!settings) return back(OIDC_MESSAGES.notConfigured(provider));
    try {
      return await startOidc(app, settings, {
        idSesion: await browserSesion(request, reply),
        redirectUri: redirectUri(provider),
        scope: files ? FILES_SIGNIN_SCOPE : CANAL_SIGNIN_SCOPE,
        idCanal: canal.id,
        idU: user.id,
        tipo: files ? FILES_TYPE : undefined,
        // A refresh token comes with the consent asked for now.
        ...(files ? { extra: { prompt: 'consent' } } : {}),
      });
    } catch (error) {
      if (error instanceof OidcRefused) return back(error.message);
      throw error;
    }
  };

  /** A console sign-in's end: the session, or the refusal's reason. */
  const finishConsole = async (request: FastifyRequest, reply: FastifyReply, query: URLSearchParams, estado: OidcEstado) => {
    try {
      const settings = oidcSettings(config, 'microsoft');
      if (!settings) throw new OidcRefused(OIDC_MESSAGES.notConfigured('microsoft'));
      const tokens = await exchangeOidcCode(app, settings, redirectUri('microsoft'), query, estado);
      const account = await microsoftSignInUser(app, tokens.claims, request.ip);
      const user = await loadSessionUser(db, account.id, config.defaultSessionMinutes);
      if (!user) throw new OidcRefused(AUTH_MESSAGES.inactiveUser);
      await openSignedInSession(request, reply, user);
      return consoleAddress(config);
    } catch (error) {
      if (error instanceof OidcRefused) return loginPage(error.message);
      throw error;
    }
  };

  /** A channel sign-in's end: back to its editor, with ?status=ok or the refusal's reason. */
  const finishCanal = async (request: FastifyRequest, provider: OidcProvider, query: URLSearchParams, estado: OidcEstado & { idCanal: string }) => {
    const back = (error?: string) => canalEditorAddress(config, OIDC_CANAL_KIND[provider], estado.idCanal, { error });
    try {
      const settings = oidcSettings(config, provider);
      if (!settings) throw new OidcRefused(OIDC_MESSAGES.notConfigured(provider));
      // The same browser (the state's session row) and the same user who started.
      const user = request.user;
      if (!user || user.id !== estado.idU) throw new OidcRefused(CANAL_SIGNIN_MESSAGES.otherUser);
      const tokens = await exchangeOidcCode(app, settings, redirectUri(provider), query, estado);
      await keepCanalSignIn(app, provider, user, estado.idCanal, estado.tipo, tokens);
      return back();
    } catch (error) {
      if (error instanceof OidcRefused || error instanceof ApiError) return back(error.message);
      throw error;
    }
  };

  const callback = async (provider: OidcProvider, request: FastifyRequest, reply: FastifyReply) => {
    const query = new URL(request.url, 'http://callback').searchParams;
    const again = query.has(AGAIN);
    query.delete(AGAIN);
    if (!request.sesion && !again) {
      const address = `${request.url}${request.url.includes('?') ? '&' : '?'}${AGAIN}=1`;
      return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(returnPage(address));
    }
    let estado: OidcEstado;
    try {
      estado = await spendOidcState(app, provider, query, request.sesion?.id);
    } catch (error) {
      if (error instanceof OidcRefused) return reply.redirect(loginPage(error.message));
      throw error;
    }
    const idCanal = estado.idCanal;
    if (idCanal) return reply.redirect(await finishCanal(request, provider, query, { ...estado, idCanal }));
    if (provider !== 'microsoft') return reply.redirect(loginPage(OIDC_MESSAGES.badState(provider)));
    return reply.redirect(await finishConsole(request, reply, query, estado));
  };

  app.get(
    '/loginMicrosoft',
    {
      config: { rateLimit: anonymousLimit },
      schema: {
        tags, operationId: 'signInMicrosoft',
        summary: "'Ingresar con Microsoft' (sin ch), o 'Iniciar sesión' (ch) y 'Autorizar archivos' (ch y type=files) de un canal de Teams: redirige a Microsoft",
        querystring: MicrosoftQuery,
        response: Redirect,
      },
    },
    async (request, reply) => {
      const { ch, type } = request.query;
      if (type !== undefined && type !== FILES_TYPE) throw badRequest(`type: solo se admite ${FILES_TYPE}`);
      if (ch) return reply.redirect(await startCanal(request, reply, 'microsoft', ch, type === FILES_TYPE));
      if (type) throw badRequest('ch: indique el canal de Teams que autoriza archivos');
      return reply.redirect(await startConsole(request, reply));
    },
  );

  app.get(
    '/loginGoogle',
    {
      schema: {
        tags, operationId: 'signInGoogle',
        summary: "'Iniciar sesión' de un canal de Google Chat: redirige a Google",
        querystring: ChannelQuery,
        response: Redirect,
      },
    },
    async (request, reply) => reply.redirect(await startCanal(request, reply, 'google', request.query.ch, false)),
  );

  for (const provider of ['microsoft', 'google'] as const) {
    app.get(
      CALLBACK_PATH[provider],
      {
        config: { rateLimit: callbackLimit },
        schema: {
          tags, operationId: provider === 'microsoft' ? 'microsoftCallback' : 'googleCallback',
          summary: `Vuelta de ${provider === 'microsoft' ? 'Microsoft' : 'Google'}: canjea el código, inicia la sesión o guarda el inicio de sesión del canal, y redirige a la consola`,
          querystring: CallbackQuery,
          produces: ['text/html'],
          response: { 200: Type.String(), 302: Type.Null() },
        },
      },
      async (request, reply) => callback(provider, request, reply),
    );
  }
}
