// The bot's `diagram` as the server stores it (skills as nodes, links as edges): reading it from the
// form, merging it with the bot's skills, placing new nodes, and the edits the editor makes. Pure,
// and linear in the size of the diagram.
import type { Diagram, SkillSummary } from '../../../../common/schemas/bots';

export type { Diagram, SkillSummary };
export type DiagramNode = Diagram['nodes'][number];
export type DiagramEdge = Diagram['edges'][number];
export interface Point {
  x: number;
  y: number;
}

export const EMPTY_DIAGRAM: Diagram = { nodes: [], edges: [] };
/** The drawn size of a skill node (SkillNode keeps to it), used to place and lay out nodes. */
export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 80;
const CELL_X = NODE_WIDTH + 60;
const CELL_Y = NODE_HEIGHT + 50;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Whatever the form holds (nothing on a new bot, or the JSON text of an older record) as a Diagram. */
export function readDiagram(value: unknown): Diagram {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return EMPTY_DIAGRAM;
    }
  }
  if (!isObject(parsed) || !Array.isArray(parsed.nodes) || !Array.isArray(parsed.edges)) return EMPTY_DIAGRAM;
  return parsed as unknown as Diagram;
}

/** Where a node sits in the placement grid. */
const cellKey = (x: number, y: number) => `${Math.round(x / CELL_X)}:${Math.round(y / CELL_Y)}`;

function occupiedCells(nodes: readonly DiagramNode[]): Set<string> {
  return new Set(nodes.map((node) => cellKey(node.x, node.y)));
}

/** The free grid cell nearest `near` (a point of the flow, e.g. the middle of the view), searched in rings. */
export function placeNear(nodes: readonly DiagramNode[], near: Point): Point {
  const taken = occupiedCells(nodes);
  const col = Math.round((near.x - NODE_WIDTH / 2) / CELL_X);
  const row = Math.round((near.y - NODE_HEIGHT / 2) / CELL_Y);
  for (let ring = 0; ; ring++) {
    for (let dy = -ring; dy <= ring; dy++) {
      for (let dx = -ring; dx <= ring; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const point = { x: (col + dx) * CELL_X, y: (row + dy) * CELL_Y };
        if (!taken.has(cellKey(point.x, point.y))) return point;
      }
    }
  }
}

/** Positions for `count` new nodes: a square-ish block of grid cells below everything already drawn. */
export function placeBelow(nodes: readonly DiagramNode[], count: number): Point[] {
  let minX = Infinity;
  let maxY = -Infinity;
  for (const node of nodes) {
    minX = Math.min(minX, node.x);
    maxY = Math.max(maxY, node.y);
  }
  const left = nodes.length ? Math.round(minX / CELL_X) * CELL_X : 0;
  const top = nodes.length ? (Math.round(maxY / CELL_Y) + 1) * CELL_Y : 0;
  const columns = Math.max(1, Math.ceil(Math.sqrt(count)));
  return Array.from({ length: count }, (_, i) => ({ x: left + (i % columns) * CELL_X, y: top + Math.floor(i / columns) * CELL_Y }));
}

/**
 * The diagram the editor draws: one node per skill of the bot. Nodes of deleted skills and links
 * touching them are dropped (so are repeated ids and self links). A skill missing from the diagram
 * takes its place in `fallback` (the diagram being replaced, e.g. by an undo) or a new place below
 * the rest. Answers `diagram` itself when nothing changes, so memoised views keep their identity.
 */
export function mergeSkills(diagram: Diagram, skills: readonly SkillSummary[] | undefined, fallback?: Diagram): Diagram {
  if (!skills) return diagram;
  const skillIds = new Set(skills.map((skill) => skill.id));
  const seen = new Set<string>();
  const nodes = diagram.nodes.filter((node) => skillIds.has(node.id) && !seen.has(node.id) && seen.add(node.id));
  const missing = skills.filter((skill) => !seen.has(skill.id));
  const before = new Map(fallback?.nodes.map((node) => [node.id, node]));
  const unplaced = missing.filter((skill) => !before.has(skill.id));
  const places = placeBelow(nodes, unplaced.length);
  let next = 0;
  for (const skill of missing) {
    const kept = before.get(skill.id);
    nodes.push(kept ? { id: skill.id, x: kept.x, y: kept.y } : { id: skill.id, ...places[next++] });
  }
  const linkIds = new Set<string>();
  const edges = diagram.edges.filter(
    (edge) => skillIds.has(edge.source) && skillIds.has(edge.target) && edge.source !== edge.target && !linkIds.has(edge.id) && linkIds.add(edge.id),
  );
  if (nodes.length === diagram.nodes.length && missing.length === 0 && edges.length === diagram.edges.length) return diagram;
  return { ...diagram, nodes, edges };
}

/** The id of the link from one skill to another (ids are at most 64 characters, links 140). */
export const linkId = (source: string, target: string) => `${source}->${target}`;

/** A link between two different skills, unless they are already linked that way. */
export function addLink(diagram: Diagram, source: string, target: string): Diagram {
  if (source === target || diagram.edges.some((edge) => edge.source === source && edge.target === target)) return diagram;
  return { ...diagram, edges: [...diagram.edges, { id: linkId(source, target), source, target }] };
}

/** New positions for some nodes; the others keep theirs (and their identity). */
export function moveNodes(diagram: Diagram, positions: ReadonlyMap<string, Point>): Diagram {
  let changed = false;
  const nodes = diagram.nodes.map((node) => {
    const to = positions.get(node.id);
    if (!to || (to.x === node.x && to.y === node.y)) return node;
    changed = true;
    return { id: node.id, x: to.x, y: to.y };
  });
  return changed ? { ...diagram, nodes } : diagram;
}

/** A new skill's node at `at`. */
export function addNode(diagram: Diagram, id: string, at: Point): Diagram {
  return { ...diagram, nodes: [...diagram.nodes.filter((node) => node.id !== id), { id, x: at.x, y: at.y }] };
}

/** The links that go when these skills and links are deleted: the chosen ones and every one touching a skill. */
export function linksGoing(diagram: Diagram, skills: readonly string[], links: readonly string[]): DiagramEdge[] {
  const skillSet = new Set(skills);
  const linkSet = new Set(links);
  return diagram.edges.filter((edge) => linkSet.has(edge.id) || skillSet.has(edge.source) || skillSet.has(edge.target));
}

/** The diagram without these skills, these links, and the links touching those skills. */
export function removeElements(diagram: Diagram, skills: readonly string[], links: readonly string[]): Diagram {
  const skillSet = new Set(skills);
  const going = new Set(linksGoing(diagram, skills, links).map((edge) => edge.id));
  return {
    ...diagram,
    nodes: diagram.nodes.filter((node) => !skillSet.has(node.id)),
    edges: diagram.edges.filter((edge) => !going.has(edge.id)),
  };
}

/** Same nodes at the same places and the same links, in any order. */
export function sameDiagram(a: Diagram, b: Diagram): boolean {
  if (a === b) return true;
  if (a.nodes.length !== b.nodes.length || a.edges.length !== b.edges.length) return false;
  const nodes = new Map(a.nodes.map((node) => [node.id, node]));
  const edges = new Map(a.edges.map((edge) => [edge.id, edge]));
  return (
    b.nodes.every((node) => nodes.get(node.id)?.x === node.x && nodes.get(node.id)?.y === node.y) &&
    b.edges.every((edge) => edges.get(edge.id)?.source === edge.source && edges.get(edge.id)?.target === edge.target)
  );
}

/** Skills in reading order (top to bottom, then left to right): the order Tab walks them. */
export function readingOrder(diagram: Diagram): string[] {
  return [...diagram.nodes].sort((a, b) => a.y - b.y || a.x - b.x).map((node) => node.id);
}
