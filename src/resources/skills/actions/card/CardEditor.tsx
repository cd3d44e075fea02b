// A card's editor: image, title, subtitle, the invalid-option message and
// buttons; it needs an image or a button ('Debe ingresar una URL de imagen o un botón').
import { BUTTON_TYPES_FOR } from '../../../../../common/actions/shared';
import { ButtonsInput } from '../inputs/ButtonsInput';
import { FormTextField } from '../inputs/FormInputs';

export function CardEditor() {
  return (
    <>
      <FormTextField name="imageUrl" label="quipu.acciones.card.imageUrl" />
      <FormTextField name="title" label="quipu.acciones.tituloCampo" />
      <FormTextField name="subTitle" label="quipu.acciones.subtitulo" />
      <FormTextField name="invalidOption" label="quipu.acciones.opcionInvalida" />
      <ButtonsInput name="buttons" kind="CARD" types={BUTTON_TYPES_FOR.default} />
    </>
  );
}
