// The General tab: name and inactivity settings, the flow diagram, then the
// parameters, the QnA settings and the extras (plain and encrypted) as sections that start closed,
// so the diagram gets the room. Without isBotEdit everything but the diagram is read-only: still
// shown, never changed.
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { NumberInput, TextInput, minValue, required, useTranslate } from 'react-admin';
import { FormSection } from '../../layout/FormParts';
import { BotExtrasEncInput } from './BotExtrasEncInput';
import { BotExtrasInput } from './BotExtrasInput';
import { BotParamsInputs } from './BotParamsInputs';
import { BotQnaInputs } from './BotQnaInputs';
import { BotSection } from './BotSection';
import { fieldRow } from './fieldRow';
import { FlowEditor } from './flow/FlowEditor';

const validateNm = [required('quipu.comun.requerido')];
const validateTsession = [required('quipu.comun.requerido'), minValue(1, 'quipu.comun.minimoUno')];
const validateTimeout = [minValue(0, 'quipu.bots.noNegativo')];

const EXTRAS_FIELDS = ['extras', 'extrasEnc'];

/** '2 valores, 1 cifrado', or 'sin valores' */
function useExtrasSummary(): string {
  const translate = useTranslate();
  const [extras, extrasEnc] = useWatch({ name: ['extras', 'extrasEnc'] }) as [unknown[] | undefined, unknown[] | undefined];
  const plain = extras?.length ?? 0;
  const secret = extrasEnc?.length ?? 0;
  if (plain === 0 && secret === 0) return translate('quipu.bots.resumen.extrasNinguno');
  const parts = [translate('quipu.bots.resumen.extrasValores', { smart_count: plain })];
  if (secret > 0) parts.push(translate('quipu.bots.resumen.extrasCifrados', { smart_count: secret }));
  return parts.join(', ');
}

export function BotGeneralTab({ botId, canEdit }: { botId: string | undefined; canEdit: boolean }) {
  const readOnly = !canEdit;
  const summary = useExtrasSummary();
  return (
    <Box sx={{ width: '100%' }}>
      <FormSection title="quipu.comun.datosGenerales">
        {/* One row on a wide screen, so the diagram below starts high on the page; wraps on narrow ones. */}
        <Box sx={fieldRow}>
          <TextInput source="nm" label="quipu.bots.nm" validate={validateNm} readOnly={readOnly} fullWidth={false} sx={{ flex: '1 1 220px' }} />
          <TextInput source="dsc" label="quipu.bots.dsc" readOnly={readOnly} fullWidth={false} sx={{ flex: '2 1 320px' }} />
          <NumberInput source="tsession" label="quipu.bots.tsession" helperText="quipu.bots.tsessionAyuda" min={1} step={1} validate={validateTsession} readOnly={readOnly} fullWidth={false} sx={{ flex: '1 1 200px' }} />
          <NumberInput source="timeout" label="quipu.bots.timeout" helperText="quipu.bots.timeoutAyuda" min={0} step={1} validate={validateTimeout} readOnly={readOnly} fullWidth={false} sx={{ flex: '1 1 200px' }} />
        </Box>
      </FormSection>
      <FormSection title="quipu.bots.seccionFlujo">
        {/* Every user who opens the bot moves skills; adding, deleting and linking them is isBotEdit's. */}
        <FlowEditor source="diagram" botId={botId} canEdit={canEdit} />
      </FormSection>
      <BotParamsInputs botId={botId} readOnly={readOnly} />
      <BotQnaInputs readOnly={readOnly} />
      <BotSection id="bot-extras" title="quipu.bots.secciones.extras" summary={summary} fields={EXTRAS_FIELDS}>
        <BotExtrasInput readOnly={readOnly} />
        <BotExtrasEncInput readOnly={readOnly} />
      </BotSection>
    </Box>
  );
}
