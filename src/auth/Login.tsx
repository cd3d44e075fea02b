// Login page: user name and password, 'Ingresar', the Microsoft sign-in link and
// '¿Olvidó su contraseña?'. An `error` query parameter (base64 of UTF-8 text) is shown as an error
// notice: the server sends every refusal of the Microsoft sign-in back that way, 'not configured' included.
import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import { FormField } from './FormField';
import { session as sessionApi } from '../api/client';
import { base64ToText, textToBase64Url } from '../api/base64Text';
import { HttpError, messageOf } from '../api/HttpError';
import type { Session } from '../../common/sessionTypes';
import { useNotice } from '../layout/PublicNotices';
import { AuthCard } from './AuthCard';
import { linkProps, navigate } from './publicRouter';
import { useRequiredFields } from './useRequiredFields';

export interface LoginProps {
  onSignedIn: (session: Session) => void;
}

const FIELDS = ['usuario', 'password'] as const;

export function Login({ onSignedIn }: LoginProps) {
  const notify = useNotice();
  const { values, field, validate } = useRequiredFields(FIELDS);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const encoded = new URLSearchParams(window.location.search).get('error');
    if (encoded) notify(base64ToText(encoded) ?? encoded, 'error');
  }, [notify]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    setBusy(true);
    try {
      onSignedIn(await sessionApi.login(values.usuario.trim(), values.password));
    } catch (error) {
      const message = messageOf(error);
      // Expired credentials lead to the renewal page.
      if (error instanceof HttpError && error.code === 'EXPIRED') navigate(`/renovar/${textToBase64Url(values.usuario.trim())}`);
      else notify(message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Iniciar sesión">
      <Box component="form" noValidate onSubmit={submit} aria-label="Iniciar sesión">
        <FormField {...field('usuario')} label="Usuario" autoComplete="username" autoFocus />
        <FormField {...field('password')} label="Contraseña" type="password" autoComplete="current-password" />
        <Button type="submit" variant="contained" fullWidth size="large" disabled={busy} sx={{ mt: 2 }}>
          Ingresar
        </Button>
      </Box>
      <Divider sx={{ my: 2 }}>o</Divider>
      <Button variant="outlined" fullWidth href={sessionApi.microsoftLoginUrl()}>
        Ingresar con Microsoft
      </Button>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link {...linkProps('/recuperar')}>¿Olvidó su contraseña?</Link>
      </Box>
    </AuthCard>
  );
}
