// The General tab: totals per channel, the timeline's area chart, the top skills' and the
// channels' pies, the detail tables where the company has them, and the Sesiones card.
import { useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { messageOf } from '../../api/HttpError';
import { CountsPreparing } from '../../layout/CountsPreparing';
import type { DashboardQuery } from '../../api/dashboard';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { ChartCard, PieChart, TimelineChart } from './ChartCard';
import { DashboardDetails } from './DashboardDetails';
import { DashboardTotals } from './DashboardTotals';
import { channelSlices, isEmpty, skillSlices, timelinePoints, timelineSerie, tipoLabel, type Tiempo, type Tipo } from './dashboardModel';

export interface GeneralTabProps {
  query: DashboardQuery & { tipo: Tipo; tl: Tiempo };
  sesiones: ReactNode;
}

export function GeneralTab({ query, sesiones }: GeneralTabProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const translate = useTranslate();
  const { idBot, fd, fh, tipo, tl } = query;
  const datos = useQuery({ queryKey: ['dashboard', 'datos', idBot, fd, fh], queryFn: () => dataProvider.getDashboardData(query), retry: false });
  const timeline = useQuery({ queryKey: ['dashboard', 'timeline', idBot, fd, fh, tipo, tl], queryFn: () => dataProvider.getDashboardTimeline(query), retry: false });
  const skills = useQuery({ queryKey: ['dashboard', 'skill', idBot, fd, fh], queryFn: () => dataProvider.getDashboardSkills(query), retry: false });
  // The timeline's failure is only logged: the rest of the dashboard still says what it knows.
  useEffect(() => {
    if (timeline.error) console.error(timeline.error);
  }, [timeline.error]);

  const error = datos.error ?? skills.error;
  if (error) return <Alert severity="error">{messageOf(error)}</Alert>;
  if (!datos.data) return <Typography>{translate('quipu.dashboard.cargando')}</Typography>;
  const preparing = <CountsPreparing preparando={datos.data.preparando} />;
  if (isEmpty(datos.data)) {
    return (
      <>
        {preparing}
        <Typography sx={{ py: 2 }}>{translate('quipu.dashboard.vacio')}</Typography>
      </>
    );
  }

  const serie = translate(tipoLabel(tipo));
  const points = timeline.data ? timelinePoints(timeline.data, tipo, tl, translate) : null;
  // Clients per weekday may be estimated (≈); clients per hour are each day's, summed, and say so.
  const timeSerieKey = timelineSerie(tipo, tl);
  const timeSerie = translate(timeSerieKey);
  const estimated = points?.some((point) => point.aprox) ?? false;
  const timeNote = estimated
    ? translate('quipu.dashboard.clientesAprox')
    : timeSerieKey === 'quipu.dashboard.clientesPorHora'
      ? translate('quipu.dashboard.clientesPorHoraNota')
      : undefined;
  const skillPie = skills.data ? skillSlices(skills.data) : null;
  const channelPie = channelSlices(datos.data, tipo);
  const porTiempo = translate(tl === 'dias' ? 'quipu.dashboard.porDia' : 'quipu.dashboard.porHora');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {preparing}
      <DashboardTotals data={datos.data} />
      {points && (
        <ChartCard
          title={translate('quipu.dashboard.lineaTiempo')}
          table={{ headers: [translate(tl === 'dias' ? 'quipu.dashboard.dia' : 'quipu.dashboard.hora'), timeSerie, translate('quipu.dashboard.mensajes')], rows: points.map((point) => [point.x, point.aprox ? { approximate: point.y } : point.y, point.msg]) }}
          note={timeNote}
          chart={
            <TimelineChart
              points={points}
              serie={estimated ? `≈ ${timeSerie}` : timeSerie}
              label={translate('quipu.dashboard.graficoArea', {
                serie: `${timeSerie.toLowerCase()}${estimated ? ` ${translate('quipu.dashboard.aproximados')}` : ''}`,
                porTiempo,
              })}
            />
          }
        />
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {skillPie && (
          <ChartCard
            title={translate('quipu.dashboard.topSkills')}
            table={{ headers: [translate('quipu.dashboard.skill'), translate('quipu.dashboard.respuestas')], rows: skillPie.map((slice) => [slice.label, slice.value]) }}
            chart={<PieChart slices={skillPie} label={translate('quipu.dashboard.graficoSkills', { n: skillPie.length })} />}
          />
        )}
        <ChartCard
          title={translate('quipu.dashboard.canales')}
          table={{ headers: [translate('quipu.dashboard.canal'), serie], rows: channelPie.map((slice) => [slice.label, slice.value]) }}
          chart={<PieChart slices={channelPie} label={translate('quipu.dashboard.graficoCanales', { serie: serie.toLowerCase() })} />}
        />
      </Box>
      <DashboardDetails query={query} />
      {sesiones}
    </Box>
  );
}
