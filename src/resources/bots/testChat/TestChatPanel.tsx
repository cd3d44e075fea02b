// 'Probar Bot': a panel on the right (the whole width on a phone) with
// the chat, its debug panel beside it (below on narrow screens) and the bot's regression tests.
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { debugOf } from './chatModel';
import { ChatView } from './ChatView';
import { DebugPanel } from './DebugPanel';
import { PruebasSection } from './PruebasSection';
import { useTestChat } from './useTestChat';

function TestChat({ idBot, dirty }: { idBot: string; dirty: boolean }) {
  const translate = useTranslate();
  const { conversation, connection, send, clear, endHuman, setRed } = useTestChat(idBot);
  const [selected, setSelected] = useState<string>();
  // A selection from before 'Limpiar' no longer exists: the latest answer shows.
  const current = conversation.entries.some((entry) => entry.id === selected) ? selected : undefined;
  return (
    <>
      {dirty ? (
        <Typography role="note" color="warning.dark" sx={{ mb: 1 }}>
          {translate('quipu.chat.definicionGuardada')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2 }}>
        <ChatView
          conversation={conversation}
          connection={connection}
          selected={current}
          onSelect={(id) => setSelected((before) => (before === id ? undefined : id))}
          onSend={(input) => void send(input)}
          onClear={() => void clear()}
          waiting={debugOf(conversation.entries)?.human === true}
          onEndHuman={() => void endHuman()}
          onRed={setRed}
        />
        <DebugPanel debug={debugOf(conversation.entries, current)} idBot={idBot} />
      </Box>
      <Divider sx={{ my: 2 }} />
      <PruebasSection idBot={idBot} conversation={conversation} />
    </>
  );
}

interface TestChatPanelProps {
  idBot: string;
  open: boolean;
  dirty: boolean;
  onClose: () => void;
}

export function TestChatPanel({ idBot, open, dirty, onClose }: TestChatPanelProps) {
  const translate = useTranslate();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'test-chat-title', sx: { width: { xs: '100%', md: 980 }, maxWidth: '100%', p: 2 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography id="test-chat-title" component="h2" variant="h5">
          {translate('quipu.chat.probarBot')}
        </Typography>
        <IconButton aria-label={translate('quipu.chat.cerrar')} onClick={onClose} sx={{ ml: 'auto' }}>
          <CloseIcon />
        </IconButton>
      </Box>
      {open ? <TestChat idBot={idBot} dirty={dirty} /> : null}
    </Drawer>
  );
}
