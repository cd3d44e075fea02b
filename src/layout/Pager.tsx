// A table's pager: the rows shown as 'desde-hasta de total' and its buttons' names, read from the
// texts under `texts` (`<texts>.rango`, `<texts>.pagina.first|last|next|previous`), and, when a user
// may choose them, the rows per page.
import TablePagination from '@mui/material/TablePagination';
import { useTranslate } from 'react-admin';

export interface PagerProps {
  count: number;
  page: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
  /** The catalogue key its texts are under, e.g. 'quipu.bots.frases'. */
  texts: string;
  /** The rows per page a user may choose, with their label; none keeps `rowsPerPage`. */
  choices?: { options: readonly number[]; label: string; onChange: (rows: number) => void };
}

export function Pager({ count, page, rowsPerPage, onPage, texts, choices }: PagerProps) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={count}
      page={count === 0 ? 0 : page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={choices ? [...choices.options] : [rowsPerPage]}
      onPageChange={(_event, next) => onPage(next)}
      {...(choices ? { onRowsPerPageChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => choices.onChange(Number(event.target.value)), labelRowsPerPage: choices.label } : {})}
      labelDisplayedRows={({ from, to, count: all }) => translate(`${texts}.rango`, { from, to, count: all })}
      getItemAriaLabel={(type) => translate(`${texts}.pagina.${type}`)}
    />
  );
}
