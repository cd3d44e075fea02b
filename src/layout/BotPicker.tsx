// The 'Bot' select of the dashboard, the history and a channel's editor: a first option (the prompt,
// or the channel's 'Desvincular'), then the bots by name; while none is picked it shows the prompt.
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { BotRefRow } from '../api/bots';

export interface BotPickerProps extends Pick<TextFieldProps, 'variant' | 'fullWidth' | 'disabled' | 'sx'> {
  id: string;
  label: string;
  bots: ReadonlyArray<Pick<BotRefRow, 'id' | 'nm'>>;
  /** The bot's id; '' while none is picked. */
  value: string;
  onChange: (idBot: string) => void;
  /** What the field shows while no bot is picked ('Seleccione'). */
  prompt: string;
  /** The option before the bots; by default the prompt, which picks none (''). */
  first?: { value: string; label: string };
  /** The rule the pick breaks, written under the field and read out when it appears. */
  error?: string | null;
  /** Whether a line is kept under the field for `error`; false where the pick checks no rule. */
  ruleLine?: boolean;
  readOnly?: boolean;
}

export function BotPicker({ id, label, bots, value, onChange, prompt, first = { value: '', label: prompt }, error, ruleLine = true, readOnly, variant, fullWidth, disabled, sx }: BotPickerProps) {
  return (
    <TextField
      select
      id={id}
      label={label}
      variant={variant}
      fullWidth={fullWidth}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      error={!!error}
      helperText={ruleLine ? error || ' ' : undefined}
      sx={sx}
      slotProps={{
        input: { readOnly },
        inputLabel: { shrink: true },
        formHelperText: { 'aria-live': 'polite' },
        select: { displayEmpty: true, renderValue: (selected) => bots.find((bot) => bot.id === selected)?.nm ?? prompt },
      }}
    >
      <MenuItem value={first.value}>{first.label}</MenuItem>
      {bots.map((bot) => (
        <MenuItem key={bot.id} value={bot.id}>
          {bot.nm}
        </MenuItem>
      ))}
    </TextField>
  );
}
