// A saved buttons action (or quick reply): its text and its buttons.
import Typography from '@mui/material/Typography';
import type { AccionViewProps } from '../accionKind';
import { ButtonsView, ViewLine } from '../AccionViewParts';

export function ButtonView({ accion }: AccionViewProps) {
  return (
    <>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {accion.title}
      </Typography>
      <ViewLine label="quipu.acciones.opcionInvalida">{accion.invalidOption}</ViewLine>
      <ButtonsView buttons={accion.buttons} />
    </>
  );
}
