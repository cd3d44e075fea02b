// The QnA settings (spec §3): qna, external QnA with its URL and import schedule, and the texts of
// the knowledge-base answers. The cron reads in Spanish under its field, or 'cron no válido' (§5).
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { BooleanInput, TextInput, useTranslate } from 'react-admin';
import { FormSection } from '../../layout/FormParts';
import { cronEnEspanol } from './botModel';
import { fieldRow } from './fieldRow';

const KB_TEXTS = [
  'kbResultsEmpty',
  'kbResultsMuch',
  'kbResultsMenu',
  'kbResultsGlobal',
  'kbCalificaMenu',
  'kbCalificaOk',
  'kbCalificaBad',
  'kbSalir',
  'kbInicio',
  'kbChiste',
  'kbFallback',
  'kbNotFoundMsg',
  'kbRepeatMsg',
] as const;

function CronHint() {
  const translate = useTranslate();
  const cron = useWatch({ name: 'qnaCron' }) as string | null | undefined;
  if (!cron?.trim()) return translate('quipu.bots.qnaCronAyuda');
  return cronEnEspanol(cron.trim()) ?? translate('quipu.bots.cronInvalido');
}

export function BotQnaInputs({ readOnly }: { readOnly: boolean }) {
  return (
    <FormSection title="quipu.bots.seccionQna">
      <Box sx={fieldRow}>
        <BooleanInput source="qna" label="quipu.bots.qna" readOnly={readOnly} />
        <BooleanInput source="qnaExtrn" label="quipu.bots.qnaExtrn" readOnly={readOnly} />
      </Box>
      <Box sx={fieldRow}>
        <TextInput source="qnaUrl" label="quipu.bots.qnaUrl" readOnly={readOnly} sx={{ minWidth: 320 }} />
        <TextInput source="qnaCron" label="quipu.bots.qnaCron" helperText={<CronHint />} readOnly={readOnly} sx={{ minWidth: 256 }} />
      </Box>
      <Box sx={fieldRow}>
        {KB_TEXTS.map((source) => (
          <TextInput key={source} source={`params.${source}`} label={`quipu.bots.params.${source}`} readOnly={readOnly} sx={{ minWidth: 256 }} />
        ))}
      </Box>
    </FormSection>
  );
}
