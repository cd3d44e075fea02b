// The Skill tab: general data, recognition settings, training phrases, keyword
// lists, tokens, KB mode and attachments. Without isBotEdit only the phrases and the keyword lists
// change (the server takes nothing else from such a user); the rest is shown read-only.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import { FormSection } from '../../layout/FormParts';
import { SKILL_MESSAGES } from '../../../common/schemas/skillRules';
import { AttachmentInputs } from './AttachmentInputs';
import { ChipListInput } from '../../layout/ChipListInput';
import { KbInputs } from './KbInputs';
import { PhraseListInput } from './PhraseListInput';
import { SkillGeneralInputs } from './SkillGeneralInputs';
import { TokensInput } from './TokensInput';

interface SkillTabProps {
  skillId: string;
  idBot: string;
  canEdit: boolean;
}

export function SkillTab({ skillId, idBot, canEdit }: SkillTabProps) {
  const translate = useTranslate();
  const readOnly = !canEdit;
  return (
    <Box sx={{ width: '100%' }}>
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('quipu.skills.soloLectura')}
        </Alert>
      ) : null}
      <SkillGeneralInputs readOnly={readOnly} />
      <FormSection title="quipu.skills.seccion.frases">
        <PhraseListInput skillId={skillId} />
      </FormSection>
      <FormSection title="quipu.skills.seccion.palabras">
        <ChipListInput source="keywordIncluye" label="quipu.skills.palabraIncluye" listLabel="quipu.skills.keywordIncluye" duplicate={SKILL_MESSAGES.palabraRepetida} />
        <ChipListInput source="keywordExcluye" label="quipu.skills.palabraExcluye" listLabel="quipu.skills.keywordExcluye" duplicate={SKILL_MESSAGES.palabraRepetida} />
      </FormSection>
      <TokensInput readOnly={readOnly} />
      <KbInputs skillId={skillId} idBot={idBot} readOnly={readOnly} />
      <AttachmentInputs readOnly={readOnly} />
    </Box>
  );
}
