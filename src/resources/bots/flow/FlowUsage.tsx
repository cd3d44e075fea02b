// 'Ver uso' in the diagram's toolbar: a switch and its days (Desde, Hasta: the dashboard's last days
// by default, at most 90); while on, each skill shows how many sessions reached it and how many
// ended there, and a legend says what each number counts.
import { memo, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import InsightsIcon from '@mui/icons-material/Insights';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { messageOf } from '../../../api/HttpError';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { DayRangeFields } from '../../../layout/DayRangeFields';
import { SETTLE_MS, useSettled } from '../../../layout/useSettled';
import { empresaTimeZone } from '../../../permissions/empresaTimeZone';
import { useSession } from '../../../permissions/useSession';
import { DEFAULT_DAYS, lastDays, rangeError, rangeErrors } from '../../../pages/dashboard/dashboardModel';
import { toUsageMap, type UsageMap } from './skillUsage';

export interface FlowUsageProps {
  botId: string;
  /** The numbers per skill, or null while 'Ver uso' is off or has none yet. */
  onUsage: (usage: UsageMap | null) => void;
}

export const FlowUsage = memo(function FlowUsage({ botId, onUsage }: FlowUsageProps) {
  const session = useSession();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const translate = useTranslate();
  const timeZone = empresaTimeZone(session);
  const [on, setOn] = useState(false);
  const [range, setRange] = useState(() => ({ ...lastDays(DEFAULT_DAYS, timeZone), changed: 'fh' as 'fd' | 'fh' }));
  const broken = rangeError(range.fd, range.fh);
  const under = rangeErrors(range.fd, range.fh, range.changed);
  const errors = { fd: under.fd && translate(under.fd), fh: under.fh && translate(under.fh) };
  const asked = useSettled({ fd: range.fd, fh: range.fh }, SETTLE_MS);
  const uso = useQuery({
    queryKey: ['dashboard', 'uso', botId, asked.fd, asked.fh],
    queryFn: async () => toUsageMap(await dataProvider.getSkillUsage({ idBot: botId, fd: asked.fd, fh: asked.fh, idE: session?.user.idE ?? null })),
    enabled: on && !broken && !rangeError(asked.fd, asked.fh),
    retry: false,
  });
  const usage = on && !broken ? (uso.data ?? null) : null;
  useEffect(() => onUsage(usage), [onUsage, usage]);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
      <ToggleButton value="uso" size="small" selected={on} onChange={() => setOn((value) => !value)} sx={{ py: 0.5 }}>
        <InsightsIcon fontSize="small" sx={{ mr: 0.5 }} />
        {translate('quipu.flujo.verUso')}
      </ToggleButton>
      {on && (
        <>
          <DayRangeFields idPrefix="flow-uso" fd={range.fd} fh={range.fh} errors={errors} onChange={(change) => setRange((r) => ({ ...r, ...change, changed: 'fd' in change ? 'fd' : 'fh' }))} />
          {uso.isFetching && <CircularProgress size={20} aria-label={translate('quipu.flujo.cargandoUso')} sx={{ mt: 1 }} />}
          {uso.error && (
            <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
              {messageOf(uso.error)}
            </Typography>
          )}
          <Box component="ul" aria-label={translate('quipu.flujo.leyendaUso')} sx={{ flexBasis: '100%', m: 0, pl: 0, listStyle: 'none', typography: 'body2', color: 'text.secondary' }}>
            <li>{translate('quipu.flujo.lleganAyuda')}</li>
            <li>{translate('quipu.flujo.terminanAyuda')}</li>
          </Box>
        </>
      )}
    </Box>
  );
});
