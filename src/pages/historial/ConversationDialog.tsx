// The 'Conversación' dialog of a client (the history's card, the dashboard's Sesiones card): its
// 'Sesiones' with the bot in the days, the first one chosen, and the chosen one's 'Mensajes'.
// 'Exportar Excel' saves the client's sessions as Sessions_{idClt}.xlsx. The server records the
// history audit event when it answers the sessions; closing forgets sessions and messages.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { channelCodeLabel } from '../../../common/schemas/historial';
import type { QuipuDataProvider } from '../../api/dataProvider';
import type { ClientCard } from '../../api/historial';
import { messageOf } from '../../api/HttpError';
import { useEmpresaScope } from '../../permissions/useEmpresaScope';
import { useFlags } from '../../permissions/useFlags';
import { ConversationMessages } from './ConversationMessages';
import { formatFecha } from '../../layout/fecha';
import { saveBlob } from './historialModel';

export interface ConversationDialogProps {
  idBot: string;
  /** The days shown, YYYY-MM-DD. */
  fd: string;
  fh: string;
  client: ClientCard;
  onClose: () => void;
}

export function ConversationDialog({ idBot, fd, fh, client, onClose }: ConversationDialogProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const translate = useTranslate();
  const { flags } = useFlags();
  // The screen's company (the one the system admin picked): its time zone dates the conversation.
  const { idE, tz: timeZone } = useEmpresaScope();
  const query = { idBot, fd, fh, idClt: client.idClt, idE };
  const sessions = useQuery({
    queryKey: ['historial', 'sesiones', idBot, fd, fh, client.idClt],
    queryFn: () => dataProvider.getHistoryChatSessions(query),
    refetchOnWindowFocus: false,
    gcTime: 0,
    retry: false,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const idS = chosen ?? sessions.data?.[0]?.id ?? null;
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  // A phone gives the conversation the whole screen.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const exportExcel = async () => {
    setExporting(true);
    setExportError(null);
    try {
      saveBlob(`Sessions_${client.idClt}.xlsx`, await dataProvider.exportChatSessionsExcel(query));
    } catch (failure) {
      setExportError(messageOf(failure));
    } finally {
      setExporting(false);
    }
  };

  let list;
  if (sessions.error) list = <Typography role="alert">{messageOf(sessions.error)}</Typography>;
  else if (sessions.isPending) list = <Typography role="status">{translate('quipu.historial.cargando')}</Typography>;
  else if (sessions.data.length === 0) list = <Typography role="status">{translate('quipu.historial.sinDatos')}</Typography>;
  else {
    list = (
      <List dense aria-labelledby="conversacion-sesiones" sx={{ py: 0 }}>
        {sessions.data.map((row) => (
          <ListItem key={row.id} disablePadding>
            <ListItemButton selected={row.id === idS} aria-current={row.id === idS ? 'true' : undefined} onClick={() => setChosen(row.id)}>
              <ListItemText primary={formatFecha(row.fi, 'fechaHora', timeZone)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  }

  const heading = { fontWeight: 'bold', mb: 1 } as const;
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="lg" aria-labelledby="conversacion-titulo">
      <DialogTitle id="conversacion-titulo">
        {translate('quipu.historial.conversacion')}
        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
          {`${client.nm || translate('quipu.historial.sinNombre')} · ${channelCodeLabel(client.red)}`}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, minHeight: { md: 420 } }}>
        <Box component="section" aria-labelledby="conversacion-sesiones" sx={{ width: { xs: '100%', md: 220 }, flexShrink: 0, maxHeight: { xs: 180, md: 'none' }, overflowY: 'auto' }}>
          <Typography id="conversacion-sesiones" component="h3" sx={heading}>
            {translate('quipu.historial.sesiones')}
          </Typography>
          {list}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Typography id="conversacion-mensajes" component="h3" sx={heading}>
            {translate('quipu.historial.mensajes')}
          </Typography>
          <Box sx={{ flex: 1, minHeight: 0, height: { xs: 360, md: 480 } }}>
            {idS ? <ConversationMessages key={idS} idS={idS} timeZone={timeZone} showSkill={!!flags?.isBotEdit} labelledBy="conversacion-mensajes" /> : null}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {exporting ? <Typography role="status">{translate('quipu.historial.generandoExcel')}</Typography> : null}
        {exportError ? (
          <Alert severity="error" sx={{ flex: 1 }}>
            {exportError}
          </Alert>
        ) : null}
        <Button variant="outlined" onClick={() => void exportExcel()} disabled={exporting}>
          {translate('quipu.historial.exportarExcel')}
        </Button>
        <Button onClick={onClose}>{translate('quipu.historial.cerrar')}</Button>
      </DialogActions>
    </Dialog>
  );
}
