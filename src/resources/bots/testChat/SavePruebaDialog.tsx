// 'Guardar como prueba': names the conversation so far and saves it as a test
// of the bot (POST /bot.prueba): each user message with the skills its answer ran.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

const P = 'quipu.chat.pruebas';

interface SavePruebaDialogProps {
  open: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (nm: string) => void;
}

export function SavePruebaDialog({ open, saving, onClose, onSave }: SavePruebaDialogProps) {
  const translate = useTranslate();
  const [nm, setNm] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!nm.trim()) {
      setMissing(true);
      return;
    }
    onSave(nm.trim());
  };
  const close = () => {
    setNm('');
    setMissing(false);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="save-prueba-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="save-prueba-title">{translate(`${P}.guardar`)}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            required
            label={translate(`${P}.nombre`)}
            value={nm}
            onChange={(event) => {
              setNm(event.target.value);
              setMissing(false);
            }}
            error={missing}
            helperText={missing ? translate(`${P}.nombreRequerido`) : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(`${P}.cancelar`)}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate(`${P}.aceptar`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
