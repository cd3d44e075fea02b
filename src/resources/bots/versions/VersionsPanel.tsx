// The versions dialog's content: every version of the bot (GET /list/version), then the comparison.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import { noticeText } from '../../../layout/noticeText';
import { VersionCompare } from './VersionCompare';
import { versionListKey } from './useDeployState';
import { isDeployed } from './versionModel';
import { VersionTable } from './VersionTable';

interface VersionsPanelProps {
  botId: string;
  /** A restore was made: every 'Restaurar' stays disabled until the page reloads. */
  restored: boolean;
  onRestored: (message: string) => void;
}

export function VersionsPanel({ botId, restored, onRestored }: VersionsPanelProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const { data: versions, error } = useQuery({
    queryKey: versionListKey(botId),
    queryFn: () => dataProvider.listVersions(botId),
    retry: false,
    gcTime: 0,
  });
  useEffect(() => {
    if (error) notify(messageOf(error), noticeText(messageOf(error), 'error'));
  }, [error, notify]);

  if (error) return null;
  if (!versions) return <Typography role="status">{translate('quipu.versiones.cargando')}</Typography>;
  if (versions.length === 0) return <Typography>{translate('quipu.versiones.sinVersiones')}</Typography>;
  return (
    <>
      <VersionTable botId={botId} versions={versions} restored={restored} onRestored={onRestored} />
      <Divider sx={{ my: 2 }} />
      <VersionCompare botId={botId} versions={versions.filter(isDeployed)} />
    </>
  );
}
