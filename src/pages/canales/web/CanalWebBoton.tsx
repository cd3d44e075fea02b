// The floating button: whether the chat floats, the button's icon, size,
// padding, shadow and distance to the page's corner.
import Box from '@mui/material/Box';
import { BooleanInput, TextInput } from 'react-admin';
import { FormSection } from '../../../layout/FormParts';
import { inputRow, validateOptionalSize } from './canalWebInputs';

export function CanalWebBoton({ readOnly }: { readOnly?: boolean }) {
  return (
    <FormSection title="quipu.canalWeb.secciones.boton">
      <BooleanInput source="web.floating" label="quipu.canalWeb.campos.floating" helperText="quipu.canalWeb.campos.floatingAyuda" readOnly={readOnly} />
      <Box sx={inputRow}>
        <TextInput source="web.floatingIcon" label="quipu.canalWeb.campos.floatingIcon" type="url" readOnly={readOnly} sx={{ minWidth: { sm: 320 } }} />
        <BooleanInput source="web.fullFloatingIcon" label="quipu.canalWeb.campos.fullFloatingIcon" readOnly={readOnly} sx={{ mt: 1 }} />
      </Box>
      <Box sx={inputRow}>
        <TextInput source="web.widthBtn" label="quipu.canalWeb.campos.widthBtn" validate={validateOptionalSize} readOnly={readOnly} />
        <TextInput source="web.heightBtn" label="quipu.canalWeb.campos.heightBtn" validate={validateOptionalSize} readOnly={readOnly} />
        <TextInput source="web.paddingBtn" label="quipu.canalWeb.campos.paddingBtn" readOnly={readOnly} />
      </Box>
      <Box sx={inputRow}>
        <TextInput source="web.shadowBtn" label="quipu.canalWeb.campos.shadowBtn" readOnly={readOnly} sx={{ minWidth: { sm: 256 } }} />
        <TextInput source="web.bottom" label="quipu.canalWeb.campos.bottom" validate={validateOptionalSize} readOnly={readOnly} />
        <TextInput source="web.right" label="quipu.canalWeb.campos.right" validate={validateOptionalSize} readOnly={readOnly} />
      </Box>
    </FormSection>
  );
}
