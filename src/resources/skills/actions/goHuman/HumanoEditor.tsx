// A hand-over to a person (spec §3 GO_HUMAN): optionally the area or queue that takes it.
import { FormTextField } from '../inputs/FormInputs';

export function HumanoEditor() {
  return <FormTextField name="b" label="quipu.acciones.humano.area" helper="quipu.acciones.humano.ayuda" />;
}
