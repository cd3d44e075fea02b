// The Requerimientos (tp 0) and Memoria (tp 1) tabs of the skill editor.
// (Being built: see the skills issue.)
import Typography from '@mui/material/Typography';

export interface SkillRequerimientosTabProps {
  skillId: string;
  idBot: string;
  tp: 0 | 1;
  /** The user's isBotEdit flag (spec §6). */
  canEdit: boolean;
}

export function SkillRequerimientosTab({ tp }: SkillRequerimientosTabProps) {
  return <Typography>{tp === 0 ? 'Requerimientos' : 'Memoria'}</Typography>;
}
