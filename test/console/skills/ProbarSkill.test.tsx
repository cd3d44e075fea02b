// 'Probar Skill' in the skill editor (its phrase test and token test): POST /skill.test with the
// saved skill, and what its answer says.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { SkillTestAnswer } from '../../../src/api/chat';
import { record } from '../resources/support';
import { openSkill, opened, skill } from './skillSupport';

function answer(extra: Partial<SkillTestAnswer> = {}): SkillTestAnswer {
  return { match: true, text: 'cuál es mi saldo', score: 0.874, threshold: 0.65, reason: 'clasificador', winner: null, result: [], ...extra };
}

async function openDialog() {
  await opened();
  await userEvent.click(screen.getByRole('button', { name: 'Probar Skill' }));
  return screen.findByRole('dialog', { name: 'Probar Skill' });
}

async function probar(dialog: HTMLElement, text: string) {
  await userEvent.click(within(dialog).getByRole('textbox', { name: 'Texto' }));
  await userEvent.paste(text);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Probar' }));
}

describe('Probar Skill', () => {
  it("la prueba de frase dice 'Coincide', el puntaje, el umbral y el motivo", async () => {
    const tests = record('post', '/skill.test', () => answer());
    openSkill(skill('s1'));
    const dialog = await openDialog();
    expect(within(dialog).getByText('Se prueba el skill guardado')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Frase' })).toBeChecked();
    await probar(dialog, 'cuál es mi saldo');
    expect(await within(dialog).findByText('Coincide')).toBeInTheDocument();
    expect(within(dialog).getByText('Puntaje: 87%')).toBeInTheDocument();
    expect(within(dialog).getByText('Umbral: 65%')).toBeInTheDocument();
    expect(within(dialog).getByText('Motivo: Clasificador')).toBeInTheDocument();
    expect(tests[0].body).toEqual({ id: 's1', idBot: 'b1', text: 'cuál es mi saldo', token: false });
  });

  it("'No coincide' con el motivo en palabras y el skill que responde en su lugar", async () => {
    record('post', '/skill.test', () => answer({ match: false, score: 0, reason: 'excluida', winner: { id: 's2', nm: 'Tarjetas', score: 0.9 } }));
    openSkill(skill('s1'));
    const dialog = await openDialog();
    await probar(dialog, 'mi tarjeta');
    expect(await within(dialog).findByText('No coincide')).toBeInTheDocument();
    expect(within(dialog).getByText('Motivo: Palabra clave excluida')).toBeInTheDocument();
    expect(within(dialog).getByText('Responde otro skill: Tarjetas (90%)')).toBeInTheDocument();
  });

  it('la prueba de token muestra cada token: si coincide, si es obligatorio y con qué', async () => {
    const tests = record('post', '/skill.test', () =>
      answer({ result: [{ nm: 'saldo', match: true, obl: true, key: 'balance' }, { nm: 'cuenta', match: false, obl: false, key: '' }] }),
    );
    openSkill(skill('s1'));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Token' }));
    await probar(dialog, 'mi balance');
    const table = await within(dialog).findByRole('table', { name: 'Tokens del skill' });
    expect(within(table).getByRole('row', { name: 'saldo Sí Sí balance' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'cuenta No No' })).toBeInTheDocument();
    expect(tests[0].body).toEqual({ id: 's1', idBot: 'b1', text: 'mi balance', token: true });
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  }, 30_000);

  it('un error del servidor se muestra y el diálogo sigue abierto', async () => {
    record('post', '/skill.test', () => Response.json({ message: 'Skill no encontrado' }, { status: 400 }));
    openSkill(skill('s1'));
    const dialog = await openDialog();
    await probar(dialog, 'hola');
    expect(await screen.findByText('Skill no encontrado')).toBeInTheDocument();
    await waitFor(() => expect(dialog).toBeInTheDocument());
  });
});
