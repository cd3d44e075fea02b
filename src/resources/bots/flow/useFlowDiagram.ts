// The diagram the editor draws and edits: the form's value merged with the bot's skills, every edit
// written back to the form (so the form is dirty and Guardar saves it), and undo/redo.
//
// History entries are the diagram-only edits: moves, links made or removed, automatic layout.
// Creating and deleting skills happen on the server, so no undo reverses them: a created skill's
// node is placed without a history entry, and an undo restores the diagram merged with the skills
// that exist now (a deleted skill never returns; a created one keeps its place). Deleting a
// selection is one entry, so an undo brings back the links that went with it between skills that remain.
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { EMPTY_HISTORY, canRedo, canUndo, record, redo, undo, type History } from './diagramHistory';
import { mergeSkills, readDiagram, type Diagram, type SkillSummary } from './diagramModel';

export type DiagramEdit = (current: Diagram) => Diagram;

export function useFlowDiagram(value: unknown, onChange: (diagram: Diagram) => void, skills: readonly SkillSummary[]) {
  const stored = useMemo(() => readDiagram(value), [value]);
  const diagram = useMemo(() => mergeSkills(stored, skills), [stored, skills]);
  const [history, setHistory] = useState<History>(EMPTY_HISTORY);
  // The latest values, for callbacks that must keep their identity (memoised canvas, 1,000 nodes).
  const latest = useRef({ diagram, history, skills, onChange });
  useLayoutEffect(() => {
    latest.current = { diagram, history, skills, onChange };
  }, [diagram, history, skills, onChange]);

  const show = useCallback((next: Diagram, nextHistory: History) => {
    latest.current.diagram = next;
    latest.current.history = nextHistory;
    setHistory(nextHistory);
    latest.current.onChange(next);
  }, []);

  /** Applies an edit to the current diagram; `undoable` false for the placement of a created skill. */
  const commit = useCallback(
    (edit: DiagramEdit, undoable = true) => {
      const current = latest.current.diagram;
      const next = edit(current);
      if (next === current) return;
      show(next, undoable ? record(latest.current.history, current) : latest.current.history);
    },
    [show],
  );

  const travel = useCallback(
    (direction: typeof undo) => {
      const { diagram: current, history: now, skills: known } = latest.current;
      const step = direction(now, current, (snapshot) => mergeSkills(snapshot, known, current));
      if (step) show(step.diagram, step.history);
    },
    [show],
  );
  const undoEdit = useCallback(() => travel(undo), [travel]);
  /** The diagram as it is now, for handlers that must not change identity with it. */
  const current = useCallback(() => latest.current.diagram, []);
  const redoEdit = useCallback(() => travel(redo), [travel]);

  return { diagram, current, commit, undo: undoEdit, redo: redoEdit, canUndo: canUndo(history), canRedo: canRedo(history) };
}
