// The Skill tab's form: the rules (validateSkill, the server's own) run before POST /skill, and a
// refusal marks the field the server names. Leaving the page with unsaved changes asks
// '¿Seguro deseas salir sin guardar tus cambios?' (EditorForm), and a stored save leaves none; the
// editor's tabs learn whether there are any through onDirtyChange. 'Probar Skill' tests the saved skill.
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';
import { Toolbar } from 'react-admin';
import { EditorForm, EditorSaveButton } from '../../layout/unsavedChanges';
import { ProbarSkillButton } from './ProbarSkillButton';
import { validateSkillForm } from './skillModel';
import { SkillTab } from './SkillTab';
import { useSkillSave } from './useSkillSave';

interface SkillFormProps {
  skillId: string;
  idBot: string;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

function DirtyWatch({ onChange }: { onChange: (dirty: boolean) => void }) {
  const { dirtyFields } = useFormState();
  const dirty = Object.keys(dirtyFields).length > 0;
  useEffect(() => onChange(dirty), [dirty, onChange]);
  return null;
}

export function SkillForm({ skillId, idBot, canEdit, onDirtyChange }: SkillFormProps) {
  const onSubmit = useSkillSave();
  return (
    <EditorForm validate={validateSkillForm} onSubmit={onSubmit} noValidate>
      <DirtyWatch onChange={onDirtyChange} />
      <Box sx={{ px: { xs: 1, sm: 2 } }}>
        <SkillTab skillId={skillId} idBot={idBot} canEdit={canEdit} />
      </Box>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        {/* Every user saves: one without isBotEdit saves the phrases and keyword lists. */}
        <EditorSaveButton />
        <ProbarSkillButton skillId={skillId} idBot={idBot} />
      </Toolbar>
    </EditorForm>
  );
}
