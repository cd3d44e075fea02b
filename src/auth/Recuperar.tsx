// Password recovery: one e-mail field and 'Recuperar'. Whatever the server says,
// the same neutral message is shown and the page returns to / after 5 s.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormField } from './FormField';
import { session as sessionApi } from '../api/client';
import { useNotice } from '../layout/PublicNotices';
import { AuthCard } from './AuthCard';
import { linkProps, navigate } from './publicRouter';
import { useRequiredFields } from './useRequiredFields';

export const RECUPERAR_MESSAGE =
  'Si su dirección de correo electrónico existe, recibirá un mensaje con su nueva contraseña en unos minutos.';
export const RECUPERAR_REDIRECT_MS = 5_000;

const FIELDS = ['email'] as const;

export function Recuperar() {
  const notify = useNotice();
  const { values, field, validate } = useRequiredFields(FIELDS);
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    setSent(true);
    try {
      await sessionApi.resetPassword(values.email.trim());
    } catch {
      // The answer is neutral on purpose: it never tells whether the address exists.
    }
    notify(RECUPERAR_MESSAGE, 'info');
    timer.current = setTimeout(() => navigate('/'), RECUPERAR_REDIRECT_MS);
  };

  return (
    <AuthCard title="Recuperar contraseña">
      <Box component="form" noValidate onSubmit={submit} aria-label="Recuperar contraseña">
        <FormField {...field('email')} label="Correo electrónico" type="email" autoComplete="email" autoFocus />
        <Button type="submit" variant="contained" fullWidth size="large" disabled={sent} sx={{ mt: 2 }}>
          Recuperar
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link {...linkProps('/')}>Volver al inicio de sesión</Link>
      </Box>
    </AuthCard>
  );
}
