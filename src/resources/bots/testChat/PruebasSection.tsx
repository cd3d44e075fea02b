// 'Pruebas' of the test chat panel (regression tests): save the conversation as
// a test, list the bot's tests (GET /bot.pruebas) with delete, and 'Probar todo'
// (POST /bot.pruebas.run), which shows which pass and, for those that fail, each failing step.
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Prueba, PruebaResultado } from '../../../api/chat';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import { noticeText } from '../../../layout/noticeText';
import { hasUserMessage, toPruebaBody, type Conversation } from './chatModel';
import { PruebaResults } from './PruebaResults';
import { SavePruebaDialog } from './SavePruebaDialog';

const P = 'quipu.chat.pruebas';
export const pruebasKey = (idBot: string) => ['bot.pruebas', idBot] as const;

export function PruebasSection({ idBot, conversation }: { idBot: string; conversation: Conversation }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  const [saveOpen, setSaveOpen] = useState(false);
  const [deleting, setDeleting] = useState<Prueba>();
  const [results, setResults] = useState<PruebaResultado[]>();
  const fail = (error: unknown) => notify(messageOf(error), noticeText(messageOf(error), 'error'));
  const refresh = () => queryClient.invalidateQueries({ queryKey: pruebasKey(idBot) });

  const { data: pruebas } = useQuery({ queryKey: pruebasKey(idBot), queryFn: () => dataProvider.getPruebas(idBot) });
  const save = useMutation({
    mutationFn: (nm: string) => dataProvider.savePrueba(toPruebaBody(idBot, nm, conversation)),
    onSuccess: () => {
      setSaveOpen(false);
      notify(`${P}.guardado`, { type: 'success' });
      void refresh();
    },
    onError: fail,
  });
  const remove = useMutation({ mutationFn: (id: string) => dataProvider.deletePrueba(id), onSuccess: () => void refresh(), onError: fail });
  const run = useMutation({ mutationFn: () => dataProvider.runPruebas(idBot), onSuccess: setResults, onError: fail });

  return (
    <Box component="section" aria-labelledby="test-chat-pruebas-title">
      <Typography id="test-chat-pruebas-title" component="h3" variant="h6">
        {translate(`${P}.titulo`)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
        <Button variant="outlined" disabled={!hasUserMessage(conversation.entries)} onClick={() => setSaveOpen(true)}>
          {translate(`${P}.guardar`)}
        </Button>
        <Button variant="outlined" disabled={run.isPending || !pruebas?.length} onClick={() => run.mutate()}>
          {translate(`${P}.probarTodo`)}
        </Button>
      </Box>
      {!pruebas ? (
        <Typography role="status">{translate(`${P}.cargando`)}</Typography>
      ) : pruebas.length === 0 ? (
        <Typography color="text.secondary">{translate(`${P}.sinPruebas`)}</Typography>
      ) : (
        <List dense>
          {pruebas.map((prueba) => (
            <ListItem
              key={prueba.id}
              secondaryAction={
                <IconButton edge="end" aria-label={translate(`${P}.borrar`, { nm: prueba.nm })} onClick={() => setDeleting(prueba)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={prueba.nm} secondary={translate(`${P}.pasos`, { smart_count: prueba.pasos.length })} />
            </ListItem>
          ))}
        </List>
      )}
      {results ? <PruebaResults results={results} /> : null}
      <SavePruebaDialog open={saveOpen} saving={save.isPending} onClose={() => setSaveOpen(false)} onSave={(nm) => save.mutate(nm)} />
      <Confirm
        isOpen={!!deleting}
        title={`${P}.borrarTitulo`}
        content={`${P}.borrarTexto`}
        translateOptions={{ nm: deleting?.nm ?? '' }}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(undefined);
        }}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}
