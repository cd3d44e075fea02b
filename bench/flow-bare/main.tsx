// The bare React Flow page of bench/flow-editor.ts: the library alone, with onlyRenderVisibleElements,
// drawing the same 1,000 nodes and 2,000 edges as the bot editor (fetched from data.json, as the
// editor fetches its bot), in a canvas of the same height and the same initial fit.
import { createRoot } from 'react-dom/client';
import { ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';

interface BenchData {
  nodes: Array<{ id: string; x: number; y: number; label: string }>;
  edges: Array<{ id: string; source: string; target: string }>;
}

async function main() {
  const data = (await (await fetch('./data.json')).json()) as BenchData;
  const nodes: Node[] = data.nodes.map(({ id, x, y, label }) => ({ id, position: { x, y }, data: { label }, style: { width: 220, height: 80 } }));
  const edges: Edge[] = data.edges.map(({ id, source, target }) => ({ id, source, target }));
  createRoot(document.getElementById('root')!).render(
    <div style={{ height: 600, margin: 16 }}>
      <ReactFlow defaultNodes={nodes} defaultEdges={edges} onlyRenderVisibleElements fitView fitViewOptions={{ minZoom: 0.5, maxZoom: 1 }} minZoom={0.05} maxZoom={2} />
    </div>,
  );
}

void main();
