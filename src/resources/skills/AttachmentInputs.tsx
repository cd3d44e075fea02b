// Files the client may attach: with hasAttachments on, whether they are required,
// 1 to 5 files of 1 to 5 MB each, and the accepted types; the rules say what is out of range.
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { CheckboxGroupInput, NumberInput } from 'react-admin';
import { FormSection } from '../../layout/FormParts';
import { ATTACHMENT_TYPES, LIMITS } from '../../../common/schemas/skillRules';
import { fieldRow } from '../bots/fieldRow';
import { SkillSwitch } from './SkillInputParts';

const TYPE_CHOICES = ATTACHMENT_TYPES.map((type) => ({ id: type, name: type }));

export function AttachmentInputs({ readOnly }: { readOnly: boolean }) {
  const hasAttachments = useWatch({ name: 'hasAttachments' }) as boolean | undefined;
  return (
    <FormSection title="quipu.skills.seccion.adjuntos">
      <SkillSwitch source="hasAttachments" label="quipu.skills.hasAttachments" readOnly={readOnly} />
      {hasAttachments ? (
        <Box sx={{ pl: { sm: 2 } }}>
          <SkillSwitch source="attachmentsRequired" label="quipu.skills.attachmentsRequired" readOnly={readOnly} />
          <Box sx={fieldRow}>
            <NumberInput source="attachmentMaxCount" label="quipu.skills.attachmentMaxCount" min={LIMITS.attachmentsMin} max={LIMITS.attachmentsMax} step={1} readOnly={readOnly} fullWidth={false} sx={{ minWidth: 260 }} />
            <NumberInput source="attachmentMaxSize" label="quipu.skills.attachmentMaxSize" min={LIMITS.attachmentMbMin} max={LIMITS.attachmentMbMax} step={1} readOnly={readOnly} fullWidth={false} sx={{ minWidth: 260 }} />
          </Box>
          <CheckboxGroupInput source="attachmentTypes" label="quipu.skills.attachmentTypes" choices={TYPE_CHOICES} readOnly={readOnly} />
        </Box>
      ) : null}
    </FormSection>
  );
}
