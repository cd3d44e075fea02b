// Once connected, the webhook's state at X (GET /webhook/{id}): 'Canal no configurado' when X holds
// it not valid, or the call fails, with 'Activar' (PUT /webhook/{id}: X runs the CRC again).
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Canal } from '../../../api/canales';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import type { TwitterWebhook } from '../../../api/twitter';
import { TextButton } from '../../../layout/TextButton';
import { useCanalEditorContext } from '../common';

type Estado = 'verificando' | 'valido' | 'noConfigurado';

const estadoDe = (list: TwitterWebhook[]): Estado => (list[0]?.valid ? 'valido' : 'noConfigurado');

export function TwitterWebhookCheck({ canal }: { canal: Canal }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const { fail, readOnly } = useCanalEditorContext();
  const [estado, setEstado] = useState<Estado>('verificando');
  const [busy, setBusy] = useState(false);
  const { id } = canal;
  const webhookId = canal.cfg.webhookId;

  useEffect(() => {
    let current = true;
    setEstado('verificando');
    dataProvider.twitterWebhook(id).then(
      (list) => current && setEstado(estadoDe(list)),
      () => current && setEstado('noConfigurado'),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, id, webhookId, canal.rev]);

  const activar = async () => {
    setBusy(true);
    try {
      const next = estadoDe(await dataProvider.activateTwitterWebhook(id));
      setEstado(next);
      if (next === 'valido') notify('quipu.canalTwitter.webhookValido', { type: 'success' });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  if (estado === 'verificando') return <Typography role="status">{translate('quipu.canalTwitter.verificando')}</Typography>;
  if (estado === 'valido') return <Typography role="status">{translate('quipu.canalTwitter.webhookValido')}</Typography>;
  return (
    <Alert
      severity="warning"
      sx={{ maxWidth: 800 }}
      action={readOnly ? undefined : <TextButton label="quipu.canalTwitter.activar" variant="outlined" size="small" disabled={busy} onClick={() => void activar()} />}
    >
      <strong>{translate('quipu.canalTwitter.noConfigurado')}</strong> {translate('quipu.canalTwitter.noConfiguradoAyuda')}
    </Alert>
  );
}
