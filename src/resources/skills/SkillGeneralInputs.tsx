// The skill's name, description and type, and how it is recognised: keyword mode (PoS Tagger),
// sign-in, the threshold and how its requirements combine. Read-only without isBotEdit.
import Box from '@mui/material/Box';
import { RadioButtonGroupInput, SelectInput, TextInput, required } from 'react-admin';
import { FormSection } from '../../layout/FormParts';
import { fieldRow } from '../bots/fieldRow';
import { SkillSwitch } from './SkillInputParts';
import { OP_REQ_CHOICES, TIPO_CHOICES } from './skillModel';
import { ThresholdInput } from './ThresholdInput';

// Marks the inputs required (*, no empty choice); the form's validate runs the rules themselves
// (react-hook-form leaves field rules aside when the form has a resolver).
const requiredMark = [required()];

export function SkillGeneralInputs({ readOnly }: { readOnly: boolean }) {
  return (
    <>
      <FormSection title="quipu.skills.seccion.general">
        <Box sx={fieldRow}>
          <TextInput source="nm" label="quipu.skills.nm" validate={requiredMark} readOnly={readOnly} fullWidth={false} sx={{ minWidth: 256 }} />
          <TextInput source="dsc" label="quipu.skills.dsc" readOnly={readOnly} fullWidth={false} sx={{ flex: '1 1 320px', maxWidth: 640 }} />
          <SelectInput source="tipo" label="quipu.skills.tipo" choices={TIPO_CHOICES} validate={requiredMark} readOnly={readOnly} fullWidth={false} sx={{ minWidth: 180 }} />
        </Box>
      </FormSection>
      <FormSection title="quipu.skills.seccion.reconocimiento">
        <SkillSwitch source="modKeyword" label="quipu.skills.modKeyword" readOnly={readOnly} />
        <SkillSwitch source="login" label="quipu.skills.login" helperText="quipu.skills.loginAyuda" readOnly={readOnly} />
        <ThresholdInput readOnly={readOnly} />
        <RadioButtonGroupInput source="opReq" label="quipu.skills.opReq" choices={OP_REQ_CHOICES} readOnly={readOnly} />
      </FormSection>
    </>
  );
}
