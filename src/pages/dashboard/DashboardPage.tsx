// The dashboard (/dashboard, and what '/' shows): the filters, then the General tab and, for a bot
// with QnA on, the QnA tab, for the chosen bot and days. A broken rule (no bot, Hasta before Desde,
// more than 90 days) is written once, under its field, and nothing is asked of the server until it
// is mended.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { messageOf } from '../../api/HttpError';
import { TabPanel } from '../../layout/TabPanel';
import { SETTLE_MS, useSettled } from '../../layout/useSettled';
import { useEmpresaScope } from '../../permissions/useEmpresaScope';
import { useFlags } from '../../permissions/useFlags';
import { EmpresaPageCard } from '../EmpresaPageCard';
import { ConversationDialog } from '../historial/ConversationDialog';
import { DashboardFilters, type FilterErrors } from './DashboardFilters';
import { DEFAULT_DAYS, lastDays, rangeError, rangeErrors, type Filters } from './dashboardModel';
import { GeneralTab } from './GeneralTab';
import { QnaTab, useDashboardQna } from './QnaTab';
import { SesionesCard } from './SesionesCard';
import { useDashboardBots } from './useDashboardBots';

export function DashboardPage() {
  const translate = useTranslate();
  const { flags } = useFlags();
  // The user's company; the system admin's, the one picked above the filters.
  const { idE, tz: timeZone } = useEmpresaScope();
  const bots = useDashboardBots(idE);
  const [chosen, setChosen] = useState<Omit<Filters, 'idBot'> & { idBot: string | null }>(() => ({ idBot: null, ...lastDays(DEFAULT_DAYS, timeZone), tipo: 'sesiones', tl: 'dias' }));
  // Another company: the bot picked among the previous one's gives way to the new one's first deployed.
  const [botsOf, setBotsOf] = useState(idE);
  if (botsOf !== idE) {
    setBotsOf(idE);
    setChosen((before) => ({ ...before, idBot: null }));
  }
  // The bot: the one the user chose, else (until then) the first deployed.
  const filters: Filters = { ...chosen, idBot: chosen.idBot ?? bots.data?.initial ?? '' };
  const [changed, setChanged] = useState<'fd' | 'fh'>('fh');
  const [tab, setTab] = useState<'general' | 'qna'>('general');

  const dates = rangeError(filters.fd, filters.fh);
  const under = rangeErrors(filters.fd, filters.fh, changed);
  const errors: FilterErrors = {
    idBot: bots.data && !filters.idBot ? translate('quipu.dashboard.seleccioneBot') : null,
    fd: under.fd && translate(under.fd),
    fh: under.fh && translate(under.fh),
  };

  const onChange = (change: Partial<Filters>) => {
    // Only what the user touched is kept: the default bot stays the default until a bot is picked.
    setChosen((before) => ({ ...before, ...change }));
    if (change.fd !== undefined || change.fh !== undefined) setChanged(change.fd !== undefined ? 'fd' : 'fh');
  };

  // The server is asked once the filters rest: a day stepped with the arrows passes through other days.
  const applied = useSettled(filters, SETTLE_MS);
  const ready = !!filters.idBot && !dates && !!applied.idBot && !rangeError(applied.fd, applied.fh);
  const query = { idBot: applied.idBot, fd: applied.fd, fh: applied.fh, tipo: applied.tipo, tl: applied.tl, idE };
  // The QnA tab is the bots' with QnA on, as the bot editor's is.
  const hasQna = useDashboardQna(query, ready).data?.qna === true;
  const shown = hasQna ? tab : 'general';
  const sesiones = flags?.isHistorial ? (
    <SesionesCard idBot={applied.idBot} fd={applied.fd} fh={applied.fh} idE={idE ?? undefined} timeZone={timeZone} Dialog={ConversationDialog} />
  ) : null;

  return (
    <EmpresaPageCard title={translate('quipu.dashboard.titulo')} idE={idE}>
      {() => (
        <>
          {bots.error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {translate('quipu.dashboard.errorBots', { error: messageOf(bots.error) })}
            </Alert>
          ) : null}
          {bots.data?.bots.length === 0 && <Alert severity="info" role="status" sx={{ mb: 2 }}>{translate('quipu.dashboard.sinBots')}</Alert>}
          <DashboardFilters filters={filters} bots={bots.data?.bots ?? []} errors={errors} onChange={onChange} />
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs value={shown} onChange={(_event, next: 'general' | 'qna') => setTab(next)} aria-label={translate('quipu.dashboard.titulo')}>
              <Tab value="general" label={translate('quipu.dashboard.general')} id="dashboard-general-boton" aria-controls="dashboard-general" />
              {hasQna ? <Tab value="qna" label={translate('quipu.dashboard.qna')} id="dashboard-qna-boton" aria-controls="dashboard-qna" /> : null}
            </Tabs>
          </Box>
          <TabPanel idPrefix="dashboard" name="general" current={shown}>
            {bots.isPending && !bots.error ? <Typography>{translate('quipu.dashboard.cargando')}</Typography> : null}
            {ready ? <GeneralTab query={query} sesiones={sesiones} /> : null}
          </TabPanel>
          {hasQna ? (
            <TabPanel idPrefix="dashboard" name="qna" current={shown}>
              {ready && shown === 'qna' ? <QnaTab query={query} /> : null}
            </TabPanel>
          ) : null}
        </>
      )}
    </EmpresaPageCard>
  );
}

DashboardPage.path = '/dashboard';
