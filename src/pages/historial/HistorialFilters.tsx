// The history's filters: Bot ('Seleccione' first), Desde, Hasta (DD/MM/YYYY) and Nombre. Whatever
// the user picks stays picked; a rule it breaks is written under its field, and read out.
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { BotRefRow } from '../../api/bots';
import { DayField } from '../../layout/DayField';
import { TEXTS, type FilterErrors, type HistoryFilters } from './historialModel';

export interface HistorialFiltersProps {
  filters: HistoryFilters;
  bots: readonly BotRefRow[];
  errors: FilterErrors;
  onChange: (change: Partial<HistoryFilters>) => void;
  /** Enter in the name field searches. */
  onSubmit: () => void;
}

export function HistorialFilters({ filters, bots, errors, onChange, onSubmit }: HistorialFiltersProps) {
  return (
    <Box
      role="search"
      aria-label={TEXTS.filtros}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <TextField
        select
        id="historial-bot"
        label={TEXTS.bot}
        size="small"
        value={filters.idBot}
        onChange={(event) => onChange({ idBot: event.target.value })}
        error={!!errors.idBot}
        helperText={errors.idBot || ' '}
        sx={{ width: 240, maxWidth: '100%' }}
        slotProps={{
          inputLabel: { shrink: true },
          formHelperText: { 'aria-live': 'polite' },
          select: { displayEmpty: true, renderValue: (id) => bots.find((bot) => bot.id === id)?.nm ?? TEXTS.seleccione },
        }}
      >
        <MenuItem value="">{TEXTS.seleccione}</MenuItem>
        {bots.map((bot) => (
          <MenuItem key={bot.id} value={bot.id}>
            {bot.nm}
          </MenuItem>
        ))}
      </TextField>
      <DayField id="historial-fd" label={TEXTS.desde} value={filters.fd} onChange={(fd) => onChange({ fd })} error={errors.fd} />
      <DayField id="historial-fh" label={TEXTS.hasta} value={filters.fh} onChange={(fh) => onChange({ fh })} error={errors.fh} />
      <TextField
        id="historial-nombre"
        label={TEXTS.nombre}
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
