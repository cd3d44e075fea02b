// The QnA dialog's Skill tab: Nombre (the question), its variants typed with Enter, and its tags
// (at least one; a new one is created by typing its name).
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { SKILL_MESSAGES } from '../../../common/schemas/skillRules';
import { ChipListInput } from '../../layout/ChipListInput';
import { TagKbPicker } from './TagKbPicker';

function NombreInput({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: 'nm' });
  return (
    <TextField
      id="qna-nm"
      label={translate('quipu.qna.pregunta')}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      slotProps={{ htmlInput: { readOnly, 'aria-required': true, maxLength: 200 } }}
      fullWidth
    />
  );
}

function TagsInput({ idBot, readOnly }: { idBot: string; readOnly: boolean }) {
  const { field, fieldState } = useController({ name: 'tagsKb' });
  return (
    <TagKbPicker
      idBot={idBot}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      label="quipu.qna.tags"
      error={fieldState.error?.message}
      helperText={readOnly ? undefined : 'quipu.qna.tagsAyuda'}
      creatable
      readOnly={readOnly}
    />
  );
}

export function QnaSkillInputs({ idBot, readOnly }: { idBot: string; readOnly: boolean }) {
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <NombreInput readOnly={readOnly} />
      <ChipListInput source="frases" label="quipu.qna.variante" listLabel="quipu.qna.variantes" duplicate={SKILL_MESSAGES.fraseRepetida} readOnly={readOnly} />
      <TagsInput idBot={idBot} readOnly={readOnly} />
    </Stack>
  );
}
