// The diagram's keyboard, while focus is inside it: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo,
// Enter opens the focused skill, Supr (or Retroceso) asks to delete the selection, and Tab walks
// every skill in reading order, also those not drawn yet (off screen).
import { useCallback, type KeyboardEvent, type RefObject } from 'react';
import type { Diagram } from './diagramModel';
import { readingOrder } from './diagramModel';

interface FlowKeys {
  wrapper: RefObject<HTMLDivElement | null>;
  canEdit: boolean;
  current: () => Diagram;
  undo: () => void;
  redo: () => void;
  open: (id: string) => void;
  askDelete: (focused?: string) => void;
  focusSkill: (id: string) => void;
}

export function useFlowKeyboard({ wrapper, canEdit, current, undo, redo, open, askDelete, focusSkill }: FlowKeys) {
  return useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const target = event.target as HTMLElement;
      // Keys typed in the search field, in a day of 'Ver uso' (its sections are spinbuttons), or in a
      // dialog (a portal whose events bubble here), are theirs.
      if (!wrapper.current?.contains(target) || target.closest('input, textarea, [role="spinbutton"]')) return;
      const key = event.key.toLowerCase();
      if ((event.ctrlKey || event.metaKey) && (key === 'z' || key === 'y')) {
        event.preventDefault();
        if (key === 'y' || event.shiftKey) redo();
        else undo();
        return;
      }
      const id = target.closest<HTMLElement>('.react-flow__node')?.dataset.id;
      if (event.key === 'Enter' && id) {
        event.preventDefault();
        open(id);
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && canEdit && target.closest('.react-flow')) {
        event.preventDefault();
        askDelete(id);
      } else if (event.key === 'Tab' && id && !event.ctrlKey && !event.altKey && !event.metaKey) {
        const order = readingOrder(current());
        const next = order[order.indexOf(id) + (event.shiftKey ? -1 : 1)];
        // Past the first or the last skill, Tab leaves the diagram as usual.
        if (next) {
          event.preventDefault();
          focusSkill(next);
        }
      }
    },
    [askDelete, canEdit, current, focusSkill, open, redo, undo, wrapper],
  );
}
