// 'Copiar configuración' and 'Pegar configuración': the whole channel as
// JSON to the clipboard, and back. A paste reads the clipboard; when the browser refuses, a dialog
// takes the text instead. Text without a brace, or that is not JSON, says 'Error al decodificar
// canal'; otherwise 'Pegado con exito', and the form holds the pasted values (unsaved) with the
// current channel's id, idE and idR.
import { useId, useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import CheckIcon from '@mui/icons-material/Check';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { Button, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useCanalEditorContext } from '../common';
import { TextButton } from '../../../layout/TextButton';
import { parsePastedCanal, pasteInto, toCopiedJson } from './canalWebModel';
import { CopiadoStatus } from './CopiadoStatus';
import { useCopiado } from './useCopiado';

async function readClipboard(): Promise<string | null> {
  try {
    return await navigator.clipboard.readText();
  } catch {
    // No clipboard API, or the browser (or the user) refused it.
    return null;
  }
}

export function CanalWebPortapapeles() {
  const translate = useTranslate();
  const notify = useNotify();
  const { canal, readOnly } = useCanalEditorContext();
  const { getValues, reset } = useFormContext();
  const { copiado, copy } = useCopiado();
  const [dialog, setDialog] = useState(false);
  const [typed, setTyped] = useState('');
  const fieldId = useId();

  const apply = (text: string): boolean => {
    const pasted = parsePastedCanal(text);
    if (!pasted) {
      notify('quipu.canalWeb.errorDecodificar', { type: 'error' });
      return false;
    }
    // keepDefaultValues: the pasted values count as changes until saved.
    reset(pasteInto(getValues(), pasted), { keepDefaultValues: true });
    notify('quipu.canalWeb.pegado', { type: 'success' });
    return true;
  };

  const paste = async () => {
    const text = await readClipboard();
    if (text === null) {
      setTyped('');
      setDialog(true);
    } else {
      apply(text);
    }
  };

  return (
    <>
      {canal ? (
        <Button label={copiado ? 'quipu.canalWeb.copiado' : 'quipu.canalWeb.copiarConfiguracion'} variant="outlined" onClick={() => void copy(toCopiedJson(canal, getValues()))}>
          {copiado ? <CheckIcon /> : <ContentCopyIcon />}
        </Button>
      ) : null}
      <CopiadoStatus copiado={copiado} />
      {readOnly ? null : (
        <Button label="quipu.canalWeb.pegarConfiguracion" variant="outlined" onClick={() => void paste()}>
          <ContentPasteIcon />
        </Button>
      )}
      <Dialog open={dialog} onClose={() => setDialog(false)} aria-labelledby={`${fieldId}-titulo`} aria-describedby={`${fieldId}-ayuda`} fullWidth maxWidth="sm">
        <DialogTitle id={`${fieldId}-titulo`}>{translate('quipu.canalWeb.pegarTitulo')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${fieldId}-ayuda`}>{translate('quipu.canalWeb.pegarAyuda')}</DialogContentText>
          <TextField
            id={fieldId}
            label={translate('quipu.canalWeb.pegarCampo')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            multiline
            minRows={6}
            fullWidth
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </DialogContent>
        <DialogActions>
          <TextButton label="quipu.canalWeb.cancelar" onClick={() => setDialog(false)} />
          <TextButton label="quipu.canalWeb.pegar" variant="contained" onClick={() => apply(typed) && setDialog(false)} />
        </DialogActions>
      </Dialog>
    </>
  );
}
