// Pieces shared by the console's screens: the page heading, the back link, a section heading,
// a read-only value that still reads as a labelled field, and the text of a field's error.
import type { ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Button, LinkBase, useTranslate, ValidationError, type ValidationErrorMessage } from 'react-admin';
import type { FieldError } from 'react-hook-form';

/** The screen's one h1; react-admin's title in the top bar is not a heading. */
export function PageHeading({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
      {translate(title)}
    </Typography>
  );
}

/**
 * 'Atras' on the screens whose spec quotes it so (users, channel editors); the other screens
 * (bots, skills, companies, mail settings) pass 'Atrás'.
 */
export function BackButton({ to, label = 'quipu.comun.atras' }: { to: string; label?: string }) {
  return (
    <Button component={LinkBase} label={label} to={to}>
      <ArrowBackIcon />
    </Button>
  );
}

export function FormSection({ title, children, level = 'h2' }: { title: string; children?: ReactNode; level?: 'h2' | 'h3' }) {
  const translate = useTranslate();
  return (
    <>
      <Typography component={level} variant="subtitle1" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </>
  );
}

export function ReadOnlyValue({ id, label, value }: { id: string; label: string; value: string }) {
  const translate = useTranslate();
  return (
    <TextField
      id={id}
      label={translate(label)}
      value={value}
      size="small"
      variant="filled"
      margin="dense"
      slotProps={{ input: { readOnly: true } }}
      sx={{ minWidth: 256 }}
    />
  );
}

/** The message of a react-hook-form error: a string (setError) or react-admin's {message} (resolver). */
export function ErrorText({ error }: { error: FieldError | undefined }) {
  const message = error?.message as ValidationErrorMessage | undefined;
  return message ? <ValidationError error={message} /> : null;
}
