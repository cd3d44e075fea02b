// 'Versiones' in the bot editor, with 'Comparar':
// the list, restore and its reload after 3 s, and the comparison of two versions.
import { act, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BotVersion, VersionChange } from '../../../src/api/versions';
import { formatFecha } from '../../../src/layout/fecha';
import { seriousViolations } from './axe';
import { makeSession } from '../fixtures';
import { record } from '../resources/support';
import { bot, botAnswers, botVersion, renderBotForm } from './botFormHarness';

const compania = makeSession({ rol: 'ROLE_COMPANIA' });

const VERSIONS: BotVersion[] = [
  botVersion(5, { done: false, ffin: null, dur: null, msg: 'Nuevo menú' }),
  botVersion(4, { error: true, msg: 'El skill Saludo no tiene frases de entrenamiento', dur: 850 }),
  botVersion(3, { msg: 'Pagos', dur: 125_000, fc: '2026-03-02T09:15:00.000Z', ffin: '2026-03-02T09:17:05.000Z' }),
  botVersion(2, { msg: 'Bienvenida' }),
  botVersion(1, { msg: 'Primera versión' }),
];

const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

function open(versions: BotVersion[] = VERSIONS, session = compania) {
  botAnswers(bot());
  record('get', '/bot-version', () => versions[0] ?? null);
  const lists = record('get', '/list/version', () => versions);
  const reload = vi.fn();
  renderBotForm({ session, botId: 'b1', reload });
  return { lists, reload };
}

async function openDialog(user: ReturnType<typeof setup>) {
  await user.click(await screen.findByRole('button', { name: 'Versiones' }));
  return screen.findByRole('dialog', { name: 'Versiones' });
}

const rowOf = (dialog: HTMLElement, version: number) =>
  within(dialog)
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === String(version))!;

describe('Versiones', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('solo con isBotEdit: ROLE_USER despliega pero no ve Versiones', async () => {
    open(VERSIONS, makeSession({ rol: 'ROLE_USER' }));
    expect(await screen.findByRole('button', { name: 'Desplegar' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByRole('button', { name: 'Versiones' })).not.toBeInTheDocument();
  });

  it('lista cada versión con Versión, Inicio, Fin, Duración, Estado y Descripción / mensaje', async () => {
    const { lists } = open();
    const dialog = await openDialog(setup());
    const table = await within(dialog).findByRole('table', { name: 'Versiones' });
    expect(lists[0].url.searchParams.get('id')).toBe('b1');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Versión', 'Inicio', 'Fin', 'Duración', 'Estado', 'Descripción / mensaje', 'Acciones']);
    const cells = (version: number) => within(rowOf(dialog, version)).getAllByRole('cell').slice(0, 6).map((c) => c.textContent);
    expect(cells(5)).toEqual(['5', formatFecha(VERSIONS[0].fc, 'fechaHora'), '', '', 'En curso', 'Nuevo menú']);
    expect(cells(4)).toEqual(['4', formatFecha(VERSIONS[1].fc, 'fechaHora'), formatFecha(VERSIONS[1].ffin, 'fechaHora'), '850 ms', 'Con error', 'El skill Saludo no tiene frases de entrenamiento']);
    expect(cells(3)).toEqual(['3', formatFecha(VERSIONS[2].fc, 'fechaHora'), formatFecha(VERSIONS[2].ffin, 'fechaHora'), '2 min 5 s', 'Desplegado', 'Pagos']);
    // The console's date-time format, dd/MM/yyyy HH:mm: '02/03/2026 09:15' in the browser's time zone.
    expect(cells(3)[1]).toMatch(/^\d{2}\/03\/2026 \d{2}:\d{2}$/);
    expect(cells(2)[3]).toBe('4,2 s');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });

  it("'Restaurar' está deshabilitado, con el motivo, para una versión con error o en curso", async () => {
    open();
    const dialog = await openDialog(setup());
    await within(dialog).findByRole('table');
    const restore = (version: number) => within(rowOf(dialog, version)).getByRole('button', { name: 'Restaurar' });
    expect(restore(5)).toBeDisabled();
    expect(restore(5)).toHaveAccessibleDescription('No se puede restaurar: el despliegue de esta versión todavía está en curso.');
    expect(restore(4)).toBeDisabled();
    expect(restore(4)).toHaveAccessibleDescription('No se puede restaurar: el despliegue de esta versión terminó con error.');
    expect(restore(3)).toBeEnabled();
    expect(restore(3)).not.toHaveAccessibleDescription();
  });

  it("pide confirmación, restaura, dice 'Bot restaurado correctamente, se cargará de nuevo la página' y recarga a los 3 s", async () => {
    const { reload } = open();
    const restores = record('post', '/restaurar', () => ({ message: 'Bot restaurado correctamente, se cargará de nuevo la página' }));
    const user = setup();
    const dialog = await openDialog(user);
    await within(dialog).findByRole('table');
    await user.click(within(rowOf(dialog, 3)).getByRole('button', { name: 'Restaurar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restaurar la versión 3' });
    expect(confirm).toHaveTextContent('El bot volverá a ser exactamente como en la versión 3');
    expect(restores).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Restaurar' }));

    expect(await screen.findByText('Bot restaurado correctamente, se cargará de nuevo la página')).toBeInTheDocument();
    expect(restores).toHaveLength(1);
    expect(restores[0].method).toBe('POST');
    expect(Object.fromEntries(restores[0].url.searchParams)).toEqual({ idBot: 'b1', id: 'v3' });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(reload).toHaveBeenCalledTimes(1);
    // Until the page reloads nothing else can be restored.
    expect(screen.queryByRole('dialog', { name: 'Restaurar la versión 3' })).not.toBeInTheDocument();
    expect(within(rowOf(dialog, 2)).getByRole('button', { name: 'Restaurar' })).toBeDisabled();
  });

  it('cancelar la confirmación no restaura; un rechazo del servidor se muestra y no recarga', async () => {
    const { reload } = open();
    const restores = record('post', '/restaurar', () => HttpResponse.json({ message: 'Solo se puede restaurar una versión desplegada sin error' }, { status: 400 }));
    const user = setup();
    const dialog = await openDialog(user);
    await within(dialog).findByRole('table');
    await user.click(within(rowOf(dialog, 2)).getByRole('button', { name: 'Restaurar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Restaurar la versión 2' })).getByRole('button', { name: 'Cancelar' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'Restaurar la versión 2' }));
    await user.click(within(rowOf(dialog, 1)).getByRole('button', { name: 'Restaurar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Restaurar la versión 1' })).getByRole('button', { name: 'Restaurar' }));
    expect(await screen.findByText('Solo se puede restaurar una versión desplegada sin error')).toBeInTheDocument();
    expect(restores.map((call) => call.url.searchParams.get('id'))).toEqual(['v1']);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(reload).not.toHaveBeenCalled();
  });

  it('cuando termina un despliegue en curso la lista abierta se actualiza', async () => {
    botAnswers(bot());
    const finished = [botVersion(5, { msg: 'Nuevo menú' }), ...VERSIONS.slice(1)];
    const polls = record('get', '/bot-version', () => (polls.length < 2 ? VERSIONS[0] : finished[0]));
    const lists = record('get', '/list/version', () => (lists.length < 2 ? VERSIONS : finished));
    renderBotForm({ session: compania, botId: 'b1' });
    const dialog = await openDialog(setup());
    await within(dialog).findByRole('table');
    expect(within(rowOf(dialog, 5)).getAllByRole('cell')[4]).toHaveTextContent('En curso');
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    expect(await screen.findByText('Desplegado con éxito versión 5')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(rowOf(dialog, 5)).getAllByRole('cell')[4]).toHaveTextContent('Desplegado'));
    expect(within(rowOf(dialog, 5)).getByRole('button', { name: 'Restaurar' })).toBeEnabled();
  });

  it('un bot sin versiones lo dice', async () => {
    open([]);
    const dialog = await openDialog(setup());
    expect(await within(dialog).findByText('Este bot todavía no tiene versiones desplegadas.')).toBeInTheDocument();
  });
});

const CHANGES: VersionChange[] = [
  { kind: 'parameter', change: 'changed', name: 'tsession', fields: [{ field: 'tsession', before: 30, after: 45 }] },
  { kind: 'extra', change: 'added', name: 'region', fields: [] },
  { kind: 'skill', change: 'removed', name: 'Despedida', fields: [] },
  { kind: 'skill', change: 'added', name: 'Pagos', fields: [] },
  {
    kind: 'skill',
    change: 'changed',
    name: 'Saludo',
    fields: [
      { field: 'nm', before: 'Saludo', after: 'Saludo inicial' },
      { field: 'frases', before: ['hola'], after: ['hola', 'buenos días', ...Array.from({ length: 20 }, (_, i) => `frase de entrenamiento número ${i + 1}`)] },
    ],
  },
  { kind: 'link', change: 'added', name: 'Saludo → Pagos', fields: [] },
  { kind: 'action', change: 'changed', name: 'Saludo › Texto (orden 1)', fields: [{ field: 'text', before: ['Hola'], after: ['Hola, ¿en qué te ayudo?'] }] },
  { kind: 'requirement', change: 'removed', name: 'Pagos › Requerimiento', fields: [] },
  { kind: 'entity', change: 'changed', name: 'dni', fields: [{ field: 'rgx', before: false, after: true }, { field: 'format', before: null, after: '^\\d{8}$' }] },
];

describe('Comparar versiones', () => {
  async function compare(answer: VersionChange[], pick?: { a: string; b: string }) {
    open();
    const compares = record('get', '/bot.compare', () => answer);
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await within(dialog).findByRole('table');
    if (pick) {
      await user.click(within(dialog).getByRole('combobox', { name: 'Versión A (antes)' }));
      await user.click(await screen.findByRole('option', { name: pick.a }));
      await user.click(within(dialog).getByRole('combobox', { name: 'Versión B (después)' }));
      await user.click(await screen.findByRole('option', { name: pick.b }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Comparar' }));
    return { dialog, compares, user };
  }

  it('solo ofrece versiones desplegadas sin error, y por defecto la última contra la anterior', async () => {
    open();
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await within(dialog).findByRole('table');
    expect(within(dialog).getByRole('combobox', { name: 'Versión A (antes)' })).toHaveTextContent('2 - Bienvenida');
    expect(within(dialog).getByRole('combobox', { name: 'Versión B (después)' })).toHaveTextContent('3 - Pagos');
    await user.click(within(dialog).getByRole('combobox', { name: 'Versión A (antes)' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['3 - Pagos', '2 - Bienvenida', '1 - Primera versión']);
  });

  it('pide las dos versiones elegidas y muestra los cambios agrupados en español, con antes y después', async () => {
    const { dialog, compares } = await compare(CHANGES, { a: '1 - Primera versión', b: '3 - Pagos' });
    const result = await within(dialog).findByRole('region', { name: 'Cambios de la versión 1 a la versión 3' });
    expect(Object.fromEntries(compares[0].url.searchParams)).toEqual({ idBot: 'b1', a: 'v1', b: 'v3' });

    const groups = within(result).getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(groups).toEqual(['Skills', 'Enlaces', 'Acciones', 'Requerimientos', 'Parámetros', 'Entidades', 'Extras']);

    const skills = within(result).getByRole('region', { name: 'Skills' });
    // The changes themselves, not the phrases listed inside one.
    const items = within(skills).getAllByRole('listitem').filter((li) => !li.parentElement?.closest('li'));
    expect(items.map((li) => li.textContent?.slice(0, 20))).toEqual(['EliminadoDespedida', 'AgregadoPagos', expect.stringMatching(/^ModificadoSaludo/)]);
    const saludo = items[2];
    expect(within(saludo).getAllByRole('term').map((term) => term.textContent)).toEqual(['Nombre', 'Frases de entrenamiento']);
    expect(saludo).toHaveTextContent('Saludo→Saludo inicial');
    expect(within(saludo).getByRole('img', { name: 'pasa a' })).toBeInTheDocument();

    const entities = within(result).getByRole('region', { name: 'Entidades' });
    expect(entities).toHaveTextContent('Modificadodni');
    expect(entities).toHaveTextContent('Usa expresión regularNo→Sí');
    expect(entities).toHaveTextContent('Expresión regular(vacío)→^\\d{8}$');
    expect(within(result).getByRole('region', { name: 'Parámetros' })).toHaveTextContent('Tiempo de sesión (minutos)30→45');
    // A list field: the action's texts as the one removed and the one added.
    const accion = within(result).getByRole('region', { name: 'Acciones' });
    expect(within(within(accion).getByRole('list', { name: 'Eliminados' })).getByRole('listitem')).toHaveTextContent('Hola');
    expect(within(within(accion).getByRole('list', { name: 'Agregados' })).getByRole('listitem')).toHaveTextContent('Hola, ¿en qué te ayudo?');
    expect(within(result).getByRole('region', { name: 'Enlaces' })).toHaveTextContent('AgregadoSaludo → Pagos');
    expect(within(result).getByRole('region', { name: 'Requerimientos' })).toHaveTextContent('EliminadoPagos › Requerimiento');
  });

  it('el diálogo con la lista y la comparación no tiene violaciones graves de accesibilidad (axe)', async () => {
    const { dialog } = await compare(CHANGES);
    await within(dialog).findByRole('region', { name: 'Cambios de la versión 2 a la versión 3' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('una frase agregada entre 20 se muestra como agregada, y una quitada como eliminada, sin cortar la lista', async () => {
    const frases = Array.from({ length: 20 }, (_, i) => `frase de entrenamiento número ${i + 1}`);
    const after = [...frases.slice(0, 12), 'quiero pagar con yape', ...frases.slice(12)].filter((f) => f !== 'frase de entrenamiento número 3');
    const { dialog } = await compare([{ kind: 'skill', change: 'changed', name: 'Pagos', fields: [{ field: 'frases', before: frases, after }] }]);
    const result = await within(dialog).findByRole('region', { name: 'Cambios de la versión 2 a la versión 3' });
    const skill = within(result).getByRole('region', { name: 'Skills' });
    expect(within(skill).getByRole('term')).toHaveTextContent('Frases de entrenamiento');
    const added = within(skill).getByRole('list', { name: 'Agregados' });
    expect(within(added).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['quiero pagar con yape']);
    const removed = within(skill).getByRole('list', { name: 'Eliminados' });
    expect(within(removed).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['frase de entrenamiento número 3']);
    expect(skill).toHaveTextContent('19 sin cambios');
    expect(skill).not.toHaveTextContent('…');
  });

  it('los botones agregados y quitados se nombran por su título', async () => {
    const boton = (title: string) => ({ type: 'POSTBACK', title, value: title.toLowerCase() });
    const { dialog } = await compare([
      { kind: 'action', change: 'changed', name: 'Menú › Botones (orden 1)', fields: [{ field: 'buttons', before: [boton('Precios'), boton('Horarios')], after: [boton('Precios'), boton('Oficinas')] }] },
    ]);
    const result = await within(dialog).findByRole('region', { name: 'Cambios de la versión 2 a la versión 3' });
    expect(within(within(result).getByRole('list', { name: 'Agregados' })).getByRole('listitem')).toHaveTextContent(/^Oficinas$/);
    expect(within(within(result).getByRole('list', { name: 'Eliminados' })).getByRole('listitem')).toHaveTextContent(/^Horarios$/);
  });

  it("un valor largo se muestra cortado con 'Ver todo' para verlo completo", async () => {
    const largo = `Bot de ventas ${'con muchas palabras '.repeat(10)}y un final`;
    const { dialog, user } = await compare([{ kind: 'skill', change: 'changed', name: 'Saludo', fields: [{ field: 'dsc', before: 'Corto', after: largo }] }]);
    const result = await within(dialog).findByRole('region', { name: 'Cambios de la versión 2 a la versión 3' });
    const saludo = within(within(result).getByRole('region', { name: 'Skills' })).getAllByRole('listitem')[0];
    expect(saludo).toHaveTextContent('…');
    expect(saludo).not.toHaveTextContent('y un final');
    const more = within(saludo).getByRole('button', { name: 'Ver todo' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(saludo).toHaveTextContent('y un final');
    expect(within(saludo).getByRole('button', { name: 'Ver menos' })).toHaveAttribute('aria-expanded', 'true');
    // The short side has nothing to open.
    expect(within(saludo).getAllByRole('button')).toHaveLength(1);
  });

  it("sin cambios dice 'Las versiones son iguales.'", async () => {
    const { dialog } = await compare([]);
    const result = await within(dialog).findByRole('region', { name: 'Cambios de la versión 2 a la versión 3' });
    expect(within(result).getByText('Las versiones son iguales.')).toBeInTheDocument();
    expect(within(result).queryAllByRole('heading', { level: 4 })).toHaveLength(0);
  });

  it('con menos de dos versiones desplegadas explica por qué no se puede comparar', async () => {
    open([botVersion(2, { error: true }), botVersion(1)]);
    const dialog = await openDialog(userEvent.setup());
    expect(await within(dialog).findByText('Se necesitan al menos dos versiones desplegadas sin error para comparar.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Comparar' })).not.toBeInTheDocument();
  });
});
