// The test chat itself: the channel, the connection's state, the messages
// (the bot's on the left, the user's on the right; a user message selects its answer's debug) and
// the input with its files. Enter sends the text with the files chosen; a message with neither is
// refused.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { kindText } from '../../../pages/canales/common/canalModel';
import { CHAT_CHANNELS, userText, type Conversation } from './chatModel';
import { addChatFiles } from '../../../../common/schemas/chatFiles';
import { AttachFilesButton, ChatFileChips, FileRefusals } from './ChatFiles';
import { ChatMessageView, type OnPostback } from '../../../layout/ChatMessageView';
import type { ChatConnection } from './useTestChat';
import type { ChatInput } from './useTestChat';

interface ChatViewProps {
  conversation: Conversation;
  connection: ChatConnection;
  selected: string | undefined;
  onSelect: (userId: string) => void;
  onSend: (input: ChatInput) => void;
  onClear: () => void;
  /** The conversation waits for a person (the latest answer's debug says so). */
  waiting: boolean;
  onEndHuman: () => void;
  onRed: (red: number) => void;
}

const bubble = { px: 1.5, py: 1, borderRadius: 2, maxWidth: '85%', textAlign: 'left' } as const;

export function ChatView({ conversation, connection, selected, onSelect, onSend, onClear, waiting, onEndHuman, onRed }: ChatViewProps) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const refusalsId = useId();
  const log = useRef<HTMLDivElement>(null);
  const count = conversation.entries.length;

  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [count]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() && files.length === 0) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    onSend(files.length > 0 ? { text: text.trim() ? text : '', files } : { text });
    setText('');
    setFiles([]);
    setRefusals([]);
  };
  const choose = (chosen: File[]) => {
    const added = addChatFiles(files, chosen);
    setFiles(added.files);
    setRefusals(added.refusals);
    if (added.files.length > 0) setEmpty(false);
  };
  const onPostback: OnPostback = ({ postback, title }, quickOf) => onSend({ postback, title, quickOf });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={translate('quipu.chat.canal')}
          value={conversation.red}
          onChange={(event) => onRed(Number(event.target.value))}
          sx={{ minWidth: 160 }}
        >
          {CHAT_CHANNELS.map((channel) => (
            <MenuItem key={channel.code} value={channel.code}>
              {translate(channel.kind ? kindText(channel.kind) : 'quipu.chat.todos')}
            </MenuItem>
          ))}
        </TextField>
        <Typography role="status" variant="body2" color={connection === 'conectado' || connection === 'recuperado' ? 'success.main' : 'text.secondary'}>
          {translate(`quipu.chat.estado.${connection}`)}
        </Typography>
        <Button onClick={onClear} sx={{ ml: 'auto' }}>
          {translate('quipu.chat.limpiar')}
        </Button>
      </Box>
      <Box
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={translate('quipu.chat.conversacion')}
        tabIndex={0}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1, height: { xs: 360, md: 440 }, overflowY: 'auto', bgcolor: 'action.hover', borderRadius: 1 }}
      >
        {count === 0 ? <Typography color="text.secondary">{translate('quipu.chat.sinMensajes')}</Typography> : null}
        {conversation.entries.map((entry) =>
          entry.kind === 'user' ? (
            <ButtonBase
              key={entry.id}
              onClick={() => onSelect(entry.id)}
              aria-pressed={selected === entry.id}
              aria-description={translate('quipu.chat.verDepuracion')}
              sx={{
                ...bubble,
                alignSelf: 'flex-end',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                outline: selected === entry.id ? '3px solid' : 'none',
                outlineColor: 'secondary.main',
                whiteSpace: 'pre-line',
                overflowWrap: 'anywhere',
                font: 'inherit',
              }}
            >
              {userText(entry)}
            </ButtonBase>
          ) : (
            <Box key={entry.id} sx={{ ...bubble, alignSelf: 'flex-start', bgcolor: 'background.paper', minWidth: 0 }}>
              <ChatMessageView
                message={entry.message}
                onPostback={onPostback}
                quickUsed={conversation.usedQuick.includes(entry.message.id)}
                disabled={false}
              />
            </Box>
          ),
        )}
      </Box>
      {waiting ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {translate('quipu.chat.esperandoPersona')}
          </Typography>
          <Button variant="outlined" size="small" onClick={onEndHuman} sx={{ ml: 'auto' }}>
            {translate('quipu.chat.terminarAtencion')}
          </Button>
        </Box>
      ) : null}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            fullWidth
            label={translate('quipu.chat.mensaje')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (empty) setEmpty(false);
            }}
            error={empty}
            helperText={empty ? translate('quipu.chat.vacio') : undefined}
            autoComplete="off"
          />
          <AttachFilesButton onChoose={choose} describedBy={refusals.length > 0 ? refusalsId : undefined} />
          <Button type="submit" variant="contained">
            {translate('quipu.chat.enviar')}
          </Button>
        </Box>
        <ChatFileChips files={files} onRemove={(index) => setFiles((current) => current.filter((_file, at) => at !== index))} />
        <FileRefusals id={refusalsId} refusals={refusals} />
      </Box>
    </Box>
  );
}
