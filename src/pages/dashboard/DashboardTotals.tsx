// The totals: one card per channel (sessions, clients, messages) and one for all channels. Clients
// estimated by the server (a range of many clients) read '≈', said 'aproximadamente', with a note
// on how far the estimate may be.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { channelCodeLabel } from '../../../common/schemas/historial';
import type { DashboardData } from '../../api/dashboard';
import { formatNumber } from './dashboardModel';

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const NOTE_ID = 'dashboard-clientes-aprox';

/** A number; an estimated one reads '≈' and is said 'aproximadamente'. */
export function Amount({ value, approximate }: { value: number; approximate: boolean }) {
  const translate = useTranslate();
  if (!approximate) return <>{formatNumber(value)}</>;
  return (
    <>
      <span aria-hidden="true">≈ </span>
      <span style={visuallyHidden}>{translate('quipu.dashboard.aproximadamente')} </span>
      {formatNumber(value)}
    </>
  );
}

function TotalCard({ title, ses, clt, msg, approximate }: { title: string; ses: number; clt: number; msg: number; approximate: boolean }) {
  const translate = useTranslate();
  const rows: Array<[string, number, boolean]> = [
    [translate('quipu.dashboard.sesiones'), ses, false],
    [translate('quipu.dashboard.clientes'), clt, approximate],
    [translate('quipu.dashboard.mensajes'), msg, false],
  ];
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2 }}>
          {rows.map(([label, value, estimated]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }} aria-describedby={estimated ? NOTE_ID : undefined}>
                <Amount value={value} approximate={estimated} />
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function DashboardTotals({ data }: { data: DashboardData }) {
  const translate = useTranslate();
  const approximate = data.cltAprox === true;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}>
        <TotalCard title={translate('quipu.dashboard.total')} ses={data.totSessions} clt={data.totClts} msg={data.msmTot} approximate={approximate} />
        {data.canales.map((canal) => (
          <TotalCard key={canal.red} title={channelCodeLabel(canal.red)} ses={canal.ses} clt={canal.clt} msg={canal.msg} approximate={approximate} />
        ))}
      </Box>
      {approximate && (
        <Typography id={NOTE_ID} variant="body2" color="text.secondary">
          {translate('quipu.dashboard.clientesAprox')}
        </Typography>
      )}
    </Box>
  );
}
