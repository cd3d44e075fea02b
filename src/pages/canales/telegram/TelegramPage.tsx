// The Telegram editor (/canal/tg/{id}, channel access; access spec §2, §4, §5, §7): five
// collapsible setup steps, the bot token (required, write-only), 'Conectar' while inactive (POST
// /loginTg, which checks the token with Telegram and sets the webhook; a new channel is saved
// first as 'Telegram'), 'Guardar' (a new token) and 'Desconectar' while active. 'Desconectar' asks
// '¿Está seguro en desactivar el canal?' and is offered only when the channel exists and the
// company has Telegram enabled. The bot selector comes once the channel exists.
import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Typography from '@mui/material/Typography';
import type { FieldValues } from 'react-hook-form';
import {
  Button,
  Confirm,
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
import type { Canal } from '../../../api/canales';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { HttpError, messageOf } from '../../../api/HttpError';
import { BackButton, FormSection } from '../../../layout/FormParts';
import { useSession } from '../../../permissions/useSession';
import { CanalBotSelector, CanalEditorFrame, CanalForm, CanalStatus, editorPath, toCanalBody, useCanalEditor, useCanalEditorContext, formValuesOf } from '../common';

const STEPS = [1, 2, 3, 4, 5] as const;
const TOKEN_RECORD = { token: '' };
const validateToken = [required('quipu.canales.requerido')];

const isCanal = (value: unknown): value is Canal => typeof value === 'object' && value !== null && 'id' in value && 'rev' in value;

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
  const notify = useNotify();
  const { canal, accept, fail } = useCanalEditorContext();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canal?.id || !enabled) return null;
  const run = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const answer: unknown = await dataProvider.logoutTelegram(canal.id);
      accept(isCanal(answer) ? answer : await dataProvider.getCanal(canal.id), { resetForm: true });
      notify('quipu.canales.telegram.desconectado', { type: 'success' });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="quipu.canales.telegram.desconectar" variant="outlined" color="warning" disabled={busy} onClick={() => setAsking(true)}>
        <LinkOffIcon />
      </Button>
      <Confirm
        isOpen={asking}
        title="quipu.canales.telegram.desconectarTitulo"
        content="quipu.canales.telegram.desconectarTexto"
        cancel="quipu.canales.telegram.cancelar"
        confirm="quipu.canales.telegram.siDesactivar"
        confirmColor="warning"
        onConfirm={() => void run()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

function TelegramInputs({ enabled }: { enabled: boolean }) {
  const translate = useTranslate();
  const { canal } = useCanalEditorContext();
  const stored = !!canal?.secretos.token;
  const active = !!canal?.id && canal.activo;
  return (
    <>
      {!enabled ? <Alert severity="warning">{translate('quipu.canales.telegram.deshabilitado')}</Alert> : null}
      <CanalStatus />
      {active && canal?.cfg.username ? <Typography>{translate('quipu.canales.telegram.cuenta', { username: canal.cfg.username })}</Typography> : null}
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
  const enabled = !!useSession()?.emp.tg;

  // Conectar / Guardar: the token goes to POST /loginTg; a new channel is first created as 'Telegram'
  // (inactive until Telegram accepts the token). A refusal keeps the token typed and marks it.
  const connect = async (values: FieldValues): Promise<FieldValues | undefined> => {
    const before = editor.canal;
    if (!before) return undefined;
    let canal = before;
    try {
      if (!canal.id) {
        canal = await dataProvider.saveCanal({ ...toCanalBody(canal, formValuesOf(canal)), dsc: 'Telegram', activo: false });
        // From here on the channel exists, whatever Telegram says about the token.
        editor.accept(canal);
        navigate(editorPath(canal), { replace: true });
      }
      const answer: unknown = await dataProvider.loginTelegram({ id: canal.id, token: String(values.token ?? '') });
      editor.accept(isCanal(answer) ? answer : await dataProvider.getCanal(canal.id), { resetForm: true });
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
      <CanalForm editor={editor} onSubmit={connect} record={TOKEN_RECORD} formRootPathname="/canal/tg/">
        <TelegramInputs enabled={enabled} />
      </CanalForm>
    </CanalEditorFrame>
  );
}

TelegramPage.path = '/canal/tg/:id';
