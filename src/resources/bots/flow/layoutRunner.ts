// Runs ELK on a diagram. In the browser ELK works in a Web Worker (a same-origin script: the CSP's
// worker-src 'self' allows it), so laying out 1,000 skills (seconds) never blocks the page. Where
// there is no Worker (jsdom) it runs in the page. ELK is loaded only when the button is used.
import type { ELK } from 'elkjs/lib/elk-api';
import type { Diagram, Point } from './diagramModel';
import { positionsOf, toElkGraph } from './layout';

/** ELK, and how to let it go: a worker is ended after each layout (it holds ELK's memory). */
async function createElk(): Promise<{ elk: ELK; release: () => void }> {
  if (typeof Worker === 'undefined') {
    const { default: ElkBundled } = await import('elkjs/lib/elk.bundled.js');
    return { elk: new ElkBundled(), release: () => undefined };
  }
  const [{ default: ElkApi }, { default: ElkWorker }] = await Promise.all([import('elkjs/lib/elk-api.js'), import('elkjs/lib/elk-worker.min.js?worker')]);
  const elk = new ElkApi({ workerFactory: () => new ElkWorker() });
  return { elk, release: () => elk.terminateWorker() };
}

/** The positions ELK gives every node of the diagram. */
export async function layoutDiagram(diagram: Diagram): Promise<Map<string, Point>> {
  const { elk, release } = await createElk();
  try {
    return positionsOf(await elk.layout(toElkGraph(diagram)));
  } finally {
    release();
  }
}
