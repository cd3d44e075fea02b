// 'Preguntas no encontradas (KB)': the questions the bot's knowledge base could not answer, 20 a
// page, most repeated first, filtered by entry skill and by Desde/Hasta (the company's days).
// Selected questions become variants of a chosen QnA ('Asignar') or are deleted ('Eliminar'); without
// a selection 'Seleccione frases', without a QnA 'Seleccione una QnA'. 'Exportar' asks for the report.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { addDays, localDay } from '../../../../common/dias';
import { BOT_MESSAGES } from '../../../../common/schemas/bots';
import { HISTORY_TEXTS } from '../../../../common/schemas/historial';
import { QNA_NF_PAGE_SIZE, QNA_NF_TEXTS, type QnaNfSearchBody } from '../../../../common/schemas/qna';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import { DayRangeFields } from '../../../layout/DayRangeFields';
import { formatFecha } from '../../../layout/fecha';
import { FormSection } from '../../../layout/FormParts';
import { Pager } from '../../../layout/Pager';
import { StatusMessage } from '../../../layout/ListTable';
import { noticeText } from '../../../layout/noticeText';
import { TextButton } from '../../../layout/TextButton';
import { useEmpresaScope } from '../../../permissions/useEmpresaScope';
import { QnaPicker } from './QnaPicker';
import { usePageSelection } from './usePageSelection';

/** Days the range covers when the panel opens: the last three months. */
const DEFAULT_DAYS = 90;

export function BotQnaNfPanel({ botId, reportsAllowed }: { botId: string; reportsAllowed: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { tz } = useEmpresaScope();
  const [days, setDays] = useState(() => {
    const today = localDay(Date.now(), tz);
    return { fd: addDays(today, 1 - DEFAULT_DAYS), fh: today };
  });
  const [idSkill, setIdSkill] = useState('');
  const [page, setPage] = useState(0);
  const [qna, setQna] = useState<{ id: string; nm: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const reversed = days.fh < days.fd;
  const filters: QnaNfSearchBody = { idSkill: idSkill || null, from: days.fd, to: days.fh };
  const body: QnaNfSearchBody = { ...filters, page, pageSize: QNA_NF_PAGE_SIZE };
  const { data: skills = [] } = useQuery({ queryKey: ['skills-kb', botId], queryFn: () => dataProvider.getKbSkills(botId) });
  const { data, error } = useQuery({
    queryKey: ['qna-not-found', botId, body],
    queryFn: () => dataProvider.getQnaNotFound(botId, body),
    enabled: !reversed,
    placeholderData: keepPreviousData,
  });
  const rows = data?.content ?? [];
  const total = data?.totalElements ?? (data?.totalPages ?? 0) * QNA_NF_PAGE_SIZE;
  const { selected, setSelected, toggle, allOnPage, toggleAll } = usePageSelection(rows, !!data, page, setPage);

  const filtersChanged = () => {
    setPage(0);
    setSelected([]);
  };
  const tell = (message: string, type: 'warning' | 'error' | 'success' | 'info') => notify(message, noticeText(message, type));

  const act = async (call: () => Promise<unknown>, done: string, type: 'success' | 'info' = 'success') => {
    setBusy(true);
    try {
      await call();
      tell(done, type);
      return true;
    } catch (failure) {
      tell(messageOf(failure), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };
  const changed = async (ok: boolean) => {
    if (!ok) return;
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: ['qna-not-found', botId] });
  };

  const assign = async () => {
    if (selected.length === 0) return tell(BOT_MESSAGES.selectPhrases, 'warning');
    if (!qna) return tell(QNA_NF_TEXTS.seleccioneQna, 'warning');
    await changed(await act(() => dataProvider.assignQnaNotFound(botId, { ids: selected, idQna: qna.id }), BOT_MESSAGES.assigned));
  };
  const remove = async () => {
    if (selected.length === 0) return tell(BOT_MESSAGES.selectPhrases, 'warning');
    await changed(await act(() => dataProvider.deleteQnaNotFound(botId, selected, idSkill || undefined), BOT_MESSAGES.deleted));
  };
  const exportar = () => act(() => dataProvider.exportQnaNotFound(botId, filters), QNA_NF_TEXTS.generandoInforme, 'info');


  let table = <StatusMessage text="quipu.tabla.cargando" />;
  if (reversed) table = <StatusMessage text="quipu.tabla.sinDatos" />;
  else if (error) table = <StatusMessage text={messageOf(error)} />;
  else if (data && rows.length === 0) table = <StatusMessage text="quipu.tabla.sinDatos" />;
  else if (data) {
    table = (
      <Table size="small" aria-label={QNA_NF_TEXTS.titulo}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox checked={allOnPage} onChange={toggleAll} slotProps={{ input: { 'aria-label': translate('quipu.bots.preguntasKb.todas') } }} />
            </TableCell>
            <TableCell>{translate('quipu.bots.preguntasKb.txt')}</TableCell>
            <TableCell>{translate('quipu.bots.preguntasKb.skill')}</TableCell>
            <TableCell align="right">{translate('quipu.bots.preguntasKb.c')}</TableCell>
            <TableCell>{translate('quipu.bots.preguntasKb.fc')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} selected={selected.includes(row.id)}>
              <TableCell padding="checkbox">
                <Checkbox checked={selected.includes(row.id)} onChange={() => toggle(row.id)} slotProps={{ input: { 'aria-label': row.txt } }} />
              </TableCell>
              <TableCell>{row.txt}</TableCell>
              <TableCell>{row.skill}</TableCell>
              <TableCell align="right">{row.c}</TableCell>
              <TableCell>{formatFecha(row.fc, 'fechaHora', tz)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <Box component="section" aria-label={QNA_NF_TEXTS.titulo}>
      <FormSection title="quipu.bots.preguntasKb.titulo">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 1 }}>
          <TextField
            select
            id="preguntas-kb-skill"
            label={translate('quipu.bots.preguntasKb.skill')}
            value={idSkill}
            onChange={(event) => {
              setIdSkill(event.target.value);
              filtersChanged();
            }}
            size="small"
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{translate('quipu.bots.preguntasKb.todosSkills')}</MenuItem>
            {skills.map((skill) => (
              <MenuItem key={skill.id} value={skill.id}>
                {skill.nm}
              </MenuItem>
            ))}
          </TextField>
          <DayRangeFields
            idPrefix="preguntas-kb"
            fd={days.fd}
            fh={days.fh}
            errors={{ fh: reversed ? HISTORY_TEXTS.hastaMayor : null }}
            onChange={(change) => {
              setDays((now) => ({ ...now, ...change }));
              filtersChanged();
            }}
          />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
          <QnaPicker botId={botId} value={qna} onChange={setQna} />
          <TextButton label="quipu.bots.preguntasKb.asignar" variant="contained" onClick={() => void assign()} disabled={busy} />
          <TextButton label="quipu.bots.preguntasKb.eliminar" variant="outlined" color="warning" onClick={() => void remove()} disabled={busy} />
          {reportsAllowed ? <TextButton label="quipu.bots.preguntasKb.exportar" variant="outlined" onClick={() => void exportar()} disabled={busy || reversed} /> : null}
        </Box>
        {table}
        <Pager
          count={total}
          page={page}
          rowsPerPage={QNA_NF_PAGE_SIZE}
          onPage={(next) => {
            setPage(next);
            setSelected([]);
          }}
          texts="quipu.bots.frases"
        />
      </FormSection>
    </Box>
  );
}
