// 'Desactivar Canal' / 'Activar Canal': POST /ch/active?id&active, then 'Desactivado
// con éxito' / 'Activado con éxito'. Slack asks first (`confirm`). Shown once the channel is saved.
import { useState } from 'react';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Button, Confirm } from 'react-admin';
import { useCanalEditorContext } from './CanalEditorContext';

export function CanalActiveButton({ confirm = false }: { confirm?: boolean }) {
  const { canal, readOnly, setActive } = useCanalEditorContext();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canal?.id || readOnly) return null;
  const next = !canal.activo;

  const run = async () => {
    setAsking(false);
    setBusy(true);
    try {
      await setActive(next);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        label={next ? 'quipu.canales.activar' : 'quipu.canales.desactivar'}
        variant="outlined"
        disabled={busy}
        onClick={() => (confirm ? setAsking(true) : void run())}
      >
        {next ? <PlayCircleIcon /> : <PauseCircleIcon />}
      </Button>
      {confirm ? (
        <Confirm
          isOpen={asking}
          title={next ? 'quipu.canales.activarTitulo' : 'quipu.canales.desactivarTitulo'}
          content={next ? 'quipu.canales.activarTexto' : 'quipu.canales.desactivarTexto'}
          confirm="quipu.comun.si"
          cancel="quipu.comun.no"
          confirmColor={next ? 'primary' : 'warning'}
          onConfirm={() => void run()}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
