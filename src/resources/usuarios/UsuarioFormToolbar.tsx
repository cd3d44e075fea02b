// The user form's buttons (spec §2): Atras, Guardar and, for an existing user, Eliminar.
import { SaveButton, Toolbar } from 'react-admin';
import { ConfirmDeleteButton } from '../../layout/ConfirmDeleteButton';
import { BackButton } from '../../layout/FormParts';

export function UsuarioFormToolbar({ existing }: { existing: boolean }) {
  return (
    <Toolbar sx={{ gap: 1 }}>
      <BackButton to="/usuarios" />
      <SaveButton alwaysEnable />
      {existing ? (
        <ConfirmDeleteButton title="quipu.usuarios.borrarTitulo" content="quipu.usuarios.borrarTexto" redirectTo="/usuarios" />
      ) : null}
    </Toolbar>
  );
}
