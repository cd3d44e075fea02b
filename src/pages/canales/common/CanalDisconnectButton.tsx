// 'Desconectar' of a channel the provider links (Telegram, Facebook): asks '¿Está seguro en
// desactivar el canal?' first, then runs the kind's disconnect call and takes the channel it
// answers. `texts` is the kind's i18n prefix (desconectar, desconectarTitulo, desconectarTexto,
// cancelar, siDesactivar, desconectado).
import { useState } from 'react';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Button, Confirm, useNotify } from 'react-admin';
import type { Canal } from '../../../api/canales';
import { useCanalEditorContext } from './CanalEditorContext';

export function CanalDisconnectButton({ disconnect, texts }: { disconnect: (id: string) => Promise<Canal>; texts: string }) {
  const notify = useNotify();
  const { canal, accept, fail } = useCanalEditorContext();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canal?.id) return null;
  const run = async () => {
    setAsking(false);
    setBusy(true);
    try {
      accept(await disconnect(canal.id), { resetForm: true });
      notify(`${texts}.desconectado`, { type: 'success' });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label={`${texts}.desconectar`} variant="outlined" disabled={busy} onClick={() => setAsking(true)}>
        <LinkOffIcon />
      </Button>
      <Confirm
        isOpen={asking}
        title={`${texts}.desconectarTitulo`}
        content={`${texts}.desconectarTexto`}
        cancel={`${texts}.cancelar`}
        confirm={`${texts}.siDesactivar`}
        confirmColor="warning"
        onConfirm={() => void run()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
