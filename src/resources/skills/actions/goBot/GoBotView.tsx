// A saved jump to a bot: the bot's name and the value sent.
import type { AccionViewProps } from '../accionKind';
import { ViewLine } from '../AccionViewParts';
import { useBotRefs } from './useBotRefs';

export function GoBotView({ accion }: AccionViewProps) {
  const { data: bots } = useBotRefs();
  const target = bots?.find((bot) => bot.id === accion.b);
  return (
    <>
      <ViewLine label="quipu.acciones.irBot.bot">{target?.nm ?? accion.b}</ViewLine>
      <ViewLine label="quipu.acciones.irBot.valor">{accion.sk}</ViewLine>
    </>
  );
}
