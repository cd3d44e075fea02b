// The minimap's geometry: the diagram's bounds fitted into the minimap box, and the conversions
// between flow coordinates and minimap pixels. Pure.
import { NODE_HEIGHT, NODE_WIDTH, type Diagram, type Point } from './diagramModel';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How flow coordinates map onto the minimap: minimap = (flow - origin) * scale + offset. */
export interface MiniMapFrame {
  scale: number;
  origin: Point;
  offset: Point;
}

/** The box around every node, with a margin; a 1 × 1 box for an empty diagram. */
export function diagramBounds(diagram: Diagram, margin = 40): Box {
  if (diagram.nodes.length === 0) return { x: 0, y: 0, width: 1, height: 1 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { x, y } of diagram.nodes) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x + NODE_WIDTH);
    maxY = Math.max(maxY, y + NODE_HEIGHT);
  }
  return { x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin };
}

/** Fits `bounds` into a minimap of `width` × `height` pixels, centred, keeping proportions. */
export function fitFrame(bounds: Box, width: number, height: number): MiniMapFrame {
  const scale = Math.min(width / bounds.width, height / bounds.height);
  return { scale, origin: { x: bounds.x, y: bounds.y }, offset: { x: (width - bounds.width * scale) / 2, y: (height - bounds.height * scale) / 2 } };
}

export const toMiniMap = (frame: MiniMapFrame, point: Point): Point => ({
  x: (point.x - frame.origin.x) * frame.scale + frame.offset.x,
  y: (point.y - frame.origin.y) * frame.scale + frame.offset.y,
});

export const toFlow = (frame: MiniMapFrame, point: Point): Point => ({
  x: (point.x - frame.offset.x) / frame.scale + frame.origin.x,
  y: (point.y - frame.offset.y) / frame.scale + frame.origin.y,
});

/** The part of the flow the canvas shows (React Flow's transform [x, y, zoom] on a width × height pane), on the minimap. */
export function viewOnMiniMap(frame: MiniMapFrame, [tx, ty, zoom]: readonly [number, number, number], width: number, height: number): Box {
  const topLeft = toMiniMap(frame, { x: -tx / zoom, y: -ty / zoom });
  return { x: topLeft.x, y: topLeft.y, width: (width / zoom) * frame.scale, height: (height / zoom) * frame.scale };
}
