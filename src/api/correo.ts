// The mail-server settings of /cfg: read, save, send a test mail. Named
// custom methods of the data provider.
import type { Static } from 'typebox';
import type { MailSettings, MailSettingsBody } from '../../common/schemas/correo';
import { jsonCaller, type HttpClient } from './http';
import type { ServerMessage } from '../../common/sessionTypes';

export { PROVIDERS, type Provider } from '../../common/schemas/rules';

/** GET /email: the password itself never comes back, only whether one is stored. */
export type EmailSettings = MailSettings;

/** POST /email: an empty password keeps the stored one. */
export type EmailSettingsInput = Static<typeof MailSettingsBody>;

export function createCorreoApi(apiUrl: string, httpClient: HttpClient) {
  const call = jsonCaller(apiUrl, httpClient);

  return {
    getEmailSettings: () => call<EmailSettings>('GET', '/email'),
    saveEmailSettings: (settings: EmailSettingsInput) => call<EmailSettings>('POST', '/email', settings),
    sendTestEmail: (email: string) => call<ServerMessage>('POST', '/email.test', { email }),
  };
}
