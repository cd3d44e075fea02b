// 'Departamentos' and 'Bots': collapsible detail tables of a pre-release, asked for only where the
// session says the company has them (config.dashboardDetalles); elsewhere the server answers 404.
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { HttpError } from '../../api/HttpError';
import type { DashboardQuery } from '../../api/dashboard';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { useSession } from '../../permissions/useSession';
import { formatNumber } from './dashboardModel';

interface Row {
  name: string;
  ses: number;
  clt: number;
}

function Detail({ id, title, nameHeader, rows }: { id: string; title: string; nameHeader: string; rows: Row[] }) {
  const translate = useTranslate();
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-titulo`} aria-controls={`${id}-tabla`}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      </AccordionSummary>
      {/* inline-size containment: a wide table scrolls in its box instead of widening the page. */}
      <AccordionDetails id={`${id}-tabla`} sx={{ overflowX: 'auto', contain: 'inline-size' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{nameHeader}</TableCell>
              <TableCell align="right">{translate('quipu.dashboard.sesiones')}</TableCell>
              <TableCell align="right">{translate('quipu.dashboard.clientes')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.name}>
                <TableCell>{row.name}</TableCell>
                <TableCell align="right">{formatNumber(row.ses)}</TableCell>
                <TableCell align="right">{formatNumber(row.clt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </AccordionDetails>
    </Accordion>
  );
}

/** A 404 (the company renamed since sign-in, say) means no such detail: nothing to show, and nothing to retry. */
const unavailable = (error: unknown) => error instanceof HttpError && error.status === 404;

export function DashboardDetails({ query }: { query: DashboardQuery }) {
  const session = useSession();
  return session?.config.dashboardDetalles ? <Details query={query} /> : null;
}

function Details({ query }: { query: DashboardQuery }) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const translate = useTranslate();
  const key = [query.idBot, query.fd, query.fh];
  const depts = useQuery({ queryKey: ['dashboard', 'depts', ...key], queryFn: () => dataProvider.getDashboardDepts(query), retry: false });
  const bots = useQuery({ queryKey: ['dashboard', 'bots-detalle', ...key], queryFn: () => dataProvider.getDashboardBots(query), retry: false });
  return (
    <>
      {depts.data && !unavailable(depts.error) && (
        <Detail id="dashboard-depts" title={translate('quipu.dashboard.departamentos')} nameHeader={translate('quipu.dashboard.departamento')} rows={depts.data.map((row) => ({ name: row.dept, ses: row.ses, clt: row.clt }))} />
      )}
      {bots.data && !unavailable(bots.error) && (
        <Detail id="dashboard-bots" title={translate('quipu.dashboard.bots')} nameHeader={translate('quipu.dashboard.bot')} rows={bots.data.map((row) => ({ name: row.bot, ses: row.ses, clt: row.clt }))} />
      )}
    </>
  );
}
