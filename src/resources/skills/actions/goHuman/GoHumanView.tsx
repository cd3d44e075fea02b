// A saved hand-over to a person: the bot that takes the conversation back, if any.
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AccionViewProps } from '../accionKind';
import { ViewLine } from '../AccionViewParts';
import { useBotRefs } from '../goBot/useBotRefs';

export function GoHumanView({ accion }: AccionViewProps) {
  const translate = useTranslate();
  const { data: bots } = useBotRefs();
  if (!accion.b) return <Typography variant="body2">{translate('quipu.acciones.humano.sinRetorno')}</Typography>;
  return <ViewLine label="quipu.acciones.humano.bot">{bots?.find((bot) => bot.id === accion.b)?.nm ?? accion.b}</ViewLine>;
}
