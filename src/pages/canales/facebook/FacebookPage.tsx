// The Facebook Messenger editor (channel access): name and hours as every editor; before the
// first save 'Guarde para iniciar sesión'; inactive, 'Conectar' (the browser goes to
// {API_BASE}/loginFB?ch={id} and comes back with ?status=ok or ?error); active, the connected
// account, the pages with a bot each, 'Menu Persistente' and 'Desconectar'. The webhook's address
// and verify token are there to paste in Meta's app. A page's bot answers its messages, so the
// channel has no bot selector of its own.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import LoginIcon from '@mui/icons-material/Login';
import Typography from '@mui/material/Typography';
import { useDataProvider, useParams, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { FormSection } from '../../../layout/FormParts';
import {
  CanalDisconnectButton,
  CanalEditorFrame,
  CanalForm,
  CanalHoursInputs,
  CanalNameInput,
  CanalStatus,
  CanalToolbar,
  CopyField,
  editorRoute,
  SaveToSignIn,
  useCanalEditor,
  useCanalEditorContext,
  useSignInResult,
} from '../common';
import { facebookLoginUrl, facebookWebhookUrl, isConnected } from './facebookModel';
import { FacebookMenuDialog } from './FacebookMenuDialog';
import { FacebookPagesTable } from './FacebookPagesTable';
import { useFacebookPages } from './useFacebookPages';

function FacebookAccount() {
  const translate = useTranslate();
  const { canal, isNew, readOnly } = useCanalEditorContext();
  if (isNew || !canal) return <SaveToSignIn />;
  if (isConnected(canal)) return <Typography role="status">{translate('quipu.facebook.cuenta', { name: canal.cfg.fbUserName ?? canal.cfg.fbUserId ?? '' })}</Typography>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <Typography role="status" variant="body2">{translate('quipu.facebook.sinConectar')}</Typography>
      {readOnly ? null : (
        <MuiButton href={facebookLoginUrl(canal.id)} variant="contained" startIcon={<LoginIcon />}>
          {translate('quipu.facebook.conectar')}
        </MuiButton>
      )}
    </Box>
  );
}

function FacebookConnected() {
  const translate = useTranslate();
  const { canal, readOnly } = useCanalEditorContext();
  const connected = isConnected(canal);
  const { data, bots } = useFacebookPages(canal, connected && !readOnly);
  if (!canal?.id) return null;
  return (
    <>
      <FormSection title="quipu.facebook.configuracion">
        <Alert severity="info" sx={{ maxWidth: 640, mb: 1 }}>{translate('quipu.facebook.configuracionTexto')}</Alert>
        <CopyField id="fb-webhook" label="quipu.facebook.webhook" value={facebookWebhookUrl(canal.id)} />
        {data ? <CopyField id="fb-verify-token" label="quipu.facebook.verifyToken" value={data.verifyToken} /> : null}
      </FormSection>
      {connected && data ? (
        <>
          <FacebookPagesTable pages={data.pages} bots={bots} />
          <FacebookMenuDialog pages={data.pages} />
        </>
      ) : null}
    </>
  );
}

function FacebookDisconnect() {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { canal, readOnly } = useCanalEditorContext();
  if (readOnly || !isConnected(canal)) return null;
  return <CanalDisconnectButton disconnect={(id) => dataProvider.logoutFacebook(id)} texts="quipu.facebook" />;
}

export function FacebookPage() {
  const { id } = useParams();
  const editor = useCanalEditor('Facebook', id, { afterDelete: 'list' });
  useSignInResult();
  return (
    <CanalEditorFrame editor={editor}>
      <CanalForm editor={editor}>
        <CanalStatus />
        <CanalNameInput />
        <FacebookAccount />
        <CanalHoursInputs />
        <FacebookConnected />
        <CanalToolbar confirmActivation>
          <FacebookDisconnect />
        </CanalToolbar>
      </CanalForm>
    </CanalEditorFrame>
  );
}

FacebookPage.path = editorRoute('Facebook');
