// The user form's buttons: Atras, Guardar and, for an existing user, Eliminar. A
// channel-access user only reads users, so it gets Atras alone.
import { DeleteWithConfirmButton, SaveButton, Toolbar } from 'react-admin';
import { BackButton } from '../../layout/FormParts';
import { useSaveNotices } from '../../layout/useSaveNotices';
import { canManageUsers } from '../../../common/roles';
import { useFlags } from '../../permissions/useFlags';

export function UsuarioFormToolbar({ existing }: { existing: boolean }) {
  const { flags } = useFlags();
  const manages = !!flags && canManageUsers(flags);
  // A refused delete shows the server's message.
  const { onError } = useSaveNotices();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <BackButton to="/usuarios" />
      {manages ? <SaveButton alwaysEnable /> : null}
      {existing && manages ? (
        <DeleteWithConfirmButton
          confirmTitle="quipu.usuarios.borrarTitulo"
          confirmContent="quipu.usuarios.borrarTexto"
          confirmColor="warning"
          variant="contained"
          successMessage="quipu.comun.eliminado"
          mutationOptions={{ onError }}
        />
      ) : null}
    </Toolbar>
  );
}
