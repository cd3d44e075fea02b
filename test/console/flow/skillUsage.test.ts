// 'Ver uso''s numbers as node data: a skill left out reads 0, and a move renders only the moved node.
import { describe, expect, it } from 'vitest';
import { syncNodes } from '../../../src/resources/bots/flow/flowElements';
import { toUsageMap, usoOf } from '../../../src/resources/bots/flow/skillUsage';
import { DIAGRAM, SKILLS } from './support';

const skills = new Map(SKILLS.map((skill) => [skill.id, skill]));

describe('uso de los skills en los nodos', () => {
  it('cada skill lleva sus números y su parte del más alcanzado; uno sin uso lleva 0', () => {
    const usage = toUsageMap([
      { idSkill: 's1', llegan: 12, terminan: 3 },
      { idSkill: 's2', llegan: 3, terminan: 3 },
    ]);
    expect(usoOf(usage, 's1')).toEqual({ llegan: 12, terminan: 3, share: 1 });
    expect(usoOf(usage, 's2')).toEqual({ llegan: 3, terminan: 3, share: 0.25 });
    expect(usoOf(usage, 's3')).toEqual({ llegan: 0, terminan: 0, share: 0 });
    expect(usoOf(usage, 's3')).toBe(usoOf(usage, 's9'));
  });

  it('con el uso a la vista, mover un skill deja los demás nodos como estaban (no se dibujan otra vez)', () => {
    const usage = toUsageMap([{ idSkill: 's1', llegan: 5, terminan: 1 }]);
    const before = syncNodes(syncNodes([], DIAGRAM, skills), DIAGRAM, skills, usage);
    expect(before.map((node) => node.data.uso?.llegan)).toEqual([5, 0, 0]);
    const moved = { ...DIAGRAM, nodes: DIAGRAM.nodes.map((node) => (node.id === 's2' ? { ...node, x: 500 } : node)) };
    const after = syncNodes(before, moved, skills, usage);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1].data.uso).toBe(before[1].data.uso);
    // Switched off: every node drops its numbers once.
    const off = syncNodes(after, moved, skills, null);
    expect(off.every((node, i) => node !== after[i] && node.data.uso === undefined)).toBe(true);
  });
});
