// The Entidades tab (isBotEdit only): the bot's entities with their editor and a
// confirmed delete, and below them the internal entities, read-only.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Entidad } from '../../../api/bots';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import { FormSection } from '../../../layout/FormParts';
import { StatusMessage } from '../../../layout/ListTable';
import { noticeText } from '../../../layout/noticeText';
import { EntidadDialog } from './EntidadDialog';

/**
 * A small table with a header row: the bot's entities and the internal ones. On a phone it scrolls
 * inside its own box and long words wrap, so the page never scrolls sideways.
 */
function SmallTable({ label, headers, rows }: { label: string; headers: string[]; rows: Array<{ id: string; cells: ReactNode[] }> }) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" aria-label={translate(label)} sx={{ '& td, & th': { overflowWrap: 'anywhere' } }}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header}>{translate(header)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {row.cells.map((cell, index) => (
                <TableCell key={headers[index]}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const ENTIDAD_HEADERS = ['quipu.bots.entidades.nm', 'quipu.bots.entidades.dsc', 'quipu.bots.entidades.tipo', 'quipu.bots.entidades.acciones'];

function EntidadRows({ rows, onEdit, onDelete }: { rows: Entidad[]; onEdit: (row: Entidad) => void; onDelete: (row: Entidad) => void }) {
  const translate = useTranslate();
  const cells = (row: Entidad) => [
    row.nm,
    row.dsc,
    translate(row.rgx ? 'quipu.bots.entidades.tipoRegex' : 'quipu.bots.entidades.tipoKeywords'),
    <>
      <Button label="ra.action.edit" aria-label={translate('quipu.bots.entidades.editarNombre', { nm: row.nm })} onClick={() => onEdit(row)}>
        <EditIcon />
      </Button>
      <Button label="ra.action.delete" aria-label={translate('quipu.bots.entidades.borrarNombre', { nm: row.nm })} onClick={() => onDelete(row)}>
        <DeleteIcon />
      </Button>
    </>,
  ];
  return <SmallTable label="quipu.bots.entidades.titulo" headers={ENTIDAD_HEADERS} rows={rows.map((row) => ({ id: row.id, cells: cells(row) }))} />;
}

function InternalEntities() {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { data, error } = useQuery({ queryKey: ['entidadesInternas'], queryFn: () => dataProvider.getInternalEntities(), staleTime: Infinity });
  if (error) return <StatusMessage text={messageOf(error)} />;
  if (!data) return <StatusMessage text="quipu.tabla.cargando" />;
  return (
    <SmallTable
      label="quipu.bots.entidades.internas"
      headers={['quipu.bots.entidades.nm', 'quipu.bots.entidades.dsc']}
      rows={data.map((row) => ({ id: row.id, cells: [row.nm, row.dsc] }))}
    />
  );
}

export function BotEntidadesTab({ botId }: { botId: string }) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const queryKey = ['entidades', botId];
  const { data, error } = useQuery({ queryKey, queryFn: () => dataProvider.getEntities(botId) });
  const [editing, setEditing] = useState<Partial<Entidad> | null>(null);
  const [deleting, setDeleting] = useState<Entidad | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await dataProvider.deleteEntity(deleting.id);
      notify('quipu.bots.eliminado', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey });
    } catch (failure) {
      notify(messageOf(failure), noticeText(messageOf(failure), 'error'));
    }
    setDeleting(null);
  };

  let rows = <StatusMessage text="quipu.tabla.cargando" />;
  if (error) rows = <StatusMessage text={messageOf(error)} />;
  else if (data?.length === 0) rows = <StatusMessage text="quipu.tabla.sinDatos" />;
  else if (data) {
    rows = <EntidadRows rows={data} onEdit={setEditing} onDelete={setDeleting} />;
  }

  return (
    <Box>
      <FormSection title="quipu.bots.entidades.titulo">
        <Button label="quipu.bots.entidades.nueva" variant="outlined" onClick={() => setEditing({ idBot: botId, rgx: false, keywords: [] })}>
          <AddIcon />
        </Button>
        {rows}
      </FormSection>
      <FormSection title="quipu.bots.entidades.internas">
        <InternalEntities />
      </FormSection>
      {editing ? (
        <EntidadDialog
          entidad={editing}
          botId={botId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey });
          }}
        />
      ) : null}
      <Confirm
        isOpen={!!deleting}
        title="quipu.bots.entidades.borrarTitulo"
        content="quipu.bots.entidades.borrarTexto"
        translateOptions={{ nm: deleting?.nm ?? '' }}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
