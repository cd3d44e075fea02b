// A quick reply's editor: the question and up to three replies, of
// the quick replies' own types (POSTBACK, LOCATION, PHONE, EMAIL).
import { LIMITS } from '../../../../../common/schemas/skillRules';
import { quickReply } from '../../../../../common/actions/quickReply';
import { BUTTON_TYPES_FOR } from '../../../../../common/actions/shared';
import { ButtonsInput } from '../inputs/ButtonsInput';
import { FormTextField } from '../inputs/FormInputs';

export function QuickReplyEditor() {
  return (
    <>
      <FormTextField name="title" label="quipu.acciones.tituloCampo" multiline />
      <ButtonsInput
        name="buttons"
        kind="QUICK_REPLY"
        types={BUTTON_TYPES_FOR.QUICK_REPLY}
        max={LIMITS.quickReplies}
        maxMessage={quickReply.messages.maxRespuestasRapidas}
      />
    </>
  );
}
