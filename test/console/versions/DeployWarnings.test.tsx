// 'Desplegar' warns, in the dialog that asks the description, when the bot would not answer: with no
// skills at all, or with no fallback skill (tipo 1); the user may deploy anyway.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { record } from '../resources/support';
import { seriousViolations } from './axe';
import { bot, botAnswers, botVersion, renderBotForm } from './botFormHarness';

const compania = makeSession({ id: '5', rol: 'ROLE_COMPANIA' });
const SIN_SKILLS = 'El bot no tiene skills: no responderá a nada.';
const SIN_RESPALDO = 'El bot no tiene un skill de respaldo (Fallback): no responderá a lo que no entienda.';

const skill = (id: string, nm: string, tipo: number) => ({ id, idBot: 'b1', nm, dsc: null, tipo, nFrases: tipo === 0 ? 4 : 0 });

/** Bot b1's form; GET /skills answers each of `answers` in turn (the last from then on). */
function openEditor(...answers: Array<ReturnType<typeof skill>[]>) {
  botAnswers(bot());
  record('get', '/bot-version', () => null);
  const skills = record('get', '/skills', () => answers[Math.min(skills.length, answers.length) - 1]);
  const deploys = record('post', '/bot.deploy', () => botVersion(3, { done: true }));
  renderBotForm({ session: compania, botId: 'b1' });
  return { skills, deploys };
}

async function openDeploy() {
  await userEvent.click(await screen.findByRole('button', { name: 'Desplegar' }));
  return screen.findByRole('dialog', { name: 'Desplegar Bot' });
}

describe('Desplegar: avisos de un bot que no respondería', () => {
  it("sin skills avisa 'El bot no tiene skills: no responderá a nada.', y se despliega igual si se confirma", async () => {
    const { deploys } = openEditor([]);
    const dialog = await openDeploy();
    expect(within(dialog).getByText(SIN_SKILLS)).toBeInTheDocument();
    expect(within(dialog).getByText('Puede desplegarlo igual.')).toBeInTheDocument();
    // Without skills, the fallback's warning would say nothing more.
    expect(within(dialog).queryByText(SIN_RESPALDO)).not.toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Descripción' }), 'Primera');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desplegar' }));
    await waitFor(() => expect(deploys).toHaveLength(1));
    expect(deploys[0].url.searchParams.get('msg')).toBe('Primera');
    expect(await screen.findByText('Guardado y Desplegado con éxito')).toBeInTheDocument();
  });

  it('sin skill de respaldo lo avisa; Cancelar no despliega', async () => {
    const { deploys } = openEditor([skill('s1', 'Horarios', 0), skill('s2', 'Preguntas', 2)]);
    const dialog = await openDeploy();
    expect(within(dialog).getByText(SIN_RESPALDO)).toBeInTheDocument();
    expect(within(dialog).queryByText(SIN_SKILLS)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deploys).toHaveLength(0);
  });

  it('lee los skills al pedir el despliegue: uno de respaldo agregado después quita el aviso', async () => {
    const { skills } = openEditor([skill('s1', 'Horarios', 0)], [skill('s1', 'Horarios', 0), skill('s2', 'No entendí', 1)]);
    let dialog = await openDeploy();
    expect(within(dialog).getByText(SIN_RESPALDO)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDeploy();
    expect(skills.length).toBeGreaterThanOrEqual(2);
    expect(within(dialog).getByText('Se guardarán los cambios del bot y se desplegará una nueva versión.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(SIN_RESPALDO)).not.toBeInTheDocument();
  });
});
