// An existing user (/usuario/{id}). Pessimistic: a refused save (400, or 409 when someone else
// changed the user) leaves everything typed in place and shows the server's message.
import { Edit, SimpleForm } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { RecordTitle } from '../../layout/RecordTitle';
import type { Usuario } from './usuarioModel';
import { useSaveNotices } from '../../layout/useSaveNotices';
import { UsuarioFormToolbar } from './UsuarioFormToolbar';
import { UsuarioInputs } from './UsuarioInputs';

export function UsuarioEdit() {
  const notices = useSaveNotices();
  return (
    <>
      <PageHeading title="quipu.usuarios.tituloEditar" />
      <Edit resource="usuarios" title={<RecordTitle<Usuario> label="quipu.usuarios.tituloEditar" name={(u) => [u.nm, u.ap].filter(Boolean).join(' ')} />} mutationMode="pessimistic" mutationOptions={notices}>
        <SimpleForm toolbar={<UsuarioFormToolbar existing />} noValidate>
          <UsuarioInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
