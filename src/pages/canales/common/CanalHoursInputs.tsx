// The channel's hours: the 'Deshabilitar horas' switch (porHora); when on, the start
// and end hours hi and hf (HH:mm time pickers, required) and the out-of-hours message beside them.
import { useRef } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { es } from 'date-fns/locale/es';
import { BooleanInput, InputHelperText, TextInput, useInput, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CANAL_MESSAGES } from '../../../api/canales';
import { PICKER_TEXTS } from '../../../layout/pickerTexts';
import { isHour } from './canalModel';
import { useCanalEditorContext } from './CanalEditorContext';

const PORHORA_HELP = 'canal-porHora-ayuda';

/** What the form holds for a time the user typed but did not finish: not HH:mm, so it fails validation. */
const UNFINISHED = 'incompleta';

const validateHour: Validator = (value: unknown, values: { porHora?: boolean }) => {
  if (!values?.porHora) return undefined;
  if (value == null || value === '') return 'quipu.canales.requerido';
  return isHour(value) ? undefined : 'quipu.canales.horaInvalida';
};

function toDate(value: unknown): Date | null {
  if (!isHour(value)) return null;
  const [h, m] = value.split(':').map(Number);
  return new Date(2000, 0, 1, h, m);
}

const pad = (n: number) => String(n).padStart(2, '0');

function HourInput({ source, label, readOnly }: { source: 'hi' | 'hf'; label: string; readOnly: boolean }) {
  const translate = useTranslate();
  const { field, fieldState, formState: { isSubmitted }, isRequired } = useInput({ source, validate: validateHour });
  // The picker is controlled: an unfinished time comes back as the very Date it gave us.
  const unfinished = useRef<Date | null>(null);
  const value = field.value === UNFINISHED ? unfinished.current : toDate(field.value);
  // react-admin's validators leave an encoded message that its InputHelperText translates.
  const error = fieldState.error?.message;
  const showError = !!error && (fieldState.isTouched || isSubmitted);
  return (
    <TimePicker
      label={translate(label)}
      value={value}
      ampm={false}
      format="HH:mm"
      views={['hours', 'minutes']}
      readOnly={readOnly}
      onChange={(date) => {
        if (!date) {
          field.onChange(null);
        } else if (Number.isNaN(date.getTime())) {
          unfinished.current = date;
          field.onChange(UNFINISHED);
        } else {
          field.onChange(`${pad(date.getHours())}:${pad(date.getMinutes())}`);
        }
      }}
      onClose={field.onBlur}
      inputRef={field.ref}
      slotProps={{
        textField: {
          id: `canal-${source}`,
          name: source,
          required: isRequired,
          onBlur: field.onBlur,
          error: showError,
          helperText: <InputHelperText error={showError ? error : undefined} helperText=" " />,
          size: 'small',
          sx: { width: 180 },
        },
      }}
    />
  );
}

export function CanalHoursInputs() {
  const { readOnly } = useCanalEditorContext();
  const porHora = useWatch<{ porHora?: boolean }, 'porHora'>({ name: 'porHora' });
  const [hi, hf] = useWatch<{ hi?: string | null; hf?: string | null }, ['hi', 'hf']>({ name: ['hi', 'hf'] });
  const translate = useTranslate();
  // What the channel answers when the message is left empty, with the hours as typed.
  const outOfHours = CANAL_MESSAGES.outOfHours.replace('{hi}', isHour(hi) ? hi : 'HH:mm').replace('{hf}', isHour(hf) ? hf : 'HH:mm');
  return (
    <Box>
      {/* The help is the switch's description: its label alone ('Deshabilitar horas') does not say what it does. */}
      <BooleanInput
        source="porHora"
        label="quipu.canales.porHora"
        helperText={false}
        readOnly={readOnly}
        options={{ slotProps: { input: { 'aria-describedby': PORHORA_HELP } } }}
      />
      <FormHelperText id={PORHORA_HELP} sx={{ mt: 0, mb: 1, maxWidth: 720 }}>
        {translate('quipu.canales.porHoraAyuda')}
      </FormHelperText>
      {porHora ? (
        <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={es} localeText={PICKER_TEXTS}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mt: 1 }}>
            <HourInput source="hi" label="quipu.canales.hi" readOnly={readOnly} />
            <HourInput source="hf" label="quipu.canales.hf" readOnly={readOnly} />
            <TextInput
              source="msgFueraHora"
              label="quipu.canales.msgFueraHora"
              helperText={translate('quipu.canales.msgFueraHoraAyuda', { defecto: outOfHours })}
              multiline
              minRows={2}
              readOnly={readOnly}
              sx={{ flex: '1 1 280px', maxWidth: 480, mt: 0 }}
            />
          </Box>
        </LocalizationProvider>
      ) : null}
    </Box>
  );
}
