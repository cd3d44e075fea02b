// A jump to another bot of the company: the bot ('Seleccione un bot'; not this
// one) and the value sent to it.
import type { AccionContext } from '../accionKind';
import { FormSelect, FormTextField } from '../inputs/FormInputs';
import { useBotRefs } from './useBotRefs';

export function GoBotEditor({ idBot }: AccionContext) {
  const { data: bots = [] } = useBotRefs();
  const options = bots.filter((bot) => bot.id !== idBot).map((bot) => ({ value: bot.id, label: bot.nm }));
  return (
    <>
      <FormSelect name="b" label="quipu.acciones.irBot.bot" options={options} placeholder="quipu.acciones.seleccione" />
      <FormTextField name="sk" label="quipu.acciones.irBot.valor" />
    </>
  );
}
