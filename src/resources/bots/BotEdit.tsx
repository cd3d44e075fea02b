// An existing bot (/bot/{id}). Pessimistic: a refused save (400, or 409 when someone else saved the
// bot first) keeps every value typed and shows the server's message; a save stays on the editor.
import { Edit, useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { BotForm } from './BotForm';
import { useBotSaveNotices } from './useBotSaveNotices';

export function BotEdit() {
  const translate = useTranslate();
  const notices = useBotSaveNotices({ opensSaved: false });
  return (
    <>
      <PageHeading title="quipu.bots.tituloEditar" />
      <Edit resource="bots" title={translate('quipu.bots.tituloEditar')} mutationMode="pessimistic" redirect={false} mutationOptions={notices}>
        <BotForm />
      </Edit>
    </>
  );
}
