// The skill editor with axe (no serious or critical violation): the Skill tab of a bot editor,
// with the rules' messages showing, the 'Frases de entrenamiento' modal, and the read-only view of
// a user without isBotEdit. jsdom cannot judge colour contrast; the end-to-end suite does.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { record } from '../resources/support';
import { enter, guardar, openSkill, opened, skill, usuarioBots } from './skillSupport';

async function seriousViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('Accesibilidad del editor de skill', () => {
  it('la pestaña Skill, con mensajes de las reglas, y el modal de frases', async () => {
    openSkill(skill('s1', { tagsKb: [] }));
    record('get', '/skill.frases', () => ({ tipo: 'saludos', frases: ['hola', 'buenos días'] }));
    await opened();
    await screen.findByRole('combobox', { name: 'Skill del menú de resultados' });
    await enter('Nueva frase de entrenamiento', '');
    await guardar();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nuevo tag' })).toHaveAccessibleDescription('Seleccione mínimo 1 tag'));
    expect(await seriousViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Frases de entrenamiento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Frases de entrenamiento' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Saludos' }));
    await within(dialog).findByRole('group', { name: 'Frases encontradas' });
    expect(await seriousViolations()).toEqual([]);
    // axe reads the whole editor twice: more than the default 20 s on a slow machine.
  }, 90_000);

  it('la vista de solo lectura de un usuario sin isBotEdit', async () => {
    openSkill(skill('s1'), usuarioBots);
    await opened();
    await screen.findByRole('combobox', { name: 'Skill del menú de resultados' });
    expect(await seriousViolations()).toEqual([]);
  }, 60_000);
});
