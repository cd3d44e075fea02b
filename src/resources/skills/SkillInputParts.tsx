// Small inputs the Skill tab shares: a labelled switch whose message is read with it, and the text
// of a field's error, whichever way it was set (the rules' resolver, or a server 400's setError).
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { useInput, useTranslate, ValidationError, type ValidationErrorMessage } from 'react-admin';
import type { FieldError } from 'react-hook-form';

/** The message of a react-hook-form error: a string (setError) or react-admin's {message} (resolver). */
export function ErrorText({ error }: { error: FieldError | undefined }) {
  const message = error?.message as ValidationErrorMessage | undefined;
  return message ? <ValidationError error={message} /> : null;
}

interface SkillSwitchProps {
  source: string;
  label: string;
  helperText?: string;
  readOnly?: boolean;
}

export function SkillSwitch({ source, label, helperText, readOnly }: SkillSwitchProps) {
  const translate = useTranslate();
  const helperId = useId();
  const { id, field, fieldState } = useInput({ source, type: 'checkbox', defaultValue: false });
  const describe = fieldState.error || helperText;
  return (
    <div>
      <FormControlLabel
        label={translate(label)}
        control={
          <Switch
            id={id}
            name={field.name}
            inputRef={field.ref}
            checked={!!field.value}
            disabled={readOnly}
            onChange={(event) => {
              field.onChange(event.target.checked);
              field.onBlur();
            }}
            slotProps={{ input: { 'aria-describedby': describe ? helperId : undefined } }}
          />
        }
      />
      {describe ? (
        <FormHelperText id={helperId} error={!!fieldState.error} sx={{ mt: 0, mb: 1 }}>
          {fieldState.error ? <ErrorText error={fieldState.error} /> : translate(helperText!)}
        </FormHelperText>
      ) : null}
    </div>
  );
}
