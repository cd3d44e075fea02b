// The editors of the kinds that call or hand over (WEB_HOOK, GO_SKILL, GO_BOT, GO_HUMAN):
// their defaults, the rule's message on a wrong save, and the exact POST /accion of a right one.
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCION_MESSAGES as SKILL_MESSAGES } from '../../../../common/actions';
import { serveSkills, skill } from '../../flow/support';
import { record } from '../../resources/support';
import { addCard, group, inCard, renderAcciones, save, serveAcciones, serveSave } from './support';

describe('Editores de acciones: webhook y saltos', () => {
  it('WebHook: POST y Content-Type: application/json de entrada; la URL se valida; envía cabeceras, cuerpo, archivos, condiciones y respuesta a memoria', async () => {
    serveAcciones([]);
    const saves = serveSave();
    renderAcciones();
    await addCard('WebHook', 'WebHook 1');

    expect(inCard('WebHook 1').getByRole('combobox', { name: 'Método' })).toHaveValue('POST');
    expect(within(inCard('WebHook 1').getByRole('combobox', { name: 'Método' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['GET', 'POST', 'PUT', 'PATCH']);
    const cabecera = group('WebHook 1', 'Cabecera 1');
    expect(cabecera.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Content-Type');
    expect(cabecera.getByRole('textbox', { name: 'Valor' })).toHaveValue('application/json');
    expect(inCard('WebHook 1').getByRole('region', { name: 'Campos del cuerpo' })).toHaveAccessibleDescription(/\{\{nombre\}\}/);

    await save('WebHook 1');
    expect(await inCard('WebHook 1').findByText(SKILL_MESSAGES.urlInvalida)).toBeInTheDocument();

    await userEvent.selectOptions(inCard('WebHook 1').getByRole('combobox', { name: 'Método' }), 'PUT');
    await userEvent.type(inCard('WebHook 1').getByRole('textbox', { name: 'URL' }), 'https://crm.test/pedidos');
    await userEvent.click(inCard('WebHook 1').getByRole('button', { name: 'Agregar campo al cuerpo' }));
    const campo = group('WebHook 1', 'Campo del cuerpo 1');
    await userEvent.type(campo.getByRole('textbox', { name: 'Nombre' }), 'cliente');
    await save('WebHook 1');
    expect(await campo.findByText(SKILL_MESSAGES.claveValor)).toBeInTheDocument();
    await userEvent.type(campo.getByRole('textbox', { name: 'Valor' }), '{{{{nombre}}');
    await userEvent.click(inCard('WebHook 1').getByRole('switch', { name: 'Enviar los archivos adjuntos del cliente' }));
    await userEvent.click(inCard('WebHook 1').getByRole('radio', { name: 'Alguna (OR)' }));
    // A condition on a value kept in memory: its name typed in, compared with a number.
    await userEvent.click(inCard('WebHook 1').getByRole('button', { name: 'Agregar condición' }));
    const condicion = group('WebHook 1', 'Condición 1');
    await userEvent.type(condicion.getByRole('textbox', { name: 'Nombre en memoria' }), 'monto');
    await userEvent.selectOptions(condicion.getByRole('combobox', { name: 'Operación' }), 'Mayor que');
    await save('WebHook 1');
    expect(await condicion.findByText(SKILL_MESSAGES.ingreseValor)).toBeInTheDocument();
    await userEvent.type(condicion.getByRole('textbox', { name: 'Valor' }), '100');
    await userEvent.click(inCard('WebHook 1').getByRole('button', { name: 'Agregar dato de la respuesta' }));
    const resp = group('WebHook 1', 'Respuesta a memoria 1');
    await userEvent.type(resp.getByRole('textbox', { name: 'Ruta en la respuesta' }), 'datos.pedido.id');
    await userEvent.type(resp.getByRole('textbox', { name: 'Nombre en memoria' }), 'pedido');
    await save('WebHook 1');

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({
      type: 'WEB_HOOK', idBot: 'b1', idSkill: 's1', unique: false, red: [8],
      method: 'PUT', url: 'https://crm.test/pedidos',
      headers: [{ k: 'Content-Type', v: 'application/json' }],
      fields: [{ k: 'cliente', v: '{{nombre}}' }],
      files: true, cond: [{ id: 'monto', type: 2, op: 'GREATER_THAN', value: '100', order: 1 }], op: 'OR',
      resp: [{ path: 'datos.pedido.id', k: 'pedido' }],
    });
    expect(await inCard('WebHook 1').findByText('PUT https://crm.test/pedidos')).toBeInTheDocument();
  });

  it('WebHook: la ayuda de cabeceras y campos dice que {{secreto.nombre}} envía un extra cifrado; en la URL solo vale en la consulta', async () => {
    serveAcciones([]);
    const saves = serveSave();
    renderAcciones();
    await addCard('WebHook', 'WebHook 1');

    expect(inCard('WebHook 1').getByRole('region', { name: 'Cabeceras' })).toHaveAccessibleDescription(/\{\{secreto\.nombre\}\} en un valor para enviar el extra cifrado del bot/);
    expect(inCard('WebHook 1').getByRole('region', { name: 'Campos del cuerpo' })).toHaveAccessibleDescription(/\{\{secreto\.nombre\}\} para enviar el extra cifrado del bot/);

    const url = inCard('WebHook 1').getByRole('textbox', { name: 'URL' });
    await userEvent.type(url, 'https://crm.test/{{{{secreto.apiKey}}/pedidos');
    await save('WebHook 1');
    expect(await inCard('WebHook 1').findByText(SKILL_MESSAGES.secretoFuera)).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    await userEvent.clear(url);
    await userEvent.type(url, 'https://crm.test/pedidos?token={{{{secreto.apiKey}}');
    await userEvent.click(inCard('WebHook 1').getByRole('button', { name: 'Agregar cabecera' }));
    await userEvent.type(group('WebHook 1', 'Cabecera 2').getByRole('textbox', { name: 'Nombre' }), 'Authorization');
    await userEvent.type(group('WebHook 1', 'Cabecera 2').getByRole('textbox', { name: 'Valor' }), 'Bearer {{{{secreto.apiKey}}');
    await save('WebHook 1');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toMatchObject({
      url: 'https://crm.test/pedidos?token={{secreto.apiKey}}',
      headers: [{ k: 'Content-Type', v: 'application/json' }, { k: 'Authorization', v: 'Bearer {{secreto.apiKey}}' }],
    });
  });

  it("Skill: elige entre los otros skills del bot ('Seleccione un Skill') y le pasa valores", async () => {
    serveAcciones([]);
    serveSkills([skill('s1', 'Saludo'), skill('s2', 'Pedidos'), skill('s3', 'Reclamos')]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Skill', 'Skill 1');

    const select = inCard('Skill 1').getByRole('combobox', { name: 'Skill' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleccione', 'Pedidos', 'Reclamos']));
    await save('Skill 1');
    expect(await inCard('Skill 1').findByText(SKILL_MESSAGES.skillDestino)).toBeInTheDocument();

    await userEvent.selectOptions(select, 'Reclamos');
    await userEvent.click(inCard('Skill 1').getByRole('button', { name: 'Agregar valor' }));
    const valor = group('Skill 1', 'Valor 1');
    await userEvent.type(valor.getByRole('textbox', { name: 'Nombre' }), 'origen');
    await userEvent.type(valor.getByRole('textbox', { name: 'Valor' }), 'ventas');
    await save('Skill 1');

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({ type: 'GO_SKILL', idBot: 'b1', idSkill: 's1', unique: false, red: [8], sk: 's3', fields: [{ k: 'origen', v: 'ventas' }] });
    expect(await inCard('Skill 1').findByText('Reclamos')).toBeInTheDocument();
  });

  it("Bot: elige entre los otros bots de la empresa ('Seleccione un bot') y el valor a enviar", async () => {
    serveAcciones([]);
    record('get', '/bots', () => [{ id: 'b1', nm: 'Ventas' }, { id: 'b2', nm: 'Soporte' }]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Bot', 'Bot 1');

    const select = inCard('Bot 1').getByRole('combobox', { name: 'Bot' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleccione', 'Soporte']));
    await save('Bot 1');
    expect(await inCard('Bot 1').findByText(SKILL_MESSAGES.botDestino)).toBeInTheDocument();

    await userEvent.selectOptions(select, 'Soporte');
    await userEvent.type(inCard('Bot 1').getByRole('textbox', { name: 'Valor a enviar' }), 'garantia');
    await save('Bot 1');

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({ type: 'GO_BOT', idBot: 'b1', idSkill: 's1', unique: false, red: [8], b: 'b2', sk: 'garantia' });
    expect(await inCard('Bot 1').findByText('Soporte')).toBeInTheDocument();
  });

  it('Humano: el bot que retoma la conversación es opcional', async () => {
    serveAcciones([]);
    record('get', '/bots', () => [{ id: 'b1', nm: 'Ventas' }, { id: 'b2', nm: 'Soporte' }]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Humano', 'Humano 1');
    const select = inCard('Humano 1').getByRole('combobox', { name: 'Bot que retoma la conversación al cerrar el agente' });
    // Any bot of the company, this one too: it may take its own conversation back.
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ninguno: la conversación termina con el agente', 'Ventas', 'Soporte']));
    await save('Humano 1');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({ type: 'GO_HUMAN', idBot: 'b1', idSkill: 's1', unique: false, red: [8], b: '' });
    expect(await inCard('Humano 1').findByText('La atiende un agente; al cerrar, la conversación termina.')).toBeInTheDocument();

    await userEvent.click(inCard('Humano 1').getByRole('button', { name: 'Editar Humano 1' }));
    await userEvent.selectOptions(inCard('Humano 1').getByRole('combobox', { name: 'Bot que retoma la conversación al cerrar el agente' }), 'Ventas');
    await save('Humano 1');
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1].body).toMatchObject({ type: 'GO_HUMAN', b: 'b1' });
    expect(await inCard('Humano 1').findByText('Ventas')).toBeInTheDocument();
  });
});
