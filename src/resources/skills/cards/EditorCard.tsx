// One editor card of a list: a view that shows the saved record and an edit mode with
// Guardar and Cancelar; Editar and Eliminar for whoever may edit. Its state is said in words:
// 'Cambios pendientes de guardar', 'Faltan datos o no son válidos', 'Guardando...'. Deleting a
// saved card asks 'Seguro desea borrar?'; a card never saved goes without asking.
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState, type ReactNode } from 'react';
import { Confirm } from 'react-admin';
import { SKILL_MESSAGES } from '../../../../common/schemas/skillRules';

export interface EditorCardProps {
  /** What the card is ('Texto', 'WebHook', 'Requerimiento 2'): its heading and accessible name. */
  title: string;
  subheader?: ReactNode;
  /** A control shown before the heading (the drag handle of a sortable list). */
  handle?: ReactNode;
  editing: boolean;
  /** Saved on the server: deleting asks first. */
  saved: boolean;
  dirty: boolean;
  /** The form's rules are broken (shown after a save attempt or as the user types). */
  invalid: boolean;
  saving: boolean;
  /** Whoever may not edit sees the card without Editar and Eliminar. */
  canEdit: boolean;
  onEdit: () => void;
  onCancel: () => void;
  /** Guardar: the card's form submits (the button is a submit of `formId`). */
  formId: string;
  onDelete: () => void | Promise<void>;
  children: ReactNode;
}

export function EditorCard({ title, subheader, handle, editing, saved, dirty, invalid, saving, canEdit, onEdit, onCancel, formId, onDelete, children }: EditorCardProps) {
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const state = saving ? SKILL_MESSAGES.guardando : invalid ? SKILL_MESSAGES.faltanDatos : dirty || (editing && !saved) ? SKILL_MESSAGES.pendiente : null;

  const askDelete = () => (saved ? setConfirming(true) : void onDelete());

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2, borderColor: editing ? 'primary.main' : undefined }}>
      <CardHeader
        avatar={handle}
        title={title}
        slotProps={{ title: { id: headingId, component: 'h3', variant: 'subtitle1' } }}
        subheader={subheader}
        action={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {state && <Chip size="small" color={invalid ? 'error' : saving ? 'info' : 'warning'} label={state} role="status" />}
            {canEdit && !editing && (
              <Tooltip title="Editar">
                <IconButton aria-label={`Editar ${title}`} onClick={onEdit}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
            )}
            {canEdit && (
              <Tooltip title="Eliminar">
                <span>
                  <IconButton aria-label={`Eliminar ${title}`} onClick={askDelete} disabled={saving}>
                    <DeleteIcon />
                  </IconButton>
                </span>
              </Tooltip>
            )}
          </Box>
        }
      />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
      {editing && canEdit && (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} variant="contained" disabled={saving}>
            Guardar
          </Button>
        </CardActions>
      )}
      <Confirm
        isOpen={confirming}
        title={title}
        content={SKILL_MESSAGES.seguroBorrar}
        confirm="Eliminar"
        cancel="Cancelar"
        onConfirm={async () => {
          setConfirming(false);
          await onDelete();
        }}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
