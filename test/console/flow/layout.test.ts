import { describe, expect, it } from 'vitest';
import type { Diagram } from '../../../src/resources/bots/flow/diagramModel';
import { NODE_HEIGHT, NODE_WIDTH } from '../../../src/resources/bots/flow/diagramModel';
import { positionsOf, toElkGraph } from '../../../src/resources/bots/flow/layout';
import { layoutDiagram } from '../../../src/resources/bots/flow/layoutRunner';

const diagram: Diagram = {
  nodes: [
    { id: 'saludo', x: 500, y: 500 },
    { id: 'menu', x: 0, y: 0 },
    { id: 'pago', x: 0, y: 900 },
    { id: 'suelto', x: 40, y: 40 },
  ],
  edges: [
    { id: 'saludo->menu', source: 'saludo', target: 'menu' },
    { id: 'menu->pago', source: 'menu', target: 'pago' },
  ],
};

const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;

describe('Ordenar automáticamente', () => {
  it('arma el grafo de ELK con cada skill del tamaño dibujado y cada enlace', () => {
    const graph = toElkGraph(diagram);
    expect(graph.layoutOptions?.['elk.algorithm']).toBe('layered');
    expect(graph.layoutOptions?.['elk.direction']).toBe('DOWN');
    expect(graph.children).toContainEqual({ id: 'menu', width: NODE_WIDTH, height: NODE_HEIGHT });
    expect(graph.edges).toContainEqual({ id: 'menu->pago', sources: ['menu'], targets: ['pago'] });
  });

  it('con muchos skills hace una sola pasada de cruce de enlaces', () => {
    const big: Diagram = { nodes: Array.from({ length: 301 }, (_, i) => ({ id: `s${i}`, x: 0, y: 0 })), edges: [] };
    expect(toElkGraph(big).layoutOptions?.['elk.layered.thoroughness']).toBe('1');
    expect(toElkGraph(diagram).layoutOptions?.['elk.layered.thoroughness']).toBe('7');
  });

  it('lee las posiciones que devuelve ELK, redondeadas', () => {
    expect(positionsOf({ id: 'diagram', children: [{ id: 'a', x: 10.4, y: 20.6 }] })).toEqual(new Map([['a', { x: 10, y: 21 }]]));
  });

  it('ELK pone cada skill debajo del que lo enlaza y ninguno encima de otro', async () => {
    const positions = await layoutDiagram(diagram);
    expect([...positions.keys()].sort()).toEqual(['menu', 'pago', 'saludo', 'suelto']);
    expect(positions.get('saludo')!.y).toBeLessThan(positions.get('menu')!.y);
    expect(positions.get('menu')!.y).toBeLessThan(positions.get('pago')!.y);
    const all = [...positions.values()];
    for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) expect(overlaps(all[i], all[j])).toBe(false);
  });
});
