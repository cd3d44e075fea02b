// The company form's buttons: Atras (to /empresas), Guardar and, for an existing company and
// ROLE_ADMIN only (bot-building spec §6), Eliminar with its confirmation.
import { SaveButton, Toolbar } from 'react-admin';
import { ConfirmDeleteButton } from '../../layout/ConfirmDeleteButton';
import { BackButton } from '../../layout/FormParts';
import { useFlags } from '../../permissions/useFlags';

export function EmpresaFormToolbar({ existing }: { existing: boolean }) {
  const { flags } = useFlags();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <BackButton to="/empresas" />
      <SaveButton alwaysEnable />
      {existing && flags?.isAdmin ? (
        <ConfirmDeleteButton title="quipu.empresas.borrarTitulo" content="quipu.empresas.borrarTexto" redirectTo="/empresas" />
      ) : null}
    </Toolbar>
  );
}
