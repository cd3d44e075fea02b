// Before the first save there is nothing to sign in to: 'Guarde para iniciar sesión'.
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';

export function SaveToSignIn() {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ maxWidth: 640 }}>
      {translate('quipu.canales.guardeParaIniciar')}
    </Alert>
  );
}
