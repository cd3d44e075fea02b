// The channel's pages and verify token (GET /ch/fb/pages), and the company's bots for their selectors.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Canal } from '../../../api/canales';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { useFlags } from '../../../permissions/useFlags';

export const facebookPagesKey = (id: string) => ['canales', 'facebook', 'pages', id];

export function useFacebookPages(canal: Canal | null, withBots: boolean) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { flags } = useFlags();
  const id = canal?.id ?? '';
  const pages = useQuery({ queryKey: facebookPagesKey(id), queryFn: () => dataProvider.facebookPages(id), enabled: !!id, retry: false });
  // A system admin may open another company's channel: its bots are that company's.
  const idE = flags?.isAdmin ? canal?.idE || undefined : undefined;
  const bots = useQuery({ queryKey: ['canales', 'bots', idE ?? ''], queryFn: () => dataProvider.listBotRefs(idE), enabled: !!id && withBots, retry: false });
  return { data: pages.data, bots: bots.data ?? [] };
}
