// The bot editor's toolbar on a phone (390 px): every button says what it does, and the toolbar
// stays at the form's end, in the page's flow, rather than fixed or sticky over the diagram and
// its own toolbar. jsdom lays nothing out, so this checks the style that would keep it on screen.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bot } from './botSupport';
import { openBot } from './botEditorSupport';
import { record } from './support';

const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });

describe('Barra del editor de bot a 390 px', () => {
  afterEach(() => setWidth(1024));

  it('cada botón muestra su texto, y la barra va al final del formulario, no fija sobre el diagrama', async () => {
    setWidth(390);
    record('get', '/bot-version', () => null);
    openBot(bot('b1'));
    await screen.findByDisplayValue('Bot b1');
    const toolbar = screen.getByRole('button', { name: 'Guardar' }).closest<HTMLElement>('[role="toolbar"]')!;
    expect(within(toolbar).getByRole('link', { name: 'Atrás' })).toHaveTextContent('Atrás');
    for (const name of ['Guardar', 'Desplegar', 'Versiones', 'Probar Bot', 'Eliminar Bot']) {
      expect(within(toolbar).getByRole('button', { name })).toHaveTextContent(name);
    }
    expect(getComputedStyle(toolbar).position).toBe('static');
    // The diagram's toolbar comes before it in the page, and outside it.
    const diagramToolbar = await screen.findByRole('toolbar', { name: 'Diagrama de skills' });
    expect(toolbar.contains(diagramToolbar)).toBe(false);
    expect(diagramToolbar.compareDocumentPosition(toolbar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }, 30_000);
});
