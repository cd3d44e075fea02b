// The bot's latest deploy (GET /bot-version), polled every 5 s while it is not done (spec §4, §9).
// The poll stops when the editor closes; a failed poll keeps the last state and tries again 5 s later.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import type { BotVersion } from './versionModel';

export const DEPLOY_POLL_MS = 5_000;

export const deployStateKey = (botId: string | undefined) => ['bot-version', botId] as const;
/** GET /list/version's query: a deploy that ends refreshes an open versions dialog. */
export const versionListKey = (botId: string | undefined) => ['bot-versions', botId] as const;

export function useDeployState(botId: string | undefined) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  const { data: latest } = useQuery({
    queryKey: deployStateKey(botId),
    queryFn: () => dataProvider.getDeployState(botId ?? ''),
    enabled: !!botId,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data && !query.state.data.done ? DEPLOY_POLL_MS : false),
    // The editor keeps polling while the user works in another tab of the browser.
    refetchIntervalInBackground: true,
  });
  return {
    latest: latest ?? null,
    running: !!latest && !latest.done,
    /** The version POST /bot.deploy answered becomes the state, and the polling starts from it. */
    started: (version: BotVersion) => queryClient.setQueryData(deployStateKey(botId), version),
  };
}
