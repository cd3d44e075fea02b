// The Acciones tab of the skill editor: the skill's actions in order, each an editor card.
// (Being built: see the skills issue.)
import Typography from '@mui/material/Typography';

export interface SkillAccionesTabProps {
  skillId: string;
  idBot: string;
  /** The user's isBotEdit flag (spec §6). */
  canEdit: boolean;
}

export function SkillAccionesTab(_props: SkillAccionesTabProps) {
  return <Typography>Acciones</Typography>;
}
