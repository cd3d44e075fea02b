// The mail-server settings of /cfg (bot-building spec §7): read, save, send a test mail. Named
// custom methods of the data provider.
import type { HttpClient } from './http';
import type { ServerMessage } from './sessionTypes';

export const PROVIDERS = ['JEDAI', 'SMTP', 'OFFICE_365', 'G_SUITE_GOOGLE'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** GET /email: the password itself never comes back, only whether one is stored. */
export interface EmailSettings {
  host: string;
  port: number | null;
  username: string;
  email: string;
  provider: string;
  passwordSet: boolean;
}

/** POST /email: an empty password keeps the stored one. */
export interface EmailSettingsInput {
  host: string;
  port: number;
  username: string;
  password: string;
  email: string;
  provider: string;
}

export function createCorreoApi(apiUrl: string, httpClient: HttpClient) {
  const call = async <T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> =>
    (await httpClient<T>(`${apiUrl}${path}`, { method, body: payload === undefined ? undefined : JSON.stringify(payload) })).json;

  return {
    getEmailSettings: () => call<EmailSettings>('GET', '/email'),
    saveEmailSettings: (settings: EmailSettingsInput) => call<EmailSettings>('POST', '/email', settings),
    sendTestEmail: (email: string) => call<ServerMessage>('POST', '/email.test', { email }),
  };
}
