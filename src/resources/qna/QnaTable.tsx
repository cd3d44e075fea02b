// The QnA table: number, Nombre, Actualizado, Creado por and delete. The server is asked for pages
// of 20 (POST /skill/qna-search) and the table shows 5, 10 or 20 rows of one of them, asking for
// the next 20 only when a page needs them. A row opens its QnA on a click or on Enter.
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import type { QnaRow } from '../../api/qna';
import { formatFecha } from '../../layout/fecha';
import { StatusMessage } from '../../layout/ListTable';
import { Pager } from '../../layout/Pager';
import { noticeText } from '../../layout/noticeText';
import { QNA_DEFAULT_ROWS, QNA_FETCH_SIZE, QNA_ROWS_PER_PAGE, origenLabel, serverSlice } from './qnaModel';

export interface QnaTableProps {
  idBot: string;
  /** The tag filter: QnAs carrying any of them, every QnA when empty. */
  tags: readonly string[];
  canEdit: boolean;
  onOpen: (row: QnaRow) => void;
}

/** The key of every page of the bot's QnA table, to read them again after a change. */
export const qnaTableKey = (idBot: string) => ['qnaSearch', idBot];

export function QnaTable({ idBot, tags, canEdit, onOpen }: QnaTableProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(QNA_DEFAULT_ROWS);
  const [deleting, setDeleting] = useState<QnaRow | null>(null);
  const tagKey = tags.join(',');
  useEffect(() => setPage(0), [tagKey]);

  const { serverPage, start } = serverSlice(page, perPage);
  const { data, error, isPending } = useQuery({
    queryKey: [...qnaTableKey(idBot), tagKey, serverPage],
    queryFn: () => dataProvider.searchQna({ idBot, tags: [...tags], page: serverPage, pageSize: QNA_FETCH_SIZE, sorted: [], filtered: [] }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
  const rows = (data?.content ?? []).slice(start, start + perPage);
  const total = data?.totalElements ?? (data?.totalPages ?? 0) * QNA_FETCH_SIZE;

  const confirmDelete = async () => {
    const row = deleting;
    setDeleting(null);
    if (!row) return;
    try {
      await dataProvider.deleteQna(row.id, idBot);
      notify('quipu.comun.eliminado', { type: 'success' });
    } catch (failure) {
      notify(messageOf(failure), noticeText(messageOf(failure), 'error'));
    }
    await queryClient.invalidateQueries({ queryKey: qnaTableKey(idBot) });
  };

  let body;
  if (error) body = <StatusMessage text={messageOf(error)} />;
  else if (isPending) body = <StatusMessage text="quipu.tabla.cargando" />;
  else if (rows.length === 0) body = <StatusMessage text="quipu.tabla.sinDatos" />;

  return (
    <Box>
      <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table size="small" aria-label={translate('quipu.qna.tabla')} sx={{ '& td, & th': { overflowWrap: 'anywhere' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('quipu.tabla.numero')}</TableCell>
              <TableCell>{translate('quipu.qna.nm')}</TableCell>
              <TableCell>{translate('quipu.qna.actualizado')}</TableCell>
              <TableCell>{translate('quipu.qna.creadoPor')}</TableCell>
              {canEdit ? <TableCell>{translate('quipu.qna.borrar')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {body
              ? null
              : rows.map((row, index) => (
                  <TableRow
                    key={row.id}
                    hover
                    tabIndex={0}
                    onClick={() => onOpen(row)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row);
                    }}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell>{page * perPage + index + 1}</TableCell>
                    <TableCell>{row.nm}</TableCell>
                    <TableCell>{formatFecha(row.fa, 'fechaHora')}</TableCell>
                    <TableCell>{translate(origenLabel(row.origen))}</TableCell>
                    {canEdit ? (
                      <TableCell>
                        <IconButton
                          aria-label={translate('quipu.qna.borrarNombre', { nm: row.nm })}
                          onClick={(event) => {
                            event.stopPropagation();
                            setDeleting(row);
                          }}
                          onKeyDown={(event) => event.stopPropagation()}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </Box>
      {body}
      <Pager
        count={total}
        page={page}
        rowsPerPage={perPage}
        onPage={setPage}
        texts="quipu.qna"
        choices={{
          options: QNA_ROWS_PER_PAGE,
          label: translate('quipu.qna.filasPorPagina'),
          onChange: (rows) => {
            setPerPage(rows);
            setPage(0);
          },
        }}
      />
      <Confirm
        isOpen={!!deleting}
        title="quipu.qna.borrarTitulo"
        content="quipu.qna.borrarTexto"
        translateOptions={{ nm: deleting?.nm ?? '' }}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
