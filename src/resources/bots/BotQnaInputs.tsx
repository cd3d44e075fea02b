// The QnA settings: qna, external QnA with its URL and import schedule, and the texts of
// the knowledge-base answers. The cron reads in Spanish under its field, or 'cron no válido'.
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { BooleanInput, TextInput, useTranslate } from 'react-admin';
import { cronEnEspanol } from './botModel';
import { BotSection } from './BotSection';
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

const FIELDS = ['qna', 'qnaExtrn', 'qnaUrl', 'qnaCron', ...KB_TEXTS.map((name) => `params.${name}`)];

/** 'desactivado', or 'activo · externo · importación programada' */
function useSummary(): string {
  const translate = useTranslate();
  const [qna, qnaExtrn, qnaCron] = useWatch({ name: ['qna', 'qnaExtrn', 'qnaCron'] }) as [boolean | undefined, boolean | undefined, string | null | undefined];
  if (!qna) return translate('quipu.bots.resumen.qnaDesactivado');
  const parts = [
    translate('quipu.bots.resumen.qnaActivo'),
    qnaExtrn ? translate('quipu.bots.resumen.qnaExterno') : null,
    qnaExtrn && qnaCron?.trim() ? translate('quipu.bots.resumen.qnaProgramado') : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

export function BotQnaInputs({ readOnly }: { readOnly: boolean }) {
  const summary = useSummary();
  return (
    <BotSection id="bot-qna" title="quipu.bots.secciones.qna" summary={summary} fields={FIELDS}>
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
    </BotSection>
  );
}
