// 'Historial': the bot's imports (GET /skill/historial-import), read again every 5 s while the
// newest one runs, and for isBotEdit 'Importar Ahora' (the external QnA, at once), off while an
// import runs.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import type { QnaImport } from '../../api/qna';
import { formatFecha } from '../../layout/fecha';
import { StatusMessage } from '../../layout/ListTable';
import { noticeText } from '../../layout/noticeText';
import { TextButton } from '../../layout/TextButton';
import { importHistoryKey } from './QnaImportDialog';
import { IMPORT_POLL_MS, durationParts, importOrigenLabel, importRunning } from './qnaModel';

const COLUMNS = ['fecha', 'origen', 'fuente', 'usuario', 'nuevos', 'actualizados', 'eliminados', 'rechazados', 'duracion', 'estado'] as const;

function ImportRow({ row }: { row: QnaImport }) {
  const translate = useTranslate();
  const duration = row.dur === null ? null : durationParts(row.dur);
  let estado = translate('quipu.qna.terminado');
  if (row.error) estado = row.error;
  else if (!row.done) estado = translate('quipu.qna.enCurso', { progreso: row.progreso, total: row.total });
  const cells = [
    formatFecha(row.fc, 'fechaHora'),
    translate(importOrigenLabel(row.origen), { _: row.origen }),
    row.fuente,
    row.us ?? translate('quipu.qna.programacion'),
    row.nuevos,
    row.actualizados,
    row.remove,
    row.errores.length,
    duration ? translate(duration.key, duration) : '',
    estado,
  ];
  return (
    <TableRow>
      {cells.map((cell, index) => (
        <TableCell key={COLUMNS[index]}>{cell}</TableCell>
      ))}
    </TableRow>
  );
}

export function QnaHistorialDialog({ idBot, canEdit, onClose }: { idBot: string; canEdit: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const { data, error } = useQuery({
    queryKey: importHistoryKey(idBot),
    queryFn: () => dataProvider.getImportHistory(idBot),
    refetchInterval: (query) => (importRunning(query.state.data) ? IMPORT_POLL_MS : false),
    refetchOnWindowFocus: false,
  });

  const importNow = async () => {
    setAsking(true);
    try {
      await dataProvider.importQnaNow(idBot);
      await queryClient.invalidateQueries({ queryKey: importHistoryKey(idBot) });
    } catch (failure) {
      notify(messageOf(failure), noticeText(messageOf(failure), 'error'));
    } finally {
      setAsking(false);
    }
  };

  let content;
  if (error) content = <Alert severity="error">{messageOf(error)}</Alert>;
  else if (!data) content = <StatusMessage text="quipu.tabla.cargando" />;
  else if (data.length === 0) content = <StatusMessage text="quipu.tabla.sinDatos" />;
  else {
    content = (
      <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table size="small" aria-label={translate('quipu.qna.historialTabla')}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{translate(`quipu.qna.col.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((row) => (
              <ImportRow key={row.id} row={row} />
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="qna-historial-titulo" fullWidth maxWidth="lg">
      <DialogTitle id="qna-historial-titulo">{translate('quipu.qna.historialTitulo')}</DialogTitle>
      <DialogContent>
        {canEdit ? (
          <TextButton label="quipu.qna.importarAhora" variant="outlined" onClick={() => void importNow()} disabled={!data || importRunning(data) || asking} sx={{ mb: 2 }} />
        ) : null}
        {content}
      </DialogContent>
      <DialogActions>
        <TextButton label="quipu.qna.cerrar" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
