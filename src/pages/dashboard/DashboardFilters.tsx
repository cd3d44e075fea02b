// The dashboard's filters: Bot, Desde, Hasta (DD/MM/YYYY), Tipo and Tiempo. Whatever the user
// picks stays picked; a rule it breaks is written under its field. On a phone they take two
// columns: Bot across both, then Desde beside Hasta and Tipo beside Tiempo, so the first screen
// still has room for the numbers and nothing is wider than the phone.
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslate } from 'react-admin';
import { BotPicker } from '../../layout/BotPicker';
import { DayRangeFields } from '../../layout/DayRangeFields';
import type { BotRefRow } from '../../api/bots';
import type { Filters, Tiempo, Tipo } from './dashboardModel';

export interface FilterErrors {
  idBot?: string | null;
  fd?: string | null;
  fh?: string | null;
}

export interface DashboardFiltersProps {
  filters: Filters;
  bots: readonly BotRefRow[];
  errors: FilterErrors;
  onChange: (change: Partial<Filters>) => void;
}

const ROW = { display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' } as const;
const PHONE = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 1, rowGap: 0.5, alignItems: 'start' } as const;

export function DashboardFilters({ filters, bots, errors, onChange }: DashboardFiltersProps) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  // On a phone each field fills its cell; elsewhere each keeps the width its content needs.
  const fill = phone ? { width: '100%', minWidth: 0 } : null;
  // Tipo and Tiempo break no rule: on a phone they keep no line for one.
  const noRule = phone ? undefined : ' ';
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, ...(phone ? PHONE : ROW) }}>
      <legend style={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{translate('quipu.dashboard.filtros')}</legend>
      <BotPicker
        id="dashboard-bot"
        label={translate('quipu.dashboard.bot')}
        variant="outlined"
        fullWidth={false}
        bots={bots}
        value={filters.idBot}
        onChange={(idBot) => onChange({ idBot })}
        prompt={translate('quipu.dashboard.seleccioneBot')}
        error={errors.idBot}
        sx={{ minWidth: 220, maxWidth: '100%', ...fill, ...(phone ? { gridColumn: '1 / -1' } : {}) }}
      />
      <DayRangeFields idPrefix="dashboard" fd={filters.fd} fh={filters.fh} errors={errors} onChange={onChange} width={phone ? '100%' : undefined} />
      <TextField select id="dashboard-tipo" label={translate('quipu.dashboard.tipo')} variant="outlined" fullWidth={false} size="small" value={filters.tipo} onChange={(event) => onChange({ tipo: event.target.value as Tipo })} helperText={noRule} sx={fill ?? { minWidth: 140 }}>
        <MenuItem value="sesiones">{translate('quipu.dashboard.sesiones')}</MenuItem>
        <MenuItem value="clientes">{translate('quipu.dashboard.clientes')}</MenuItem>
      </TextField>
      <TextField select id="dashboard-tl" label={translate('quipu.dashboard.tiempo')} variant="outlined" fullWidth={false} size="small" value={filters.tl} onChange={(event) => onChange({ tl: event.target.value as Tiempo })} helperText={noRule} sx={fill ?? { minWidth: 120 }}>
        <MenuItem value="dias">{translate('quipu.dashboard.dias')}</MenuItem>
        <MenuItem value="horas">{translate('quipu.dashboard.horas')}</MenuItem>
      </TextField>
    </Box>
  );
}
