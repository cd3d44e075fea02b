// The history's results: one card per client (name, channel, last message, sessions), 20 a page
// as the server pages them, with how many clients in all, or that there are more than the pages
// read so far when the server did not count them. A card is a button: click, Enter or Space opens
// the conversation.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { HISTORY_PAGE_SIZE, channelCodeLabel } from '../../../common/schemas/historial';
import type { ClientCard } from '../../api/historial';
import type { PagedAnswer } from '../../api/paging';
import { formatFecha } from '../../layout/fecha';

export interface ClientCardsProps {
  answer: PagedAnswer<ClientCard> | undefined;
  loading: boolean;
  error: string | null;
  page: number;
  onPage: (page: number) => void;
  onOpen: (client: ClientCard) => void;
  timeZone: string;
}

/** How many clients in all: the count when the server gives it, else a bound from the pages. */
export const totalOf = (answer: PagedAnswer<ClientCard>) => answer.totalElements ?? (answer.totalPages ?? 1) * HISTORY_PAGE_SIZE;

export function ClientCards({ answer, loading, error, page, onPage, onOpen, timeZone }: ClientCardsProps) {
  const translate = useTranslate();
  if (error) return <Typography role="alert">{error}</Typography>;
  if (loading && !answer) return <Typography role="status">{translate('quipu.historial.cargando')}</Typography>;
  if (!answer) return null;
  const clients = answer.content ?? [];
  if (clients.length === 0) return <Typography role="status">{translate('quipu.historial.sinDatos')}</Typography>;
  const total = totalOf(answer);
  const exact = answer.totalExact !== false;
  return (
    <Box component="section" aria-label={translate('quipu.historial.resultados')}>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))' }}
      >
        {clients.map((client) => (
          <Box component="li" key={client.idClt} sx={{ minWidth: 0 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea onClick={() => onOpen(client)} sx={{ height: '100%' }}>
                <CardContent component="span" sx={{ display: 'block' }}>
                  <Typography component="span" variant="subtitle1" sx={{ display: 'block', fontWeight: 'bold', overflowWrap: 'anywhere' }}>
                    {client.nm || translate('quipu.historial.sinNombre')}
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ display: 'block' }}>{channelCodeLabel(client.red)}</Typography>
                  <Typography component="span" variant="body2" sx={{ display: 'block' }}>{formatFecha(client.ultimo, 'fechaHora', timeZone)}</Typography>
                  <Typography component="span" variant="body2" sx={{ display: 'block' }}>{translate('quipu.historial.sesionesN', { smart_count: client.sesiones })}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={HISTORY_PAGE_SIZE}
        rowsPerPageOptions={[HISTORY_PAGE_SIZE]}
        onPageChange={(_event, next) => onPage(next)}
        labelDisplayedRows={({ from, to, count }) => translate(exact ? 'quipu.historial.pagina' : 'quipu.historial.paginaMasDe', { from, to, count })}
        getItemAriaLabel={(type) => translate(`quipu.historial.paginas.${type}`, { _: type })}
        showFirstButton
        showLastButton={exact}
        sx={{ overflowX: 'hidden', '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
      />
    </Box>
  );
}
