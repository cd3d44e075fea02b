// The totals: one card per channel (sessions, clients, messages) and one for all channels.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { channelCodeLabel } from '../../../common/schemas/historial';
import type { DashboardData } from '../../api/dashboard';
import { formatNumber } from './dashboardModel';
import { TEXTS } from './dashboardTexts';

function TotalCard({ title, ses, clt, msg }: { title: string; ses: number; clt: number; msg: number }) {
  const rows: Array<[string, number]> = [
    [TEXTS.sesiones, ses],
    [TEXTS.clientes, clt],
    [TEXTS.mensajes, msg],
  ];
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}>
                {formatNumber(value)}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function DashboardTotals({ data }: { data: DashboardData }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}>
      <TotalCard title={TEXTS.total} ses={data.totSessions} clt={data.totClts} msg={data.msmTot} />
      {data.canales.map((canal) => (
        <TotalCard key={canal.red} title={channelCodeLabel(canal.red)} ses={canal.ses} clt={canal.clt} msg={canal.msg} />
      ))}
    </Box>
  );
}
