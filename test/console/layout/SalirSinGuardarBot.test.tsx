// Leaving the bot editor: after 'Agregar Skill' → Guardar the bot is saved with its diagram, so
// opening the new skill asks nothing; unsaved changes get the in-app question
// '¿Seguro deseas salir sin guardar tus cambios?' (Guardar y salir / Salir sin guardar / Cancelar),
// a stored save leaves nothing unsaved, and the browser's own dialogs never appear.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Diagram } from '../../../src/resources/bots/flow/diagramModel';
import { bot, skills } from '../resources/botSupport';
import { field, lastBody, openBot, write } from '../resources/botEditorSupport';
import { page, record } from '../resources/support';
import { skill } from '../skills/skillSupport';

const PREGUNTA = '¿Seguro deseas salir sin guardar tus cambios?';
const pregunta = () => screen.findByRole('dialog', { name: PREGUNTA });
const unloadPrevented = () => {
  const unload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unload);
  return unload.defaultPrevented;
};

// The whole console is rendered: generous on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let native: MockInstance[] = [];
beforeEach(() => {
  // The deploy button asks how the latest deploy went.
  record('get', '/bot-version', () => null);
  native = [vi.spyOn(window, 'confirm'), vi.spyOn(window, 'alert'), vi.spyOn(window, 'prompt')];
});
afterEach(() => {
  // No browser dialog, whatever the test did.
  for (const spy of native) expect(spy).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

describe('Editor de bot: salir sin guardar', () => {
  it("'Agregar Skill' → Guardar guarda el bot con el skill en el diagrama; abrir el skill nuevo no pregunta nada", async () => {
    const { saves } = openBot(bot('b1'));
    const nuevo = skill('s9', { nm: 'Pagar factura', idBot: 'b1' });
    // Like the server: once created, the skill is one of the bot's.
    const bots = [...skills];
    record('get', '/skills', () => bots);
    record('post', '/skill', () => {
      bots.push({ id: 's9', idBot: 'b1', nm: 'Pagar factura', dsc: null, tipo: 0, nFrases: 0 });
      return nuevo;
    });
    record('get', '/skill', () => nuevo);
    await screen.findByDisplayValue('Bot b1');
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar Skill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Skill' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Pagar factura');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect((lastBody(saves).diagram as Diagram).nodes.map((node) => node.id)).toContain('s9');
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(unloadPrevented()).toBe(false);

    const node = await screen.findByText('Pagar factura', { selector: '.quipu-skill__name' });
    // A pointer press would start React Flow's drag, which jsdom cannot follow.
    fireEvent.doubleClick(node.closest<HTMLElement>('.react-flow__node')!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagar factura' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/skill/s9');
    expect(screen.queryByRole('dialog', { name: PREGUNTA })).not.toBeInTheDocument();
  });

  it("con un cambio sin guardar, salir pregunta en la consola: 'Cancelar' se queda con lo escrito y 'Guardar y salir' guarda y sale", async () => {
    const { saves } = openBot(bot('b1'));
    record('post', '/bot/search', () => page([], 0, 10));
    await write(await screen.findByRole('textbox', { name: 'Descripción' }), ' y reclamos');
    expect(unloadPrevented()).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    const dialog = await pregunta();
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancelar', 'Salir sin guardar', 'Guardar y salir']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: PREGUNTA })).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/bot/b1');
    expect(field('Descripción')).toHaveValue('Atiende consultas b1 y reclamos');
    expect(saves).toHaveLength(0);

    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    await userEvent.click(within(await pregunta()).getByRole('button', { name: 'Guardar y salir' }));
    await waitFor(() => expect(window.location.pathname).toBe('/bot'));
    expect(saves).toHaveLength(1);
    expect(lastBody(saves).dsc).toBe('Atiende consultas b1 y reclamos');
    expect(unloadPrevented()).toBe(false);
  });

  it('después de Guardar, salir no pregunta', async () => {
    const { saves } = openBot(bot('b1'));
    record('post', '/bot/search', () => page([], 0, 10));
    await write(await screen.findByRole('textbox', { name: 'Descripción' }), ' y reclamos');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(unloadPrevented()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    await waitFor(() => expect(window.location.pathname).toBe('/bot'));
    expect(screen.queryByRole('dialog', { name: PREGUNTA })).not.toBeInTheDocument();
  });
});
