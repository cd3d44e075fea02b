// The Acciones tab as the skill editor places it, inside react-admin's context, the console's
// leave guard and a data router (the leave-page question needs one), with the real data provider
// against msw and the console's notices. A link to the bot editor lets a test leave the page.
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AdminContext } from 'react-admin';
import { Link, Route, RouterProvider, Routes, createMemoryRouter } from 'react-router-dom';
import { API_URL, transport } from '../../../../src/api/client';
import { createDataProvider } from '../../../../src/api/dataProvider';
import type { Accion, AccionBody } from '../../../../src/api/skills';
import { i18nProvider } from '../../../../src/i18n/i18nProvider';
import { AdminNotification } from '../../../../src/layout/AdminNotification';
import { UnsavedChangesProvider } from '../../../../src/layout/unsavedChanges';
import { SkillAccionesTab } from '../../../../src/resources/skills/actions/SkillAccionesTab';
import type { ActionType } from '../../../../common/schemas/skillRules';
import { record, type Call } from '../../resources/support';

/** A stored action of skill s1 of bot b1, channels all, revision 0. */
export function accion(id: string, type: ActionType, extra: Partial<Accion> = {}): Accion {
  return { id, idBot: 'b1', idSkill: 's1', type, order: 0, unique: false, red: [8], rev: 0, ...extra };
}

export const saludo = accion('a1', 'TEXT', { order: 0, text: ['Hola, soy el asistente de ventas'] });
export const menu = accion('a2', 'BUTTON', {
  order: 1,
  title: '¿En qué le ayudo?',
  invalidOption: 'Elija una opción',
  buttons: [{ type: 'POSTBACK', title: 'Precios', subtitle: null, value: 'precios', render: null }],
});

/** Answers GET /acciones with the list (a test may change it) and keeps the calls. */
export function serveAcciones(acciones: Accion[]) {
  const state = { acciones: [...acciones], calls: [] as Call[] };
  state.calls = record('get', '/acciones', () => state.acciones);
  return state;
}

export interface Options {
  canEdit?: boolean;
  skillId?: string;
  idBot?: string;
}

export function renderAcciones({ canEdit = true, skillId = 's1', idBot = 'b1' }: Options = {}) {
  const dataProvider = createDataProvider(API_URL, transport.fetchJson, () => '3');
  function Page() {
    const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    return (
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <UnsavedChangesProvider>
          <Routes>
            <Route
              path="/skill/:id"
              element={
                <main>
                  <h1>Skill Saludo</h1>
                  <Link to={`/bot/${idBot}`}>Volver al bot</Link>
                  <SkillAccionesTab skillId={skillId} idBot={idBot} canEdit={canEdit} />
                </main>
              }
            />
            <Route path="/bot/:id" element={<h1>Editor del bot</h1>} />
          </Routes>
        </UnsavedChangesProvider>
        <AdminNotification />
      </AdminContext>
    );
  }
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: [`/skill/${skillId}`] });
  return { router, ...render(<RouterProvider router={router} />) };
}

/** The card named `name` ('Texto 1'): a section labelled by its heading. */
export const card = (name: string) => screen.getByRole('region', { name });
export const findCard = (name: string) => screen.findByRole('region', { name });
export const inCard = (name: string) => within(card(name));

/** The notice on screen (react-admin shows one at a time). */
export const findNotice = (text: string) => screen.findByText(text, { selector: '.MuiSnackbarContent-message, .MuiSnackbarContent-message *' });

/** POST /accion stores what it gets: a new action gets id a9, and every save a new rev. */
export function serveSave(): Call[] {
  return record('post', '/accion', ({ body }) => {
    const sent = body as AccionBody;
    return { ...sent, id: sent.id ?? 'a9', order: 0, rev: (sent.rev ?? -1) + 1 };
  });
}

/** Clicks the add button `label` ('Texto') and waits for the new card `title` ('Texto 1'). */
export async function addCard(label: string, title: string) {
  await userEvent.click(await screen.findByRole('button', { name: label }));
  return findCard(title);
}

export const save = (title: string) => userEvent.click(inCard(title).getByRole('button', { name: 'Guardar' }));
/** Inside card `title`, the group `name` (a button 'Botón 1', a row 'Cabecera 1'). */
export const group = (title: string, name: string) => within(inCard(title).getByRole('group', { name }));
