// The `state` of a channel's browser authorisation (Slack's 'Agregar Slack', Facebook's
// 'Conectar'): it binds the channel, its company and the user who started for ten minutes, is
// signed with a key derived from SECRET_KEY for that provider, and is spent on first use.
import { createHmac, randomBytes } from 'node:crypto';
import { CHECKS } from '../../../common/roles';
import { rememberNonce } from '../auth/nonces';
import { loadSessionUser } from '../auth/sessions';
import { sameTenant } from '../plugins/guards';
import type { CanalRecord } from '../services/canales/canales';
import type { App, SessionUser } from '../types';
import { sameSecret } from './adapter';

export const STATE_TTL_MS = 10 * 60_000;

export interface StateData {
  /** Channel, its company, the user who started, when it expires, and a one-time value. */
  c: string;
  e: string;
  u: string;
  x: number;
  n: string;
}

const stateKey = (secretKey: Buffer, provider: string) => createHmac('sha256', secretKey).update(`quipu/${provider}-oauth-state`).digest();
const sign = (secretKey: Buffer, provider: string, payload: string) => createHmac('sha256', stateKey(secretKey, provider)).update(payload).digest('base64url');

export function makeOauthState(secretKey: Buffer, provider: string, canal: Pick<CanalRecord, 'id' | 'idE'>, user: Pick<SessionUser, 'id'>, now: number): string {
  const data: StateData = { c: canal.id, e: canal.idE, u: user.id, x: now + STATE_TTL_MS, n: randomBytes(16).toString('base64url') };
  const payload = Buffer.from(JSON.stringify(data)).toString('base64url');
  return `${payload}.${sign(secretKey, provider, payload)}`;
}

/** The state's data when its signature for `provider` holds (expired or not), else undefined. */
export function readOauthState(secretKey: Buffer, provider: string, state: string | undefined): StateData | undefined {
  const [payload, signature, extra] = (state ?? '').split('.');
  if (!payload || !signature || extra !== undefined || !sameSecret(signature, sign(secretKey, provider, payload))) return undefined;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StateData;
    return typeof data.c === 'string' && typeof data.e === 'string' && typeof data.u === 'string' && typeof data.x === 'number' && typeof data.n === 'string' ? data : undefined;
  } catch {
    return undefined;
  }
}

export type SpentState = { ok: true; user: SessionUser } | { ok: false; reason: 'expired' | 'used' | 'denied' };

/**
 * Spends a state read by readOauthState for channel `canal`: refused when it expired, was spent
 * before, or its user no longer reaches the channel (channel access, same company).
 */
export async function spendOauthState(app: App, provider: string, state: StateData, canal: Pick<CanalRecord, 'idE'>): Promise<SpentState> {
  const now = app.config.now();
  if (now > state.x) return { ok: false, reason: 'expired' };
  if (!(await rememberNonce(app.db, `${provider}.${state.n}`, now))) return { ok: false, reason: 'used' };
  const user = await loadSessionUser(app.db, state.u, app.config.defaultSessionMinutes);
  if (!user || !CHECKS.channel(user.flags) || !sameTenant(user, canal.idE)) return { ok: false, reason: 'denied' };
  return { ok: true, user };
}
