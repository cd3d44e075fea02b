// 'Generar informe': whether the report lists each message too (SI) or only one row per session
// (NO); either answer asks for the report, and closing the question asks for nothing.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';

export interface ReportQuestionProps {
  open: boolean;
  busy: boolean;
  /** With the messages (SI) or without them (NO). */
  onAnswer: (completo: boolean) => void;
  onCancel: () => void;
}

export function ReportQuestion({ open, busy, onAnswer, onCancel }: ReportQuestionProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="historial-informe-titulo" aria-describedby="historial-informe-pregunta">
      <DialogTitle id="historial-informe-titulo">{translate('quipu.historial.generarInforme')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="historial-informe-pregunta">{translate('quipu.historial.preguntaDetalle')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer(false)} disabled={busy}>
          {translate('quipu.historial.no')}
        </Button>
        <Button onClick={() => onAnswer(true)} disabled={busy} variant="contained" autoFocus>
          {translate('quipu.historial.si')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
