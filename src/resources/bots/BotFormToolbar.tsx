// The bot editor's buttons: Atrás (to /bot), Guardar, Desplegar, Versiones (isBotEdit),
// Probar Bot (the test chat, every role, on an existing bot) and, for isBotEdit users on an
// existing bot, Eliminar Bot with its confirmation. Guardar stays for every user: a ROLE_USER
// saves the diagram.
import { DeleteWithConfirmButton, Toolbar, useRecordContext } from 'react-admin';
import { BackButton } from '../../layout/FormParts';
import { EditorSaveButton } from '../../layout/unsavedChanges';
import { useSaveNotices } from '../../layout/useSaveNotices';
import { useFlags } from '../../permissions/useFlags';
import { ProbarBotButton } from './testChat';
import { DeployButton, VersionsButton } from './versions';

export function BotFormToolbar({ existing }: { existing: boolean }) {
  const record = useRecordContext<{ id?: string }>();
  const { flags } = useFlags();
  const isBotEdit = !!flags?.isBotEdit;
  const { onError } = useSaveNotices();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <BackButton to="/bot" label="quipu.bots.atras" />
      <EditorSaveButton />
      {existing ? <DeployButton /> : null}
      {existing && isBotEdit ? <VersionsButton /> : null}
      {existing && record?.id ? <ProbarBotButton idBot={String(record.id)} /> : null}
      {existing && isBotEdit ? (
        <DeleteWithConfirmButton
          label="quipu.bots.eliminar"
          confirmTitle="quipu.bots.borrarTitulo"
          confirmContent="quipu.bots.borrarTexto"
          confirmColor="warning"
          variant="contained"
          successMessage="quipu.bots.eliminado"
          mutationOptions={{ onError }}
          sx={{ ml: 'auto' }}
        />
      ) : null}
    </Toolbar>
  );
}
