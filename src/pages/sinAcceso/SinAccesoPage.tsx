// What a refused route shows: never a blank screen.
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LinkBase, useTranslate } from 'react-admin';
import { PageCard } from '../PageCard';

export function SinAccesoPage() {
  const translate = useTranslate();
  return (
    <PageCard title={translate('quipu.sinAcceso.titulo')}>
      <Typography sx={{ mb: 2 }}>{translate('quipu.sinAcceso.texto')}</Typography>
      <Button variant="contained" component={LinkBase} to="/">
        {translate('quipu.sinAcceso.volver')}
      </Button>
    </PageCard>
  );
}
