// The QnA knowledge base of one bot: the deploy notice, the buttons (Agregar QnA, Cargar QnA por
// Defecto, Importar, Historial with an external QnA, Eliminar QnA), the tag filter and the table.
// Without isBotEdit only the table, the filter, the QnAs (read-only) and the history are there.
import AddIcon from '@mui/icons-material/Add';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import HistoryIcon from '@mui/icons-material/History';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import { TextButton } from '../../layout/TextButton';
import { QnaDeleteByTagsDialog } from './QnaDeleteByTagsDialog';
import { QnaDialog } from './QnaDialog';
import { QnaHistorialDialog } from './QnaHistorialDialog';
import { QnaImportDialog } from './QnaImportDialog';
import { QnaTable, qnaTableKey } from './QnaTable';
import { TagKbPicker } from './TagKbPicker';

export interface QnaPanelProps {
  idBot: string;
  /** The user's isBotEdit flag. */
  canEdit: boolean;
  /** 'Historial' is there for a bot with an external QnA. */
  qnaExtrn: boolean;
  /** 'Cargar QnA por Defecto' (not for the default set's own bot). */
  defaults: boolean;
}

type Open = { kind: 'qna'; id?: string } | { kind: 'importar' } | { kind: 'historial' } | { kind: 'eliminar' } | null;

export function QnaPanel({ idBot, canEdit, qnaExtrn, defaults }: QnaPanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  const [tags, setTags] = useState<string[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const [loading, setLoading] = useState(false);
  const close = useCallback(() => setOpen(null), []);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: qnaTableKey(idBot) }), [queryClient, idBot]);

  const loadDefaults = async () => {
    setLoading(true);
    try {
      const answer = await dataProvider.loadDefaultQna(idBot);
      notify(answer.msg, noticeText(answer.msg, 'success'));
      refresh();
    } catch (failure) {
      notify(messageOf(failure), noticeText(messageOf(failure), 'error'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('quipu.qna.despliegue')}
      </Alert>
      <Box role="toolbar" aria-label={translate('quipu.qna.titulo')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {canEdit ? <TextButton label="quipu.qna.agregar" variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'qna' })} /> : null}
        {canEdit && defaults ? (
          <TextButton label="quipu.qna.cargarDefecto" variant="outlined" startIcon={<LibraryAddIcon />} onClick={() => void loadDefaults()} disabled={loading} />
        ) : null}
        {canEdit ? <TextButton label="quipu.qna.importar" variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen({ kind: 'importar' })} /> : null}
        {qnaExtrn ? <TextButton label="quipu.qna.historial" variant="outlined" startIcon={<HistoryIcon />} onClick={() => setOpen({ kind: 'historial' })} /> : null}
        {canEdit ? <TextButton label="quipu.qna.eliminar" variant="outlined" color="error" startIcon={<DeleteSweepIcon />} onClick={() => setOpen({ kind: 'eliminar' })} /> : null}
      </Box>
      <Box sx={{ maxWidth: 480, mb: 2 }}>
        <TagKbPicker idBot={idBot} value={tags} onChange={setTags} label="quipu.qna.filtroTags" />
      </Box>
      <QnaTable idBot={idBot} tags={tags} canEdit={canEdit} onOpen={(row) => setOpen({ kind: 'qna', id: row.id })} />
      {open?.kind === 'qna' ? <QnaDialog idBot={idBot} qnaId={open.id} canEdit={canEdit} onClose={close} onSaved={refresh} /> : null}
      {open?.kind === 'importar' ? <QnaImportDialog idBot={idBot} onClose={close} onDone={refresh} /> : null}
      {open?.kind === 'historial' ? <QnaHistorialDialog idBot={idBot} canEdit={canEdit} onClose={close} /> : null}
      {open?.kind === 'eliminar' ? <QnaDeleteByTagsDialog idBot={idBot} onClose={close} onDeleted={refresh} /> : null}
    </Box>
  );
}
