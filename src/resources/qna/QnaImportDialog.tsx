// 'Importar': an Excel file (with a link to its template) sent to POST /skill/qna-importar; then the
// import's progress, read from the history every 5 s until it is done, and its outcome: the counts
// and the refused rows, or the import's error.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import type { QnaImport } from '../../api/qna';
import { noticeText } from '../../layout/noticeText';
import { TextButton } from '../../layout/TextButton';
import { saveBlob } from '../../pages/historial/historialModel';
import { IMPORT_POLL_MS, importPercent } from './qnaModel';

export const QNA_FILE_TYPES = '.xlsx,.xls,.xlx';

/** The key of the bot's import history, shared by 'Importar' and 'Historial'. */
export const importHistoryKey = (idBot: string) => ['qnaImports', idBot];

function ImportOutcome({ row }: { row: QnaImport }) {
  const translate = useTranslate();
  if (!row.done) {
    return (
      <Box role="status">
        <Typography>{translate('quipu.qna.progreso', { progreso: row.progreso, total: row.total })}</Typography>
        <LinearProgress variant="determinate" value={importPercent(row)} aria-label={translate('quipu.qna.progreso', { progreso: row.progreso, total: row.total })} />
      </Box>
    );
  }
  if (row.error) return <Alert severity="error">{row.error}</Alert>;
  return (
    <Stack spacing={1} role="status">
      <Alert severity="success">{translate('quipu.qna.procesado')}</Alert>
      <Typography>{translate('quipu.qna.nuevos', { n: row.nuevos })}</Typography>
      <Typography>{translate('quipu.qna.actualizados', { n: row.actualizados })}</Typography>
      <Typography>{translate('quipu.qna.rechazados', { n: row.errores.length })}</Typography>
      {row.errores.length > 0 ? (
        <Box component="ul" aria-label={translate('quipu.qna.filasRechazadas')} sx={{ m: 0, pl: 3 }}>
          {row.errores.map((refused, index) => (
            <li key={`${index}:${refused.e}`}>
              {refused.e}: {refused.t}
            </li>
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}

export function QnaImportDialog({ idBot, onClose, onDone }: { idBot: string; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);

  const { data } = useQuery({
    queryKey: importHistoryKey(idBot),
    queryFn: () => dataProvider.getImportHistory(idBot),
    enabled: !!importId,
    refetchInterval: (query) => (query.state.data?.find((row) => row.id === importId)?.done ? false : IMPORT_POLL_MS),
    refetchOnWindowFocus: false,
  });
  const row = importId ? data?.find((item) => item.id === importId) : undefined;
  const finished = !!row?.done;
  useEffect(() => {
    if (finished) onDone();
  }, [finished, onDone]);

  const notifyFailure = (failure: unknown) => notify(messageOf(failure), noticeText(messageOf(failure), 'error'));

  const template = async () => {
    try {
      saveBlob(translate('quipu.qna.plantillaNombre'), await dataProvider.getQnaTemplate());
    } catch (failure) {
      notifyFailure(failure);
    }
  };

  const submit = async () => {
    if (!file) return setMissing(true);
    setBusy(true);
    try {
      setImportId((await dataProvider.importQna(idBot, file)).id);
    } catch (failure) {
      notifyFailure(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="qna-importar-titulo" fullWidth maxWidth="sm">
      <DialogTitle id="qna-importar-titulo">{translate('quipu.qna.importarTitulo')}</DialogTitle>
      <DialogContent>
        {importId ? (
          row ? <ImportOutcome row={row} /> : <LinearProgress aria-label={translate('quipu.qna.cargando')} />
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Box>
              <Typography component="label" htmlFor="qna-archivo" sx={{ display: 'block', mb: 1 }}>
                {translate('quipu.qna.archivo')}
              </Typography>
              <input
                id="qna-archivo"
                type="file"
                accept={QNA_FILE_TYPES}
                aria-invalid={missing}
                aria-describedby={missing ? 'qna-archivo-error' : undefined}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setMissing(false);
                }}
              />
              {missing ? (
                <Typography id="qna-archivo-error" color="error" variant="body2" sx={{ mt: 1 }}>
                  {translate('quipu.qna.seleccioneExcel')}
                </Typography>
              ) : null}
            </Box>
            <Link component="button" type="button" onClick={() => void template()} sx={{ alignSelf: 'flex-start' }}>
              {translate('quipu.qna.plantilla')}
            </Link>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <TextButton label="quipu.qna.cerrar" onClick={onClose} disabled={busy} />
        {importId ? null : <TextButton label="quipu.qna.enviar" variant="contained" onClick={() => void submit()} disabled={busy} />}
      </DialogActions>
    </Dialog>
  );
}
