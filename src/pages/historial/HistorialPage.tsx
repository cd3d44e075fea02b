// The history (/historial): which clients wrote to a bot between two days of the company, a page
// of cards at a time; a card opens its conversation. A broken rule (no bot, Hasta before Desde) is
// written once, under its field, and empties the list; the filters stay as chosen. 'Reporte de
// calificaciones' asks, with the same filters and rules, for the ratings of the bot's QnAs.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { localDay } from '../../../common/dias';
import { HISTORY_PAGE_SIZE } from '../../../common/schemas/historial';
import { canUseReports } from '../../../common/roles';
import { useFlags } from '../../permissions/useFlags';
import type { QuipuDataProvider } from '../../api/dataProvider';
import type { ClientCard, HistoryQuery } from '../../api/historial';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import { useEmpresaScope } from '../../permissions/useEmpresaScope';
import { useSession } from '../../permissions/useSession';
import { EmpresaPageCard } from '../EmpresaPageCard';
import { ClientCards } from './ClientCards';
import { CountsPreparing } from '../../layout/CountsPreparing';
import { ConversationDialog } from './ConversationDialog';
import { HistorialFilters } from './HistorialFilters';
import { filterErrors, firstError, type FilterErrors, type HistoryFilters } from './historialModel';
import { ReportQuestion } from './ReportQuestion';
import { ReportsDialog } from './ReportsDialog';

export function HistorialPage() {
  const session = useSession();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  // The user's company; the system admin's, the one picked above the filters.
  const { idE, tz: timeZone } = useEmpresaScope();
  const manualUrl = session?.config.manualUrl;
  const [filters, setFilters] = useState<HistoryFilters>(() => {
    const today = localDay(Date.now(), timeZone);
    return { idBot: '', fd: today, fh: today, name: '' };
  });
  const [changed, setChanged] = useState<'fd' | 'fh'>('fh');
  const [errors, setErrors] = useState<FilterErrors>({});
  // The search the cards show; null while there is none (or a rule broke since).
  const [search, setSearch] = useState<HistoryQuery | null>(null);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<{ client: ClientCard; query: HistoryQuery } | null>(null);
  const [asking, setAsking] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [reports, setReports] = useState(false);
  // The page's own check is the reports' today; the buttons follow the reports' rule should they part.
  const { flags } = useFlags();
  const reportsAllowed = !!flags && canUseReports(flags);

  const bots = useQuery({ queryKey: ['historial', 'bots', idE], enabled: !!idE, queryFn: () => dataProvider.listBotRefs(idE ?? undefined), retry: false });
  const clients = useQuery({
    queryKey: ['historial', 'clientes', search, page],
    enabled: !!search,
    queryFn: () => dataProvider.getHistoryClients({ ...search!, page }),
    // While another page of the same search loads, the one shown stays.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === search ? keepPreviousData(previous) : undefined),
    retry: false,
  });

  // Another company: its bots are others, so no bot is picked and the cards shown go.
  const [botsOf, setBotsOf] = useState(idE);
  if (botsOf !== idE) {
    setBotsOf(idE);
    setFilters((now) => ({ ...now, idBot: '' }));
    setErrors((now) => ({ ...now, idBot: undefined }));
    setSearch(null);
    setPage(0);
  }

  const broken = (found: FilterErrors) => {
    setErrors(found);
    setSearch(null);
  };

  const onChange = (change: Partial<HistoryFilters>) => {
    const next = { ...filters, ...change };
    setFilters(next);
    if (change.idBot) setErrors((now) => ({ ...now, idBot: undefined }));
    if (change.fd === undefined && change.fh === undefined) return;
    const moved = change.fd !== undefined ? 'fd' : 'fh';
    setChanged(moved);
    const { fd, fh } = filterErrors(next, moved, translate);
    if (fd || fh) broken({ idBot: errors.idBot, fd, fh });
    else setErrors((now) => ({ idBot: now.idBot }));
  };

  /** The filters as the server takes them, or null (told) when a rule breaks. */
  const valid = (): HistoryQuery | null => {
    const found = filterErrors(filters, changed, translate);
    if (firstError(found)) {
      broken(found);
      return null;
    }
    setErrors({});
    return { idBot: filters.idBot, fd: filters.fd, fh: filters.fh, name: filters.name.trim() || null, pageSize: HISTORY_PAGE_SIZE, idE };
  };

  const buscar = () => {
    const query = valid();
    if (!query) return;
    setPage(0);
    setSearch(query);
  };

  const generar = () => {
    if (valid()) setAsking(true);
  };

  /** Asks for a report with the valid filters, and says it is being generated, or why not. */
  const ask = async (call: (query: HistoryQuery) => Promise<unknown>) => {
    const query = valid();
    if (!query) return;
    setRequesting(true);
    try {
      await call(query);
      const text = translate('quipu.historial.generandoInforme');
      notify(text, noticeText(text, 'info'));
    } catch (failure) {
      notify(messageOf(failure), noticeText(messageOf(failure), 'error'));
    } finally {
      setRequesting(false);
    }
  };

  const requestReport = async (completo: boolean) => {
    await ask((query) => dataProvider.requestReport({ ...query, completo }));
    setAsking(false);
  };

  const requestScoreReport = () => ask((query) => dataProvider.requestQnaScoreReport(query));

  return (
    <EmpresaPageCard title={translate('quipu.historial.titulo')} idE={idE}>
      {(idE) => (
        <>
          {bots.error ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('quipu.historial.botsNoDisponibles', { error: messageOf(bots.error) })}
            </Alert>
          ) : null}
          <HistorialFilters filters={filters} bots={bots.data ?? []} errors={errors} onChange={onChange} onSubmit={buscar} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
            <Button variant="contained" onClick={buscar}>
              {translate('quipu.historial.buscar')}
            </Button>
            {reportsAllowed ? (
              <>
                <Button variant="outlined" onClick={generar}>
                  {translate('quipu.historial.generarInforme')}
                </Button>
                <Button variant="outlined" onClick={() => void requestScoreReport()} disabled={requesting}>
                  {translate('quipu.historial.reporteCalificaciones')}
                </Button>
                <Button variant="outlined" onClick={() => setReports(true)}>
                  {translate('quipu.historial.verInformes')}
                </Button>
              </>
            ) : null}
            {manualUrl ? (
              <Link href={manualUrl} target="_blank" rel="noopener noreferrer" sx={{ ml: 1 }}>
                {translate('quipu.historial.manual')}
              </Link>
            ) : null}
          </Box>
          <CountsPreparing preparando={clients.data?.preparando} />
          {search ? (
            <ClientCards
              answer={clients.data}
              loading={clients.isFetching}
              error={clients.error ? messageOf(clients.error) : null}
              page={page}
              onPage={setPage}
              onOpen={(client) => setOpen({ client, query: search })}
              timeZone={timeZone}
            />
          ) : null}
          {open ? <ConversationDialog idBot={open.query.idBot} fd={open.query.fd} fh={open.query.fh} client={open.client} onClose={() => setOpen(null)} /> : null}
          <ReportQuestion open={asking} busy={requesting} onAnswer={(completo) => void requestReport(completo)} onCancel={() => setAsking(false)} />
          {reports ? <ReportsDialog idE={idE} onClose={() => setReports(false)} /> : null}
        </>
      )}
    </EmpresaPageCard>
  );
}

HistorialPage.path = '/historial';
