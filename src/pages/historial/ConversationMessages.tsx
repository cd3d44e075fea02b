// The 'Mensajes' of one session: the newest page first (the server pages them), older pages on
// 'Mensajes anteriores', the reader's place kept as they are put above. The bot's messages are
// drawn as the test chat draws them, read-only; the skill that answered and its score only for
// those who may edit bots. A client's message offers the files it brought while they are kept.
import { useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import type { HistoryMessage } from '../../api/historial';
import { messageOf } from '../../api/HttpError';
import { ChatMessageView } from '../../layout/ChatMessageView';
import { formatFecha } from '../../layout/fecha';
import { MessageAttachments } from './MessageAttachments';

const ignore = () => undefined;

function MessageRow({ message, timeZone, showSkill }: { message: HistoryMessage; timeZone: string; showSkill: boolean }) {
  const translate = useTranslate();
  const outgoing = message.t === 0;
  const skill = showSkill && outgoing && (message.skill || message.idSkill);
  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', alignItems: outgoing ? 'flex-start' : 'flex-end', mb: 1 }}>
      <Paper
        variant="outlined"
        data-lado={outgoing ? 'bot' : 'cliente'}
        sx={{ p: 1, maxWidth: '85%', minWidth: 0, bgcolor: outgoing ? 'background.paper' : 'action.selected', overflowWrap: 'anywhere' }}
      >
        {outgoing && message.body ? (
          <ChatMessageView message={message.body} onPostback={ignore} quickUsed={false} disabled />
        ) : (
          <Typography sx={{ whiteSpace: 'pre-line' }}>{message.m}</Typography>
        )}
        {!outgoing && message.adjuntos?.length ? <MessageAttachments files={message.adjuntos} /> : null}
      </Paper>
      <Typography variant="caption" color="text.secondary">
        {formatFecha(message.fc, 'fechaHora', timeZone)}
        {skill ? ` · ${translate('quipu.historial.skill', { skill: message.skill || message.idSkill })}` : ''}
        {skill && message.score != null ? ` · ${translate('quipu.historial.puntaje', { puntaje: message.score.toFixed(2) })}` : ''}
      </Typography>
    </Box>
  );
}

export interface ConversationMessagesProps {
  idS: string;
  timeZone: string;
  showSkill: boolean;
  /** The id of the heading that names the messages. */
  labelledBy: string;
}

export function ConversationMessages({ idS, timeZone, showSkill, labelledBy }: ConversationMessagesProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const translate = useTranslate();
  const scroller = useRef<HTMLDivElement>(null);
  // How far the reader was from the bottom when older messages were asked for.
  const fromBottom = useRef<number | null>(null);
  const messages = useInfiniteQuery({
    queryKey: ['historial', 'conversacion', idS],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => dataProvider.getConversation(idS, pageParam),
    getNextPageParam: (last) => (last.hayMas && last.msgs.length ? last.msgs[0].seq : undefined),
    // Each read is an audit event on the server: asked once per opening, not again on focus.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    gcTime: 0,
    retry: false,
  });
  const pages = messages.data?.pages ?? [];
  const count = pages.length;

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || count === 0) return;
    // The first page opens at its newest message; an older page keeps the reader where they were.
    box.scrollTop = fromBottom.current === null ? box.scrollHeight : box.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [count]);

  const older = () => {
    const box = scroller.current;
    if (box) fromBottom.current = box.scrollHeight - box.scrollTop;
    void messages.fetchNextPage();
  };

  let body;
  if (messages.error) body = <Typography role="alert">{messageOf(messages.error)}</Typography>;
  else if (messages.isPending) body = <Typography role="status">{translate('quipu.historial.cargando')}</Typography>;
  else if (count === 0 || pages.every((page) => page.msgs.length === 0)) body = <Typography role="status">{translate('quipu.historial.sinDatos')}</Typography>;
  else {
    body = (
      <Box component="ol" aria-labelledby={labelledBy} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {pages
          .slice()
          .reverse()
          .flatMap((page) => page.msgs)
          .map((message) => (
            <MessageRow key={message.id} message={message} timeZone={timeZone} showSkill={showSkill} />
          ))}
      </Box>
    );
  }

  return (
    <Box ref={scroller} tabIndex={0} aria-labelledby={labelledBy} role="region" sx={{ height: '100%', overflowY: 'auto', px: 1 }}>
      {messages.hasNextPage ? (
        <Box sx={{ textAlign: 'center', mb: 1 }}>
          <Button size="small" onClick={older} disabled={messages.isFetchingNextPage}>
            {translate('quipu.historial.mensajesAnteriores')}
          </Button>
        </Box>
      ) : null}
      {body}
    </Box>
  );
}
