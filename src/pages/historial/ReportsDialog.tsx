// 'Ver Informes': the user's reports (of one bot, when idBot is given), each with its state; asked
// again every REPORT_POLL_MS while one is being generated, and no more once none is or the dialog
// closes. A finished report downloads under its name; delete asks first. ROLE_ADMIN and
// ROLE_COMPANIA get the company's reports: then a column says who asked for each.
import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import { REPORT_POLL_MS } from '../../../common/schemas/historial';
import type { QuipuDataProvider } from '../../api/dataProvider';
import type { Report } from '../../api/historial';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import { useSession } from '../../permissions/useSession';
import { formatFecha } from '../../layout/fecha';
import { TEXTS, saveBlob } from './historialModel';

function ReportState({ report }: { report: Report }) {
  if (report.estado === 'hecho') return <>{TEXTS.listo}</>;
  if (report.estado === 'error') return <Typography color="error" variant="body2">{report.error || TEXTS.estado}</Typography>;
  const value = report.total > 0 ? Math.min(100, (report.progreso / report.total) * 100) : 0;
  return (
    <Box sx={{ minWidth: 120 }}>
      {TEXTS.generando}
      <LinearProgress variant="determinate" value={value} aria-label={`${TEXTS.progreso} ${report.name}`} sx={{ mt: 0.5 }} />
    </Box>
  );
}

export interface ReportsDialogProps {
  /** Only this bot's reports. */
  idBot?: string;
  onClose: () => void;
}

export function ReportsDialog({ idBot, onClose }: ReportsDialogProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const session = useSession();
  const timeZone = session?.emp.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const idE = session?.user.idE;
  const [deleting, setDeleting] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);
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
      notify(TEXTS.eliminado, noticeText(TEXTS.eliminado, 'success'));
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
  else if (reports.isPending) body = <Typography role="status">{TEXTS.cargando}</Typography>;
  else if (reports.data.length === 0) body = <Typography role="status">{TEXTS.sinDatos}</Typography>;
  else {
    body = (
      <TableContainer>
        <Table size="small" aria-labelledby="informes-titulo">
          <TableHead>
            <TableRow>
              <TableCell>{TEXTS.nombreInforme}</TableCell>
              {others ? <TableCell>{TEXTS.pedidoPor}</TableCell> : null}
              <TableCell>{TEXTS.fecha}</TableCell>
              <TableCell>{TEXTS.estado}</TableCell>
              <TableCell align="right">{TEXTS.acciones}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {reports.data.map((report) => (
              <TableRow key={report.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{report.name}</TableCell>
                {others ? <TableCell sx={{ overflowWrap: 'anywhere' }}>{report.us ?? TEXTS.usuarioEliminado}</TableCell> : null}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFecha(report.fc, 'fechaHora', timeZone)}</TableCell>
                <TableCell>
                  <ReportState report={report} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton aria-label={`${TEXTS.descargar} ${report.name}`} disabled={busy || report.estado !== 'hecho'} onClick={() => void download(report)}>
                    <FileDownloadIcon />
                  </IconButton>
                  <IconButton aria-label={`${TEXTS.eliminar} ${report.name}`} disabled={busy} onClick={() => setDeleting(report)}>
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

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="informes-titulo">
      <DialogTitle id="informes-titulo">{TEXTS.verInformes}</DialogTitle>
      <DialogContent dividers>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{TEXTS.cerrar}</Button>
      </DialogActions>
      <Confirm
        isOpen={!!deleting}
        title={deleting ? `${TEXTS.eliminar} ${deleting.name}` : TEXTS.eliminar}
        content={TEXTS.confirmarEliminar}
        confirm={TEXTS.eliminar}
        cancel="Cancelar"
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}
