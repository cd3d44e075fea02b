// The company's bots (GET /bots: id and name), for a jump to another bot.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { QuipuDataProvider } from '../../../../api/dataProvider';

export function useBotRefs() {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  return useQuery({ queryKey: ['bots', 'refs'], queryFn: () => dataProvider.listBotRefs() });
}
