// What Monitoreo's two lists share: the rows picked on the page (one, or all of the page at once),
// and the page emptied by the last assign or delete giving way to the one before it.
import { useEffect, useState } from 'react';

export function usePageSelection(rows: ReadonlyArray<{ id: string }>, loaded: boolean, page: number, setPage: (page: number) => void) {
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (loaded && rows.length === 0 && page > 0) setPage(page - 1);
  }, [loaded, rows.length, page, setPage]);
  const toggle = (id: string) => setSelected((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  const allOnPage = rows.length > 0 && rows.every((row) => selected.includes(row.id));
  const toggleAll = () => setSelected(allOnPage ? [] : rows.map((row) => row.id));
  return { selected, setSelected, toggle, allOnPage, toggleAll };
}
