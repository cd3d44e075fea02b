// What changed between two versions, grouped by kind ('Skills', 'Enlaces', ...), each change with
// its fields: a list (phrases, keywords, buttons) as the items added and removed, any other value
// as before → after.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ChangeValue } from './ChangeValue';
import { CHANGE_LABELS, fieldLabel, groupChanges, itemText, listDiff, type VersionChange } from './versionModel';
import { useVersionMessages } from './versionTexts';

const CHANGE_COLORS = { added: 'success', removed: 'error', changed: 'info' } as const;

type Field = VersionChange['fields'][number];

function ItemList({ label, items, color }: { label: string; items: unknown[]; color: 'success' | 'error' }) {
  if (items.length === 0) return null;
  return (
    <Box sx={{ mt: 0.25 }}>
      <Typography component="span" variant="body2" sx={{ color: `${color}.dark`, fontWeight: 500 }}>
        {`${label} (${items.length}):`}
      </Typography>
      <Box component="ul" aria-label={label} sx={{ m: 0, pl: 3 }}>
        {items.map((item, index) => (
          <Box component="li" key={index} sx={{ overflowWrap: 'anywhere' }}>
            {itemText(item)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function FieldValue({ field }: { field: Field }) {
  const translate = useTranslate();
  const messages = useVersionMessages();
  const list = listDiff(field.before, field.after);
  if (list) {
    return (
      <>
        <ItemList label={translate('quipu.versiones.agregados')} items={list.added} color="success" />
        <ItemList label={translate('quipu.versiones.eliminados')} items={list.removed} color="error" />
        {list.added.length === 0 && list.removed.length === 0 ? <Typography variant="body2">{translate('quipu.versiones.soloOrden')}</Typography> : null}
        {list.kept > 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {messages.sinCambioLista(list.kept)}
          </Typography>
        ) : null}
      </>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
      <ChangeValue value={field.before} />
      <span role="img" aria-label={translate('quipu.versiones.pasaA')}>
        →
      </span>
      <ChangeValue value={field.after} />
    </Box>
  );
}

function ChangeItem({ change }: { change: VersionChange }) {
  // A parameter is its own one field: it is named once, by its label, with its value beneath.
  const own = change.fields.length === 1 && change.fields[0].field === change.name ? change.fields[0] : undefined;
  return (
    <Box component="li" sx={{ mb: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" variant="outlined" color={CHANGE_COLORS[change.change]} label={CHANGE_LABELS[change.change]} />
        <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {own ? fieldLabel(change.name) : change.name}
        </Typography>
      </Box>
      {own ? (
        <Typography component="div" variant="body2" sx={{ mt: 0.5, pl: 2 }}>
          <FieldValue field={own} />
        </Typography>
      ) : change.fields.length > 0 ? (
        <Box component="dl" sx={{ m: 0, mt: 0.5, pl: 2 }}>
          {change.fields.map((field) => (
            <Box key={field.field} sx={{ mb: 0.5 }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {fieldLabel(field.field)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                <FieldValue field={field} />
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

export function VersionChanges({ title, changes }: { title: string; changes: VersionChange[] }) {
  const translate = useTranslate();
  const groups = groupChanges(changes);
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {groups.length === 0 ? <Typography role="status">{translate('quipu.versiones.iguales')}</Typography> : null}
      {groups.map((group) => (
        <Box component="section" key={group.kind} aria-label={group.label} sx={{ mt: 1 }}>
          <Typography component="h4" variant="subtitle2">
            {group.label}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', pl: 0, m: 0 }}>
            {group.changes.map((change, index) => (
              <ChangeItem key={`${change.change}-${change.name}-${index}`} change={change} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
