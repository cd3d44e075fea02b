// What a bot's turn needs of this server (its clock, limits and address, the bots' decrypted
// extras), for the conversation's turns and the regression tests alike; and the origin at which a
// provider's client reaches this server's images.
import type { AddressInfo } from 'node:net';
import type { App } from '../../types';
import type { CompiledBot } from '../../engine/bundle';
import type { TurnContext } from '../../engine/runtime';
import { readBotSecrets } from './bots';
import { storedAttachments } from '../historial/adjuntos';

/** The server's own address, for webhook URLs that start with '/'. */
function ownBaseUrl(app: App): string | undefined {
  if (app.config.publicUrl) return app.config.publicUrl.replace(/\/$/, '');
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return undefined;
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}`;
}

/** Decrypted extras by compiled bot: a deployed version (or working definition) is decrypted once per instance. */
const secretsKept = new WeakMap<CompiledBot, Readonly<Record<string, string>>>();

/** The encrypted extras of `bot` (a bot of company `idE`) its webhooks may send, decrypted once. */
function botSecrets(app: App, idE: string, bot: CompiledBot): Readonly<Record<string, string>> {
  let secrets = secretsKept.get(bot);
  if (!secrets) {
    secrets = readBotSecrets(app.config.secretKey, idE, bot.definition.bot.id, bot.definition.bot.extrasEnc);
    secretsKept.set(bot, secrets);
  }
  return secrets;
}

/**
 * What a turn of `bot` needs of this server: its clock, webhook timeout and address, how much of
 * one message its expressions may read, the time zone dates are read in (the company's, given as
 * `timeZone`, else CHAT_TIME_ZONE), and, given the company `idE` (every bot a turn reaches is of
 * it), the bots' decrypted extras for their webhooks.
 */
export function turnContext(app: App, bot: CompiledBot, turn: Pick<TurnContext, 'red' | 'test' | 'resolveBot' | 'publicOrigin' | 'attachmentRoomBytes'> & { timeZone?: string | null; idE?: string }, now = app.config.now()): TurnContext {
  const { idE, ...rest } = turn;
  return {
    ...rest,
    ...(idE ? { secretsOf: (b: CompiledBot) => botSecrets(app, idE, b), storedFiles: (ids: readonly string[]) => storedAttachments(app.db, idE, ids) } : {}),
    now: new Date(now),
    webhookTimeoutMs: app.config.webhookTimeoutMs,
    patternBudget: app.config.patternBudget,
    // The bot's baseUrl and this server's own address alike are reached only through the guard.
    baseUrl: bot.definition.bot.baseUrl?.trim() || ownBaseUrl(app),
    outbound: app.outbound,
    timeZone: turn.timeZone || app.config.chatTimeZone,
  };
}

/**
 * Where an image path on this server ('/api/…') points for a provider's client, which never sees
 * this server's pages: PUBLIC_URL's origin, else the listening address. Never a request's Host,
 * which whoever calls chooses.
 */
export function providerImageOrigin(app: App): string | undefined {
  return app.config.publicUrl ? new URL(app.config.publicUrl).origin : ownBaseUrl(app);
}
