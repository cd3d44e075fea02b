// The bot's flow diagram as stored (bot.diagram): checking a saved one against the bot's skills,
// and the edits the server makes itself when skills are added or deleted.
import { badRequest } from '../../errors';
import type { Diagram } from '../../../../common/schemas/bots';

export const EMPTY_DIAGRAM: Diagram = { nodes: [], edges: [] };
/** Horizontal step between a new skill's node and the rightmost one. */
export const NODE_STEP_X = 250;

export function parseDiagram(text: string): Diagram {
  const parsed = JSON.parse(text) as Partial<Diagram> | null;
  return { ...parsed, nodes: parsed?.nodes ?? [], edges: parsed?.edges ?? [] };
}

/** Refuses a node or link naming a skill that is not this bot's, and repeated node or link ids. */
export function checkDiagram(diagram: Diagram, skillIds: ReadonlySet<string>): void {
  const nodes = new Set<string>();
  for (const node of diagram.nodes) {
    if (!skillIds.has(node.id)) throw badRequest(`diagram: el nodo ${node.id} no es un skill de este bot`);
    if (nodes.has(node.id)) throw badRequest(`diagram: el nodo ${node.id} está repetido`);
    nodes.add(node.id);
  }
  const edges = new Set<string>();
  for (const edge of diagram.edges) {
    for (const end of [edge.source, edge.target]) {
      if (!skillIds.has(end)) throw badRequest(`diagram: el enlace ${edge.id} une un skill que no es de este bot (${end})`);
    }
    if (edges.has(edge.id)) throw badRequest(`diagram: el enlace ${edge.id} está repetido`);
    edges.add(edge.id);
  }
}

/** The diagram with a node for `id` to the right of the rightmost node, at its height. */
export function withNodeAtRight(diagram: Diagram, id: string): Diagram {
  const rightmost = diagram.nodes.reduce<Diagram['nodes'][number] | undefined>((best, n) => (!best || n.x > best.x ? n : best), undefined);
  const node = rightmost ? { id, x: rightmost.x + NODE_STEP_X, y: rightmost.y } : { id, x: 0, y: 0 };
  return { ...diagram, nodes: [...diagram.nodes, node] };
}

/** The diagram without the nodes of `skills`, the links touching them and the links listed. */
export function withoutSkills(diagram: Diagram, skills: readonly string[], links: readonly string[] = []): Diagram {
  const gone = new Set(skills);
  const cut = new Set(links);
  return {
    ...diagram,
    nodes: diagram.nodes.filter((n) => !gone.has(n.id)),
    edges: diagram.edges.filter((e) => !cut.has(e.id) && !gone.has(e.source) && !gone.has(e.target)),
  };
}
