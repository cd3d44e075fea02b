// Quipu's FlowEditor alone, for bench/flow-editor.ts: the same component the bot editor shows, in a
// react-admin form, with the same 1,000 skills and 2,000 links from data.json served by an
// in-memory data provider (no server, no sign-in). It separates the editor's own cost from the
// rest of the /bot/{id} page.
import { createRoot } from 'react-dom/client';
import { AdminContext, Form, type DataProvider } from 'react-admin';
import type { SkillSummary } from '../../src/resources/bots/flow/diagramModel';
import { FlowEditor } from '../../src/resources/bots/flow/FlowEditor';

interface BenchData {
  nodes: Array<{ id: string; x: number; y: number; label: string; tipo: number; nFrases: number }>;
  edges: Array<{ id: string; source: string; target: string }>;
}

async function main() {
  const data = (await (await fetch('./data.json')).json()) as BenchData;
  const skills: SkillSummary[] = data.nodes.map(({ id, label, tipo, nFrases }) => ({ id, idBot: 'bench', nm: label, dsc: null, tipo, nFrases }));
  const diagram = { nodes: data.nodes.map(({ id, x, y }) => ({ id, x, y })), edges: data.edges };
  const dataProvider = { getSkills: async () => skills } as unknown as DataProvider;
  createRoot(document.getElementById('root')!).render(
    <AdminContext dataProvider={dataProvider}>
      <Form record={{ id: 'bench', diagram }}>
        <div style={{ margin: 16 }}>
          <FlowEditor source="diagram" botId="bench" canEdit />
        </div>
      </Form>
    </AdminContext>,
  );
}

void main();
