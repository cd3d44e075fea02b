// The knowledge-base settings: KB mode, and for a QnA skill (tipo 2) or one in KB mode
// the tags it searches ('t0' global by default, at least one: 'Seleccione mínimo 1 tag'), whether
// it lists the answers, whether every tag must match, and the skill that shows the results menu.
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { SelectInput, useTranslate } from 'react-admin';
import { FormSection } from '../../layout/FormParts';
import { useSkills } from '../bots/flow/useSkills';
import { ChipListInput } from '../../layout/ChipListInput';
import { SkillSwitch } from './SkillInputParts';
import { usesKb } from './skillModel';

const GLOBAL_TAG = 't0';

function KbResultsMenuInput({ skillId, idBot, readOnly }: { skillId: string; idBot: string; readOnly: boolean }) {
  const { data: skills = [], isPending } = useSkills(idBot);
  // A skill does not show its own results menu.
  const choices = skills.filter((skill) => skill.id !== skillId);
  return (
    // Mounted anew once the skills arrive: react-admin's select would draw one frame without them.
    <SelectInput
      key={isPending ? 'cargando' : 'listo'}
      source="kbResultsMenu"
      label="quipu.skills.kbResultsMenu"
      choices={choices}
      optionText="nm"
      optionValue="id"
      emptyText="quipu.skills.ningunSkill"
      parse={(value: string) => (value === '' ? null : value)}
      isPending={isPending}
      readOnly={readOnly}
      fullWidth={false}
      sx={{ minWidth: 256 }}
    />
  );
}

export function KbInputs({ skillId, idBot, readOnly }: { skillId: string; idBot: string; readOnly: boolean }) {
  const translate = useTranslate();
  const [tipo, modKb] = useWatch({ name: ['tipo', 'modKb'] }) as [number | undefined, boolean | undefined];
  return (
    <FormSection title="quipu.skills.seccion.kb">
      <SkillSwitch source="modKb" label="quipu.skills.modKb" readOnly={readOnly} />
      {usesKb(tipo, modKb) ? (
        <Box sx={{ pl: { sm: 2 } }}>
          <ChipListInput
            source="tagsKb"
            label="quipu.skills.tag"
            listLabel="quipu.skills.tagsKb"
            duplicate={translate('quipu.skills.tagRepetido')}
            chipLabel={(tag) => (tag === GLOBAL_TAG ? translate('quipu.skills.tagGlobal') : tag)}
            readOnly={readOnly}
          />
          <SkillSwitch source="listRespKb" label="quipu.skills.listRespKb" readOnly={readOnly} />
          <SkillSwitch source="opAndKb" label="quipu.skills.opAndKb" readOnly={readOnly} />
          <KbResultsMenuInput skillId={skillId} idBot={idBot} readOnly={readOnly} />
        </Box>
      ) : null}
    </FormSection>
  );
}
