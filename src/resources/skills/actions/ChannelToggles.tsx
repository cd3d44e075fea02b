// The channels an answer goes to: in the action editor several
// are switched on ('Todos' is [8], and all five on is stored as [8]); in single mode (the test
// chat) exactly one is chosen. Codes: 0 Twitter, 1 Facebook, 2 Telegram, 4 Whatsapp, 6 Teams.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { ALL_CHANNELS, CHANNELS, answersOn, toggleChannel } from '../../../../common/schemas/skillRules';

export interface ChannelTogglesProps {
  /** The channel codes on ([8] for all). In single mode, one code. */
  value: readonly number[];
  onChange: (red: number[]) => void;
  /** Choose exactly one channel (no 'Todos'). */
  single?: boolean;
  disabled?: boolean;
  /** The group's name; 'Canales' by default. */
  label?: string;
  /** The rule's message ('Seleccione al menos un canal'). */
  error?: string;
}

export function ChannelToggles({ value, onChange, single, disabled, label = 'quipu.acciones.canales.titulo', error }: ChannelTogglesProps) {
  const translate = useTranslate();
  const labelId = useId();
  const legend = (
    <FormLabel id={labelId} component="legend">
      {translate(label, { _: label })}
    </FormLabel>
  );
  const helper = error ? <FormHelperText>{error}</FormHelperText> : null;

  if (single) {
    const chosen = value.length === 1 && value[0] !== ALL_CHANNELS ? String(value[0]) : '';
    return (
      <FormControl component="fieldset" error={!!error} disabled={disabled} margin="dense">
        {legend}
        <RadioGroup row aria-labelledby={labelId} value={chosen} onChange={(event) => onChange([Number(event.target.value)])}>
          {CHANNELS.map((channel) => (
            <FormControlLabel key={channel.code} value={String(channel.code)} control={<Radio />} label={channel.nm} />
          ))}
        </RadioGroup>
        {helper}
      </FormControl>
    );
  }

  const all = value.includes(ALL_CHANNELS);
  return (
    <FormControl component="fieldset" error={!!error} disabled={disabled} margin="dense">
      {legend}
      <FormGroup row>
        <FormControlLabel
          control={<Switch checked={all} onChange={(event) => onChange(event.target.checked ? [ALL_CHANNELS] : [])} />}
          label={translate('quipu.acciones.canales.todos')}
        />
        {CHANNELS.map((channel) => (
          <FormControlLabel
            key={channel.code}
            control={<Switch checked={answersOn(value, channel.code)} onChange={() => onChange(toggleChannel(value, channel.code))} />}
            label={channel.nm}
          />
        ))}
      </FormGroup>
      {helper}
    </FormControl>
  );
}
