// The Slack editor: the common layout, 'Agregar Slack'
// (the browser goes to {API_BASE}/loginSlack?ch={id}, OAuth v2; back here with ?status, 'ok' says
// 'Vinculado con éxito', anything else 'Error {status}'), and a collapsible configuration with the
// App Id, App Secret and Signing Secret (hidden) and the redirect and events addresses to copy.
// Activation and delete ask first; after a delete it goes back to /canal.
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LoginIcon from '@mui/icons-material/Login';
import Typography from '@mui/material/Typography';
import { PasswordInput, useParams, useTranslate } from 'react-admin';
import { API_URL } from '../../../api/client';
import {
  CanalCommonInputs,
  CanalEditorFrame,
  CanalForm,
  CanalToolbar,
  CopyField,
  editorRoute,
  SaveToSignIn,
  SecretInput,
  useCanalEditor,
  useCanalEditorContext,
  useSignInResult,
} from '../common';

export const slackRedirectUrl = () => `${API_URL}/callback-slack`;
export const slackWebhookUrl = (id: string) => `${API_URL}/wh/slack/${encodeURIComponent(id)}`;
export const slackLoginUrl = (id: string) => `${API_URL}/loginSlack?ch=${encodeURIComponent(id)}`;

function SlackSignIn() {
  const translate = useTranslate();
  const { canal, isNew, readOnly } = useCanalEditorContext();
  if (isNew || !canal) return <SaveToSignIn />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      {readOnly ? null : (
        <MuiButton href={slackLoginUrl(canal.id)} variant="contained" startIcon={<LoginIcon />}>
          {translate('quipu.canales.slack.agregar')}
        </MuiButton>
      )}
      <Typography variant="body2">
        {canal.cfg.teamName ? translate('quipu.canales.slack.equipo', { team: canal.cfg.teamName }) : translate('quipu.canales.slack.sinEquipo')}
      </Typography>
    </Box>
  );
}

function SlackConfig() {
  const translate = useTranslate();
  const { canal, readOnly } = useCanalEditorContext();
  return (
    // MUI wraps an accordion's summary in a heading (h3 by default): here it is the page's second level.
    <Accordion disableGutters variant="outlined" sx={{ maxWidth: 720 }} slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="slack-config" id="slack-config-titulo">
        <Typography component="span" variant="subtitle1">
          {translate('quipu.canales.slack.configuracion')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="slack-config" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <PasswordInput source="cfg.appId" label="quipu.canales.slack.appId" autoComplete="off" readOnly={readOnly} sx={{ maxWidth: 480 }} />
        <SecretInput name="appSecret" label="quipu.canales.slack.appSecret" />
        <SecretInput name="signingSecret" label="quipu.canales.slack.signingSecret" />
        <CopyField id="slack-redirect" label="quipu.canales.slack.redirect" value={slackRedirectUrl()} />
        {canal?.id ? <CopyField id="slack-webhook" label="quipu.canales.slack.webhook" value={slackWebhookUrl(canal.id)} /> : <Alert severity="info">{translate('quipu.canales.guardeParaIniciar')}</Alert>}
      </AccordionDetails>
    </Accordion>
  );
}

export function SlackPage() {
  const { id } = useParams();
  const editor = useCanalEditor('Slack', id, { afterDelete: 'list' });
  useSignInResult();
  return (
    <CanalEditorFrame editor={editor}>
      <CanalForm editor={editor}>
        <CanalCommonInputs>
          <SlackSignIn />
          <SlackConfig />
        </CanalCommonInputs>
        <CanalToolbar confirmActivation />
      </CanalForm>
    </CanalEditorFrame>
  );
}

SlackPage.path = editorRoute('Slack');
