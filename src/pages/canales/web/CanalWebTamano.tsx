// The chat's size (540px high by 360px wide unless changed).
import Box from '@mui/material/Box';
import { TextInput } from 'react-admin';
import { FormSection } from '../../../layout/FormParts';
import { inputRow, validateSize } from './canalWebInputs';

export function CanalWebTamano({ readOnly }: { readOnly?: boolean }) {
  return (
    <FormSection title="quipu.canalWeb.secciones.tamano">
      <Box sx={inputRow}>
        <TextInput source="web.width" label="quipu.canalWeb.campos.width" validate={validateSize} readOnly={readOnly} />
        <TextInput source="web.height" label="quipu.canalWeb.campos.height" validate={validateSize} readOnly={readOnly} />
      </Box>
    </FormSection>
  );
}
