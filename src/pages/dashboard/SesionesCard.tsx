// 'Sesiones': the clients who wrote to the bot in the dashboard's range (POST /session.clientes,
// a page at a time with 'Ver más'); a client opens the history's Conversación dialog.
import { useState, type ComponentType } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { HISTORY_PAGE_SIZE, channelCodeLabel } from '../../../common/schemas/historial';
import { messageOf } from '../../api/HttpError';
import type { ClientCard } from '../../api/dashboard';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { formatFecha } from '../../layout/fecha';
import type { ConversationDialogProps } from '../historial/ConversationDialog';

export interface SesionesCardProps {
  idBot: string;
  fd: string;
  fh: string;
  idE?: string;
  /** The company's time zone: the last message's date is written in it. */
  timeZone: string;
  /** The Conversación dialog a client opens. */
  Dialog: ComponentType<ConversationDialogProps>;
}

export function SesionesCard({ idBot, fd, fh, idE, timeZone, Dialog }: SesionesCardProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const translate = useTranslate();
  const [open, setOpen] = useState<ClientCard | null>(null);
  const clients = useInfiniteQuery({
    queryKey: ['dashboard', 'clientes', idBot, fd, fh],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => dataProvider.getHistoryClients({ idBot, fd, fh, idE, page: pageParam, pageSize: HISTORY_PAGE_SIZE }),
    getNextPageParam: (last, pages) => (pages.length < (last.totalPages ?? 1) ? pages.length : undefined),
    retry: false,
  });
  const rows = clients.data?.pages.flatMap((page) => page.content) ?? [];
  const text = (client: ClientCard) => ({
    primary: client.nm || translate('quipu.dashboard.sinNombre'),
    secondary: `${channelCodeLabel(client.red)} · ${formatFecha(client.ultimo, 'fechaHora', timeZone)} · ${translate('quipu.historial.sesionesN', { smart_count: client.sesiones })}`,
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-sesiones">
      <CardContent>
        <Typography id="dashboard-sesiones" component="h2" variant="h6">
          {translate('quipu.dashboard.sesiones')}
        </Typography>
        {clients.error && <Alert severity="error">{messageOf(clients.error)}</Alert>}
        {clients.isPending && <Typography>{translate('quipu.dashboard.cargando')}</Typography>}
        {clients.isSuccess && rows.length === 0 && <Typography>{translate('quipu.dashboard.sinSesiones')}</Typography>}
        <List dense aria-labelledby="dashboard-sesiones">
          {rows.map((client) => (
            <ListItem key={client.idClt} disablePadding>
              <ListItemButton onClick={() => setOpen(client)}>
                <ListItemText {...text(client)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {clients.hasNextPage && (
          <Button onClick={() => void clients.fetchNextPage()} disabled={clients.isFetchingNextPage}>
            {translate('quipu.dashboard.verMas')}
          </Button>
        )}
      </CardContent>
      {open && <Dialog idBot={idBot} fd={fd} fh={fh} client={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
