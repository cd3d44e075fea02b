// The console's paged tables (spec §2): 'Cargando...' while the first page loads, 'No hay
// datos...' when nothing matches, a row-number column counted over the whole result, and rows
// that open on a click or on Enter when they lead somewhere.
import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { DataTable, useListContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { KeyboardRowsBody } from './KeyboardRows';

export function StatusMessage({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography role="status" sx={{ p: 2 }}>
      {translate(text)}
    </Typography>
  );
}

interface ListTableProps {
  children: ReactNode;
  /** Where a row leads; without it rows are not links. */
  rowPath?: (id: Identifier) => string;
}

export function ListTable({ children, rowPath }: ListTableProps) {
  const { isPending, error } = useListContext();
  if (isPending && !error) return <StatusMessage text="quipu.tabla.cargando" />;
  return (
    <DataTable
      bulkActionButtons={false}
      empty={<StatusMessage text="quipu.tabla.sinDatos" />}
      rowClick={rowPath ? (id) => rowPath(id) : false}
      body={rowPath ? KeyboardRowsBody : undefined}
      hover={!!rowPath}
    >
      {children}
    </DataTable>
  );
}

function RowNumber({ id }: { id: Identifier }) {
  const { data, page, perPage } = useListContext();
  const index = data?.findIndex((record) => record.id === id) ?? -1;
  return index < 0 ? null : (page - 1) * perPage + index + 1;
}

/** The row's position in the whole result: page 2 of 5 starts at 6. */
export function RowNumberColumn() {
  return <DataTable.Col label="quipu.tabla.numero" disableSort render={(record: RaRecord) => <RowNumber id={record.id} />} />;
}

/** 'SI' / 'NO', in words rather than an icon or a colour. */
export function YesNo({ value }: { value: unknown }) {
  const translate = useTranslate();
  return translate(value ? 'quipu.comun.siTexto' : 'quipu.comun.noTexto');
}
