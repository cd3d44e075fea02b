// What the administration suites (usuarios, empresas, email, auditoria) share: the demo
// accounts by role, one signed-in browser per account, and reads straight from the database.
import { outbox, type Client, type TestApp } from './helpers';

export const ACCOUNTS = {
  admin: 'admin@quipu.test',
  compania: 'compania@quipu.test',
  usuarios: 'usuarios@quipu.test',
  usuario: 'usuario@quipu.test',
  dashboard: 'dashboard@quipu.test',
  historial: 'historial@quipu.test',
  supervisor: 'supervisor@quipu.test',
  otra: 'otra@quipu.test',
} as const;
export type Account = keyof typeof ACCOUNTS;
export const ALL_ACCOUNTS = Object.keys(ACCOUNTS) as Account[];

/** A signed-in browser per account, signed in once per app. */
export function signedIn(t: () => TestApp): (who: Account) => Promise<Client> {
  const cache = new Map<TestApp, Map<Account, Promise<Client>>>();
  return (who) => {
    const app = t();
    let byAccount = cache.get(app);
    if (!byAccount) cache.set(app, (byAccount = new Map()));
    let client = byAccount.get(who);
    if (!client) byAccount.set(who, (client = app.login(ACCOUNTS[who])));
    return client;
  };
}

export async function companyId(t: TestApp, nm: 'Administración' | 'Demo Internacional' | 'Otra Empresa'): Promise<string> {
  return (await t.app.db.selectFrom('empresa').select('id').where('nm', '=', nm).executeTakeFirstOrThrow()).id;
}

/** The audit rows of one event code, newest first. */
export function auditRows(t: TestApp, ev: number) {
  return t.app.db.selectFrom('auditoria').selectAll().where('ev', '=', ev).orderBy('fc', 'desc').orderBy('id', 'desc').execute();
}

/** The text of a written .eml, with its transfer encoding undone. */
export function mailBody(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const head = eml.slice(0, split);
  const body = eml.slice(split).trim();
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/^Content-Transfer-Encoding: base64/im.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** The first password mailed to a new user (from the outbox), or undefined. */
export async function initialPassword(t: TestApp, login: string): Promise<string | undefined> {
  const mail = (await outbox(t)).find((m) => new RegExp(`^To: ${login.replace(/[.]/g, '\\.')}$`, 'm').test(m.text));
  return mail && /Contraseña inicial: (\S+)/.exec(mailBody(mail.text))?.[1];
}
