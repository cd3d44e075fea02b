// An existing bot (/bot/{id}). Pessimistic: a refused save (400, or 409 when someone else saved the
// bot first) keeps every value typed and shows the server's message; a save stays on the editor.
import { Edit, useNotify, useTranslate } from 'react-admin';
import { messageOf } from '../../api/HttpError';
import { PageHeading } from '../../layout/FormParts';
import { noticeText } from '../../layout/noticeText';
import { BotForm } from './BotForm';

export function BotEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <>
      <PageHeading title="quipu.bots.tituloEditar" />
      <Edit
        resource="bots"
        title={translate('quipu.bots.tituloEditar')}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{
          onSuccess: () => notify('quipu.comun.guardado', { type: 'success' }),
          onError: (error: unknown) => notify(messageOf(error), noticeText(messageOf(error), 'error')),
        }}
      >
        <BotForm />
      </Edit>
    </>
  );
}
