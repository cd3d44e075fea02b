// The bot's latest deploy (GET /bot-version), polled while it is not done: every
// second while the deploy is young, since most end within seconds, then every 5 s. The poll stops
// when the editor closes; a failed poll keeps the last state and tries again at the same pace.
import { useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import type { BotVersion } from './versionModel';

export const DEPLOY_POLL_MS = 5_000;
export const YOUNG_DEPLOY_POLL_MS = 1_000;
/** A deploy is young for its first ten seconds. */
export const YOUNG_DEPLOY_MS = 10_000;

export const deployStateKey = (botId: string | undefined) => ['bot-version', botId] as const;
/** GET /list/version's query: a deploy that ends refreshes an open versions dialog. */
export const versionListKey = (botId: string | undefined) => ['bot-versions', botId] as const;

export function useDeployState(botId: string | undefined) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  // When this editor first saw the running version; its start (fc) counts when it is earlier, so a
  // deploy found long under way is not polled every second.
  const seen = useRef<{ id: string; since: number } | null>(null);
  const pollEvery = (version: BotVersion): number => {
    if (seen.current?.id !== version.id) seen.current = { id: version.id, since: Date.now() };
    const started = Date.parse(version.fc);
    const since = Number.isNaN(started) ? seen.current.since : Math.min(seen.current.since, started);
    return Date.now() - since < YOUNG_DEPLOY_MS ? YOUNG_DEPLOY_POLL_MS : DEPLOY_POLL_MS;
  };
  const { data: latest } = useQuery({
    queryKey: deployStateKey(botId),
    queryFn: () => dataProvider.getDeployState(botId ?? ''),
    enabled: !!botId,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data && !query.state.data.done ? pollEvery(query.state.data) : false),
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
