// 'Agregar Slack': GET /loginSlack?ch sends the browser to Slack's OAuth v2 page with the channel's
// App Id, the scopes the bot needs and a `state` binding the channel and the user for ten minutes
// (oauthState.ts: signed with SECRET_KEY, and spent on first use); GET /callback-slack exchanges the code with
// oauth.v2.access (App Id and App Secret), keeps the bot token encrypted and the workspace in cfg,
// writes the channel's audit row, and sends the browser back to the channel's editor with ?status.
import { badRequest } from '../../errors';
import { canalEditorPath, type CanalCfg } from '../../../../common/schemas/canales';
import { canalById, findCanalFor, readCanalSecret, updateCanal, type CanalRecord } from '../../services/canales/canales';
import type { App, SessionUser } from '../../types';
import { apiAddress, assertKind, PROVIDER_MESSAGES } from '../adapter';
import { makeOauthState, readOauthState, spendOauthState, type StateData } from '../oauthState';
import { slackClient, slackErrorCode } from './api';

/** Send messages; read direct messages to the bot and mentions of it. */
export const SLACK_SCOPES = ['chat:write', 'im:history', 'app_mentions:read'] as const;
export { STATE_TTL_MS } from '../oauthState';
export const SLACK_STATUS = {
  ok: 'ok',
  noAppId: 'falta_app_id',
  noAppSecret: 'falta_app_secret',
  expired: 'autorizacion_vencida',
  used: 'autorizacion_usada',
  denied: 'sin_permiso',
  noCode: 'sin_codigo',
  unreachable: 'slack_no_responde',
} as const;
export const SLACK_MESSAGES = {
  badState: 'La autorización de Slack no es válida. Vuelva a intentarlo con «Agregar Slack» desde el canal.',
} as const;

export const slackRedirectUri = (app: App, origin: string) => apiAddress(app, origin, '/callback-slack');

/** The console's Slack editor with ?status: where the browser ends after the authorisation. */
export function editorAddress(app: App, id: string, status: string): string {
  const base = app.config.basePath === '/' ? '' : app.config.basePath;
  return `${base}${canalEditorPath('Slack', encodeURIComponent(id))}?status=${encodeURIComponent(status)}`;
}

/** A state for 'Agregar Slack' (oauthState.ts, signed for Slack). */
export const makeState = (secretKey: Buffer, canal: Pick<CanalRecord, 'id' | 'idE'>, user: Pick<SessionUser, 'id'>, now: number): string => makeOauthState(secretKey, 'slack', canal, user, now);

/** The data of a state made by makeState when its signature holds (expired or not), else undefined. */
export const readState = (secretKey: Buffer, state: string | undefined): StateData | undefined => readOauthState(secretKey, 'slack', state);

/** Where 'Agregar Slack' sends the browser: Slack's authorisation page, or back to the editor when the App Id is missing. */
export async function slackAuthorizeAddress(app: App, user: SessionUser, id: string, origin: string | undefined): Promise<string> {
  const canal = assertKind(await findCanalFor(app.db, user, id), 'Slack');
  // Slack sends the browser back to this address: outside the embedded run only PUBLIC_URL says it.
  if (!origin) throw badRequest(PROVIDER_MESSAGES.needsPublicUrl('Slack'));
  const appId = (JSON.parse(canal.cfg || '{}') as CanalCfg).appId?.trim();
  if (!appId) return editorAddress(app, canal.id, SLACK_STATUS.noAppId);
  const url = new URL(app.config.slackOauthBase);
  url.searchParams.set('client_id', appId);
  url.searchParams.set('scope', SLACK_SCOPES.join(','));
  url.searchParams.set('redirect_uri', slackRedirectUri(app, origin));
  url.searchParams.set('state', makeState(app.config.secretKey, canal, user, app.config.now()));
  return url.toString();
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/**
 * The address the callback sends the browser to. A state that is not ours (or names a channel
 * that no longer exists) is a 400 and touches nothing; an expired or spent one, a refusal at
 * Slack or a failed exchange go back to the editor with the reason in ?status.
 */
export async function finishSlackOauth(app: App, query: CallbackQuery, origin: string | undefined): Promise<string> {
  const state = readState(app.config.secretKey, query.state);
  const canal = state && (await canalById(app.db, state.c));
  if (!state || !canal || canal.idE !== state.e || canal.name !== 'Slack') throw badRequest(SLACK_MESSAGES.badState);
  if (!origin) throw badRequest(PROVIDER_MESSAGES.needsPublicUrl('Slack'));
  const back = (status: string) => editorAddress(app, canal.id, status);
  // The user who started must still reach the channel.
  const spent = await spendOauthState(app, 'slack', state, canal);
  if (!spent.ok) return back(SLACK_STATUS[spent.reason]);
  const { user } = spent;
  if (query.error) return back(query.error.slice(0, 100));
  if (!query.code) return back(SLACK_STATUS.noCode);
  const appId = (JSON.parse(canal.cfg || '{}') as CanalCfg).appId?.trim();
  const appSecret = readCanalSecret(app, canal, 'appSecret');
  if (!appId) return back(SLACK_STATUS.noAppId);
  if (!appSecret) return back(SLACK_STATUS.noAppSecret);

  let access;
  try {
    access = await slackClient(app).oauth.v2.access({ client_id: appId, client_secret: appSecret, code: query.code, redirect_uri: slackRedirectUri(app, origin) });
  } catch (error) {
    const code = slackErrorCode(error);
    if (!code) app.log.warn(`Slack no respondió a oauth.v2.access: ${error instanceof Error ? error.message : String(error)}`);
    return back(code ?? SLACK_STATUS.unreachable);
  }
  if (!access.access_token) return back('sin_token');
  const teamName = access.team?.name ?? null;
  await updateCanal(app, canal.id, {
    secretos: { botToken: access.access_token },
    cfg: { teamId: access.team?.id ?? null, teamName, botUserId: access.bot_user_id ?? null },
  }, { actor: user, detail: `vinculado con Slack${teamName ? ` (${teamName})` : ''}` });
  return back(SLACK_STATUS.ok);
}
