// The bots the dashboard offers (GET /bots: id, name and deployed version, for every role) and the
// one it opens on: the company's first deployed bot, else its first bot.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import type { BotRefRow } from '../../api/bots';

/** GET /bots names each bot's deployed version (0 while never deployed). */
export type ListedBot = BotRefRow & { version?: number };

export interface DashboardBots {
  bots: ListedBot[];
  /** The bot chosen when the page opens, if any. */
  initial: string | null;
}

export const firstDeployed = (bots: readonly ListedBot[]): string | null => (bots.find((bot) => (bot.version ?? 0) > 0) ?? bots[0])?.id ?? null;

/** `idE` null: no company yet (the system admin has not picked one), nothing is asked. */
export function useDashboardBots(idE: string | null) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  return useQuery({
    queryKey: ['dashboard', 'bots', idE],
    enabled: !!idE,
    retry: false,
    queryFn: async (): Promise<DashboardBots> => {
      const bots: ListedBot[] = await dataProvider.listBotRefs(idE ?? undefined);
      return { bots, initial: firstDeployed(bots) };
    },
  });
}
