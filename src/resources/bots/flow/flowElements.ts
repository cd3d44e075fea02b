// The diagram as React Flow's nodes and edges. Each sync reuses the previous object of every node
// and edge that did not change (keeping its selection and measured size), so after a move only
// the moved nodes render again. Linear in the size of the diagram.
import type { Edge } from '@xyflow/react';
import type { Diagram, SkillSummary } from './diagramModel';
import { NODE_HEIGHT, NODE_WIDTH } from './diagramModel';
import type { SkillFlowNode } from './nodes/skill/SkillNode';
import { usoOf, type SkillUso, type UsageMap } from './skillUsage';

export type LinkFlowEdge = Edge;

/**
 * `usage` while 'Ver uso' is on: each node then carries its skill's numbers. `ariaLabel` names a node
 * for screen readers (the canvas hands in skillAriaLabel with its catalogue).
 */
export function syncNodes(
  previous: readonly SkillFlowNode[],
  diagram: Diagram,
  skills: ReadonlyMap<string, SkillSummary>,
  usage: UsageMap | null = null,
  ariaLabel?: (skill: SkillSummary, uso?: SkillUso) => string,
): SkillFlowNode[] {
  const before = new Map(previous.map((node) => [node.id, node]));
  const nodes: SkillFlowNode[] = [];
  for (const { id, x, y } of diagram.nodes) {
    const skill = skills.get(id);
    if (!skill) continue;
    const old = before.get(id);
    const uso = usage ? usoOf(usage, id) : undefined;
    if (old && old.position.x === x && old.position.y === y && old.data.skill === skill && old.data.uso === uso) {
      nodes.push(old);
      continue;
    }
    nodes.push({
      ...old,
      id,
      type: 'skill',
      position: { x, y },
      data: { skill, uso },
      ariaLabel: ariaLabel?.(skill, uso),
      // Before it is measured, a node counts with its drawn size (onlyRenderVisibleElements, minimap).
      initialWidth: NODE_WIDTH,
      initialHeight: NODE_HEIGHT,
    });
  }
  return nodes;
}

export function syncEdges(previous: readonly LinkFlowEdge[], diagram: Diagram, names: ReadonlyMap<string, SkillSummary>, label: (source: string, target: string) => string): LinkFlowEdge[] {
  const before = new Map(previous.map((edge) => [edge.id, edge]));
  return diagram.edges.map(({ id, source, target }) => {
    const old = before.get(id);
    if (old && old.source === source && old.target === target) return old;
    return { ...old, id, source, target, ariaLabel: label(names.get(source)?.nm ?? source, names.get(target)?.nm ?? target) };
  });
}

/** Ids of the selected nodes and edges. */
export const selectedIds = (elements: readonly { id: string; selected?: boolean }[]) => elements.filter((element) => element.selected).map((element) => element.id);
