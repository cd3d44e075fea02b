// The sign-in of a channel its provider links through the browser (Teams, Google): before the
// first save 'Guarde para iniciar sesión'; then 'Iniciar sesión' (the server's login address) and
// what the last sign-in set, the channel's idR, or that nobody has signed in yet. A user without
// channel access sees the idR without the link. `children` go below (Teams' file access).
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import LoginIcon from '@mui/icons-material/Login';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ReadOnlyValue } from '../../../layout/FormParts';
import { useCanalEditorContext } from './CanalEditorContext';
import { SaveToSignIn } from './SaveToSignIn';

interface CanalSignInProps {
  loginUrl: (id: string) => string;
  idRLabel: string;
  notSignedIn: string;
  children?: ReactNode;
}

export function CanalSignIn({ loginUrl, idRLabel, notSignedIn, children }: CanalSignInProps) {
  const translate = useTranslate();
  const { canal, isNew, readOnly } = useCanalEditorContext();
  if (isNew || !canal) return <SaveToSignIn />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start', maxWidth: 640 }}>
      {readOnly ? null : (
        <MuiButton href={loginUrl(canal.id)} variant="contained" startIcon={<LoginIcon />}>
          {translate('quipu.canales.iniciarSesion')}
        </MuiButton>
      )}
      {canal.idR ? (
        <ReadOnlyValue id="canal-idR" label={idRLabel} value={canal.idR} />
      ) : (
        <Typography variant="body2">{translate(notSignedIn)}</Typography>
      )}
      {children}
    </Box>
  );
}
