// A new user (/usuario/new) with its defaults (ROLE_USER, or ROLE_ADMINUSER when an admin creates
// it). A refused save keeps what was typed.
import { useMemo } from 'react';
import { Create, SimpleForm, useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { useSaveNotices } from '../../layout/useSaveNotices';
import { useFlags } from '../../permissions/useFlags';
import { useSession } from '../../permissions/useSession';
import { UsuarioFormToolbar } from './UsuarioFormToolbar';
import { UsuarioInputs } from './UsuarioInputs';
import { newUsuario } from './usuarioModel';

export function UsuarioCreate() {
  const translate = useTranslate();
  const notices = useSaveNotices();
  const { flags } = useFlags();
  const creatorIdE = useSession()?.user.idE;
  // One record for the form's life: a new object on each render would reset what was typed.
  const defaults = useMemo(() => (flags ? newUsuario(flags, creatorIdE) : undefined), [flags, creatorIdE]);
  if (!defaults) return null;
  return (
    <>
      <PageHeading title="quipu.usuarios.tituloNuevo" />
      <Create resource="usuarios" title={translate('quipu.usuarios.tituloNuevo')} record={defaults} mutationOptions={notices}>
        <SimpleForm toolbar={<UsuarioFormToolbar existing={false} />} noValidate>
          <UsuarioInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
