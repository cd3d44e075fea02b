// A hand-over to a person: optionally the bot of the company that takes the
// conversation back when the agent closes it; without one, the conversation ends with the agent.
import { FormSelect } from '../inputs/FormInputs';
import { useBotRefs } from '../goBot/useBotRefs';

export function GoHumanEditor() {
  const { data: bots = [] } = useBotRefs();
  return <FormSelect name="b" label="quipu.acciones.humano.bot" options={bots.map((bot) => ({ value: bot.id, label: bot.nm }))} placeholder="quipu.acciones.humano.ninguno" />;
}
