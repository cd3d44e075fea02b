// The inputs of an action card's form. Each card is a plain react-hook-form form (one per card,
// so one card's draft never touches another's), so these bind MUI fields with useController
// rather than react-admin's inputs, which expect react-admin's <Form>. They show the shared rules'
// message at their path, a list's own message, and the character counters.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useController, useFormState } from 'react-hook-form';
import { errorAt } from '../../cards/formRules';

/** The helper line under a field: the rule's message (or a hint) and, when limited, 'n/max'. */
function HelperLine({ message, length, max }: { message?: ReactNode; length: number; max?: number }) {
  if (max === undefined) return <>{message}</>;
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <span>{message}</span>
      <Box component="span" sx={{ color: length > max ? 'error.main' : undefined, whiteSpace: 'nowrap' }}>
        {length}/{max}
      </Box>
    </Box>
  );
}

export interface FormTextFieldProps {
  name: string;
  /** An i18n key, or a text already in Spanish. */
  label: string;
  /** A length limit: shows a counter (the rule refuses a longer text with 'Máximo n caracteres'). */
  max?: number;
  /** A hint under the field (an i18n key), replaced by the rule's message when there is one. */
  helper?: string;
  multiline?: boolean;
  placeholder?: string;
}

export function FormTextField({ name, label, max, helper, multiline, placeholder }: FormTextFieldProps) {
  const translate = useTranslate();
  const id = useId();
  const { field: { ref, value, ...field }, fieldState } = useController({ name });
  const text = (value as string | null | undefined) ?? '';
  const message = fieldState.error?.message ?? (helper && translate(helper, { _: helper }));
  return (
    <TextField
      {...field}
      id={id}
      inputRef={ref}
      value={text}
      label={translate(label, { _: label })}
      placeholder={placeholder}
      error={!!fieldState.error}
      helperText={message || max !== undefined ? <HelperLine message={message} length={text.length} max={max} /> : undefined}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      size="small"
      margin="dense"
      fullWidth
    />
  );
}

export interface FormSelectProps {
  name: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty choice's text; without it there is none. */
  placeholder?: string;
}

/** A native select: the platform's own keyboard and screen-reader behaviour. */
export function FormSelect({ name, label, options, placeholder }: FormSelectProps) {
  const translate = useTranslate();
  const id = useId();
  const { field: { ref, value, ...field }, fieldState } = useController({ name });
  return (
    <TextField
      {...field}
      id={id}
      inputRef={ref}
      value={(value as string | null | undefined) ?? ''}
      select
      label={translate(label, { _: label })}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      size="small"
      margin="dense"
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {placeholder !== undefined && <option value="">{translate(placeholder, { _: placeholder })}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

export function FormSwitch({ name, label, helper }: { name: string; label: string; helper?: string }) {
  const translate = useTranslate();
  const id = useId();
  const { field } = useController({ name });
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            id={id}
            inputRef={field.ref}
            checked={!!field.value}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={helper ? { input: { 'aria-describedby': `${id}-ayuda` } } : undefined}
          />
        }
        label={translate(label)}
      />
      {helper && (
        <FormHelperText id={`${id}-ayuda`} sx={{ mt: 0 }}>
          {translate(helper)}
        </FormHelperText>
      )}
    </div>
  );
}

/** A list's own message ('Debe tener al menos un botón'), or a row's ('Cada fila necesita nombre y valor'). */
export function ListError({ name }: { name: string }) {
  const { errors } = useFormState({ name });
  const message = errorAt(errors, name);
  return message ? (
    <FormHelperText error role="alert">
      {message}
    </FormHelperText>
  ) : null;
}
