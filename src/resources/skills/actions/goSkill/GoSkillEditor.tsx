// A jump to another skill of this bot: the skill ('Seleccione un Skill'; not
// this one) and the values handed to it.
import { useTranslate } from 'react-admin';
import { useSkills } from '../../../bots/flow/useSkills';
import type { AccionContext } from '../accionKind';
import { FormSelect } from '../inputs/FormInputs';
import { KeyValueRows } from '../inputs/KeyValueRows';

export function GoSkillEditor({ idBot, skillId }: AccionContext) {
  const translate = useTranslate();
  const { data: skills = [] } = useSkills(idBot);
  const options = skills.filter((skill) => skill.id !== skillId).map((skill) => ({ value: skill.id, label: skill.nm }));
  return (
    <>
      <FormSelect name="sk" label="quipu.acciones.irSkill.skill" options={options} placeholder="quipu.acciones.seleccione" />
      <KeyValueRows
        name="fields"
        title="quipu.acciones.irSkill.fields"
        rowLabel="quipu.acciones.irSkill.field"
        addLabel="quipu.acciones.irSkill.agregarField"
        keyLabel="quipu.acciones.nombre"
        valueLabel="quipu.acciones.valor"
        helper={translate('quipu.acciones.memoriaAyuda')}
      />
    </>
  );
}
