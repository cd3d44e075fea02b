// 'Importar Bot' on /bot, for isBotEdit users: a .yani file and the replace and
// replaceParams switches. The file must hold base64 of a bot's JSON ('no se puede leer el archivo');
// success says 'Bot importado con éxito', the reminder to re-link referenced bots and, when the
// file came from another installation, which encrypted extras must be typed again.
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ImportResult } from '../../api/bots';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import { TextButton } from '../../layout/TextButton';
import { useSession } from '../../permissions/useSession';
import { BOT_MESSAGES } from '../../../common/schemas/bots';
import { readImportFile } from './botModel';

export function BotImportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="quipu.bots.importar" onClick={() => setOpen(true)}>
        <FileUploadIcon />
      </Button>
      {open ? <BotImportDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ImportSwitch({ id, label, help, checked, disabled, onChange }: { id: string; label: string; help: string; checked: boolean; disabled?: boolean; onChange: (on: boolean) => void }) {
  const translate = useTranslate();
  return (
    <div>
      <FormControlLabel
        control={<Switch id={id} checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} slotProps={{ input: { 'aria-describedby': `${id}-ayuda` } }} />}
        label={translate(label)}
      />
      <FormHelperText id={`${id}-ayuda`} sx={{ mt: 0 }}>
        {translate(help)}
      </FormHelperText>
    </div>
  );
}

export function BotImportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const idE = useSession()?.user.idE;
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const [replaceParams, setReplaceParams] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const importFile = async () => {
    if (!file) return setError(BOT_MESSAGES.selectFile);
    const doc = readImportFile(await file.text());
    if (!doc) return setError(BOT_MESSAGES.unreadable);
    setBusy(true);
    try {
      const result = await dataProvider.importBot(doc, { replace, replaceParams: replace && replaceParams, idE });
      const text = importedText(result, translate);
      notify(text, { ...noticeText(text, 'success'), multiLine: true });
      refresh();
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="bot-import-title" fullWidth maxWidth="sm">
      <DialogTitle id="bot-import-title">{translate('quipu.bots.importarTitulo')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <div>
            <Typography component="label" htmlFor="bot-import-file" variant="body2" sx={{ display: 'block', mb: 0.5 }}>
              {translate('quipu.bots.archivo')}
            </Typography>
            <input
              id="bot-import-file"
              type="file"
              accept=".yani"
              aria-describedby={error ? 'bot-import-error' : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(null);
              }}
            />
          </div>
          <ImportSwitch id="bot-import-replace" label="quipu.bots.replace" help="quipu.bots.replaceAyuda" checked={replace} onChange={setReplace} />
          <ImportSwitch
            id="bot-import-replace-params"
            label="quipu.bots.replaceParams"
            help="quipu.bots.replaceParamsAyuda"
            checked={replace && replaceParams}
            disabled={!replace}
            onChange={setReplaceParams}
          />
          {error ? (
            <Alert severity="error" id="bot-import-error" role="alert">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <TextButton label="ra.action.cancel" onClick={onClose} disabled={busy} />
        <Button label="quipu.bots.importarAccion" variant="contained" onClick={importFile} disabled={busy}>
          <FileUploadIcon />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Bot importado con éxito', the reminder and, if any, the encrypted extras to type again. */
export function importedText(result: ImportResult, translate: (key: string, options?: object) => string): string {
  const lines: string[] = [BOT_MESSAGES.imported, BOT_MESSAGES.importReminder];
  if (result.retype.length > 0) lines.push(translate('quipu.bots.reingresar', { claves: result.retype.join(', ') }));
  return lines.join('\n');
}
