// The export button of a /bot row: GET /bot.export, saved as 'id - name.yani' holding base64 text.
// The click stays on the button: it does not open the row.
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState, type MouseEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import { exportFileContent, exportFileName } from './botModel';

function saveTextFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked at once, the address can be gone before the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function BotExportButton({ id, nm }: { id: string; nm: string }) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const label = translate('quipu.bots.exportarBot', { nm });

  const exportBot = async (event: MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      saveTextFile(exportFileName(id, nm), exportFileContent(await dataProvider.exportBot(id)));
    } catch (error) {
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={exportBot} disabled={busy} onKeyDown={(event) => event.stopPropagation()}>
          <FileDownloadIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}
