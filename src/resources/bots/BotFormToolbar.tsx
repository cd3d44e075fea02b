// The bot editor's buttons: Atrás (to /bot), Guardar, Desplegar, Versiones (isBotEdit),
// Probar Bot (the test chat, every role, on an existing bot) and, for isBotEdit users on an
// existing bot, Eliminar Bot with its confirmation. Guardar stays for every user: a ROLE_USER
// saves the diagram.
// Every button shows its text at every width (react-admin's own buttons drop it below 600 px). On a
// phone the toolbar stays at the form's end, as on wider screens: its buttons take more than one
// row there, and kept on screen they would cover the diagram and its own toolbar.
import { useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import MuiButton from '@mui/material/Button';
import { Confirm, LinkBase, Toolbar, useDeleteController, useRecordContext, useTranslate } from 'react-admin';
import { EditorSaveButton } from '../../layout/unsavedChanges';
import { TextButton } from '../../layout/TextButton';
import { useSaveNotices } from '../../layout/useSaveNotices';
import { useFlags } from '../../permissions/useFlags';
import { ProbarBotButton } from './testChat';
import { DeployButton, VersionsButton } from './versions';

/** Eliminar Bot: asks first, then deletes the bot and goes back to the list with 'Eliminado con éxito'. */
function DeleteBotButton() {
  const { onError } = useSaveNotices();
  const [open, setOpen] = useState(false);
  // Without an onSuccess of its own, react-admin's delete says the success message and goes to the list.
  const { isPending, handleDelete } = useDeleteController({
    mutationMode: 'pessimistic',
    successMessage: 'quipu.bots.eliminado',
    mutationOptions: {
      onError: (error) => {
        setOpen(false);
        onError(error);
      },
    },
  });
  return (
    <>
      <TextButton label="quipu.bots.eliminar" color="error" variant="contained" size="small" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} sx={{ ml: 'auto' }} />
      <Confirm isOpen={open} loading={isPending} title="quipu.bots.borrarTitulo" content="quipu.bots.borrarTexto" confirmColor="warning" onConfirm={handleDelete} onClose={() => setOpen(false)} />
    </>
  );
}

export function BotFormToolbar({ existing }: { existing: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<{ id?: string }>();
  const { flags } = useFlags();
  const isBotEdit = !!flags?.isBotEdit;
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap', '&.RaToolbar-mobileToolbar': { position: 'static' } }}>
      <MuiButton component={LinkBase} to="/bot" size="small" startIcon={<ArrowBackIcon />}>
        {translate('quipu.bots.atras')}
      </MuiButton>
      <EditorSaveButton />
      {existing ? <DeployButton /> : null}
      {existing && isBotEdit ? <VersionsButton /> : null}
      {existing && record?.id ? <ProbarBotButton idBot={String(record.id)} /> : null}
      {existing && isBotEdit ? <DeleteBotButton /> : null}
    </Toolbar>
  );
}
