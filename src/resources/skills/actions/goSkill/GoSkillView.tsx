// A saved jump to a skill: the skill's name (its id while the list loads or if it is gone).
import { useSkills } from '../../../bots/flow/useSkills';
import type { AccionViewProps } from '../accionKind';
import { ViewLine } from '../AccionViewParts';

export function GoSkillView({ accion, idBot }: AccionViewProps) {
  const { data: skills } = useSkills(idBot);
  const target = skills?.find((skill) => skill.id === accion.sk);
  return (
    <>
      <ViewLine label="quipu.acciones.irSkill.skill">{target?.nm ?? accion.sk}</ViewLine>
      <ViewLine label="quipu.acciones.irSkill.fields">{accion.fields?.length ? accion.fields.map((f) => `${f.k}: ${f.v}`).join(', ') : null}</ViewLine>
    </>
  );
}
