// The WhatsApp editor: the common layout plus the
// channel id, the Cloud API settings (phone number id; access token, app secret and verify token
// write-only) with the webhook address to copy, the external relay (useChasqui, an https
// chasquiUrl), the exclusions, and 'Exportar configuración'. Delete is DELETE /ch/web?id.
import { useState } from 'react';
import Box from '@mui/material/Box';
import DownloadIcon from '@mui/icons-material/Download';
import Typography from '@mui/material/Typography';
import { BooleanInput, Button, TextInput, useDataProvider, useParams, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { API_URL } from '../../../api/client';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { FormSection, ReadOnlyValue } from '../../../layout/FormParts';
import { CanalCommonInputs, CanalEditorFrame, CanalForm, CanalToolbar, CopyField, editorRoute, SecretInput, useCanalEditor, useCanalEditorContext } from '../common';
import { downloadText, yanicfgName } from './exportFile';
import { ExclusionesInput } from './ExclusionesInput';

export const whatsappWebhookUrl = (id: string) => `${API_URL}/wh/whatsapp/${encodeURIComponent(id)}`;

const validateChasquiUrl: Validator = (value: unknown, values: { useChasqui?: boolean }) => {
  if (!values?.useChasqui) return undefined;
  if (typeof value !== 'string' || value.trim() === '') return 'quipu.canales.requerido';
  return /^https:\/\/[^\s/]+/i.test(value.trim()) ? undefined : 'quipu.canales.urlHttps';
};

function CloudApi() {
  const { canal, readOnly } = useCanalEditorContext();
  return (
    <FormSection title="quipu.canales.whatsapp.cloudApi">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <TextInput source="cfg.phoneNumberId" label="quipu.canales.whatsapp.phoneNumberId" readOnly={readOnly} autoComplete="off" sx={{ maxWidth: 480 }} />
        <SecretInput name="accessToken" label="quipu.canales.whatsapp.accessToken" />
        <SecretInput name="whatsappAppSecret" label="quipu.canales.whatsapp.appSecret" />
        <SecretInput name="verifyToken" label="quipu.canales.whatsapp.verifyToken" />
        {canal?.id ? <CopyField id="whatsapp-webhook" label="quipu.canales.whatsapp.webhook" value={whatsappWebhookUrl(canal.id)} /> : null}
      </Box>
    </FormSection>
  );
}

function Relay() {
  const { readOnly } = useCanalEditorContext();
  const useChasqui = useWatch<{ useChasqui?: boolean }, 'useChasqui'>({ name: 'useChasqui' });
  return (
    <Box>
      <BooleanInput source="useChasqui" label="quipu.canales.whatsapp.useChasqui" readOnly={readOnly} />
      {useChasqui ? (
        <TextInput source="chasquiUrl" label="quipu.canales.whatsapp.chasquiUrl" type="url" validate={validateChasquiUrl} readOnly={readOnly} sx={{ maxWidth: 640 }} />
      ) : null}
    </Box>
  );
}

function ExportButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { canal, readOnly, fail } = useCanalEditorContext();
  const [busy, setBusy] = useState(false);
  if (!canal?.id || readOnly) return null;
  const run = async () => {
    setBusy(true);
    try {
      const { nombre, contenido } = await dataProvider.exportWhatsapp({ url: API_URL, idC: canal.id });
      downloadText(yanicfgName(nombre || canal.bot), contenido);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      <Button label="quipu.canales.whatsapp.exportar" variant="outlined" disabled={busy} onClick={() => void run()} aria-describedby="whatsapp-exportar-ayuda">
        <DownloadIcon />
      </Button>
      <Typography id="whatsapp-exportar-ayuda" variant="caption" color="text.secondary">
        {translate('quipu.canales.whatsapp.exportarAyuda')}
      </Typography>
    </Box>
  );
}

function ChannelId() {
  const { canal } = useCanalEditorContext();
  return canal?.id ? (
    <Box sx={{ maxWidth: 480, display: 'flex', flexDirection: 'column' }}>
      <ReadOnlyValue id="canal-id" label="quipu.canales.idCanal" value={canal.id} />
    </Box>
  ) : null;
}

export function WhatsappPage() {
  const { id } = useParams();
  const editor = useCanalEditor('Whatsapp', id, { deleteCall: 'chWeb' });
  return (
    <CanalEditorFrame editor={editor}>
      <CanalForm editor={editor}>
        <ChannelId />
        <CanalCommonInputs>
          <CloudApi />
          <Relay />
          <ExclusionesInput />
          <ExportButton />
        </CanalCommonInputs>
        <CanalToolbar />
      </CanalForm>
    </CanalEditorFrame>
  );
}

WhatsappPage.path = editorRoute('Whatsapp');
