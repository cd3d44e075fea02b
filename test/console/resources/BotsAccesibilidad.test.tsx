// The bots screens with axe (no serious or critical violation): the list with its import dialog,
// and every tab of the editor, with the entity editor open, the QnA tab's table and Monitoreo's KB
// panel. jsdom cannot judge colour contrast; the end-to-end suite does, in Chromium.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { bot, compania, skills } from './botSupport';
import { page, record, renderAdmin } from './support';

async function seriousViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

describe('Accesibilidad de los bots', () => {
  it('la lista y el diálogo de importación', async () => {
    record('post', '/bot/search', () => page([{ id: 'b1', nm: 'Ventas', dsc: 'Atiende ventas', imp: true }], 1, 10));
    renderAdmin('/bot', compania);
    await screen.findByText('Ventas');
    expect(await seriousViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Importar Bot' }));
    await screen.findByRole('dialog', { name: 'Importar Bot' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('el editor: General, Entidades (con su editor), QnA y Monitoreo', async () => {
    record('get', '/bot', () => bot('b1', { qna: true, extrasEnc: [{ key: 'apiKey', set: true }, { key: 'sftp', set: false, retype: true }] }));
    record('get', '/skills', () => skills);
    record('get', '/entity', () => [{ id: 'e1', idBot: 'b1', nm: 'ciudad', dsc: null, rgx: false, format: null, keywords: ['Lima'], type: null, paths: [] }]);
    record('get', '/entity/internal/list', () => [{ id: 'email', nm: 'Correo electrónico', dsc: 'Una dirección de correo' }]);
    record('post', '/frases', () => page([{ id: 'f1', f: 'quiero un reembolso', c: 3 }], 1, 20));
    record('get', '/tag-kb', () => [{ sg: 't0', nm: 'Global' }, { sg: 't1', nm: 'Horarios' }]);
    record('post', '/skill/qna-search', () => page([{ id: 'q1', nm: '¿A qué hora abren?', fa: '2026-11-20T15:00:00.000Z', origen: 1, tagsKb: ['t1'], nFrases: 3 }], 1, 20));
    record('get', '/skills/kb', () => [{ id: 's9', nm: 'Consultas' }]);
    record('post', '/qna-not-found/table', () => page([{ id: 'n1', idSkill: 's9', skill: 'Consultas', txt: 'venden repuestos', c: 2, fc: '2026-11-20T15:00:00.000Z' }], 1, 20));
    renderAdmin('/bot/b1', compania);
    await screen.findByDisplayValue('Bot b1');
    expect(await seriousViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('tab', { name: 'Entidades' }));
    await screen.findByText('Correo electrónico');
    await userEvent.click(await screen.findByRole('button', { name: 'Editar ciudad' }));
    await screen.findByRole('dialog', { name: 'Editar Entidad' });
    expect(await seriousViolations()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('tab', { name: 'QnA' }));
    await screen.findByText('¿A qué hora abren?');
    expect(await seriousViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('tab', { name: 'Monitoreo' }));
    await screen.findByText('quiero un reembolso');
    await screen.findByText('venden repuestos');
    expect(await seriousViolations()).toEqual([]);
    // axe reads the whole editor five times: more than the default 20 s on a slow machine.
  }, 90_000);
});
