// Token mode: with modToken on, the tokens (name, synonyms typed with Enter,
// obligatory, requirement, order, unique), at least one ('Modo Token activo, debe ingresar mínimo
// uno.'), no repeated token or synonym, and never two requirement tokens in a row.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormState, useWatch, type FieldError } from 'react-hook-form';
import { Button, NumberInput, TextInput, useTranslate } from 'react-admin';
import { ErrorText, FormSection } from '../../layout/FormParts';
import { SKILL_MESSAGES } from '../../../common/schemas/skillRules';
import { fieldRow } from '../bots/fieldRow';
import { ChipListInput } from '../../layout/ChipListInput';
import { SkillSwitch } from './SkillInputParts';
import { newToken } from './skillModel';

const ERROR_ID = 'skill-tokens-error';

function TokenRow({ index, readOnly, onRemove }: { index: number; readOnly: boolean; onRemove: () => void }) {
  const translate = useTranslate();
  const nm = useWatch({ name: `tokens.${index}.nm` }) as string | undefined;
  const title = translate('quipu.skills.tokenTitulo', { n: index + 1 });
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, mb: 2 }}>
      <Box component="legend" sx={{ px: 0.5, typography: 'subtitle2' }}>
        {title}
      </Box>
      <Box sx={{ ...fieldRow, alignItems: 'center' }}>
        <TextInput source={`tokens.${index}.nm`} label="quipu.skills.tokenNm" readOnly={readOnly} fullWidth={false} sx={{ minWidth: 220 }} />
        <NumberInput source={`tokens.${index}.order`} label="quipu.skills.order" min={0} step={1} readOnly={readOnly} fullWidth={false} sx={{ width: 120 }} />
        <SkillSwitch source={`tokens.${index}.obl`} label="quipu.skills.obl" readOnly={readOnly} />
        <SkillSwitch source={`tokens.${index}.req`} label="quipu.skills.req" helperText="quipu.skills.reqAyuda" readOnly={readOnly} />
        <SkillSwitch source={`tokens.${index}.unique`} label="quipu.skills.unique" readOnly={readOnly} />
        {readOnly ? null : (
          <IconButton aria-label={translate('quipu.skills.quitarToken', { n: index + 1 })} onClick={onRemove} sx={{ ml: 'auto' }}>
            <DeleteIcon />
          </IconButton>
        )}
      </Box>
      <ChipListInput
        source={`tokens.${index}.sinonimos`}
        label="quipu.skills.sinonimo"
        listLabel={translate('quipu.skills.sinonimos') + ` (${title})`}
        duplicate={SKILL_MESSAGES.sinonimoRepetido}
        taken={nm?.trim() ? [nm] : []}
        readOnly={readOnly}
      />
    </Box>
  );
}

/** The tokens' errors: the one about the list as a whole ('Modo Token activo, debe ingresar mínimo uno.'), and whether any row has one. */
function useTokenErrors(): { listError: FieldError | undefined; any: boolean } {
  const { errors } = useFormState({ name: 'tokens' });
  const tokens = errors.tokens as (FieldError & { root?: FieldError }) | undefined;
  if (!tokens) return { listError: undefined, any: false };
  return { listError: Array.isArray(tokens) ? tokens.root : tokens, any: true };
}

export function TokensInput({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const modToken = useWatch({ name: 'modToken' }) as boolean | undefined;
  const { fields, append, remove } = useFieldArray({ name: 'tokens' });
  const { listError, any } = useTokenErrors();
  return (
    <FormSection title="quipu.skills.seccion.tokens">
      <SkillSwitch source="modToken" label="quipu.skills.modToken" readOnly={readOnly} />
      {/* With modToken off the rules still read the tokens: a token they refuse stays in sight. */}
      {modToken || any ? (
        <Box sx={{ pl: { sm: 2 } }}>
          <SkillSwitch source="tokenOrd" label="quipu.skills.tokenOrd" readOnly={readOnly} />
          {fields.length === 0 ? <Typography sx={{ my: 1 }}>{translate('quipu.skills.sinTokens')}</Typography> : null}
          {fields.map((field, index) => (
            <TokenRow key={field.id} index={index} readOnly={readOnly} onRemove={() => remove(index)} />
          ))}
          {readOnly ? null : (
            <Button
              label="quipu.skills.agregarToken"
              variant="outlined"
              aria-describedby={listError ? ERROR_ID : undefined}
              onClick={() => append(newToken(fields.length), { shouldFocus: true, focusName: `tokens.${fields.length}.nm` })}
            >
              <AddIcon />
            </Button>
          )}
          {listError ? (
            <FormHelperText id={ERROR_ID} error>
              <ErrorText error={listError} />
            </FormHelperText>
          ) : null}
        </Box>
      ) : null}
    </FormSection>
  );
}
