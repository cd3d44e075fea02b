// The QnA tab: the totals of the knowledge base in the range (answers, good and bad ratings,
// questions not found), and the pies of the QnAs that answered most, the skills that answered most
// and the ratings per QnA, each with its table. 'No hay datos...' when the range has none. Only
// bots with QnA on have the tab.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { DashboardQuery } from '../../api/dashboard';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import { ChartCard, PieChart } from './ChartCard';
import { formatNumber, qnaEmpty, qnaSlices, ratingSlices, skillSlices } from './dashboardModel';

/** POST /dashboard/qna of the filters (none until `enabled`): the page reads whether the bot has QnA on, the tab the rest. */
export function useDashboardQna(query: DashboardQuery, enabled: boolean) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { idBot, fd, fh } = query;
  return useQuery({ queryKey: ['dashboard', 'qna', idBot, fd, fh], enabled, queryFn: () => dataProvider.getDashboardQna(query), retry: false });
}

export function QnaTab({ query }: { query: DashboardQuery }) {
  const translate = useTranslate();
  const qna = useDashboardQna(query, true);

  if (qna.error) return <Alert severity="error">{messageOf(qna.error)}</Alert>;
  if (!qna.data) return <Typography>{translate('quipu.dashboard.cargando')}</Typography>;
  const data = qna.data;
  if (qnaEmpty(data)) return <Typography sx={{ py: 2 }}>{translate('quipu.dashboard.qnaVacio')}</Typography>;

  const totals: Array<[string, number]> = [
    [translate('quipu.dashboard.totalRespuestas'), data.respuestas],
    [translate('quipu.dashboard.totalBuenas'), data.buenas],
    [translate('quipu.dashboard.totalMalas'), data.malas],
    [translate('quipu.dashboard.noEncontradas'), data.noEncontradas],
  ];
  const qnaPie = qnaSlices(data);
  const skillPie = skillSlices(data.skills);
  const ratingPie = ratingSlices(data);
  const respuestas = translate('quipu.dashboard.respuestas');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Card variant="outlined" component="section" aria-label={translate('quipu.dashboard.totalesQna')}>
        <CardContent>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}>
            {totals.map(([label, value]) => (
              <Box key={label}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                  {formatNumber(value)}
                </Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {qnaPie.length > 0 && (
          <ChartCard
            title={translate('quipu.dashboard.topQnas')}
            table={{ headers: [translate('quipu.dashboard.qna'), respuestas], rows: qnaPie.map((slice) => [slice.label, slice.value]) }}
            chart={<PieChart slices={qnaPie} label={translate('quipu.dashboard.graficoQnas', { n: qnaPie.length })} />}
          />
        )}
        {skillPie.length > 0 && (
          <ChartCard
            title={translate('quipu.dashboard.topSkills')}
            table={{ headers: [translate('quipu.dashboard.skill'), respuestas], rows: skillPie.map((slice) => [slice.label, slice.value]) }}
            chart={<PieChart slices={skillPie} label={translate('quipu.dashboard.graficoSkills', { n: skillPie.length })} />}
          />
        )}
        {ratingPie.length > 0 && (
          <ChartCard
            title={translate('quipu.dashboard.calificacionesQna')}
            table={{
              headers: [translate('quipu.dashboard.qna'), translate('quipu.dashboard.buenas'), translate('quipu.dashboard.malas')],
              rows: data.calificaciones.map((row) => [row.nm, row.ok, row.bad]),
            }}
            chart={<PieChart slices={ratingPie} label={translate('quipu.dashboard.graficoCalificaciones', { n: ratingPie.length })} />}
          />
        )}
      </Box>
    </Box>
  );
}
