// 'Comparar' in 'Versiones': a parameter is named by its label alone, never by its key ('dsc'), and
// the button keeps its label inside its outline.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VersionChange } from '../../../src/api/versions';
import { makeSession } from '../fixtures';
import { record } from '../resources/support';
import { bot, botAnswers, botVersion, renderBotForm } from './botFormHarness';

const PARAMETERS: VersionChange[] = [
  { kind: 'parameter', change: 'changed', name: 'dsc', fields: [{ field: 'dsc', before: 'Atiende ventas', after: 'Atiende ventas y cobranzas' }] },
  { kind: 'parameter', change: 'added', name: 'params.maxAttempt', fields: [{ field: 'params.maxAttempt', before: null, after: 3 }] },
];

async function openCompare() {
  botAnswers(bot());
  record('get', '/bot-version', () => botVersion(2));
  record('get', '/list/version', () => [botVersion(2, { msg: 'Pagos' }), botVersion(1, { msg: 'Primera versión' })]);
  record('get', '/bot.compare', () => PARAMETERS);
  renderBotForm({ session: makeSession({ rol: 'ROLE_COMPANIA' }), botId: 'b1', reload: () => undefined });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Versiones' }));
  const dialog = await screen.findByRole('dialog', { name: 'Versiones' });
  await within(dialog).findByRole('table');
  return { dialog, user };
}

describe('Comparar: parámetros', () => {
  it("nombra cada parámetro por su etiqueta, una vez, sin la clave ('dsc', 'params.maxAttempt')", async () => {
    const { dialog, user } = await openCompare();
    await user.click(within(dialog).getByRole('button', { name: 'Comparar' }));
    const result = await within(dialog).findByRole('region', { name: 'Cambios de la versión 1 a la versión 2' });
    const parametros = within(result).getByRole('region', { name: 'Parámetros' });
    const items = within(parametros).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['ModificadoDescripciónAtiende ventas→Atiende ventas y cobranzas', 'AgregadoMáximo de intentos(vacío)→3']);
    expect(parametros).not.toHaveTextContent(/dsc|params\./);
    expect(within(parametros).queryAllByRole('term')).toHaveLength(0);
  });

  it("el botón 'Comparar' no se encoge por debajo de su texto ni lo parte", async () => {
    const { dialog } = await openCompare();
    const button = within(dialog).getByRole('button', { name: 'Comparar' });
    const style = getComputedStyle(button);
    expect(style.flexShrink).toBe('0');
    expect(style.whiteSpace).toBe('nowrap');
    // The row wraps instead of squeezing it.
    expect(getComputedStyle(button.parentElement!).flexWrap).toBe('wrap');
  });
});
