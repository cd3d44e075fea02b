// The history's filters: Bot ('Seleccione' first), Desde, Hasta (DD/MM/YYYY) and Nombre. Whatever
// the user picks stays picked; a rule it breaks is written under its field, and read out.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { BotRefRow } from '../../api/bots';
import { BotPicker } from '../../layout/BotPicker';
import { DayRangeFields } from '../../layout/DayRangeFields';
import type { FilterErrors, HistoryFilters } from './historialModel';

export interface HistorialFiltersProps {
  filters: HistoryFilters;
  bots: readonly BotRefRow[];
  errors: FilterErrors;
  onChange: (change: Partial<HistoryFilters>) => void;
  /** Enter in the name field searches. */
  onSubmit: () => void;
}

export function HistorialFilters({ filters, bots, errors, onChange, onSubmit }: HistorialFiltersProps) {
  const translate = useTranslate();
  return (
    <Box
      role="search"
      aria-label={translate('quipu.historial.filtros')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <BotPicker
        id="historial-bot"
        label={translate('quipu.historial.bot')}
        bots={bots}
        value={filters.idBot}
        onChange={(idBot) => onChange({ idBot })}
        prompt={translate('quipu.historial.seleccione')}
        error={errors.idBot}
        sx={{ width: 240, maxWidth: '100%' }}
      />
      <DayRangeFields idPrefix="historial" fd={filters.fd} fh={filters.fh} errors={errors} onChange={onChange} />
      <TextField
        id="historial-nombre"
        label={translate('quipu.historial.nombre')}
        size="small"
        value={filters.name}
        onChange={(event) => onChange({ name: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSubmit();
        }}
        helperText=" "
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ width: 240, maxWidth: '100%' }}
      />
    </Box>
  );
}
