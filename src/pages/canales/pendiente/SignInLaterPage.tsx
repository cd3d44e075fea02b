// The Teams and Google editors: the common layout. Their
// sign-in is not built yet: before the first save 'Guarde para iniciar sesión'; after it, the
// sign-in shown disabled with a note that the connection is not there yet.
// The tenant id (idR) and the authorized e-mail are shown when the server has them.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import LoginIcon from '@mui/icons-material/Login';
import { useParams, useTranslate } from 'react-admin';
import { ReadOnlyValue } from '../../../layout/FormParts';
import { CanalCommonInputs, CanalEditorFrame, CanalForm, CanalToolbar, editorRoute, SaveToSignIn, useCanalEditor, useCanalEditorContext } from '../common';

type Kind = 'Microsoft' | 'Google';

const TEXTS: Record<Kind, { signIn: string; pending: string }> = {
  Microsoft: { signIn: 'quipu.canales.iniciarSesionMsft', pending: 'quipu.canales.conexionPendienteMsft' },
  Google: { signIn: 'quipu.canales.iniciarSesionGoogle', pending: 'quipu.canales.conexionPendienteGoogle' },
};

function PendingSignIn({ kind }: { kind: Kind }) {
  const translate = useTranslate();
  const { canal, isNew } = useCanalEditorContext();
  if (isNew || !canal) return <SaveToSignIn />;
  const id = `canal-${kind.toLowerCase()}-pendiente`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start', maxWidth: 640 }}>
      <MuiButton variant="contained" disabled aria-describedby={id} startIcon={<LoginIcon />}>
        {translate(TEXTS[kind].signIn)}
      </MuiButton>
      <Alert id={id} severity="warning">
        {translate(TEXTS[kind].pending)}
      </Alert>
      {canal.idR ? <ReadOnlyValue id="canal-idR" label="quipu.canales.idR" value={canal.idR} /> : null}
      {canal.email ? <ReadOnlyValue id="canal-email" label="quipu.canales.email" value={canal.email} /> : null}
    </Box>
  );
}

function SignInLaterEditor({ kind }: { kind: Kind }) {
  const { id } = useParams();
  const editor = useCanalEditor(kind, id);
  return (
    <CanalEditorFrame editor={editor}>
      <CanalForm editor={editor}>
        <CanalCommonInputs>
          <PendingSignIn kind={kind} />
        </CanalCommonInputs>
        <CanalToolbar />
      </CanalForm>
    </CanalEditorFrame>
  );
}

export function MsftPage() {
  return <SignInLaterEditor kind="Microsoft" />;
}
MsftPage.path = editorRoute('Microsoft');

export function GooglePage() {
  return <SignInLaterEditor kind="Google" />;
}
GooglePage.path = editorRoute('Google');
