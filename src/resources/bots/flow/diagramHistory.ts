// Undo and redo of the diagram's edits (move, connect, delete links, automatic layout). The history
// keeps whole diagrams; the present one is the form's value. Restoring a diagram goes through a
// `restore` function (the editor merges it with the bot's current skills), so an undo never brings
// back a deleted skill nor hides a created one; a step that would change nothing is skipped.
import type { Diagram } from './diagramModel';
import { sameDiagram } from './diagramModel';

export interface History {
  past: readonly Diagram[];
  future: readonly Diagram[];
}

export const EMPTY_HISTORY: History = { past: [], future: [] };
/** How many steps back the editor keeps. */
export const HISTORY_LIMIT = 100;

/** `before` becomes the step to go back to; whatever was undone can no longer be redone. */
export function record(history: History, before: Diagram): History {
  const past = history.past.length >= HISTORY_LIMIT ? history.past.slice(history.past.length - HISTORY_LIMIT + 1) : history.past;
  return { past: [...past, before], future: [] };
}

export interface Step {
  history: History;
  diagram: Diagram;
}

function travel(from: readonly Diagram[], to: readonly Diagram[], current: Diagram, restore: (diagram: Diagram) => Diagram) {
  const source = [...from];
  const target = [...to];
  let present = current;
  while (source.length > 0) {
    const diagram = restore(source.pop()!);
    target.push(present);
    if (!sameDiagram(diagram, current)) return { source, target, diagram };
    present = diagram;
  }
  return null;
}

/** The diagram one step back, or null when there is none that changes anything. */
export function undo(history: History, current: Diagram, restore: (diagram: Diagram) => Diagram): Step | null {
  const step = travel(history.past, history.future, current, restore);
  return step && { history: { past: step.source, future: step.target }, diagram: step.diagram };
}

/** The diagram one step forward again, or null. */
export function redo(history: History, current: Diagram, restore: (diagram: Diagram) => Diagram): Step | null {
  const step = travel(history.future, history.past, current, restore);
  return step && { history: { past: step.target, future: step.source }, diagram: step.diagram };
}

export const canUndo = (history: History) => history.past.length > 0;
export const canRedo = (history: History) => history.future.length > 0;
