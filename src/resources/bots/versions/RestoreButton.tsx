// 'Restaurar' on a version row: disabled, with the reason as its description, for a
// version that failed or is still deploying; otherwise it asks, then POST /restaurar.
import { useId, useState } from 'react';
import RestoreIcon from '@mui/icons-material/Restore';
import Tooltip from '@mui/material/Tooltip';
import { Button, Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import { noticeText } from '../../../layout/noticeText';
import { restoreBlocker, type BotVersion } from './versionModel';
import { useVersionMessages } from './versionTexts';

/** Read by screen readers, not shown: the tooltip shows the same text. */
const visuallyHidden = { position: 'absolute', width: 1, height: 1, margin: -1, padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

interface RestoreButtonProps {
  botId: string;
  version: BotVersion;
  restored: boolean;
  onRestored: (message: string) => void;
}

export function RestoreButton({ botId, version, restored, onRestored }: RestoreButtonProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const messages = useVersionMessages();
  const reasonId = useId();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const blocker = restoreBlocker(version);

  const restore = async () => {
    setSending(true);
    try {
      const answer = await dataProvider.restoreVersion(botId, version.id);
      setAsking(false);
      onRestored(answer?.message || translate('quipu.versiones.restaurado'));
    } catch (error) {
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
    } finally {
      setSending(false);
    }
  };

  const button = (
    <Button
      label={translate('quipu.versiones.restaurar')}
      onClick={() => setAsking(true)}
      disabled={!!blocker || restored || sending}
      aria-describedby={blocker ? reasonId : undefined}
    >
      <RestoreIcon />
    </Button>
  );

  return (
    <>
      {blocker ? (
        <>
          {/* A disabled button gets no pointer events: the tooltip hangs on a wrapper. */}
          <Tooltip title={blocker}>
            <span>{button}</span>
          </Tooltip>
          <span id={reasonId} style={visuallyHidden}>
            {blocker}
          </span>
        </>
      ) : (
        button
      )}
      <Confirm
        isOpen={asking}
        loading={sending}
        title={messages.restaurarTitulo(version.version)}
        content={messages.restaurarTexto(version.version)}
        confirm={translate('quipu.versiones.restaurar')}
        cancel={translate('quipu.versiones.cancelar')}
        confirmColor="warning"
        onConfirm={() => void restore()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
