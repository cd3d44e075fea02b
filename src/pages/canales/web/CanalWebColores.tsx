// The colour scheme: every theme colour, as rgba text with its picker.
import Box from '@mui/material/Box';
import { FormSection } from '../../../layout/FormParts';
import { COLOUR_KEYS } from './canalWebModel';
import { ColorInput } from './ColorInput';

export function CanalWebColores({ readOnly }: { readOnly?: boolean }) {
  return (
    <FormSection title="quipu.canalWeb.secciones.colores">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(300px, 1fr))' }, columnGap: 2 }}>
        {COLOUR_KEYS.map((key) => (
          <ColorInput key={key} name={`web.theme.${key}`} label={`quipu.canalWeb.campos.${key}`} readOnly={readOnly} />
        ))}
      </Box>
    </FormSection>
  );
}
