// 'Ordenar automáticamente': the diagram as an ELK graph (layered, top to bottom) and ELK's answer
// as node positions. Pure; layoutRunner.ts runs ELK itself, off the main thread.
import type { ElkNode } from 'elkjs/lib/elk-api';
import { NODE_HEIGHT, NODE_WIDTH, type Diagram, type Point } from './diagramModel';

/** Above this many skills ELK's crossing minimisation runs one pass instead of seven: about twice as fast. */
const THOROUGH_UP_TO = 300;

export function toElkGraph(diagram: Diagram): ElkNode {
  return {
    id: 'diagram',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.spacing.nodeNode': '40',
      'elk.layered.spacing.nodeNodeBetweenLayers': '60',
      'elk.spacing.componentComponent': '80',
      'elk.layered.thoroughness': diagram.nodes.length > THOROUGH_UP_TO ? '1' : '7',
    },
    children: diagram.nodes.map((node) => ({ id: node.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: diagram.edges.map((edge) => ({ id: edge.id, sources: [edge.source], targets: [edge.target] })),
  };
}

/** Where ELK put each node, rounded to whole pixels. */
export function positionsOf(laidOut: ElkNode): Map<string, Point> {
  return new Map((laidOut.children ?? []).map((child) => [child.id, { x: Math.round(child.x ?? 0), y: Math.round(child.y ?? 0) }]));
}
