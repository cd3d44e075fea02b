// The Telegram editor (channel access): five
// collapsible setup steps, the bot token (required, write-only), 'Conectar' while inactive (POST
// /loginTg, which checks the token with Telegram and sets the webhook; a new channel is saved
// first as 'Telegram'), 'Guardar' (a new token) and 'Desconectar' while active. 'Desconectar' asks
// '¿Está seguro en desactivar el canal?' and is offered only when the channel exists and the
// company has Telegram enabled. The bot selector comes once the channel exists.
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LinkIcon from '@mui/icons-material/Link';
import Typography from '@mui/material/Typography';
import type { FieldValues } from 'react-hook-form';
import {
  PasswordInput,
  SaveButton,
  Toolbar,
  required,
  useDataProvider,
  useNavigate,
  useNotify,
  useParams,
  useTranslate,
} from 'react-admin';
import { canalEditorPath, type Canal } from '../../../api/canales';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { HttpError, messageOf } from '../../../api/HttpError';
import { BackButton, FormSection } from '../../../layout/FormParts';
import { useEmpresaScope } from '../../../permissions/useEmpresaScope';
import { CanalBotSelector, CanalDisconnectButton, CanalEditorFrame, CanalForm, editorPath, editorRoute, toCanalBody, useCanalEditor, useCanalEditorContext, formValuesOf } from '../common';

const STEPS = [1, 2, 3, 4, 5] as const;
const TOKEN_RECORD = { token: '' };
const validateToken = [required('quipu.canales.requerido')];


function Steps() {
  const translate = useTranslate();
  return (
    <FormSection title="quipu.canales.telegram.pasos">
      <Box sx={{ maxWidth: 800 }}>
        {STEPS.map((n) => (
          <Accordion key={n} disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`tg-paso-${n}`} id={`tg-paso-${n}-titulo`}>
              <Typography component="h3" variant="subtitle2">
                {translate(`quipu.canales.telegram.paso${n}`)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails id={`tg-paso-${n}`}>
              <Typography variant="body2">{translate(`quipu.canales.telegram.paso${n}Texto`)}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </FormSection>
  );
}

function DisconnectButton({ enabled }: { enabled: boolean }) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  if (!enabled) return null;
  return <CanalDisconnectButton disconnect={(id) => dataProvider.logoutTelegram(id)} texts="quipu.canales.telegram" />;
}

/** Connected: active with our webhook set at Telegram (a channel just created is active, but not connected yet). */
const isConnected = (canal: Canal | null) => !!canal?.id && canal.activo && !!canal.cfg.webhook;

function TelegramInputs({ enabled }: { enabled: boolean }) {
  const translate = useTranslate();
  const { canal } = useCanalEditorContext();
  const stored = !!canal?.secretos.token;
  const active = isConnected(canal);
  return (
    <>
      {!enabled ? <Alert severity="warning">{translate('quipu.canales.telegram.deshabilitado')}</Alert> : null}
      <Typography role="status">
        {active
          ? translate(canal?.cfg.username ? 'quipu.canales.telegram.cuenta' : 'quipu.canales.telegram.conectadoSinUsuario', { username: canal?.cfg.username ?? '' })
          : translate('quipu.canales.telegram.sinConectar')}
      </Typography>
      <PasswordInput
        source="token"
        label="quipu.canales.telegram.token"
        validate={validateToken}
        helperText={stored ? 'quipu.canales.telegram.tokenAyudaGuardado' : false}
        autoComplete="new-password"
        sx={{ maxWidth: 560 }}
      />
      <CanalBotSelector />
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <BackButton to="/canal" />
        {active ? (
          <SaveButton alwaysEnable={enabled} disabled={!enabled} />
        ) : (
          <SaveButton alwaysEnable={enabled} disabled={!enabled} label="quipu.canales.telegram.conectar" icon={<LinkIcon />} />
        )}
        {active ? <DisconnectButton enabled={enabled} /> : null}
      </Toolbar>
    </>
  );
}

export function TelegramPage() {
  const { id } = useParams();
  const editor = useCanalEditor('Telegram', id);
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  // The channel's company has Telegram enabled (a new one's: the company it goes to).
  const enabled = useEmpresaScope(editor.canal?.idE || undefined).tg;

  // Conectar / Guardar: the token goes to POST /loginTg; a new channel is first created as 'Telegram'
  // (it is not connected until Telegram accepts the token). A refusal keeps the token typed and marks it.
  const connect = async (values: FieldValues): Promise<FieldValues | undefined> => {
    const before = editor.canal;
    if (!before) return undefined;
    let canal = before;
    try {
      if (!canal.id) {
        canal = await dataProvider.saveCanal({ ...toCanalBody(canal, formValuesOf(canal)), dsc: 'Telegram' });
        // From here on the channel exists, whatever Telegram says about the token.
        editor.accept(canal);
        navigate(editorPath(canal), { replace: true });
      }
      editor.accept(await dataProvider.loginTelegram({ id: canal.id, token: String(values.token ?? '') }), { resetForm: true });
      notify('quipu.canales.telegram.conectado', { type: 'success' });
      return undefined;
    } catch (error) {
      const message = messageOf(error);
      const field = error instanceof HttpError && error.status === 400 ? error.field : undefined;
      return { root: { serverError: message }, ...(field && field !== 'id' ? { [field]: message } : {}) };
    }
  };

  return (
    <CanalEditorFrame editor={editor}>
      <Steps />
      <CanalForm editor={editor} onSubmit={connect} record={TOKEN_RECORD} formRootPathname={canalEditorPath('Telegram', '')}>
        <TelegramInputs enabled={enabled} />
      </CanalForm>
    </CanalEditorFrame>
  );
}

TelegramPage.path = editorRoute('Telegram');
