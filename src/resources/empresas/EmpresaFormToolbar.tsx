// The company form's buttons: Atrás (to /empresas), Guardar and, for an existing company and
// ROLE_ADMIN only, Eliminar with its confirmation.
import { DeleteWithConfirmButton, SaveButton, Toolbar } from 'react-admin';
import { BackButton } from '../../layout/FormParts';
import { useSaveNotices } from '../../layout/useSaveNotices';
import { useFlags } from '../../permissions/useFlags';

export function EmpresaFormToolbar({ existing }: { existing: boolean }) {
  const { flags } = useFlags();
  // A refused delete (e.g. a company that still has users) shows the server's message.
  const { onError } = useSaveNotices();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <BackButton to="/empresas" label="quipu.comun.atrasConTilde" />
      <SaveButton alwaysEnable />
      {existing && flags?.isAdmin ? (
        <DeleteWithConfirmButton
          confirmTitle="quipu.empresas.borrarTitulo"
          confirmContent="quipu.empresas.borrarTexto"
          confirmColor="warning"
          variant="contained"
          successMessage="quipu.comun.eliminado"
          mutationOptions={{ onError }}
        />
      ) : null}
    </Toolbar>
  );
}
