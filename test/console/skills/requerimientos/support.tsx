// The Requerimientos and Memoria tabs alone, with the real data provider against msw, inside a
// data router (the leave-page guard needs one) and with react-admin's notices on screen.
import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { HttpResponse } from 'msw';
import { API_URL, transport } from '../../../../src/api/client';
import { createDataProvider } from '../../../../src/api/dataProvider';
import type { Entidad } from '../../../../src/api/bots';
import type { Requerimiento, RequerimientoBody } from '../../../../src/api/skills';
import type { Field } from '../../../../common/schemas/skills';
import type { FilterOperator } from '../../../../common/schemas/skillRules';
import { i18nProvider } from '../../../../src/i18n/i18nProvider';
import { AdminNotification } from '../../../../src/layout/AdminNotification';
import { SkillRequerimientosTab } from '../../../../src/resources/skills/requerimientos/SkillRequerimientosTab';
import { record, type Call } from '../../resources/support';

// jsdom does not scroll; react-admin scrolls to the top after a navigation.
window.scrollTo = () => undefined;

export const entidad = (id: string, nm: string, extra: Partial<Entidad> = {}): Entidad => ({
  id, idBot: 'b1', nm, dsc: null, rgx: false, format: null, keywords: [], type: null, paths: [{ nm: 'text', tp: 'text' }, { nm: 'length', tp: 'number' }], ...extra,
});

export const ENTIDADES = [entidad('e1', 'Ciudad'), entidad('e2', 'Producto', { paths: [] })];
export const INTERNAS = [
  { id: 'email', nm: 'Correo electrónico', dsc: 'Una dirección de correo' },
  { id: 'phone', nm: 'Teléfono', dsc: 'Un número de teléfono' },
];

/** A field as a fixture names it (the contract's `literals` types Field['op'] as '' until its fix is merged). */
type FieldFixture = Omit<Field, 'op'> & { op: FilterOperator };

export const requerimiento = (id: string, extra: Partial<Omit<Requerimiento, 'fields'>> & { fields?: FieldFixture[] } = {}): Requerimiento => ({
  id,
  idBot: 'b1',
  idSkill: 's1',
  op: 'AND',
  tp: 0,
  fields: [{ id: 'email', type: 1, path: 'text', op: 'IS_PRESENT', order: 1 }],
  replyMissing: ['Necesito su correo'],
  rev: 2,
  ...extra,
}) as unknown as Requerimiento;

export interface Served {
  requerimientos: Requerimiento[];
  gets: Call[];
  saves: Call[];
  deletes: Call[];
}

/**
 * Answers the tab's calls: GET /requerimientos with `requerimientos`, the entities, POST
 * /requerimiento with the body as stored (a new id, rev + 1), DELETE /requerimiento.
 */
export function serve(requerimientos: Requerimiento[] = [], { entidades = ENTIDADES, internas = INTERNAS } = {}): Served {
  let next = 10;
  const state: Served = { requerimientos: [...requerimientos], gets: [], saves: [], deletes: [] };
  state.gets = record('get', '/requerimientos', () => state.requerimientos);
  record('get', '/entity', () => entidades);
  record('get', '/entity/internal/list', () => internas);
  state.saves = record('post', '/requerimiento', ({ body }) => {
    const sent = body as RequerimientoBody;
    const stored = { replyMissing: [], op: 'AND', ...sent, id: sent.id ?? `r${++next}`, rev: (sent.rev ?? -1) + 1 } as Requerimiento;
    state.requerimientos = [...state.requerimientos.filter((r) => r.id !== stored.id), stored];
    return stored;
  });
  state.deletes = record('delete', '/requerimiento', ({ url }) => {
    state.requerimientos = state.requerimientos.filter((r) => r.id !== url.searchParams.get('id'));
    return { id: url.searchParams.get('id') };
  });
  return state;
}

export const refusal = (status: number, message: string, field?: string) => HttpResponse.json(field ? { message, field } : { message }, { status });

export function renderTab({ tp = 0, canEdit = true }: { tp?: 0 | 1; canEdit?: boolean } = {}) {
  const dataProvider = createDataProvider(API_URL, transport.fetchJson, () => '3');
  function Harness() {
    const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    return (
      <TestMemoryRouter initialEntries={['/skill/s1']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
          <main>
            <SkillRequerimientosTab skillId="s1" idBot="b1" tp={tp} canEdit={canEdit} />
          </main>
          <AdminNotification />
        </AdminContext>
      </TestMemoryRouter>
    );
  }
  return render(<Harness />);
}

/** A card of the list, by its heading ('Requerimiento 1'). */
export const card = (title: string) => screen.getByRole('region', { name: title });

/** A field row of a card ('Campo 1'). */
export const row = (container: HTMLElement, n: number) => within(container).getByRole('group', { name: `Campo ${n}` });

/** The text of the notice at the top right, once one shows. */
export async function noticeText(): Promise<string> {
  const message = await waitFor(() => {
    const found = document.querySelector('.MuiSnackbarContent-message');
    if (!found) throw new Error('sin aviso');
    return found;
  });
  return message.textContent ?? '';
}
