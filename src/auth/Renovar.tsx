// Expired-credentials renewal: current, new and verify password, all
// required, and a solved captcha; success says so and returns to / after 2 s.
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormField } from './FormField';
import Typography from '@mui/material/Typography';
import { session as sessionApi } from '../api/client';
import { base64ToText } from '../api/base64Text';
import { messageOf } from '../api/HttpError';
import { useNotice } from '../layout/PublicNotices';
import { AuthCard } from './AuthCard';
import { PasswordStrength } from './PasswordStrength';
import { linkProps, navigate } from './publicRouter';
import { useRequiredFields } from './useRequiredFields';

const CaptchaWidget = lazy(() => import('./CaptchaWidget'));

export const EXPIRED_TEXT = 'Sus credenciales han expirado. Favor cambie su clave.';
export const CAPTCHA_REQUIRED = 'Debe resolver el captcha';
export const RENEWED_TEXT = 'Contraseña actualizada con éxito';
export const RENOVAR_REDIRECT_MS = 2_000;

const FIELDS = ['current', 'passwd1', 'passwd2'] as const;

export function Renovar({ encodedUser }: { encodedUser: string }) {
  const login = base64ToText(encodedUser) ?? encodedUser;
  const notify = useNotice();
  const { values, field, validate } = useRequiredFields(FIELDS);
  const [token, setToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [state, setState] = useState<'editing' | 'sending' | 'done'>('editing');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    if (!token) return notify(CAPTCHA_REQUIRED, 'error');
    setState('sending');
    try {
      await sessionApi.renewExpired({ ...values, id: login, token });
      setState('done');
      notify(RENEWED_TEXT, 'success');
      timer.current = setTimeout(() => navigate('/'), RENOVAR_REDIRECT_MS);
    } catch (error) {
      notify(messageOf(error), 'error');
      // A captcha payload is good for one try: ask for a fresh one.
      setToken(null);
      setCaptchaRound((round) => round + 1);
      setState('editing');
    }
  };

  return (
    <AuthCard title="Renovar contraseña">
      <Alert severity="warning" sx={{ mt: 2 }}>
        {EXPIRED_TEXT}
      </Alert>
      <Typography variant="body2" sx={{ mt: 2 }}>
        Usuario: <strong>{login}</strong>
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label="Renovar contraseña">
        <FormField {...field('current')} label="Contraseña actual" type="password" autoComplete="current-password" autoFocus />
        <FormField {...field('passwd1')} label="Nueva contraseña" type="password" autoComplete="new-password" />
        <PasswordStrength password={values.passwd1} userInputs={[login]} />
        <FormField {...field('passwd2')} label="Verificar contraseña" type="password" autoComplete="new-password" />
        <Box sx={{ my: 2 }}>
          <Suspense fallback={<Typography variant="body2">Cargando captcha...</Typography>}>
            <CaptchaWidget key={captchaRound} challengeUrl={sessionApi.captchaUrl()} onChange={setToken} />
          </Suspense>
        </Box>
        <Button type="submit" variant="contained" fullWidth size="large" disabled={state !== 'editing'}>
          Enviar
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link {...linkProps('/')}>Volver al inicio de sesión</Link>
      </Box>
    </AuthCard>
  );
}
