// The files a client sent with a message, while they are kept: one button each, with its name and
// size, that saves it under its name. A file already deleted says so in the server's words.
import { useState } from 'react';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import type { HistoryAttachment } from '../../api/historial';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import { formatSize, saveBlob } from './historialModel';

function AttachmentButton({ file }: { file: HistoryAttachment }) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(file.nm, await dataProvider.downloadAttachment(file.id));
    } catch (failure) {
      notify(messageOf(failure), noticeText(messageOf(failure), 'error'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      aria-label={translate('quipu.historial.descargarAdjunto', { nm: file.nm })}
      disabled={downloading}
      onClick={() => void download()}
      // A file's name is shown as it was sent, not in capitals; a long one wraps.
      sx={{ textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'left', justifyContent: 'flex-start' }}
    >
      {translate('quipu.historial.adjunto', { nm: file.nm, tam: formatSize(file.tam) })}
    </Button>
  );
}

export function MessageAttachments({ files }: { files: readonly HistoryAttachment[] }) {
  const translate = useTranslate();
  return (
    <Box role="group" aria-label={translate('quipu.historial.adjuntos')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
      {files.map((file) => (
        <AttachmentButton key={file.id} file={file} />
      ))}
    </Box>
  );
}
