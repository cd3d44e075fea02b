// The Monitoreo tab: the bot's unrecognised phrases, 20 a page, with how many
// times each came. Selected phrases become training phrases of a chosen skill ('Asignar') or are
// deleted ('Eliminar'); without a selection 'Seleccione frases', without a skill 'Seleccione un Skill'.
// 'Ver Informes' lists the bot's reports, as the history's dialog does, for the roles the reports' routes admit.
// When the bot has QnA on, the questions its knowledge base could not answer follow (BotQnaNfPanel).
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
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
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import { FormSection } from '../../../layout/FormParts';
import { Pager } from '../../../layout/Pager';
import { ReportsDialog } from '../../../pages/historial/ReportsDialog';
import { StatusMessage } from '../../../layout/ListTable';
import { noticeText } from '../../../layout/noticeText';
import { TextButton } from '../../../layout/TextButton';
import { BOT_MESSAGES } from '../../../../common/schemas/bots';
import { canUseReports } from '../../../../common/roles';
import { useFlags } from '../../../permissions/useFlags';
import { FRASES_PAGE_SIZE } from '../botModel';
import { useSkills } from '../flow/useSkills';
import { usePageSelection } from './usePageSelection';
import { BotQnaNfPanel } from './BotQnaNfPanel';

export function BotMonitoreoTab({ botId, qna = false }: { botId: string; qna?: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [page, setPage] = useState(0);
  const [skillId, setSkillId] = useState('');
  const [busy, setBusy] = useState(false);
  const [reports, setReports] = useState(false);
  const { flags } = useFlags();
  const reportsAllowed = !!flags && canUseReports(flags);
  const paging = { botId, page, pageSize: FRASES_PAGE_SIZE };
  const { data, error } = useQuery({ queryKey: ['frases', botId, page], queryFn: () => dataProvider.getFrases(paging), placeholderData: keepPreviousData });
  const { data: skills = [] } = useSkills(botId);
  const rows = data?.content ?? [];
  const total = data?.totalElements ?? (data?.totalPages ?? 0) * FRASES_PAGE_SIZE;
  const { selected, setSelected, toggle, allOnPage, toggleAll } = usePageSelection(rows, !!data, page, setPage);

  const warn = (message: string) => notify(message, noticeText(message, 'warning'));

  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      notify(done, noticeText(done, 'success'));
      setSelected([]);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['frases', botId] }), queryClient.invalidateQueries({ queryKey: ['skills', botId] })]);
    } catch (failure) {
      notify(messageOf(failure), noticeText(messageOf(failure), 'error'));
    } finally {
      setBusy(false);
    }
  };

  const assign = () => {
    if (selected.length === 0) return warn(BOT_MESSAGES.selectPhrases);
    if (!skillId) return warn(BOT_MESSAGES.selectSkill);
    return act(() => dataProvider.assignFrases({ ...paging, ids: selected, skillId }), BOT_MESSAGES.assigned);
  };
  const remove = () => {
    if (selected.length === 0) return warn(BOT_MESSAGES.selectPhrases);
    return act(() => dataProvider.deleteFrases({ ...paging, ids: selected }), BOT_MESSAGES.phrasesDeleted);
  };


  let body = <StatusMessage text="quipu.tabla.cargando" />;
  if (error) body = <StatusMessage text={messageOf(error)} />;
  else if (data && rows.length === 0) body = <StatusMessage text="quipu.tabla.sinDatos" />;
  else if (data) {
    body = (
      <Table size="small" aria-label={translate('quipu.bots.frases.titulo')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox checked={allOnPage} onChange={toggleAll} slotProps={{ input: { 'aria-label': translate('quipu.bots.frases.todas') } }} />
            </TableCell>
            <TableCell>{translate('quipu.bots.frases.f')}</TableCell>
            <TableCell align="right">{translate('quipu.bots.frases.c')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} selected={selected.includes(row.id)}>
              <TableCell padding="checkbox">
                <Checkbox checked={selected.includes(row.id)} onChange={() => toggle(row.id)} slotProps={{ input: { 'aria-label': row.f } }} />
              </TableCell>
              <TableCell>{row.f}</TableCell>
              <TableCell align="right">{row.c}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <FormSection title="quipu.bots.frases.titulo">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
        <TextField
          select
          id="frases-skill"
          label={translate('quipu.bots.frases.skill')}
          value={skillId}
          onChange={(event) => setSkillId(event.target.value)}
          size="small"
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">{translate('quipu.bots.ningunSkill')}</MenuItem>
          {skills.map((skill) => (
            <MenuItem key={skill.id} value={skill.id}>
              {skill.nm}
            </MenuItem>
          ))}
        </TextField>
        <TextButton label="quipu.bots.frases.asignar" variant="contained" onClick={assign} disabled={busy} />
        <TextButton label="quipu.bots.frases.eliminar" variant="outlined" color="warning" onClick={remove} disabled={busy} />
        {reportsAllowed ? (
          <MuiButton variant="outlined" onClick={() => setReports(true)}>
            {translate('quipu.historial.verInformes')}
          </MuiButton>
        ) : null}
      </Box>
      {body}
      <Pager
        count={total}
        page={page}
        rowsPerPage={FRASES_PAGE_SIZE}
        onPage={(next) => {
          setPage(next);
          setSelected([]);
        }}
        texts="quipu.bots.frases"
      />
      {reports && reportsAllowed ? <ReportsDialog idBot={botId} onClose={() => setReports(false)} /> : null}
      {qna ? <BotQnaNfPanel botId={botId} reportsAllowed={reportsAllowed} /> : null}
    </FormSection>
  );
}
