// The welcome message: its text, its height from 0 to 150 (60 unless
// changed) and whether it can be closed; then the message box's placeholder and the carousel layout.
import Box from '@mui/material/Box';
import { BooleanInput, NumberInput, TextInput } from 'react-admin';
import { FormSection } from '../../../layout/FormParts';
import { WELCOME_HEIGHT } from './canalWebModel';
import { inputRow, validateWelcomeHeight } from './canalWebInputs';

export function CanalWebBienvenida({ readOnly }: { readOnly?: boolean }) {
  return (
    <>
      <FormSection title="quipu.canalWeb.secciones.bienvenida">
        <TextInput source="web.welcomeMessage" label="quipu.canalWeb.campos.welcomeMessage" multiline minRows={2} fullWidth readOnly={readOnly} />
        <Box sx={inputRow}>
          <NumberInput
            source="web.welcomeHeight"
            label="quipu.canalWeb.campos.welcomeHeight"
            helperText="quipu.canalWeb.campos.welcomeHeightAyuda"
            min={WELCOME_HEIGHT.min}
            max={WELCOME_HEIGHT.max}
            step={1}
            validate={validateWelcomeHeight}
            readOnly={readOnly}
            sx={{ minWidth: { sm: 256 } }}
          />
          <BooleanInput source="web.showCloseWelcome" label="quipu.canalWeb.campos.showCloseWelcome" readOnly={readOnly} sx={{ mt: 1 }} />
        </Box>
      </FormSection>
      <FormSection title="quipu.canalWeb.secciones.otros">
        <TextInput source="web.placeholder" label="quipu.canalWeb.campos.placeholder" readOnly={readOnly} sx={{ minWidth: { sm: 320 } }} />
        <BooleanInput source="web.carouselDoble" label="quipu.canalWeb.campos.carouselDoble" readOnly={readOnly} />
      </FormSection>
    </>
  );
}
