// The flow editor inside a react-admin form, as the bot editor places it, with the real data
// provider against msw.
import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AdminContext, Form } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { API_URL, transport } from '../../../src/api/client';
import { createDataProvider } from '../../../src/api/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import type { Diagram, SkillSummary } from '../../../src/resources/bots/flow/diagramModel';
import { FlowEditor } from '../../../src/resources/bots/flow/FlowEditor';
import type { Skill } from '../../../src/api/skills';
import { SKILL_DEFAULTS } from '../../../common/schemas/skillRules';
import { record, type Call } from '../resources/support';

export const skill = (id: string, nm: string, extra: Partial<SkillSummary> = {}): SkillSummary => ({ id, idBot: 'b1', nm, dsc: null, tipo: 0, nFrases: 4, ...extra });

/** What POST /skill answers: the whole skill, with its defaults. */
export const savedSkill = ({ id, idBot, nm, dsc, tipo }: SkillSummary): Skill => ({
  ...SKILL_DEFAULTS, id, idBot, nm, dsc, tipo, fc: '2026-11-23T10:00:00.000Z', rev: 0,
} as Skill);

export const SKILLS = [
  skill('s1', 'Saludo'),
  skill('s2', 'Sin entender', { tipo: 1 }),
  skill('s3', 'Preguntas frecuentes', { tipo: 2, nFrases: 0 }),
];

export const DIAGRAM: Diagram = {
  nodes: [
    { id: 's1', x: 0, y: 0 },
    { id: 's2', x: 300, y: 0 },
    { id: 's3', x: 0, y: 200 },
  ],
  edges: [{ id: 's1->s2', source: 's1', target: 's2' }],
};

/** Shows the form's state the way a test can read it: dirty or not, and the diagram's value. */
function FormProbe() {
  const { isDirty } = useFormState();
  const diagram = useWatch({ name: 'diagram' }) as Diagram | undefined;
  return (
    <>
      <output aria-label="estado del formulario">{isDirty ? 'con cambios' : 'sin cambios'}</output>
      <output aria-label="diagrama">{JSON.stringify(diagram ?? null)}</output>
    </>
  );
}

export function readProbe(getByLabelText: (label: string) => HTMLElement): Diagram {
  return JSON.parse(getByLabelText('diagrama').textContent ?? 'null') as Diagram;
}

export interface Options {
  botId?: string;
  canEdit?: boolean;
  diagram?: Diagram | null;
  skills?: SkillSummary[];
}

/** Answers GET /skills with `skills` (kept in the returned list, which a test may change). */
export function serveSkills(skills: SkillSummary[]): { skills: SkillSummary[]; calls: Call[] } {
  const state = { skills: [...skills], calls: [] as Call[] };
  state.calls = record('get', '/skills', () => state.skills);
  return state;
}

export function renderFlow({ botId = 'b1', canEdit = true, diagram = DIAGRAM }: Options = {}) {
  const dataProvider = createDataProvider(API_URL, transport.fetchJson, () => '3');
  function Harness() {
    const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    return (
      <MemoryRouter initialEntries={[`/bot/${botId}`]}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
          <Routes>
            <Route
              path="/bot/:id"
              element={
                <Form record={{ id: botId, nm: 'Bot de prueba', diagram }} onSubmit={() => undefined}>
                  <FlowEditor source="diagram" botId={botId === 'new' ? undefined : botId} canEdit={canEdit} />
                  <FormProbe />
                </Form>
              }
            />
            <Route path="/skill/:id" element={<h1>Editor del skill</h1>} />
          </Routes>
        </AdminContext>
      </MemoryRouter>
    );
  }
  return render(<Harness />);
}
