// The Teams editor: the common layout, 'Iniciar sesión' (the browser goes to
// {API_BASE}/loginMicrosoft?ch={id}; the signed-in admin's tenant becomes the channel's idR) and
// 'Autorizar archivos' (the same with type=files; the authorised e-mail is shown), both back here
// with ?status=ok or ?error. A collapsible configuration holds the Bot Framework app's id and
// password (write-only) and the messaging endpoint and redirect addresses to paste in Azure.
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import Typography from '@mui/material/Typography';
import { useParams, useTranslate } from 'react-admin';
import { API_URL } from '../../../api/client';
import { ReadOnlyValue } from '../../../layout/FormParts';
import {
  CanalCommonInputs,
  CanalConfigAccordion,
  CanalEditorFrame,
  CanalForm,
  CanalSignIn,
  CanalToolbar,
  CopyField,
  editorRoute,
  SecretInput,
  useCanalEditor,
  useCanalEditorContext,
  useSignInResult,
} from '../common';

export const msftLoginUrl = (id: string) => `${API_URL}/loginMicrosoft?ch=${encodeURIComponent(id)}`;
export const msftFilesUrl = (id: string) => `${msftLoginUrl(id)}&type=files`;
export const msftRedirectUrl = () => `${API_URL}/callback-microsoft`;
export const msftEndpointUrl = (id: string) => `${API_URL}/wh/teams/${encodeURIComponent(id)}`;

const FILES_HELP = 'msft-archivos-ayuda';

/** 'Autorizar archivos': delegated OneDrive and SharePoint read access, and the e-mail that granted it. */
function FilesAccess() {
  const translate = useTranslate();
  const { canal, readOnly } = useCanalEditorContext();
  if (!canal?.id) return null;
  return (
    <>
      {readOnly ? null : (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
          <MuiButton href={msftFilesUrl(canal.id)} variant="outlined" startIcon={<FolderSharedIcon />} aria-describedby={FILES_HELP}>
            {translate('quipu.canales.msft.autorizarArchivos')}
          </MuiButton>
          <Typography id={FILES_HELP} variant="caption" color="text.secondary">
            {translate('quipu.canales.msft.autorizarArchivosAyuda')}
          </Typography>
        </Box>
      )}
      {canal.email ? <ReadOnlyValue id="canal-email" label="quipu.canales.email" value={canal.email} /> : null}
    </>
  );
}

function MsftConfig() {
  const { canal } = useCanalEditorContext();
  return (
    <CanalConfigAccordion id="msft-config" title="quipu.canales.msft.configuracion">
      <SecretInput name="msAppId" label="quipu.canales.msft.appId" />
      <SecretInput name="msAppPassword" label="quipu.canales.msft.appPassword" />
      {/* A new channel has no address yet; the sign-in above already says to save first. */}
      {canal?.id ? <CopyField id="msft-endpoint" label="quipu.canales.msft.endpoint" value={msftEndpointUrl(canal.id)} /> : null}
      <CopyField id="msft-redirect" label="quipu.canales.redirect" value={msftRedirectUrl()} />
    </CanalConfigAccordion>
  );
}

export function MsftPage() {
  const { id } = useParams();
  const editor = useCanalEditor('Microsoft', id);
  useSignInResult();
  return (
    <CanalEditorFrame editor={editor}>
      <CanalForm editor={editor}>
        <CanalCommonInputs>
          <CanalSignIn loginUrl={msftLoginUrl} idRLabel="quipu.canales.idR" notSignedIn="quipu.canales.msft.sinSesion">
            <FilesAccess />
          </CanalSignIn>
          <MsftConfig />
        </CanalCommonInputs>
        <CanalToolbar />
      </CanalForm>
    </CanalEditorFrame>
  );
}

MsftPage.path = editorRoute('Microsoft');
