// 'Versiones' in the bot editor (isBotEdit only): a dialog listing every version, with
// restore and the comparison of two versions. After a restore the page reloads 3 s later.
import { useEffect, useRef, useState } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { Bot } from '../../../api/versions';
import { noticeText } from '../../../layout/noticeText';
import { TextButton } from '../../../layout/TextButton';
import { useFlags } from '../../../permissions/useFlags';
import { VersionsPanel } from './VersionsPanel';

export const RELOAD_AFTER_MS = 3_000;

const reloadPage = () => window.location.reload();

interface VersionsButtonProps {
  /** What reloads the page after a restore (tests pass their own). */
  reload?: () => void;
}

export function VersionsButton({ reload = reloadPage }: VersionsButtonProps) {
  const record = useRecordContext<Bot>();
  const { flags } = useFlags();
  const notify = useNotify();
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const [restored, setRestored] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  if (record?.id === undefined || !flags?.isBotEdit) return null;

  const onRestored = (message: string) => {
    notify(message, noticeText(message, 'success'));
    setRestored(true);
    reloadTimer.current = setTimeout(reload, RELOAD_AFTER_MS);
  };

  return (
    <>
      <TextButton label={translate('quipu.versiones.versiones')} onClick={() => setOpen(true)} variant="outlined" size="small" startIcon={<HistoryIcon />} />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="versions-dialog-title" fullWidth maxWidth="lg" fullScreen={fullScreen}>
        <DialogTitle id="versions-dialog-title">{translate('quipu.versiones.versiones')}</DialogTitle>
        <DialogContent>
          <VersionsPanel botId={String(record.id)} restored={restored} onRestored={onRestored} />
        </DialogContent>
        <DialogActions>
          <TextButton label={translate('quipu.versiones.cerrar')} onClick={() => setOpen(false)} />
        </DialogActions>
      </Dialog>
    </>
  );
}
