// 'Generar informe': whether the report lists each message too (SI) or one row per session (NO
// closes without asking anything of the server).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { TEXTS } from './historialModel';

export interface ReportQuestionProps {
  open: boolean;
  busy: boolean;
  onNo: () => void;
  onSi: () => void;
}

export function ReportQuestion({ open, busy, onNo, onSi }: ReportQuestionProps) {
  return (
    <Dialog open={open} onClose={onNo} aria-labelledby="historial-informe-titulo" aria-describedby="historial-informe-pregunta">
      <DialogTitle id="historial-informe-titulo">{TEXTS.generarInforme}</DialogTitle>
      <DialogContent>
        <DialogContentText id="historial-informe-pregunta">{TEXTS.preguntaDetalle}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo} disabled={busy}>
          {TEXTS.no}
        </Button>
        <Button onClick={onSi} disabled={busy} variant="contained" autoFocus>
          {TEXTS.si}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
