// The Teams and Google Chat channels' sign-ins: 'Iniciar sesión' keeps the signed-in admin's tenant
// (Microsoft's tid, Google Workspace's hd) as the channel's idR; Teams' 'Autorizar archivos' keeps
// the delegated refresh token encrypted (msFilesRefreshToken) and the authorised e-mail, and
// graphAccessToken turns it into a Graph access token when the bot reads a file.
import type { IDToken } from 'openid-client';
import { canalEditorPath, CANAL_MESSAGES, type CanalKind } from '../../../../common/schemas/canales';
import { consoleAddress, type Config } from '../../config';
import { badRequest, notFound } from '../../errors';
import { OIDC_MESSAGES, OidcRefused, oidcSettings, refreshOidc, type OidcProvider, type OidcTokens } from '../../auth/oidc';
import { sameTenant } from '../../auth/tenant';
import type { App, SessionUser } from '../../types';
import { readCanalSecret, updateCanal, type CanalRecord } from './canales';
import { microsoftEmail } from '../auth/oidcSignIn';

/** The channel kind each provider signs in. */
export const OIDC_CANAL_KIND: Record<OidcProvider, CanalKind> = { microsoft: 'Microsoft', google: 'Google' };

/** What 'Iniciar sesión' asks for: who signs in and their tenant. */
export const CANAL_SIGNIN_SCOPE = 'openid email profile';
/** Delegated read access to OneDrive and SharePoint, kept with a refresh token. */
export const GRAPH_FILES_SCOPE = 'offline_access Files.Read.All Sites.Read.All';
export const FILES_SIGNIN_SCOPE = `${CANAL_SIGNIN_SCOPE} ${GRAPH_FILES_SCOPE}`;
export const FILES_TYPE = 'files';

export const CANAL_SIGNIN_MESSAGES = {
  wrongKind: (kind: CanalKind) => `El canal no es de ${kind === 'Microsoft' ? 'Teams' : kind}`,
  filesNotTeams: 'Solo un canal de Teams autoriza archivos',
  noTenant: 'Microsoft no entregó el inquilino (tid) de la cuenta',
  personalGoogle: 'La cuenta de Google no pertenece a un dominio de Google Workspace: inicie sesión con una cuenta de su empresa',
  noRefreshToken: 'Microsoft no entregó un token de actualización para los archivos',
  noEmail: 'Microsoft no entregó el correo de la cuenta que autorizó los archivos',
  otherUser: 'La autorización la inició otro usuario. Vuelva a intentarlo.',
  filesNotAuthorized: 'El canal no tiene autorizado el acceso a archivos: use «Autorizar archivos» en el canal',
} as const;

/** The console's editor of channel `id` with the sign-in's outcome: ?status=ok, or ?error= the base64 of the Spanish reason. */
export function canalEditorAddress(config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'basePath'>, kind: CanalKind, id: string, outcome: { error?: string }): string {
  const url = new URL(canalEditorPath(kind, encodeURIComponent(id)).slice(1), consoleAddress(config));
  if (outcome.error === undefined) url.searchParams.set('status', 'ok');
  else url.searchParams.set('error', Buffer.from(outcome.error, 'utf8').toString('base64'));
  return url.toString();
}

/**
 * The channel `id` a signed-in user signs in with `provider`: any of their company's (any for
 * ROLE_ADMIN), of the provider's kind; the editors of Teams and Google ask no role besides.
 */
export async function canalForSignIn(app: App, user: SessionUser, id: string, provider: OidcProvider): Promise<CanalRecord> {
  const canal = await app.db.selectFrom('canal').selectAll().where('id', '=', id).executeTakeFirst();
  if (!canal || !sameTenant(user, canal.idE)) throw notFound(CANAL_MESSAGES.notFound);
  if (canal.name !== OIDC_CANAL_KIND[provider]) throw badRequest(CANAL_SIGNIN_MESSAGES.wrongKind(OIDC_CANAL_KIND[provider]));
  return canal;
}

/** The Workspace domain of a Google ID token, or the tenant of a Microsoft one. */
function tenantOf(provider: OidcProvider, claims: IDToken): string {
  const value = provider === 'google' ? claims.hd : claims.tid;
  if (typeof value !== 'string' || !value.trim()) throw new OidcRefused(provider === 'google' ? CANAL_SIGNIN_MESSAGES.personalGoogle : CANAL_SIGNIN_MESSAGES.noTenant);
  return value.trim();
}

/**
 * Keeps what a channel's sign-in brought: the tenant as idR, or for the files' authorisation the
 * refresh token (encrypted) and the authorised e-mail; with its ev 3 row. `user` is the one who
 * started, signed in on the same browser, who must still reach the channel.
 */
export async function keepCanalSignIn(app: App, provider: OidcProvider, user: SessionUser, idCanal: string, tipo: string | null, tokens: OidcTokens): Promise<void> {
  const canal = await canalForSignIn(app, user, idCanal, provider);
  if (tipo === FILES_TYPE) {
    const email = microsoftEmail(tokens.claims);
    if (!tokens.refreshToken) throw new OidcRefused(CANAL_SIGNIN_MESSAGES.noRefreshToken);
    if (!email) throw new OidcRefused(CANAL_SIGNIN_MESSAGES.noEmail);
    await updateCanal(app, canal.id, { secretos: { msFilesRefreshToken: tokens.refreshToken }, email }, { actor: user, detail: `archivos de OneDrive y SharePoint autorizados por ${email}` });
    forgetGraphToken(app, canal.id);
    return;
  }
  const idR = tenantOf(provider, tokens.claims);
  const what = provider === 'google' ? `dominio ${idR}` : `inquilino ${idR}`;
  await updateCanal(app, canal.id, { idR }, { actor: user, detail: `sesión iniciada con ${provider === 'google' ? 'Google' : 'Microsoft'} (${what})` });
}

/** Graph access tokens by channel, kept until shortly before they expire. */
const graphTokens = new WeakMap<App, Map<string, { token: string; until: number }>>();
const EARLY_MS = 60_000;

function forgetGraphToken(app: App, idCanal: string): void {
  graphTokens.get(app)?.delete(idCanal);
}

/**
 * A Graph access token for the files a Teams channel's authorised account reaches: from the kept
 * refresh token (refresh_token grant at MICROSOFT_AUTHORITY's token endpoint, through the guard),
 * storing the new refresh token when Microsoft rotates it. Refusals throw OidcRefused (Spanish).
 */
export async function graphAccessToken(app: App, canal: Pick<CanalRecord, 'id' | 'idE' | 'secretos'>): Promise<string> {
  let byCanal = graphTokens.get(app);
  if (!byCanal) graphTokens.set(app, (byCanal = new Map()));
  const now = app.config.now();
  const kept = byCanal.get(canal.id);
  if (kept && now < kept.until) return kept.token;
  const settings = oidcSettings(app.config, 'microsoft');
  if (!settings) throw new OidcRefused(OIDC_MESSAGES.notConfigured('microsoft'));
  // The stored row, not the caller's copy: a rotation since then replaced the token.
  const row = await app.db.selectFrom('canal').select(['id', 'idE', 'secretos']).where('id', '=', canal.id).executeTakeFirst();
  const refreshToken = row && readCanalSecret(app, row, 'msFilesRefreshToken');
  if (!row || !refreshToken) throw new OidcRefused(CANAL_SIGNIN_MESSAGES.filesNotAuthorized);
  const answer = await refreshOidc(app, settings, refreshToken, GRAPH_FILES_SCOPE);
  if (answer.refreshToken && answer.refreshToken !== refreshToken) await updateCanal(app, row.id, { secretos: { msFilesRefreshToken: answer.refreshToken } });
  if (answer.expiresIn && answer.expiresIn * 1000 > EARLY_MS) byCanal.set(canal.id, { token: answer.accessToken, until: now + answer.expiresIn * 1000 - EARLY_MS });
  return answer.accessToken;
}
