// The bot selector: choosing a bot links it at once (POST /ch/suscribe?id&idB) and
// 'Desvincular' (blk) unlinks it; either says 'Guardado con éxito'. Shown once the channel is saved.
import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { UNLINK } from '../../../api/canales';
import type { QuipuDataProvider } from '../../../api/dataProvider';
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
    <TextField
      select
      id="canal-bot"
      label={translate('quipu.canales.bot')}
      value={value}
      onChange={(event) => void change(event.target.value)}
      disabled={busy}
      size="small"
      sx={{ maxWidth: 480, mt: 1 }}
      slotProps={{
        input: { readOnly },
        select: { displayEmpty: true, renderValue: (selected) => (selected ? options.find((bot) => bot.id === selected)?.nm ?? String(selected) : translate('quipu.canales.botSeleccione')) },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value={UNLINK}>{translate('quipu.canales.desvincular')}</MenuItem>
      {options.map((bot) => (
        <MenuItem key={bot.id} value={bot.id}>
          {bot.nm}
        </MenuItem>
      ))}
    </TextField>
  );
}
