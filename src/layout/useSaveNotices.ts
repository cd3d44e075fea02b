// What a form does after saving: 'Guardado con éxito' and back to its resource's list; on a
// refusal, the server's message (the form keeps what was typed: the forms save pessimistically).
import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import { messageOf } from '../api/HttpError';
import { noticeText } from './noticeText';

export function useSaveNotices() {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    onSuccess: () => {
      notify('quipu.comun.guardado', { type: 'success' });
      redirect('list', resource);
    },
    onError: (error: unknown) => notify(messageOf(error), noticeText(messageOf(error), 'error')),
  };
}
