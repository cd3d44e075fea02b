// The named session calls: bootstrap, sign-in and out, password recovery, renewal
// and change, and the about info.
import { HttpError } from './HttpError';
import type { HttpClient, HttpTransport } from './http';
import { textToBase64 } from './base64Text';
import { toAthena, toSession } from './sessionModel';
import type { AboutInfo, AthenaAnswer, PasswordChange, PasswordRenewal, ServerMessage, Session } from '../../common/sessionTypes';

export type KeyHolder = Pick<HttpTransport, 'refreshKey' | 'setKey'>;

export function createSessionApi(apiUrl: string, httpClient: HttpClient, keys?: KeyHolder) {
  const post = async <T>(path: string, payload?: unknown, headers?: Record<string, string>): Promise<T> => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    return (await httpClient<T>(`${apiUrl}${path}`, { method: 'POST', body, headers })).json;
  };

  const enki = async (headers?: Record<string, string>): Promise<Session> => {
    const { session, key } = toSession(await post('/enki', undefined, headers));
    if (key) keys?.setKey(key);
    return session;
  };

  return {
    async athena(): Promise<AthenaAnswer> {
      if (!keys) throw new Error('athena necesita el cliente HTTP completo');
      return toAthena(await keys.refreshKey());
    },

    /** POST /enki with no body: the current session, or null when signed out. */
    async checkSession(): Promise<Session | null> {
      try {
        return await enki();
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) return null;
        throw error;
      }
    },

    /** POST /enki with a Basic header; the answer's config.k becomes the signing key. */
    login: (usuario: string, password: string): Promise<Session> =>
      enki({ Authorization: `Basic ${textToBase64(`${usuario}:${password}`)}` }),

    logout: async (): Promise<void> => {
      await post('/logout');
    },

    resetPassword: (user: string) => post<ServerMessage>('/resetpasswd', { user }),

    renewExpired: (renewal: PasswordRenewal) => post<ServerMessage>('/public/usuario/cambiar-expired', renewal),

    changePassword: (change: PasswordChange) => post<ServerMessage>('/usuario/cambiar', change),

    about: async (): Promise<AboutInfo> => (await httpClient<AboutInfo>(`${apiUrl}/public/about`)).json,

    captchaUrl: () => `${apiUrl}/public/captcha`,

    /** The browser navigation that starts the Microsoft sign-in. */
    microsoftLoginUrl: () => `${apiUrl}/loginMicrosoft`,
  };
}

export type SessionApi = ReturnType<typeof createSessionApi>;
