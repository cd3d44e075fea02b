// Deploy and versions of a bot: deploy, the deploy's state, the version
// list, restore and the comparison of two versions. Named custom methods of the data provider.
import type { Bot, BotBody, BotVersion, VersionChange } from '../../common/schemas/bots';
import { toBotBody } from './bots';
import type { HttpClient } from './http';
import type { ServerMessage } from '../../common/sessionTypes';

export type { Bot, BotVersion, VersionChange };

export function createVersionsApi(apiUrl: string, httpClient: HttpClient) {
  const call = async <T>(method: 'GET' | 'POST', path: string, query: Record<string, string>, payload?: unknown): Promise<T> =>
    (await httpClient<T>(`${apiUrl}${path}?${new URLSearchParams(query)}`, { method, body: payload === undefined ? undefined : JSON.stringify(payload) }))
      .json;

  return {
    /** Saves the bot and starts its deploy; answers the new version, not done yet. */
    deployBot: (body: Partial<Bot> | BotBody, msg: string, idU: string) => call<BotVersion>('POST', '/bot.deploy', { msg, idU }, toBotBody(body)),
    /** The bot's latest version (polled every 5 s while a deploy runs), or null before the first. */
    getDeployState: async (botId: string) => (await call<BotVersion | null | undefined>('GET', '/bot-version', { botId })) ?? null,
    /** Every version of the bot, newest first. */
    listVersions: (botId: string) => call<BotVersion[]>('GET', '/list/version', { id: botId }),
    /** A POST, not a GET: a write that rewrites a bot carries the integrity headers. */
    restoreVersion: (idBot: string, id: string) => call<ServerMessage>('POST', '/restaurar', { idBot, id }),
    /** What changed from version `a` to version `b` (version ids). */
    compareVersions: (idBot: string, a: string, b: string) => call<VersionChange[]>('GET', '/bot.compare', { idBot, a, b }),
  };
}
