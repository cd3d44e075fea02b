// The skill editor's Memoria tab (tp 1): a field keeps an entity's value under a name (AS), and
// a save reminds to check that the entities kept are recognised in the user's phrases.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SKILL_MESSAGES } from '../../../../common/schemas/skillRules';
import { card, noticeText, renderTab, requerimiento, row, serve } from './support';

describe('Memoria', () => {
  it('agrega un campo que guarda el correo como AS con su nombre en memoria, y al guardar avisa que verifique las entidades', async () => {
    const served = serve([]);
    renderTab({ tp: 1 });
    expect(await screen.findByText('Este skill no guarda datos en memoria.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar memoria' }));
    const m1 = card('Memoria 1');
    const campo = row(m1, 1);
    const operacion = within(campo).getByLabelText('Operación');
    expect(operacion).toHaveValue('AS');
    expect(within(operacion).getAllByRole('option').map((o) => o.textContent)).toEqual(['Guardar como']);
    await userEvent.selectOptions(within(campo).getByLabelText('Entidad'), 'Correo electrónico');
    await userEvent.click(within(m1).getByRole('button', { name: 'Guardar' }));
    expect(await within(campo).findByText('Ingrese un valor')).toBeInTheDocument();
    expect(served.saves).toHaveLength(0);

    await userEvent.type(within(campo).getByLabelText('Nombre en memoria'), 'correo');
    await userEvent.click(within(m1).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(served.saves).toHaveLength(1));
    expect(served.saves[0].body).toEqual({
      idBot: 'b1', idSkill: 's1', tp: 1, op: 'AND', replyMissing: [],
      fields: [{ id: 'email', type: 1, path: 'text', op: 'AS', value: 'correo', order: 1 }],
    });
    expect(await noticeText()).toBe(`Guardado con éxito. ${SKILL_MESSAGES.sugerenciaMemoria}`);
    expect(await within(card('Memoria 1')).findByText('Correo electrónico · text · Guardar como · correo')).toBeInTheDocument();
  });

  it('lee la memoria guardada de este skill (GET /requerimientos con tp 1)', async () => {
    const served = serve([requerimiento('m1', { tp: 1, fields: [{ id: 'e1', type: 0, path: 'text', op: 'AS', value: 'ciudad' }] })]);
    renderTab({ tp: 1 });
    expect(await within(await screen.findByRole('region', { name: 'Memoria 1' })).findByText('Ciudad · text · Guardar como · ciudad')).toBeInTheDocument();
    expect(served.gets[0].url.searchParams.get('idSkill')).toBe('s1');
    expect(served.gets[0].url.searchParams.get('tp')).toBe('1');
  });
});
