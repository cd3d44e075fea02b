// A labelled switch the Skill tab shares, whose message (its error, else its helper text) is read with it.
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { ErrorText } from '../../layout/FormParts';

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
