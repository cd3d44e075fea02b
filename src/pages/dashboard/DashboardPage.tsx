// The dashboard (/dashboard, and what '/' shows): the filters, then the General tab for the chosen
// bot and days. A broken rule (no bot, Hasta before Desde, more than 90 days) is written under its
// field and as a notice, and nothing is asked of the server until it is mended.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import { TabPanel } from '../../layout/TabPanel';
import { SETTLE_MS, useSettled } from '../../layout/useSettled';
import { useFlags } from '../../permissions/useFlags';
import { useSession } from '../../permissions/useSession';
import { PageCard } from '../PageCard';
import { ConversationDialog } from '../historial/ConversationDialog';
import { DashboardFilters, type FilterErrors } from './DashboardFilters';
import { lastDays, rangeError, type Filters } from './dashboardModel';
import { TEXTS } from './dashboardTexts';
import { GeneralTab } from './GeneralTab';
import { SesionesCard } from './SesionesCard';
import { useDashboardBots } from './useDashboardBots';

/** The days the dashboard opens on: the last week, today included. */
const DEFAULT_DAYS = 7;

export function DashboardPage() {
  const session = useSession();
  const { flags } = useFlags();
  const notify = useNotify();
  const timeZone = session?.emp.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const idE = session?.user.idE;
  const bots = useDashboardBots(idE);
  const [chosen, setChosen] = useState<Omit<Filters, 'idBot'> & { idBot: string | null }>(() => ({ idBot: null, ...lastDays(DEFAULT_DAYS, timeZone), tipo: 'sesiones', tl: 'dias' }));
  // The bot: the one the user chose, else (until then) the first deployed.
  const filters: Filters = { ...chosen, idBot: chosen.idBot ?? bots.data?.initial ?? '' };
  const [changed, setChanged] = useState<'fd' | 'fh'>('fh');

  const dates = rangeError(filters.fd, filters.fh);
  const errors: FilterErrors = {
    idBot: bots.data && !filters.idBot ? TEXTS.seleccioneBot : null,
    // The order is about Hasta; the length, about whichever day was moved last.
    fd: dates && dates !== TEXTS.hastaMayor && changed === 'fd' ? dates : null,
    fh: dates && (dates === TEXTS.hastaMayor || changed === 'fh') ? dates : null,
  };

  const onChange = (change: Partial<Filters>) => {
    const next = { ...filters, ...change };
    // Only what the user touched is kept: the default bot stays the default until a bot is picked.
    setChosen((before) => ({ ...before, ...change }));
    if (change.fd !== undefined || change.fh !== undefined) {
      setChanged(change.fd !== undefined ? 'fd' : 'fh');
      const broken = rangeError(next.fd, next.fh);
      if (broken) notify(broken, noticeText(broken, 'warning'));
    }
    if (change.idBot === '') notify(TEXTS.seleccioneBot, noticeText(TEXTS.seleccioneBot, 'warning'));
  };

  // The server is asked once the filters rest: a day typed digit by digit passes through other days.
  const applied = useSettled(filters, SETTLE_MS);
  const ready = !!filters.idBot && !dates && !!applied.idBot && !rangeError(applied.fd, applied.fh);
  const query = { idBot: applied.idBot, fd: applied.fd, fh: applied.fh, tipo: applied.tipo, tl: applied.tl, idE: idE ?? null };
  const sesiones = flags?.isHistorial ? (
    <SesionesCard idBot={applied.idBot} fd={applied.fd} fh={applied.fh} idE={idE} timeZone={timeZone} Dialog={ConversationDialog} />
  ) : null;

  return (
    <PageCard title={TEXTS.titulo}>
      {bots.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {`${TEXTS.errorBots}: ${messageOf(bots.error)}`}
        </Alert>
      ) : null}
      {bots.data?.bots.length === 0 && <Alert severity="info" role="status" sx={{ mb: 2 }}>{TEXTS.sinBots}</Alert>}
      <DashboardFilters filters={filters} bots={bots.data?.bots ?? []} errors={errors} onChange={onChange} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value="general" aria-label={TEXTS.titulo}>
          <Tab value="general" label={TEXTS.general} id="dashboard-general-boton" aria-controls="dashboard-general" />
        </Tabs>
      </Box>
      <TabPanel idPrefix="dashboard" name="general" current="general">
        {bots.isPending && !bots.error ? <Typography>{TEXTS.cargando}</Typography> : null}
        {!filters.idBot && bots.data ? <Alert severity="warning" role="status">{TEXTS.seleccioneBot}</Alert> : null}
        {dates ? <Alert severity="warning" role="status">{dates}</Alert> : null}
        {ready ? <GeneralTab query={query} sesiones={sesiones} /> : null}
      </TabPanel>
    </PageCard>
  );
}

DashboardPage.path = '/dashboard';
