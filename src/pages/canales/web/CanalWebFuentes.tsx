// Fonts: the font family, the header's font size and how wide a bubble may grow.
import Box from '@mui/material/Box';
import { TextInput } from 'react-admin';
import { FormSection } from '../../../layout/FormParts';
import { inputRow, validateOptionalSize } from './canalWebInputs';

export function CanalWebFuentes({ readOnly }: { readOnly?: boolean }) {
  return (
    <FormSection title="quipu.canalWeb.secciones.fuentes">
      <Box sx={inputRow}>
        <TextInput source="web.theme.fontFamily" label="quipu.canalWeb.campos.fontFamily" readOnly={readOnly} sx={{ minWidth: { sm: 280 } }} />
        <TextInput source="web.theme.headerFontSize" label="quipu.canalWeb.campos.headerFontSize" validate={validateOptionalSize} readOnly={readOnly} />
        <TextInput source="web.theme.bubbleMaxWidth" label="quipu.canalWeb.campos.bubbleMaxWidth" validate={validateOptionalSize} readOnly={readOnly} />
      </Box>
    </FormSection>
  );
}
