// An existing bot (/bot/{id}). Pessimistic: a refused save (400, or 409 when someone else saved the
// bot first) keeps every value typed and shows the server's message; a save stays on the editor.
import { Edit } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { RecordTitle } from '../../layout/RecordTitle';
import type { Bot } from './botModel';
import { BotForm } from './BotForm';

export function BotEdit() {
  return (
    <>
      <PageHeading title="quipu.bots.tituloEditar" />
      <Edit resource="bots" title={<RecordTitle<Bot> label="quipu.bots.tituloEditar" name={(bot) => bot.nm} />} mutationMode="pessimistic" redirect={false}>
        <BotForm />
      </Edit>
    </>
  );
}
