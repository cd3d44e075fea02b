// A quick reply's editor (spec §3 QUICK_REPLY, §5, §9): the question and up to three replies, of
// the quick replies' own types (POSTBACK, LOCATION, PHONE, EMAIL).
import { BUTTON_TYPES_FOR, LIMITS, SKILL_MESSAGES } from '../../../../../common/schemas/skillRules';
import { ButtonsInput } from '../inputs/ButtonsInput';
import { FormTextField } from '../inputs/FormInputs';

export function RespuestaRapidaEditor() {
  return (
    <>
      <FormTextField name="title" label="quipu.acciones.tituloCampo" multiline />
      <ButtonsInput
        name="buttons"
        kind="QUICK_REPLY"
        types={BUTTON_TYPES_FOR.QUICK_REPLY}
        max={LIMITS.quickReplies}
        maxMessage={SKILL_MESSAGES.maxRespuestasRapidas}
      />
    </>
  );
}
