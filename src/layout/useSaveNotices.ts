// What a form does after saving: 'Guardado con éxito' and back to its list; on a refusal, the
// server's message (the form keeps what was typed: the forms save pessimistically).
import { useNotify, useRedirect } from 'react-admin';
import { messageOf } from '../api/HttpError';
import { noticeText } from './noticeText';

export function useSaveNotices(redirectTo: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify('quipu.comun.guardado', { type: 'success' });
      redirect(redirectTo);
    },
    onError: (error: unknown) => notify(messageOf(error), noticeText(messageOf(error), 'error')),
  };
}
