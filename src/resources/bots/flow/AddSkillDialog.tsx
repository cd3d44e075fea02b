// 'Agregar Skill': asks Nombre (required) and Descripción, creates the skill on the server
// (POST /skill) and hands it to the diagram. A server refusal shows its message in the dialog.
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useDataProvider, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import type { SkillSummary } from './diagramModel';

interface AddSkillDialogProps {
  botId: string;
  onCreated: (skill: SkillSummary) => void;
  onClose: () => void;
}

export function AddSkillDialog({ botId, onCreated, onClose }: AddSkillDialogProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const translate = useTranslate();
  const [nm, setNm] = useState('');
  const [dsc, setDsc] = useState('');
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    // The dialog is a portal inside the bot's form: its submit must not reach that form.
    event.preventDefault();
    event.stopPropagation();
    if (!nm.trim()) {
      setMissing(true);
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      onCreated(await dataProvider.createSkill({ idBot: botId, nm: nm.trim(), dsc: dsc.trim() || null }));
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="quipu-add-skill-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="quipu-add-skill-title">{translate('quipu.flujo.nuevoSkill')}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <TextField
            label={translate('quipu.flujo.nombre')}
            value={nm}
            onChange={(event) => {
              setNm(event.target.value);
              setMissing(false);
            }}
            error={missing}
            helperText={missing ? translate('quipu.flujo.requerido') : ' '}
            required
            autoFocus
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={translate('quipu.flujo.descripcion')}
            value={dsc}
            onChange={(event) => setDsc(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('quipu.flujo.cancelar')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('quipu.flujo.guardar')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
