// 'Probar Bot' in the bot editor's toolbar: opens the test chat, which talks to the
// saved working definition; with unsaved changes it says so.
import ChatIcon from '@mui/icons-material/Chat';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { TextButton } from '../../../layout/TextButton';
import { TestChatPanel } from './TestChatPanel';

export function ProbarBotButton({ idBot }: { idBot: string }) {
  const translate = useTranslate();
  // As BotForm does: dirtyFields, since isDirty is already true for a form react-admin normalised.
  const { dirtyFields } = useFormState();
  const isDirty = Object.keys(dirtyFields).length > 0;
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <TextButton label="quipu.chat.probarBot" onClick={() => setOpen(true)} variant="outlined" size="small" startIcon={<ChatIcon />} />
      {isDirty ? (
        <Typography variant="body2" color="text.secondary">
          {translate('quipu.chat.definicionGuardada')}
        </Typography>
      ) : null}
      <TestChatPanel idBot={idBot} open={open} dirty={isDirty} onClose={() => setOpen(false)} />
    </Box>
  );
}
