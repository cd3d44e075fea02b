// About: version branch, commit id and time from GET /public/about (defaults until
// loaded), the copyright notice and the legal warning.
import { useEffect } from 'react';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { messageOf } from '../../api/HttpError';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { formatFecha } from '../../layout/fecha';
import { noticeText } from '../../layout/noticeText';
import { PageCard } from '../PageCard';

export function AboutPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { data: about, error } = useQuery({ queryKey: ['about'], queryFn: () => dataProvider.about(), retry: false });
  // The failure is a notice, once per error (react-query keeps it until the next try).
  useEffect(() => {
    if (error) notify(messageOf(error), noticeText(messageOf(error), 'error'));
  }, [error, notify]);

  const none = translate('quipu.about.sinDato');
  const rows: Array<[string, string]> = [
    [translate('quipu.about.rama'), about?.branch || none],
    [translate('quipu.about.commit'), about?.commitId || none],
    [translate('quipu.about.fecha'), formatFecha(about?.commitTime, 'fechaHora') || none],
  ];

  return (
    <PageCard title={translate('quipu.about.titulo')}>
      <dl>
        {rows.map(([label, value]) => (
          <Typography key={label} component="div" sx={{ mb: 1 }}>
            <Typography component="dt" sx={{ fontWeight: 500, display: 'inline' }}>
              {label}:
            </Typography>{' '}
            <Typography component="dd" sx={{ display: 'inline', m: 0, wordBreak: 'break-all' }}>
              {value}
            </Typography>
          </Typography>
        ))}
      </dl>
      <Typography sx={{ mt: 2 }}>{translate('quipu.about.derechos', { anio: __BUILD_YEAR__ })}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('quipu.about.advertencia')}
      </Typography>
    </PageCard>
  );
}

AboutPage.path = '/about';
