// The skill editor (/skill/{id}), opened from the bot's flow diagram: GET /skill?id, saved with
// POST /skill (pessimistic: a refused save keeps every value typed; a save stays on the editor).
// The heading names the skill; 'Atrás' goes back to its bot.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Edit, useRecordContext, useTranslate } from 'react-admin';
import { BackButton } from '../../layout/FormParts';
import { useFlags } from '../../permissions/useFlags';
import type { Skill } from './skillModel';
import { SkillTabs } from './SkillTabs';

// A refetch of a changed skill (after 'Frases de entrenamiento' stored phrases) would reset the
// form and drop what was typed: the editor reads the skill when it opens and after each save.
const queryOptions = { refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

function SkillTitle() {
  const translate = useTranslate();
  const record = useRecordContext<Skill>();
  return <>{record?.nm || translate('quipu.skills.tituloEditar')}</>;
}

function SkillEditor() {
  const record = useRecordContext<Skill>();
  const { flags } = useFlags();
  if (!record) return null;
  return (
    <Box sx={{ pt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', px: { xs: 1, sm: 2 } }}>
        <BackButton to={`/bot/${record.idBot}`} label="quipu.skills.atras" />
        <Typography component="h1" variant="h5">
          {record.nm}
        </Typography>
      </Box>
      <SkillTabs skillId={String(record.id)} idBot={record.idBot} canEdit={!!flags?.isBotEdit} />
    </Box>
  );
}

export function SkillEdit() {
  return (
    <Edit resource="skills" mutationMode="pessimistic" redirect={false} title={<SkillTitle />} actions={false} queryOptions={queryOptions}>
      <SkillEditor />
    </Edit>
  );
}
