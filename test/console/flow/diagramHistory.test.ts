import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, HISTORY_LIMIT, canRedo, canUndo, record, redo, undo } from '../../../src/resources/bots/flow/diagramHistory';
import { mergeSkills, type Diagram, type SkillSummary } from '../../../src/resources/bots/flow/diagramModel';

const at = (x: number): Diagram => ({ nodes: [{ id: 'a', x, y: 0 }], edges: [] });
const same = (d: Diagram) => d;

describe('historial del diagrama', () => {
  it('deshace y rehace en orden', () => {
    let history = record(EMPTY_HISTORY, at(0));
    history = record(history, at(10));
    let current = at(20);
    const back = undo(history, current, same)!;
    expect(back.diagram).toEqual(at(10));
    current = back.diagram;
    const back2 = undo(back.history, current, same)!;
    expect(back2.diagram).toEqual(at(0));
    expect(canUndo(back2.history)).toBe(false);
    const forward = redo(back2.history, back2.diagram, same)!;
    expect(forward.diagram).toEqual(at(10));
    const forward2 = redo(forward.history, forward.diagram, same)!;
    expect(forward2.diagram).toEqual(at(20));
    expect(canRedo(forward2.history)).toBe(false);
    expect(redo(forward2.history, forward2.diagram, same)).toBeNull();
  });

  it('una edición nueva descarta lo que se podía rehacer', () => {
    const history = record(EMPTY_HISTORY, at(0));
    const back = undo(history, at(5), same)!;
    expect(canRedo(back.history)).toBe(true);
    expect(canRedo(record(back.history, back.diagram))).toBe(false);
  });

  it(`guarda como máximo ${HISTORY_LIMIT} pasos`, () => {
    let history = EMPTY_HISTORY;
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) history = record(history, at(i));
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toEqual(at(20));
  });

  it('al deshacer no vuelve un skill borrado en el servidor, y salta los pasos que ya no cambian nada', () => {
    const skills: SkillSummary[] = [{ id: 'a', idBot: 'b', nm: 'A', dsc: null, tipo: 0, nFrases: 1 }];
    const restore = (d: Diagram) => mergeSkills(d, skills);
    // Step 1 moved a; step 2 only moved b, since deleted.
    const withB = (x: number): Diagram => ({ nodes: [{ id: 'a', x, y: 0 }, { id: 'b', x: 0, y: 300 }], edges: [{ id: 'a->b', source: 'a', target: 'b' }] });
    let history = record(EMPTY_HISTORY, withB(0));
    history = record(history, { ...withB(50), nodes: [{ id: 'a', x: 50, y: 0 }, { id: 'b', x: 99, y: 300 }] });
    const current = at(50);
    const back = undo(history, current, restore)!;
    expect(back.diagram).toEqual(at(0));
    expect(back.history.past).toHaveLength(0);
  });

  it('sin pasos, deshacer no hace nada', () => {
    expect(undo(EMPTY_HISTORY, at(0), same)).toBeNull();
  });
});
