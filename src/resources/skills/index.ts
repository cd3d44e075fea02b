// Skills: the editor at /skill/{id}, opened from the bot's flow diagram (a skill is created there,
// so there is no list and no create). App spreads this into <Resource name="skills"> and routes
// /skill/:id to it (routing/specPaths.ts).
import PsychologyIcon from '@mui/icons-material/Psychology';
import { guarded } from '../../routing/guarded';
import type { Skill } from '../../api/skills';
import { SkillEdit } from './SkillEdit';

export const skills = {
  edit: guarded('/skill/:id', SkillEdit),
  icon: PsychologyIcon,
  recordRepresentation: (record: Skill) => record.nm,
  options: { label: 'resources.skills.name' },
};
