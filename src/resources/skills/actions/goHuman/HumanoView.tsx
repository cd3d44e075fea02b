// A saved hand-over to a person: the area or queue, or that any agent takes it.
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AccionViewProps } from '../accionKind';
import { ViewLine } from '../AccionViewParts';

export function HumanoView({ accion }: AccionViewProps) {
  const translate = useTranslate();
  return accion.b ? <ViewLine label="quipu.acciones.humano.area">{accion.b}</ViewLine> : <Typography variant="body2">{translate('quipu.acciones.humano.cualquiera')}</Typography>;
}
