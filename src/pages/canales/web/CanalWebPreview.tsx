// The live preview: the real widget (src/widget/preview.ts, Preact in a
// Shadow DOM) drawn from the form's web object, redrawn on every change as the user types.
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { WebConfig } from '../../../api/canales';
import { mountWidgetPreview, type WidgetPreview } from '../../../widget/preview';
import { FormSection } from '../../../layout/FormParts';
import { useCanalEditorContext } from '../common';
import type { WebForm } from './canalWebModel';

/** What the widget takes: the form's web object without an emptied welcome height (the widget then uses its default). */
function toWebConfig(web: WebForm | undefined): WebConfig {
  if (!web) return {};
  const { welcomeHeight, ...rest } = web;
  return typeof welcomeHeight === 'number' ? { ...rest, welcomeHeight } : rest;
}

export function CanalWebPreview() {
  const translate = useTranslate();
  const { canal } = useCanalEditorContext();
  const web = useWatch<{ web: WebForm }, 'web'>({ name: 'web' });
  const host = useRef<HTMLDivElement>(null);
  const preview = useRef<WidgetPreview | null>(null);
  const latest = useRef(web);
  latest.current = web;
  const [failed, setFailed] = useState(false);
  const botName = canal?.bot ?? undefined;

  // Mounted once per bot name; the form's changes only update it.
  useEffect(() => {
    if (!host.current) return;
    try {
      preview.current = mountWidgetPreview(host.current, toWebConfig(latest.current), { botName });
      setFailed(false);
    } catch {
      setFailed(true);
    }
    return () => {
      preview.current?.unmount();
      preview.current = null;
    };
  }, [botName]);

  useEffect(() => {
    preview.current?.update(toWebConfig(web));
  }, [web]);

  return (
    <FormSection title="quipu.canalWeb.secciones.vistaPrevia">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('quipu.canalWeb.vistaPreviaAyuda')}
      </Typography>
      {failed ? <Alert severity="warning">{translate('quipu.canalWeb.vistaPreviaError')}</Alert> : null}
      <Box
        ref={host}
        role="region"
        aria-label={translate('quipu.canalWeb.secciones.vistaPrevia')}
        data-testid="canal-web-vista-previa"
        sx={{ maxWidth: '100%', overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50', minHeight: 200 }}
      />
    </FormSection>
  );
}
