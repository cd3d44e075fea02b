import { describe, expect, it } from 'vitest';
import {
  EMPTY_DIAGRAM,
  addLink,
  linksGoing,
  mergeSkills,
  moveNodes,
  placeBelow,
  placeNear,
  readDiagram,
  readingOrder,
  removeElements,
  sameDiagram,
  type Diagram,
  type SkillSummary,
} from '../../../src/resources/bots/flow/diagramModel';

const skill = (id: string, extra: Partial<SkillSummary> = {}): SkillSummary => ({ id, idBot: 'b1', nm: `Skill ${id}`, dsc: null, tipo: 0, nFrases: 3, ...extra });

const diagram: Diagram = {
  nodes: [
    { id: 'a', x: 0, y: 0 },
    { id: 'b', x: 280, y: 0 },
    { id: 'c', x: 0, y: 130 },
  ],
  edges: [
    { id: 'a->b', source: 'a', target: 'b' },
    { id: 'b->c', source: 'b', target: 'c' },
  ],
  viewport: { x: 1, y: 2, zoom: 1.5 },
};

describe('readDiagram', () => {
  it('lee el diagrama del formulario, el texto JSON de un bot antiguo, y nada como un diagrama vacío', () => {
    expect(readDiagram(diagram)).toBe(diagram);
    expect(readDiagram(JSON.stringify(diagram))).toEqual(diagram);
    expect(readDiagram(undefined)).toEqual(EMPTY_DIAGRAM);
    expect(readDiagram('no es json')).toEqual(EMPTY_DIAGRAM);
    expect(readDiagram({ nodes: 'x' })).toEqual(EMPTY_DIAGRAM);
  });
});

describe('mergeSkills', () => {
  it('devuelve el mismo diagrama cuando cada skill tiene su nodo', () => {
    expect(mergeSkills(diagram, [skill('a'), skill('b'), skill('c')])).toBe(diagram);
  });

  it('sin skills cargados todavía no toca el diagrama', () => {
    expect(mergeSkills(diagram, undefined)).toBe(diagram);
  });

  it('quita los nodos de skills borrados y sus enlaces, y conserva el viewport', () => {
    const merged = mergeSkills(diagram, [skill('a'), skill('b')]);
    expect(merged.nodes.map((n) => n.id)).toEqual(['a', 'b']);
    expect(merged.edges).toEqual([{ id: 'a->b', source: 'a', target: 'b' }]);
    expect(merged.viewport).toEqual(diagram.viewport);
  });

  it('ubica los skills que faltan debajo del resto, sin encimarlos', () => {
    const merged = mergeSkills(diagram, [skill('a'), skill('b'), skill('c'), skill('d'), skill('e')]);
    const d = merged.nodes.find((n) => n.id === 'd')!;
    const e = merged.nodes.find((n) => n.id === 'e')!;
    expect(d.y).toBeGreaterThan(130);
    expect(e.y).toBe(d.y);
    expect(e.x).toBeGreaterThan(d.x);
  });

  it('un skill que falta toma su lugar del diagrama anterior (deshacer no lo mueve)', () => {
    const merged = mergeSkills({ nodes: [{ id: 'a', x: 0, y: 0 }], edges: [] }, [skill('a'), skill('n')], { nodes: [{ id: 'n', x: 900, y: 40 }], edges: [] });
    expect(merged.nodes).toContainEqual({ id: 'n', x: 900, y: 40 });
  });

  it('descarta ids repetidos y enlaces de un skill a sí mismo', () => {
    const messy: Diagram = {
      nodes: [{ id: 'a', x: 0, y: 0 }, { id: 'a', x: 5, y: 5 }, { id: 'b', x: 300, y: 0 }],
      edges: [{ id: 'x', source: 'a', target: 'a' }, { id: 'y', source: 'a', target: 'b' }, { id: 'y', source: 'a', target: 'b' }],
    };
    const merged = mergeSkills(messy, [skill('a'), skill('b')]);
    expect(merged.nodes).toEqual([{ id: 'a', x: 0, y: 0 }, { id: 'b', x: 300, y: 0 }]);
    expect(merged.edges.map((e) => e.id)).toEqual(['y']);
  });

  it('un bot sin diagrama recibe sus 1.000 skills en una cuadrícula sin superposiciones', () => {
    const skills = Array.from({ length: 1000 }, (_, i) => skill(`s${i}`));
    const merged = mergeSkills(EMPTY_DIAGRAM, skills);
    expect(merged.nodes).toHaveLength(1000);
    expect(new Set(merged.nodes.map((n) => `${n.x}:${n.y}`)).size).toBe(1000);
  });
});

describe('ubicación de nodos nuevos', () => {
  it('placeNear elige la celda libre más cercana al punto', () => {
    const nodes = [{ id: 'a', x: 0, y: 0 }];
    const at = placeNear(nodes, { x: 110, y: 40 });
    expect(at).not.toEqual({ x: 0, y: 0 });
    expect(Math.abs(at.x) + Math.abs(at.y)).toBeLessThanOrEqual(280 + 130);
    expect(placeNear([], { x: 110, y: 40 })).toEqual({ x: 0, y: 0 });
  });

  it('placeBelow arma un bloque casi cuadrado debajo de lo dibujado', () => {
    const places = placeBelow(diagram.nodes, 4);
    expect(places).toHaveLength(4);
    expect(new Set(places.map((p) => p.y)).size).toBe(2);
    expect(Math.min(...places.map((p) => p.y))).toBeGreaterThan(130);
  });
});

describe('ediciones', () => {
  it('addLink enlaza dos skills una sola vez y nunca un skill consigo mismo', () => {
    const linked = addLink(diagram, 'c', 'a');
    expect(linked.edges).toContainEqual({ id: 'c->a', source: 'c', target: 'a' });
    expect(addLink(linked, 'c', 'a')).toBe(linked);
    expect(addLink(diagram, 'a', 'a')).toBe(diagram);
  });

  it('moveNodes cambia solo los nodos movidos', () => {
    const moved = moveNodes(diagram, new Map([['b', { x: 10, y: 20 }]]));
    expect(moved.nodes[1]).toEqual({ id: 'b', x: 10, y: 20 });
    expect(moved.nodes[0]).toBe(diagram.nodes[0]);
    expect(moveNodes(diagram, new Map([['b', { x: 280, y: 0 }]]))).toBe(diagram);
  });

  it('borrar un skill se lleva los enlaces que lo tocan', () => {
    expect(linksGoing(diagram, ['c'], ['a->b']).map((e) => e.id)).toEqual(['a->b', 'b->c']);
    const left = removeElements(diagram, ['c'], []);
    expect(left.nodes.map((n) => n.id)).toEqual(['a', 'b']);
    expect(left.edges.map((e) => e.id)).toEqual(['a->b']);
  });

  it('sameDiagram compara posiciones y enlaces sin importar el orden', () => {
    const reordered = { nodes: [...diagram.nodes].reverse(), edges: [...diagram.edges].reverse() };
    expect(sameDiagram(diagram, reordered)).toBe(true);
    expect(sameDiagram(diagram, moveNodes(diagram, new Map([['a', { x: 1, y: 0 }]])))).toBe(false);
  });

  it('readingOrder recorre de arriba abajo y de izquierda a derecha', () => {
    expect(readingOrder(diagram)).toEqual(['a', 'b', 'c']);
  });
});
