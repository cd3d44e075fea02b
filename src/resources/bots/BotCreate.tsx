// A new bot (/bot/new) with its defaults (30-minute sessions, 3 attempts); once saved it opens at
// /bot/{id}, where its skills, entities and phrases can be added.
import { Create, useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { newBot } from './botModel';
import { BotForm } from './BotForm';

const defaults = newBot();

export function BotCreate() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title="quipu.bots.tituloNuevo" />
      <Create resource="bots" title={translate('quipu.bots.tituloNuevo')} record={defaults}>
        <BotForm />
      </Create>
    </>
  );
}
