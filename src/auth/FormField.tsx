// A labelled text input for the public pages. MUI's TextField would also bring its Select, menu
// and modal code into the login page's bundle; this is the same outlined field without them.
import { useId, type ChangeEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface FormFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
}

export function FormField({ label, required, error, helperText, fullWidth = true, margin = 'normal', ...input }: FormFieldProps) {
  const id = useId();
  const helperId = `${id}-ayuda`;
  return (
    <FormControl fullWidth={fullWidth} margin={margin} required={required} error={error} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={required ? `${label} *` : label}
        aria-describedby={helperText ? helperId : undefined}
        {...input}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
