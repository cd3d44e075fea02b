// The header and avatars: title, logo, each side's avatar and whether it shows.
import Box from '@mui/material/Box';
import { BooleanInput, TextInput } from 'react-admin';
import { FormSection } from '../../../layout/FormParts';
import { inputRow } from './canalWebInputs';

export function CanalWebCabecera({ readOnly }: { readOnly?: boolean }) {
  return (
    <FormSection title="quipu.canalWeb.secciones.cabecera">
      <Box sx={inputRow}>
        <TextInput source="web.headerTitle" label="quipu.canalWeb.campos.headerTitle" readOnly={readOnly} sx={{ minWidth: { sm: 256 } }} />
        <TextInput source="web.headerLogo" label="quipu.canalWeb.campos.headerLogo" type="url" readOnly={readOnly} sx={{ minWidth: { sm: 320 } }} />
      </Box>
      <Box sx={inputRow}>
        <TextInput source="web.botAvatar" label="quipu.canalWeb.campos.botAvatar" type="url" readOnly={readOnly} sx={{ minWidth: { sm: 320 } }} />
        <BooleanInput source="web.hideBotAvatar" label="quipu.canalWeb.campos.hideBotAvatar" readOnly={readOnly} sx={{ mt: 1 }} />
      </Box>
      <Box sx={inputRow}>
        <TextInput source="web.userAvatar" label="quipu.canalWeb.campos.userAvatar" type="url" readOnly={readOnly} sx={{ minWidth: { sm: 320 } }} />
        <BooleanInput source="web.hideUserAvatar" label="quipu.canalWeb.campos.hideUserAvatar" readOnly={readOnly} sx={{ mt: 1 }} />
      </Box>
    </FormSection>
  );
}
