// The bot selector: choosing a bot links it at once (POST /ch/suscribe?id&idB) and
// 'Desvincular' (blk) unlinks it; either says 'Guardado con éxito'. Shown once the channel is saved.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { UNLINK } from '../../../api/canales';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { BotPicker } from '../../../layout/BotPicker';
import { useFlags } from '../../../permissions/useFlags';
import { useCanalEditorContext } from './CanalEditorContext';

export function CanalBotSelector() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { flags } = useFlags();
  const { canal, readOnly, linkBot } = useCanalEditorContext();
  const [busy, setBusy] = useState(false);
  // A system admin may open another company's channel: its bots are that company's.
  const idE = flags?.isAdmin ? canal?.idE || undefined : undefined;
  const { data: bots = [] } = useQuery({
    queryKey: ['canales', 'bots', idE ?? ''],
    queryFn: () => dataProvider.listBotRefs(idE),
    enabled: !!canal?.id && !readOnly,
    retry: false,
  });
  if (!canal?.id) return null;
  const value = canal.b ?? '';
  // The linked bot stays visible even if the list does not bring it (another company's, or still loading).
  const options = canal.b && !bots.some((bot) => bot.id === canal.b) ? [{ id: canal.b, nm: canal.bot ?? canal.b }, ...bots] : bots;

  const change = async (next: string) => {
    if (next === value || (next === UNLINK && !canal.b)) return;
    setBusy(true);
    try {
      await linkBot(next);
    } finally {
      setBusy(false);
    }
  };

  return (
    <BotPicker
      id="canal-bot"
      label={translate('quipu.canales.bot')}
      bots={options}
      value={value}
      onChange={(next) => void change(next)}
      prompt={translate('quipu.canales.botSeleccione')}
      first={{ value: UNLINK, label: translate('quipu.canales.desvincular') }}
      ruleLine={false}
      readOnly={readOnly}
      disabled={busy}
      sx={{ maxWidth: 480, mt: 1 }}
    />
  );
}
