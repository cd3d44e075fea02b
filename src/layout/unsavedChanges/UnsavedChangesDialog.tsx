// The question before leaving unsaved changes: '¿Seguro deseas salir sin guardar tus cambios?' with
// 'Guardar y salir' (when every editor concerned can save), 'Salir sin guardar' and 'Cancelar'.
// react-admin's Confirm has two choices; this one needs three.
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';

interface UnsavedChangesDialogProps {
  open: boolean;
  /** 'Guardar y salir' is under way: the choices wait for it. */
  saving: boolean;
  canSave: boolean;
  onSave: () => void;
  onLeave: () => void;
  onStay: () => void;
}

export function UnsavedChangesDialog({ open, saving, canSave, onSave, onLeave, onStay }: UnsavedChangesDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={saving ? undefined : onStay} aria-labelledby="quipu-salir-titulo" maxWidth="xs" fullWidth>
      <DialogTitle id="quipu-salir-titulo">{translate('ra.message.unsaved_changes')}</DialogTitle>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onStay} disabled={saving} autoFocus>
          {translate('quipu.salir.cancelar')}
        </Button>
        <Button onClick={onLeave} disabled={saving} color="warning">
          {translate('quipu.salir.salirSinGuardar')}
        </Button>
        {canSave ? (
          <Button onClick={onSave} disabled={saving} variant="contained" startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {translate(saving ? 'quipu.salir.guardando' : 'quipu.salir.guardarYSalir')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
