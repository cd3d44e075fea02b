// One card of the sortable list: the node dnd-kit moves, and its drag handle ('Mover Texto 1'),
// which Space lifts, the arrows move and Space drops (Escape cancels).
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import IconButton from '@mui/material/IconButton';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface SortableAccionProps {
  /** The card's key in the list. */
  id: string;
  /** 'Texto 1'. */
  name: string;
  /** Whoever may not edit gets no handle. */
  draggable: boolean;
  children: (handle: ReactNode) => ReactNode;
}

export function SortableAccion({ id, name, draggable, children }: SortableAccionProps) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: translate('quipu.acciones.orden.rol') },
  });
  const handle = draggable ? (
    <IconButton ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={translate('quipu.acciones.orden.mover', { nombre: name })} sx={{ cursor: 'grab', touchAction: 'none' }}>
      <DragIndicatorIcon />
    </IconButton>
  ) : undefined;
  return (
    <div
      ref={setNodeRef}
      data-accion={id}
      style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}
    >
      {children(handle)}
    </div>
  );
}
