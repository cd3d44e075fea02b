// What the bot editor does after Guardar: 'Guardado con éxito' and it stays on the editor (a new
// bot opens at /bot/{id}); a refusal shows the server's message, and the form keeps what was typed.
import { useNotify, useRedirect } from 'react-admin';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import type { Bot } from './botModel';

export function useBotSaveNotices({ opensSaved }: { opensSaved: boolean }) {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: (saved: Bot) => {
      notify('quipu.comun.guardado', { type: 'success' });
      if (opensSaved) redirect('edit', 'bots', saved.id);
    },
    onError: (error: unknown) => notify(messageOf(error), noticeText(messageOf(error), 'error')),
  };
}
