// Leaving the skill editor, whose Skill form and action cards are each an editor with unsaved
// changes of its own: one navigation guard holds them all, so a change anywhere asks
// '¿Seguro deseas salir sin guardar tus cambios?' in the console (never the browser's dialog),
// 'Guardar y salir' saves an action card, and moving between the bot and skill editors leaves no
// second blocker behind (react-router warns about one in the console).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AccionBody } from '../../../src/api/skills';
import { bot, skills } from '../resources/botSupport';
import { write } from '../resources/botEditorSupport';
import { record } from '../resources/support';
import { menu } from '../skills/acciones/support';
import { chips, enter, openSkill, opened, skill } from '../skills/skillSupport';

const PREGUNTA = '¿Seguro deseas salir sin guardar tus cambios?';
const pregunta = () => screen.findByRole('dialog', { name: PREGUNTA });
const botonCard = () => within(screen.getByRole('region', { name: 'Botón 1' }));

// The whole console is rendered: generous on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let native: MockInstance[] = [];
let consola: MockInstance[] = [];
beforeEach(() => {
  native = [vi.spyOn(window, 'confirm'), vi.spyOn(window, 'alert'), vi.spyOn(window, 'prompt')];
  consola = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')];
  // The skill's Acciones tab, and the bot editor it goes back to.
  record('get', '/acciones', () => [menu]);
  record('get', '/bot', () => bot('b1'));
  record('get', '/skills', () => skills);
  record('get', '/bot-version', () => null);
});
afterEach(() => {
  for (const spy of native) expect(spy).not.toHaveBeenCalled();
  const blockers = consola.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(' '))).filter((text) => /blocker/i.test(text));
  expect(blockers).toEqual([]);
  vi.restoreAllMocks();
});

describe('Editor de skill: salir sin guardar', () => {
  it("un cambio en el Skill pregunta aunque la pestaña Acciones esté abierta; 'Salir sin guardar' vuelve al bot, donde todo empieza sin cambios", async () => {
    openSkill(skill('s1'));
    await opened();
    await enter('Palabra clave incluida', 'ahorros');
    await userEvent.click(screen.getByRole('tab', { name: 'Acciones' }));
    expect(await screen.findByRole('region', { name: 'Botón 1' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    await userEvent.click(within(await pregunta()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: PREGUNTA })).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/skill/s1');
    await userEvent.click(screen.getByRole('tab', { name: 'Skill' }));
    expect(chips('Palabras clave incluidas')).toEqual(['saldo', 'ahorros']);

    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    await userEvent.click(within(await pregunta()).getByRole('button', { name: 'Salir sin guardar' }));
    expect(await screen.findByDisplayValue('Bot b1')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/bot/b1');

    // The skill editor's guards went with it: the bot editor asks only for its own changes.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    await write(screen.getByRole('textbox', { name: 'Descripción' }), '!');
    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    expect(await pregunta()).toBeInTheDocument();
  });

  it("tras Guardar el Skill, solo la acción con cambios queda pendiente: 'Guardar y salir' la guarda (POST /accion) y sale", async () => {
    const skillSaves = openSkill(skill('s1')).saves;
    const saves = record('post', '/accion', ({ body }) => ({ ...(body as AccionBody), order: 0, rev: 1 }));
    await opened();
    await enter('Palabra clave incluida', 'ahorros');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Acciones' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Botón 1' }));
    await userEvent.type(botonCard().getAllByRole('textbox', { name: 'Título' })[0], ' Hoy');

    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    const dialog = await pregunta();
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancelar', 'Salir sin guardar', 'Guardar y salir']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar y salir' }));
    expect(await screen.findByDisplayValue('Bot b1')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(saves[0].body).toMatchObject({ id: 'a2', type: 'BUTTON', title: '¿En qué le ayudo? Hoy' });
    // The skill was saved once, by its own Guardar.
    expect(skillSaves).toHaveLength(1);
  });
});
