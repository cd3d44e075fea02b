// 'Ver Informes': the user's reports (of one bot, when idBot is given), each with its state; asked
// again every REPORT_POLL_MS while one is being generated, and no more once none is or the dialog
// closes. A finished report downloads under its name; delete asks first. ROLE_ADMIN and
// ROLE_COMPANIA get the company's reports: then a column says who asked for each. Below the 993 px
// breakpoint, as the console's lists, each report is a card whose buttons say what they do.
import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { REPORT_POLL_MS } from '../../../common/schemas/historial';
import type { QuipuDataProvider } from '../../api/dataProvider';
import type { Report } from '../../api/historial';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import { empresaTimeZone } from '../../permissions/empresaTimeZone';
import { useSession } from '../../permissions/useSession';
import { formatFecha } from '../../layout/fecha';
import { TextButton } from '../../layout/TextButton';
import { saveBlob } from './historialModel';

function ReportState({ report }: { report: Report }) {
  const translate = useTranslate();
  if (report.estado === 'hecho') return <>{translate('quipu.historial.listo')}</>;
  if (report.estado === 'error') return <Typography color="error" variant="body2">{report.error || translate('quipu.historial.estado')}</Typography>;
  const value = report.total > 0 ? Math.min(100, (report.progreso / report.total) * 100) : 0;
  return (
    <Box sx={{ minWidth: 120 }}>
      {translate('quipu.historial.generando')}
      <LinearProgress variant="determinate" value={value} aria-label={translate('quipu.historial.progreso', { name: report.name })} sx={{ mt: 0.5 }} />
    </Box>
  );
}

interface ReportViewProps {
  reports: Report[];
  /** Whether some report was asked for by another user: then each says who asked for it. */
  others: boolean;
  timeZone: string;
  busy: boolean;
  onDownload: (report: Report) => void;
  onDelete: (report: Report) => void;
}

function ReportTable({ reports, others, timeZone, busy, onDownload, onDelete }: ReportViewProps) {
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small" aria-labelledby="informes-titulo">
        <TableHead>
          <TableRow>
            <TableCell>{translate('quipu.historial.nombreInforme')}</TableCell>
            {others ? <TableCell>{translate('quipu.historial.pedidoPor')}</TableCell> : null}
            <TableCell>{translate('quipu.historial.fecha')}</TableCell>
            <TableCell>{translate('quipu.historial.estado')}</TableCell>
            <TableCell align="right">{translate('quipu.historial.acciones')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reports.map((report) => (
            <TableRow key={report.id}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{report.name}</TableCell>
              {others ? <TableCell sx={{ overflowWrap: 'anywhere' }}>{report.us ?? translate('quipu.historial.usuarioEliminado')}</TableCell> : null}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFecha(report.fc, 'fechaHora', timeZone)}</TableCell>
              <TableCell>
                <ReportState report={report} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton aria-label={translate('quipu.historial.descargarInforme', { name: report.name })} disabled={busy || report.estado !== 'hecho'} onClick={() => onDownload(report)}>
                  <FileDownloadIcon />
                </IconButton>
                <IconButton aria-label={translate('quipu.historial.eliminarInforme', { name: report.name })} disabled={busy} onClick={() => onDelete(report)}>
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A card for each report: its name, the table's other columns as labelled values, and its buttons with their text. */
function ReportCards({ reports, others, timeZone, busy, onDownload, onDelete }: ReportViewProps) {
  const translate = useTranslate();
  const values = { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1, rowGap: 0.5, my: 1, typography: 'body2', '& dd': { m: 0, overflowWrap: 'anywhere' } } as const;
  return (
    <List aria-labelledby="informes-titulo" disablePadding sx={{ display: 'grid', gap: 1 }}>
      {reports.map((report) => (
        <ListItem key={report.id} disablePadding>
          <Card variant="outlined" sx={{ width: '100%', minWidth: 0, p: 1.5 }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{report.name}</Typography>
            <Box component="dl" sx={values}>
              {others ? (
                <>
                  <dt>{translate('quipu.historial.pedidoPor')}:</dt>
                  <dd>{report.us ?? translate('quipu.historial.usuarioEliminado')}</dd>
                </>
              ) : null}
              <dt>{translate('quipu.historial.fecha')}:</dt>
              <dd>{formatFecha(report.fc, 'fechaHora', timeZone)}</dd>
              <dt>{translate('quipu.historial.estado')}:</dt>
              <dd>
                <ReportState report={report} />
              </dd>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <TextButton
                label={translate('quipu.historial.descargar')}
                aria-label={translate('quipu.historial.descargarInforme', { name: report.name })}
                variant="outlined"
                size="small"
                startIcon={<FileDownloadIcon />}
                disabled={busy || report.estado !== 'hecho'}
                onClick={() => onDownload(report)}
              />
              <TextButton label={translate('quipu.historial.eliminar')} aria-label={translate('quipu.historial.eliminarInforme', { name: report.name })} color="error" size="small" startIcon={<DeleteIcon />} disabled={busy} onClick={() => onDelete(report)} />
            </Box>
          </Card>
        </ListItem>
      ))}
    </List>
  );
}

export interface ReportsDialogProps {
  /** Only this bot's reports. */
  idBot?: string;
  /** The company's reports: the one the system admin picked; by default the user's own. */
  idE?: string;
  onClose: () => void;
}

export function ReportsDialog({ idBot, idE: empresa, onClose }: ReportsDialogProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const session = useSession();
  const timeZone = empresaTimeZone(session);
  const idE = empresa ?? session?.user.idE;
  const [deleting, setDeleting] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);
  const cards = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const reports = useQuery({
    queryKey: ['informes', idBot ?? null, idE],
    queryFn: () => dataProvider.listReports({ idBot, idE }),
    refetchInterval: (query) => (query.state.data?.some((report) => report.estado === 'generando') ? REPORT_POLL_MS : false),
    gcTime: 0,
    retry: false,
  });
  const fail = (failure: unknown) => notify(messageOf(failure), noticeText(messageOf(failure), 'error'));

  const download = async (report: Report) => {
    setBusy(true);
    try {
      saveBlob(report.name, await dataProvider.downloadReport(report.id));
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    const report = deleting;
    setDeleting(null);
    if (!report) return;
    setBusy(true);
    try {
      await dataProvider.deleteReport(report.id);
      const text = translate('quipu.historial.eliminado');
      notify(text, noticeText(text, 'success'));
      await reports.refetch();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const me = session?.user.usuario;
  const others = !!reports.data?.some((report) => report.us !== me);

  let body;
  if (reports.error) body = <Typography role="alert">{messageOf(reports.error)}</Typography>;
  else if (reports.isPending) body = <Typography role="status">{translate('quipu.historial.cargando')}</Typography>;
  else if (reports.data.length === 0) body = <Typography role="status">{translate('quipu.historial.sinDatos')}</Typography>;
  else {
    const View = cards ? ReportCards : ReportTable;
    body = <View reports={reports.data} others={others} timeZone={timeZone} busy={busy} onDownload={(report) => void download(report)} onDelete={setDeleting} />;
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="informes-titulo">
      <DialogTitle id="informes-titulo">{translate('quipu.historial.verInformes')}</DialogTitle>
      <DialogContent dividers sx={cards ? { px: 2 } : undefined}>
        {body}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('quipu.historial.cerrar')}</Button>
      </DialogActions>
      <Confirm
        isOpen={!!deleting}
        title={deleting ? translate('quipu.historial.eliminarInforme', { name: deleting.name }) : translate('quipu.historial.eliminar')}
        content={translate('quipu.historial.confirmarEliminar')}
        confirm={translate('quipu.historial.eliminar')}
        cancel="Cancelar"
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}
