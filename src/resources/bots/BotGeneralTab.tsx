// The General tab (spec §2, §3, §5): name and inactivity settings, the flow diagram, the
// parameters, the QnA settings, extras and encrypted extras. Without isBotEdit everything but the
// diagram is read-only: still shown, never changed.
import Box from '@mui/material/Box';
import { NumberInput, TextInput, minValue, required } from 'react-admin';
import { FormSection } from '../../layout/FormParts';
import { BotExtrasEncInput } from './BotExtrasEncInput';
import { BotExtrasInput } from './BotExtrasInput';
import { BotParamsInputs } from './BotParamsInputs';
import { BotQnaInputs } from './BotQnaInputs';
import { fieldRow } from './fieldRow';
import { FlowEditor } from './flow/FlowEditor';

const validateNm = [required('quipu.comun.requerido')];
const validateTsession = [required('quipu.comun.requerido'), minValue(1, 'quipu.comun.minimoUno')];
const validateTimeout = [minValue(0, 'quipu.bots.noNegativo')];

export function BotGeneralTab({ botId, canEdit }: { botId: string | undefined; canEdit: boolean }) {
  const readOnly = !canEdit;
  return (
    <Box sx={{ width: '100%' }}>
      <FormSection title="quipu.comun.datosGenerales">
        <Box sx={fieldRow}>
          <TextInput source="nm" label="quipu.bots.nm" validate={validateNm} readOnly={readOnly} sx={{ minWidth: 256 }} />
          <TextInput source="dsc" label="quipu.bots.dsc" readOnly={readOnly} sx={{ minWidth: 320 }} />
        </Box>
        <Box sx={fieldRow}>
          <NumberInput source="tsession" label="quipu.bots.tsession" helperText="quipu.bots.tsessionAyuda" min={1} step={1} validate={validateTsession} readOnly={readOnly} />
          <NumberInput source="timeout" label="quipu.bots.timeout" helperText="quipu.bots.timeoutAyuda" min={0} step={1} validate={validateTimeout} readOnly={readOnly} />
        </Box>
      </FormSection>
      <FormSection title="quipu.bots.seccionFlujo">
        {/* Every user who opens the bot moves skills; adding, deleting and linking them is isBotEdit's. */}
        <FlowEditor source="diagram" botId={botId} canEdit={canEdit} />
      </FormSection>
      <BotParamsInputs botId={botId} readOnly={readOnly} />
      <BotQnaInputs readOnly={readOnly} />
      <BotExtrasInput readOnly={readOnly} />
      <BotExtrasEncInput readOnly={readOnly} />
    </Box>
  );
}
