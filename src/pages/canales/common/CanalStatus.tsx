// Whether the saved channel is active, in words.
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import { useCanalEditorContext } from './CanalEditorContext';

export function CanalStatus() {
  const translate = useTranslate();
  const { canal } = useCanalEditorContext();
  if (!canal?.id) return null;
  return (
    <Chip
      label={`${translate('quipu.canales.estado')}: ${translate(canal.activo ? 'quipu.canales.activo' : 'quipu.canales.inactivo')}`}
      color={canal.activo ? 'success' : 'default'}
      variant="outlined"
      sx={{ alignSelf: 'flex-start' }}
    />
  );
}
