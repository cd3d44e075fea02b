// An existing skill (/skill/{id}). (Being built: see the skills issue.)
import { Edit } from 'react-admin';

export function SkillEdit() {
  return <Edit resource="skills" mutationMode="pessimistic" redirect={false}>{null}</Edit>;
}
