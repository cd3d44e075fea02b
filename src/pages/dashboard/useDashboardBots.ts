// The bots the dashboard offers (GET /bots: id and name) and the one it opens on: the company's
// first deployed bot. GET /bots says nothing of deploys, so the versions of each bot are asked in
// order (GET /list/version, for those who may read them) until one has a finished deploy; without
// that, the first bot.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import type { BotRefRow } from '../../api/bots';
import type { Flags } from '../../../common/roles';

/** How many bots are asked about before settling for the first one. */
const MAX_PROBES = 20;

export interface DashboardBots {
  bots: BotRefRow[];
  /** The bot chosen when the page opens, if any. */
  initial: string | null;
}

export async function firstDeployed(bots: BotRefRow[], listVersions: (id: string) => Promise<Array<{ done: boolean; error: boolean }>>): Promise<string | null> {
  for (const bot of bots.slice(0, MAX_PROBES)) {
    const versions = await listVersions(bot.id);
    if (versions.some((version) => version.done && !version.error)) return bot.id;
  }
  return bots[0]?.id ?? null;
}

export function useDashboardBots(flags: Flags | undefined, idE: string | undefined) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  return useQuery({
    queryKey: ['dashboard', 'bots', idE],
    enabled: !!flags,
    retry: false,
    queryFn: async (): Promise<DashboardBots> => {
      const bots = await dataProvider.listBotRefs(idE);
      const readsVersions = !!flags && (flags.isBotEdit || flags.isUser);
      const initial = readsVersions ? await firstDeployed(bots, dataProvider.listVersions) : (bots[0]?.id ?? null);
      return { bots, initial };
    },
  });
}
