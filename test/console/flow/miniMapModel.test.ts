import { describe, expect, it } from 'vitest';
import { NODE_HEIGHT, NODE_WIDTH, type Diagram } from '../../../src/resources/bots/flow/diagramModel';
import { diagramBounds, fitFrame, toFlow, toMiniMap, viewOnMiniMap } from '../../../src/resources/bots/flow/miniMapModel';

const diagram: Diagram = {
  nodes: [
    { id: 'a', x: 0, y: 0 },
    { id: 'b', x: 1000, y: 400 },
  ],
  edges: [],
};

describe('minimapa', () => {
  it('encierra todos los skills con un margen', () => {
    expect(diagramBounds(diagram, 10)).toEqual({ x: -10, y: -10, width: 1000 + NODE_WIDTH + 20, height: 400 + NODE_HEIGHT + 20 });
    expect(diagramBounds({ nodes: [], edges: [] })).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  it('ajusta el diagrama al recuadro sin deformarlo y lo centra', () => {
    const frame = fitFrame({ x: 0, y: 0, width: 400, height: 100 }, 200, 150);
    expect(frame.scale).toBe(0.5);
    expect(toMiniMap(frame, { x: 0, y: 0 })).toEqual({ x: 0, y: 50 });
    expect(toMiniMap(frame, { x: 400, y: 100 })).toEqual({ x: 200, y: 100 });
  });

  it('un clic en el minimapa lleva al punto del diagrama que representa', () => {
    const frame = fitFrame(diagramBounds(diagram), 200, 150);
    const point = { x: 640, y: 210 };
    const back = toFlow(frame, toMiniMap(frame, point));
    expect(back.x).toBeCloseTo(point.x);
    expect(back.y).toBeCloseTo(point.y);
  });

  it('el marco muestra la parte del diagrama que se ve, según el zoom', () => {
    const frame = fitFrame({ x: 0, y: 0, width: 2000, height: 1500 }, 200, 150);
    // Panned 100 px right and 50 down at zoom 2 on a 1000 × 600 pane: flow (-50, -25) to (450, 275).
    expect(viewOnMiniMap(frame, [100, 50, 2], 1000, 600)).toEqual({ x: -5, y: -2.5, width: 50, height: 30 });
  });
});
