// A buttons action's editor: the text above the buttons ('Ingrese un texto'),
// the invalid-option message and at least one button ('Debe tener al menos un botón'); from three
// buttons on, Facebook's limit is shown as a warning.
import { BUTTON_TYPES_FOR } from '../../../../../common/actions/shared';
import { ButtonsInput } from '../inputs/ButtonsInput';
import { FormTextField } from '../inputs/FormInputs';

export function ButtonEditor() {
  return (
    <>
      <FormTextField name="title" label="quipu.acciones.tituloCampo" multiline />
      <FormTextField name="invalidOption" label="quipu.acciones.opcionInvalida" />
      <ButtonsInput name="buttons" kind="BUTTON" types={BUTTON_TYPES_FOR.default} />
    </>
  );
}
