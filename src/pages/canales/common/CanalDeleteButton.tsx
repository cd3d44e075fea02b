// 'Eliminar Canal' with the confirmation 'Seguro desea borrar este canal ?'; then
// 'Eliminado con exito' and a blank default channel (Slack goes back to /canal).
import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Confirm } from 'react-admin';
import { useCanalEditorContext } from './CanalEditorContext';

export function CanalDeleteButton() {
  const { canal, readOnly, remove } = useCanalEditorContext();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canal?.id || readOnly) return null;

  const run = async () => {
    setAsking(false);
    setBusy(true);
    try {
      await remove();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label="quipu.canales.eliminar" variant="contained" color="error" disabled={busy} onClick={() => setAsking(true)} sx={{ ml: { sm: 'auto' } }}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={asking}
        title="quipu.canales.eliminarTitulo"
        content="quipu.canales.eliminarTexto"
        confirm="quipu.comun.si"
        cancel="quipu.comun.no"
        confirmColor="warning"
        onConfirm={() => void run()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
