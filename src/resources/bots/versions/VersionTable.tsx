// Every version of the bot, newest first: number, start, end, duration,
// state and description or failure, each with 'Restaurar'. A plain table: these rows are not a
// react-admin resource, and the dialog shows them all at once (no cap).
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import { formatFecha } from '../../../layout/fecha';
import { RestoreButton } from './RestoreButton';
import { formatDuration, versionState, type BotVersion } from './versionModel';

const COLUMNS = ['version', 'fc', 'ffin', 'dur', 'estado', 'msg', 'acciones'] as const;

interface VersionTableProps {
  botId: string;
  versions: BotVersion[];
  restored: boolean;
  onRestored: (message: string) => void;
}

export function VersionTable({ botId, versions, restored, onRestored }: VersionTableProps) {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ maxHeight: '50vh' }}>
      <Table size="small" stickyHeader aria-label={translate('quipu.versiones.versiones')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{translate(`quipu.versiones.columnas.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.map((version) => (
            <TableRow key={version.id}>
              <TableCell>{version.version}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFecha(version.fc, 'fechaHora')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFecha(version.ffin, 'fechaHora')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDuration(version.dur)}</TableCell>
              <TableCell>{versionState(version)}</TableCell>
              <TableCell sx={{ minWidth: 200, overflowWrap: 'anywhere' }}>{version.msg}</TableCell>
              <TableCell>
                <RestoreButton botId={botId} version={version} restored={restored} onRestored={onRestored} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
