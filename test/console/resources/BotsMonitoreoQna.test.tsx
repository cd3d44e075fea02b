// 'Preguntas no encontradas (KB)' in the bot's Monitoreo tab, when the bot has QnA on: 20 a page
// with the entry skill and the repetitions; the skill filter (GET /skills/kb) and Desde/Hasta in the
// table's call; assigning to a QnA picked by name (POST /skill/qna-search), deleting, and 'Exportar',
// each with its notice, and the console's own 'Seleccione frases' and 'Seleccione una QnA'.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../common/dias';
import { createAuthProvider } from '../../../src/api/authProvider';
import { API_URL, transport } from '../../../src/api/client';
import { createDataProvider } from '../../../src/api/dataProvider';
import { createSessionStore } from '../../../src/api/sessionStore';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { BotMonitoreoTab } from '../../../src/resources/bots/monitoreo/BotMonitoreoTab';
import { bot, compania, skills } from './botSupport';
import { record, renderAdmin } from './support';

afterEach(() => vi.useRealTimers());

const NOW = new Date('2026-11-26T03:00:00.000Z');
const preguntas = Array.from({ length: 45 }, (_, n) => ({ id: `p${n + 1}`, idSkill: 'k1', skill: 'Consultas', txt: `pregunta número ${n + 1}`, c: 90 - n, fc: '2026-11-25T15:00:00.000Z' }));

function serve() {
  record('get', '/skills', () => skills);
  record('post', '/frases', () => ({ content: [], totalPages: 0, totalElements: 0 }));
  record('get', '/skills/kb', () => [{ id: 'k1', nm: 'Consultas' }, { id: 'k2', nm: 'No entendí' }]);
  const qnaSearch = record('post', '/skill/qna-search', () => ({ content: [{ id: 'q1', nm: 'Horario de atención', fa: '2026-11-20T10:00:00.000Z', origen: 0, tagsKb: ['t0'], nFrases: 3 }], totalPages: 1, totalElements: 1 }));
  const pages = record('post', '/qna-not-found/table', ({ body }) => {
    const { page = 0, pageSize = 20 } = body as { page?: number; pageSize?: number };
    return { content: preguntas.slice(page * pageSize, (page + 1) * pageSize), totalPages: 3, totalElements: preguntas.length };
  });
  return { pages, qnaSearch };
}

async function openPanel(qna = true) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const served = serve();
  const session = compania;
  const authProvider = createAuthProvider({ store: createSessionStore(session), api: { login: async () => session, logout: async () => undefined } });
  const dataProvider = createDataProvider(API_URL, transport.fetchJson, () => session.user.idE);
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
      <BotMonitoreoTab botId="b1" qna={qna} />
      <Notification />
    </AdminContext>,
  );
  await screen.findByRole('heading', { name: 'Frases no reconocidas' });
  if (!qna) return { ...served, panel: null as unknown as HTMLElement };
  const panel = await screen.findByRole('region', { name: 'Preguntas no encontradas (KB)' });
  await within(panel).findByRole('table', { name: 'Preguntas no encontradas (KB)' });
  return { ...served, panel };
}

/** A date field's day as the wire has it (YYYY-MM-DD). */
function dayOf(panel: HTMLElement, label: string): string {
  const shown = within(panel).getByRole('group', { name: label }).closest('.MuiFormControl-root')!.querySelector('input')!.value;
  const [d, m, y] = shown.split('/');
  return `${y}-${m}-${d}`;
}

const notice = (text: string) => screen.findByText(text, { selector: '.MuiSnackbarContent-message, .MuiSnackbarContent-message *' });

describe('Monitoreo: Preguntas no encontradas (KB)', () => {
  it('sin QnA activo no hay panel', async () => {
    await openPanel(false);
    expect(screen.queryByRole('region', { name: 'Preguntas no encontradas (KB)' })).toBeNull();
  });

  it('20 por página con skill y repeticiones; el skill y Desde/Hasta van en POST /qna-not-found/table', async () => {
    const { pages, panel } = await openPanel();
    const table = within(panel).getByRole('table', { name: 'Preguntas no encontradas (KB)' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getByText('pregunta número 1').closest('tr')).toHaveTextContent(/pregunta número 1\s*Consultas\s*90/);
    expect(within(panel).getByText('1-20 de 45')).toBeInTheDocument();
    expect(pages[0].url.searchParams.get('idBot')).toBe('b1');
    // The last three months up to today, in the company's days.
    const hoy = dayOf(panel, 'Hasta');
    expect([hoy, dayOf(panel, 'Desde')]).toEqual([expect.stringMatching(/^2026-11-2[56]$/), addDays(hoy, -89)]);
    expect(pages[0].body).toEqual({ idSkill: null, from: addDays(hoy, -89), to: hoy, page: 0, pageSize: 20 });
    await userEvent.click(within(panel).getByRole('combobox', { name: 'Skill' }));
    await userEvent.click(await screen.findByRole('option', { name: 'No entendí' }));
    await waitFor(() => expect(pages[pages.length - 1].body).toMatchObject({ idSkill: 'k2', page: 0 }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(pages[pages.length - 1].body).toEqual({ idSkill: 'k2', from: addDays(hoy, -89), to: hoy, page: 1, pageSize: 20 }));
  });

  it("'Asignar' sin preguntas dice 'Seleccione frases', sin QnA 'Seleccione una QnA'; con ambas POST /qna-not-found/assign y 'Asignados con éxito'", async () => {
    const { panel, qnaSearch, pages } = await openPanel();
    const assigns = record('post', '/qna-not-found/assign', () => ({ message: 'Asignados con éxito' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Asignar' }));
    expect(await notice('Seleccione frases')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'pregunta número 2' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'pregunta número 4' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Asignar' }));
    expect(await notice('Seleccione una QnA')).toBeInTheDocument();
    expect(assigns).toHaveLength(0);
    await userEvent.type(within(panel).getByRole('combobox', { name: 'QnA' }), 'hora');
    // The choices are asked again by name once the typing rests.
    await waitFor(() => expect(qnaSearch.map((call) => call.body)).toContainEqual({ idBot: 'b1', page: 0, pageSize: 20, sorted: [{ id: 'nm' }], filtered: [{ id: 'nm', value: 'hora' }] }));
    await userEvent.click(await screen.findByRole('option', { name: 'Horario de atención' }));
    const before = pages.length;
    await userEvent.click(within(panel).getByRole('button', { name: 'Asignar' }));
    expect(await notice('Asignados con éxito')).toBeInTheDocument();
    expect(assigns[0].url.searchParams.get('idBot')).toBe('b1');
    expect(assigns[0].body).toEqual({ ids: ['p2', 'p4'], idQna: 'q1' });
    await waitFor(() => expect(pages.length).toBeGreaterThan(before));
    expect(within(panel).getByRole('checkbox', { name: 'pregunta número 2' })).not.toBeChecked();
  });

  it("'Eliminar' borra las elegidas con POST /qna-not-found/delete y dice 'Eliminado con éxito'; 'Exportar' pide el informe con los filtros", async () => {
    const { panel } = await openPanel();
    const deletes = record('post', '/qna-not-found/delete', () => ({ message: 'Eliminado con éxito' }));
    const exports = record('post', '/qna-not-found/export', () => ({ id: 'r1' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Eliminar' }));
    expect(await notice('Seleccione frases')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Seleccionar todas las preguntas de la página' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Eliminar' }));
    expect(await notice('Eliminado con éxito')).toBeInTheDocument();
    expect(deletes[0].url.search).toBe('?idBot=b1');
    expect(deletes[0].body).toEqual(preguntas.slice(0, 20).map((p) => p.id));
    await userEvent.click(within(panel).getByRole('button', { name: 'Exportar' }));
    expect(await notice('Generando informe. En Ver Informe encontrará su archivo generado.')).toBeInTheDocument();
    expect(exports[0].url.searchParams.get('idBot')).toBe('b1');
    expect(exports[0].body).toEqual({ idSkill: null, from: dayOf(panel, 'Desde'), to: dayOf(panel, 'Hasta') });
  });

  it('el editor del bot muestra el panel en Monitoreo cuando el bot tiene QnA activo', async () => {
    serve();
    record('get', '/bot', () => bot('b1', { qna: true }));
    record('get', '/bot-version', () => null);
    renderAdmin('/bot/b1', compania);
    await userEvent.click(await screen.findByRole('tab', { name: 'Monitoreo' }));
    expect(await screen.findByRole('region', { name: 'Preguntas no encontradas (KB)' })).toBeInTheDocument();
  });
});
