// The threshold (0 to 1): a slider in steps of 0.05 and a number field for the exact value, both
// on the one form value. What the number field cannot read is kept as NaN, which the rules refuse
// ('El umbral debe ser un número entre 0 y 1').
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { ErrorText } from '../../layout/FormParts';

const STEP = 0.05;

export function ThresholdInput({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const labelId = useId();
  const { id, field, fieldState } = useInput({ source: 'threshold' });
  const value = typeof field.value === 'number' ? field.value : Number.NaN;
  const [text, setText] = useState(Number.isNaN(value) ? '' : String(value));

  // The slider (or a reset of the form) moved the value: the number field follows.
  useEffect(() => {
    setText((current) => {
      const shown = current.trim() === '' ? Number.NaN : Number(current.replace(',', '.'));
      return Object.is(shown, value) || Number.isNaN(value) ? current : String(value);
    });
  }, [value]);

  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start', flexWrap: 'wrap', maxWidth: 560 }}>
      <Box sx={{ flex: '1 1 220px', px: 1 }}>
        <Typography id={labelId} variant="body2" color="text.secondary">
          {translate('quipu.skills.threshold')}
        </Typography>
        <Slider
          aria-labelledby={labelId}
          value={Number.isNaN(value) ? 0 : Math.min(1, Math.max(0, value))}
          min={0}
          max={1}
          step={STEP}
          marks={[{ value: 0, label: '0' }, { value: 0.5, label: '0.5' }, { value: 1, label: '1' }]}
          valueLabelDisplay="auto"
          disabled={readOnly}
          onChange={(_event, next) => field.onChange(Math.round((next as number) * 100) / 100)}
        />
      </Box>
      <TextField
        id={id}
        name={field.name}
        inputRef={field.ref}
        type="number"
        size="small"
        label={translate('quipu.skills.thresholdValor')}
        value={text}
        error={!!fieldState.error}
        helperText={fieldState.error ? <ErrorText error={fieldState.error} /> : translate('quipu.skills.thresholdAyuda')}
        slotProps={{ htmlInput: { min: 0, max: 1, step: STEP, readOnly } }}
        onChange={(event) => {
          setText(event.target.value);
          const typed = event.target.value.trim();
          field.onChange(typed === '' ? Number.NaN : Number(typed.replace(',', '.')));
        }}
        onBlur={field.onBlur}
        sx={{ width: 200 }}
      />
    </Box>
  );
}
