// 'Desplegar' asks the deploy's description; it is required. What the bot lacks to answer (no
// skills, no fallback skill) is said above it: the user may deploy anyway.
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { Button, useTranslate } from 'react-admin';
import { TextButton } from '../../../layout/TextButton';
import { DEPLOY_MESSAGES } from '../../../../common/schemas/bots';

interface DeployDialogProps {
  open: boolean;
  /** Why the bot may not answer once deployed (deployWarnings). */
  warnings?: readonly string[];
  sending: boolean;
  onClose: () => void;
  onDeploy: (description: string) => void;
}

export function DeployDialog({ open, warnings = [], sending, onClose, onDeploy }: DeployDialogProps) {
  const translate = useTranslate();
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);

  const reset = () => {
    setDescription('');
    setMissing(false);
  };

  const submit = (event: FormEvent) => {
    // This form sits inside the bot's form: its submit must not reach the bot's.
    event.preventDefault();
    event.stopPropagation();
    const text = description.trim();
    setMissing(!text);
    if (text) onDeploy(text);
  };

  return (
    <Dialog
      open={open}
      onClose={sending ? undefined : onClose}
      aria-labelledby="deploy-dialog-title"
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: reset } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="deploy-dialog-title">{translate('quipu.versiones.desplegarTitulo')}</DialogTitle>
        <DialogContent>
          {warnings.length ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {warnings.map((warning) => (
                <Typography key={warning} variant="body2">
                  {warning}
                </Typography>
              ))}
              <Typography variant="body2">{DEPLOY_MESSAGES.desplegarIgual}</Typography>
            </Alert>
          ) : null}
          <DialogContentText>{translate('quipu.versiones.desplegarAyuda')}</DialogContentText>
          <TextField
            id="deploy-description"
            label={translate('quipu.versiones.descripcion')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            required
            autoFocus
            fullWidth
            margin="normal"
            error={missing}
            helperText={missing ? translate('quipu.versiones.requerido') : ' '}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions>
          <TextButton label={translate('quipu.versiones.cancelar')} onClick={onClose} disabled={sending} />
          <Button label={translate('quipu.versiones.desplegar')} type="submit" variant="contained" disabled={sending}>
            <RocketLaunchIcon />
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
