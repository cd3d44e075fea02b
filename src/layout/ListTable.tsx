// The console's paged tables: 'Cargando...' while the first page loads, 'No hay
// datos...' when nothing matches, a row-number column counted over the whole result, and rows
// that open on a click or on Enter when they lead somewhere. Below 993 px the same
// rows are a card list (react-admin's SimpleList), which never scrolls sideways.
import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataTable, SimpleList, useGetResourceLabel, useListContext, useResourceContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
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
  /** Whether a row opens the record's form (react-admin's edit path, see routing/specPaths.ts). */
  opensRecord?: boolean;
  /** The card of one row on small screens: its title and up to two lines under it. */
  card: CardTexts;
}

export interface CardTexts {
  primary: (record: RaRecord) => ReactNode;
  secondary?: (record: RaRecord) => ReactNode;
  tertiary?: (record: RaRecord) => ReactNode;
}

export function ListTable({ children, opensRecord = false, card }: ListTableProps) {
  const { isPending, error } = useListContext();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const resource = useResourceContext();
  const resourceLabel = useGetResourceLabel();
  if (isPending && !error) return <StatusMessage text="quipu.tabla.cargando" />;
  if (small) {
    return (
      <SimpleList
        aria-label={resource ? resourceLabel(resource, 2) : undefined}
        primaryText={card.primary}
        secondaryText={card.secondary}
        tertiaryText={card.tertiary}
        rowClick={opensRecord ? 'edit' : false}
        empty={<StatusMessage text="quipu.tabla.sinDatos" />}
        sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere' } }}
      />
    );
  }
  return (
    <DataTable
      bulkActionButtons={false}
      empty={<StatusMessage text="quipu.tabla.sinDatos" />}
      rowClick={opensRecord ? 'edit' : false}
      body={opensRecord ? KeyboardRowsBody : undefined}
      hover={opensRecord}
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

/**
 * 'Sí' / 'No', in words rather than an icon or a colour; `upper` gives 'SI' / 'NO' where the spec
 * writes them so (the users list's 'Activo (SI/NO)').
 */
export function YesNo({ value, upper = false }: { value: unknown; upper?: boolean }) {
  const translate = useTranslate();
  if (upper) return translate(value ? 'quipu.comun.siMayusculas' : 'quipu.comun.noMayusculas');
  return translate(value ? 'quipu.comun.siTexto' : 'quipu.comun.noTexto');
}

/** 'Activo: Sí' on a card, where there is no column header to say what the value is. */
export function CardLabel({ label, value }: { label: string; value: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      {translate(label)}: {value}
    </>
  );
}
