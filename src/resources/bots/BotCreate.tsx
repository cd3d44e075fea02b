// A new bot (/bot/new) with the defaults of spec §3 and §9; once saved it opens at /bot/{id}, where
// its skills, entities and phrases can be added.
import { Create, useNotify, useRedirect, useTranslate } from 'react-admin';
import { messageOf } from '../../api/HttpError';
import { PageHeading } from '../../layout/FormParts';
import { noticeText } from '../../layout/noticeText';
import { newBot, type Bot } from './botModel';
import { BotForm } from './BotForm';

const defaults = newBot();

export function BotCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <>
      <PageHeading title="quipu.bots.tituloNuevo" />
      <Create
        resource="bots"
        title={translate('quipu.bots.tituloNuevo')}
        record={defaults}
        mutationOptions={{
          onSuccess: (bot: Bot) => {
            notify('quipu.comun.guardado', { type: 'success' });
            redirect('edit', 'bots', bot.id);
          },
          onError: (error: unknown) => notify(messageOf(error), noticeText(messageOf(error), 'error')),
        }}
      >
        <BotForm />
      </Create>
    </>
  );
}
