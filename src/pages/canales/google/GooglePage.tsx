// The Google Chat editor: the common layout and 'Iniciar sesión' (the browser goes to
// {API_BASE}/loginGoogle?ch={id}; the Workspace domain becomes the channel's idR), back here with
// ?status=ok or ?error. A collapsible configuration holds the Cloud project number (the audience of
// Chat's tokens), the service account's JSON key (write-only) and the addresses to paste in Google Cloud.
import { TextInput, useParams, type Validator } from 'react-admin';
import { PROJECT_NUMBER_PATTERN } from '../../../../common/schemas/canales';
import { API_URL } from '../../../api/client';
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

export const googleLoginUrl = (id: string) => `${API_URL}/loginGoogle?ch=${encodeURIComponent(id)}`;
export const googleRedirectUrl = () => `${API_URL}/callback-google`;
export const googleEndpointUrl = (id: string) => `${API_URL}/wh/google/${encodeURIComponent(id)}`;

const PROJECT_NUMBER = new RegExp(PROJECT_NUMBER_PATTERN);

const validateProjectNumber: Validator = (value: unknown) =>
  value == null || value === '' || (typeof value === 'string' && PROJECT_NUMBER.test(value)) ? undefined : 'quipu.canales.google.projectNumberInvalido';

function GoogleConfig() {
  const { canal, readOnly } = useCanalEditorContext();
  return (
    <CanalConfigAccordion id="google-config" title="quipu.canales.google.configuracion">
      <TextInput
        source="cfg.projectNumber"
        label="quipu.canales.google.projectNumber"
        validate={validateProjectNumber}
        readOnly={readOnly}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: 480 }}
      />
      <SecretInput name="googleServiceAccount" label="quipu.canales.google.serviceAccount" multiline />
      {/* A new channel has no address yet; the sign-in above already says to save first. */}
      {canal?.id ? <CopyField id="google-endpoint" label="quipu.canales.google.endpoint" value={googleEndpointUrl(canal.id)} /> : null}
      <CopyField id="google-redirect" label="quipu.canales.redirect" value={googleRedirectUrl()} />
    </CanalConfigAccordion>
  );
}

export function GooglePage() {
  const { id } = useParams();
  const editor = useCanalEditor('Google', id);
  useSignInResult();
  return (
    <CanalEditorFrame editor={editor}>
      <CanalForm editor={editor}>
        <CanalCommonInputs>
          <CanalSignIn loginUrl={googleLoginUrl} idRLabel="quipu.canales.google.idR" notSignedIn="quipu.canales.google.sinSesion" />
          <GoogleConfig />
        </CanalCommonInputs>
        <CanalToolbar />
      </CanalForm>
    </CanalEditorFrame>
  );
}

GooglePage.path = editorRoute('Google');
