// The parameters panel: when the bot is main, at least 1 attempt
// ('Mínimo 1 intento') and both messages ('Ingrese Mensaje'); the parameters that name a skill
// pick one of this bot's skills. 'Detener el despliegue si falla una prueba' (params.pruebasBloquean)
// makes a failed regression test stop the deploy.
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { BooleanInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { BotSection } from './BotSection';
import { fieldRow } from './fieldRow';
import { useSkills } from './flow/useSkills';

type Values = { main?: boolean };

const minAttempt = (value: unknown, values: Values) => (values?.main && !(Number(value) >= 1) ? 'quipu.bots.minimoIntento' : undefined);
const mainMessage = (value: unknown, values: Values) =>
  values?.main && (typeof value !== 'string' || !value.trim()) ? 'quipu.bots.ingreseMensaje' : undefined;

const SKILL_PARAMS = ['loginsk', 'skillMenu', 'skillAttempt', 'skillInvalidOption'] as const;

function SkillPicker({ source, botId, readOnly }: { source: string; botId: string | undefined; readOnly: boolean }) {
  const translate = useTranslate();
  const { data: skills = [], isPending } = useSkills(botId);
  const value = useWatch({ name: `params.${source}` }) as string | null | undefined;
  // A parameter naming a skill that no longer exists says so, rather than showing blank.
  const missing = !isPending && value && !skills.some((skill) => skill.id === value);
  const choices = missing ? [...skills, { id: value, nm: translate('quipu.bots.skillNoExiste', { id: value }) }] : skills;
  return (
    <SelectInput
      source={`params.${source}`}
      label={`quipu.bots.params.${source}`}
      choices={choices}
      optionText="nm"
      optionValue="id"
      emptyText="quipu.bots.ningunSkill"
      helperText={botId ? false : 'quipu.bots.guardeParaSkills'}
      isPending={!!botId && isPending}
      readOnly={readOnly || !botId}
      sx={{ minWidth: 256 }}
    />
  );
}

const text = (source: string, readOnly: boolean, validate?: typeof mainMessage) => (
  <TextInput key={source} source={source} label={`quipu.bots.params.${source.replace('params.', '')}`} validate={validate} readOnly={readOnly} sx={{ minWidth: 256 }} />
);

const FIELDS = ['main', 'ttoken', 'baseUrl', 'baseUrlRemoto', 'params.sessionExpired', 'params.maxAttempt', 'params.msgAttempt', 'params.invalidOption', 'params.pruebasBloquean', ...SKILL_PARAMS.map((name) => `params.${name}`)];

/** 'bot principal · 3 intentos · mensaje de opción no válida definido' */
function useSummary(): string {
  const translate = useTranslate();
  const [main, maxAttempt, invalidOption] = useWatch({ name: ['main', 'params.maxAttempt', 'params.invalidOption'] }) as [boolean | undefined, unknown, unknown];
  const attempts = maxAttempt === null || maxAttempt === undefined || maxAttempt === '' ? NaN : Number(maxAttempt);
  const parts = [
    main ? translate('quipu.bots.resumen.principal') : null,
    Number.isFinite(attempts) ? translate('quipu.bots.resumen.intentos', { smart_count: attempts }) : translate('quipu.bots.resumen.sinIntentos'),
    translate(typeof invalidOption === 'string' && invalidOption.trim() ? 'quipu.bots.resumen.opcionDefinida' : 'quipu.bots.resumen.opcionSinDefinir'),
  ];
  return parts.filter(Boolean).join(' · ');
}

export function BotParamsInputs({ botId, readOnly }: { botId: string | undefined; readOnly: boolean }) {
  const summary = useSummary();
  return (
    <BotSection id="bot-parametros" title="quipu.bots.secciones.parametros" summary={summary} fields={FIELDS}>
      <BooleanInput source="main" label="quipu.bots.main" helperText="quipu.bots.mainAyuda" readOnly={readOnly} />
      <Box sx={fieldRow}>
        {text('ttoken', readOnly)}
        {text('baseUrl', readOnly)}
        {text('baseUrlRemoto', readOnly)}
      </Box>
      <Box sx={fieldRow}>
        {text('params.sessionExpired', readOnly)}
        <NumberInput source="params.maxAttempt" label="quipu.bots.params.maxAttempt" min={1} step={1} validate={minAttempt} readOnly={readOnly} />
        {text('params.msgAttempt', readOnly, mainMessage)}
        {text('params.invalidOption', readOnly, mainMessage)}
      </Box>
      {/* No default: a bot that never set it sends no key (the server reads it as off). */}
      <BooleanInput source="params.pruebasBloquean" label="quipu.chat.pruebas.bloquean" defaultValue={null} format={(value: unknown) => value === true} readOnly={readOnly} />
      <Box sx={fieldRow}>
        {SKILL_PARAMS.map((source) => (
          <SkillPicker key={source} source={source} botId={botId} readOnly={readOnly} />
        ))}
      </Box>
    </BotSection>
  );
}
