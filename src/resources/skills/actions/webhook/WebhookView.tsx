// A saved webhook: method and URL, then what it sends and keeps, in short.
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AccionViewProps } from '../accionKind';
import { ViewLine } from '../AccionViewParts';

const pairs = (rows: ReadonlyArray<{ k: string; v: string }> | undefined) => (rows?.length ? rows.map((r) => `${r.k}: ${r.v}`).join(', ') : null);

export function WebhookView({ accion }: AccionViewProps) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {accion.method} {accion.url}
      </Typography>
      <ViewLine label="quipu.acciones.webhook.headers">{pairs(accion.headers)}</ViewLine>
      <ViewLine label="quipu.acciones.webhook.fields">{pairs(accion.fields)}</ViewLine>
      {accion.files && <Typography variant="body2">{translate('quipu.acciones.webhook.files')}</Typography>}
      <ViewLine label="quipu.acciones.webhook.condiciones">
        {accion.cond?.length ? translate('quipu.acciones.webhook.condicionesN', { smart_count: accion.cond.length, op: accion.op ?? 'AND' }) : null}
      </ViewLine>
      <ViewLine label="quipu.acciones.webhook.resp">{accion.resp?.length ? accion.resp.map((r) => `${r.path} → ${r.k}`).join(', ') : null}</ViewLine>
    </>
  );
}
