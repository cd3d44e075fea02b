// The Twitter (X) editor (channel access): four collapsible setup steps, the form (env and the
// four OAuth 1.0a keys, all required; the keys write-only), 'Conectar' while inactive (POST
// /loginTw; a new channel is saved first as 'Twitter'), 'Guardar' (connects again with what is
// typed) and 'Desconectar' while active, the webhook check with 'Activar', and the bot selector.
import { useMemo } from 'react';
import LinkIcon from '@mui/icons-material/Link';
import Typography from '@mui/material/Typography';
import type { FieldValues } from 'react-hook-form';
import { PasswordInput, SaveButton, TextInput, Toolbar, required, useDataProvider, useNavigate, useNotify, useParams, useTranslate } from 'react-admin';
import { canalEditorPath, type Canal, type CanalSecretsBody } from '../../../api/canales';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { HttpError, messageOf } from '../../../api/HttpError';
import { BackButton } from '../../../layout/FormParts';
import { CanalBotSelector, CanalDisconnectButton, CanalEditorFrame, CanalForm, editorPath, editorRoute, formValuesOf, toCanalBody, useCanalEditor, useCanalEditorContext } from '../common';
import { TwitterSteps } from './TwitterSteps';
import { TwitterWebhookCheck } from './TwitterWebhookCheck';

const requerido = [required('quipu.canales.requerido')];
const KEYS = [
  ['twConsumerKey', 'consumerKey'],
  ['twConsumerSecret', 'consumerSecret'],
  ['twAccessToken', 'accessToken'],
  ['twAccessTokenSecret', 'accessTokenSecret'],
] as const satisfies ReadonlyArray<readonly [keyof CanalSecretsBody, string]>;

/** Connected: active with the webhook registered at X (a channel just created is active, but not connected yet). */
const isConnected = (canal: Canal | null): canal is Canal => !!canal?.id && canal.activo && !!canal.cfg.webhookId;

function TwitterInputs() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { canal, readOnly } = useCanalEditorContext();
  const active = isConnected(canal);
  return (
    <>
      <Typography role="status">
        {active
          ? translate(canal.cfg.twitterUsername ? 'quipu.canalTwitter.cuenta' : 'quipu.canalTwitter.conectadoSinUsuario', { username: canal.cfg.twitterUsername ?? '' })
          : translate('quipu.canalTwitter.sinConectar')}
      </Typography>
      {active ? <TwitterWebhookCheck canal={canal} /> : null}
      <TextInput source="env" label="quipu.canalTwitter.env" helperText="quipu.canalTwitter.envAyuda" validate={requerido} readOnly={readOnly} sx={{ maxWidth: 480 }} />
      {KEYS.map(([source, label]) => (
        <PasswordInput
          key={source}
          source={source}
          label={`quipu.canalTwitter.${label}`}
          validate={requerido}
          helperText={canal?.secretos[source] ? 'quipu.canalTwitter.secretoGuardado' : false}
          autoComplete="new-password"
          readOnly={readOnly}
          sx={{ maxWidth: 480 }}
        />
      ))}
      <CanalBotSelector />
      {readOnly ? null : (
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <BackButton to="/canal" />
          {active ? <SaveButton alwaysEnable /> : <SaveButton alwaysEnable label="quipu.canalTwitter.conectar" icon={<LinkIcon />} />}
          {active ? <CanalDisconnectButton disconnect={dataProvider.logoutTwitter} texts="quipu.canalTwitter" /> : null}
        </Toolbar>
      )}
    </>
  );
}

export function TwitterPage() {
  const { id } = useParams();
  const editor = useCanalEditor('Twitter', id);
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const env = editor.canal?.cfg.env ?? '';
  // The keys are never read back: the form starts with the env only.
  const record = useMemo(() => ({ env, twConsumerKey: '', twConsumerSecret: '', twAccessToken: '', twAccessTokenSecret: '' }), [env]);

  // Conectar / Guardar: POST /loginTw with what is typed; a new channel is first created as 'Twitter'
  // (it is not connected until X accepts the keys). A refusal keeps what was typed and marks the field.
  const connect = async (values: FieldValues): Promise<FieldValues | undefined> => {
    const before = editor.canal;
    if (!before) return undefined;
    let canal = before;
    try {
      if (!canal.id) {
        canal = await dataProvider.saveCanal({ ...toCanalBody(canal, formValuesOf(canal)), dsc: 'Twitter' });
        // From here on the channel exists, whatever X says about the keys.
        editor.accept(canal);
        navigate(editorPath(canal), { replace: true });
      }
      const text = (name: string) => String(values[name] ?? '');
      editor.accept(
        await dataProvider.loginTwitter({ id: canal.id, env: text('env'), twConsumerKey: text('twConsumerKey'), twConsumerSecret: text('twConsumerSecret'), twAccessToken: text('twAccessToken'), twAccessTokenSecret: text('twAccessTokenSecret') }),
        { resetForm: true },
      );
      notify('quipu.canalTwitter.conectado', { type: 'success' });
      return undefined;
    } catch (error) {
      const message = messageOf(error);
      const field = error instanceof HttpError && error.status === 400 ? error.field : undefined;
      return { root: { serverError: message }, ...(field && field !== 'id' ? { [field]: message } : {}) };
    }
  };

  return (
    <CanalEditorFrame editor={editor}>
      <TwitterSteps id={editor.canal?.id || undefined} />
      <CanalForm editor={editor} onSubmit={connect} record={record} formRootPathname={canalEditorPath('Twitter', '')}>
        <TwitterInputs />
      </CanalForm>
    </CanalEditorFrame>
  );
}

TwitterPage.path = editorRoute('Twitter');
