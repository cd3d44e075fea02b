// Stands in for a screen not built yet: it says so plainly.
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { PageCard } from '../PageCard';

export function ConstruccionPage() {
  const translate = useTranslate();
  return (
    <PageCard title={translate('quipu.construccion.titulo')}>
      <Typography>{translate('quipu.construccion.texto')}</Typography>
    </PageCard>
  );
}
