// The skill editor's Requerimientos tab: its loads, the
// requirement cards with their field rows, saving, refusals, deleting, one card at a time, and
// the read-only view without isBotEdit.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SKILL_MESSAGES } from '../../../../common/schemas/skillRules';
import { record } from '../../resources/support';
import { card, ENTIDADES, INTERNAS, noticeText, refusal, renderTab, requerimiento, row, serve } from './support';

describe('Requerimientos: carga', () => {
  it("muestra 'Error al consultar Requerimientos guardados' (alerta y aviso) y Reintentar vuelve a leerlos", async () => {
    let fail = true;
    record('get', '/requerimientos', () => (fail ? refusal(500, 'Error interno') : [requerimiento('r1')]));
    record('get', '/entity', () => ENTIDADES);
    record('get', '/entity/internal/list', () => INTERNAS);
    renderTab();
    const alert = await screen.findByText(SKILL_MESSAGES.errorGuardados, { selector: '.MuiAlert-message' });
    expect(await noticeText()).toBe('Error al consultar Requerimientos guardados');
    expect(screen.queryByRole('button', { name: 'Agregar requerimiento' })).toBeNull();
    fail = false;
    await userEvent.click(within(alert.closest<HTMLElement>('.MuiAlert-root')!).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Correo electrónico · text · Está presente')).toBeInTheDocument();
    expect(screen.queryByText(SKILL_MESSAGES.errorGuardados, { selector: '.MuiAlert-message' })).toBeNull();
  });

  it("muestra 'Error al consultar Requerimientos' cuando no se leen las entidades: los guardados se ven, pero no se editan", async () => {
    record('get', '/requerimientos', () => [requerimiento('r1')]);
    record('get', '/entity', () => refusal(500, 'Error interno'));
    record('get', '/entity/internal/list', () => INTERNAS);
    renderTab();
    expect(await screen.findByText('Error al consultar Requerimientos', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(await noticeText()).toBe('Error al consultar Requerimientos');
    expect(await screen.findByText('email · text · Está presente')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar requerimiento' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar Requerimiento 1' })).toBeNull();
  });

  it('lee un requerimiento guardado como una frase, con sus mensajes', async () => {
    serve([requerimiento('r1', { op: 'OR', fields: [{ id: 'email', type: 1, path: 'text', op: 'IS_PRESENT', order: 1 }, { id: 'e1', type: 0, path: 'length', op: 'GREATER_THAN', value: '3', order: 2, replyMissing: '¿En qué ciudad?' }] })]);
    renderTab();
    const r1 = await screen.findByRole('region', { name: 'Requerimiento 1' });
    expect(within(r1).getByText('Se cumple con: Alguno de los campos (OR)')).toBeInTheDocument();
    const campos = within(within(r1).getByRole('list', { name: 'Campos' })).getAllByRole('listitem');
    expect(campos.map((c) => c.textContent)).toEqual(['Correo electrónico · text · Está presente', 'Ciudad · length · Mayor que · 3 — Mensaje si falta: ¿En qué ciudad?']);
    expect(within(r1).getByText('Necesito su correo')).toBeInTheDocument();
  });
});

describe('Requerimientos: agregar y guardar', () => {
  it('agrega un requerimiento sobre una entidad del bot y envía exactamente ese POST /requerimiento', async () => {
    const served = serve([]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar requerimiento' }));
    const r1 = card('Requerimiento 1');
    expect(within(r1).getByText('Cambios pendientes de guardar')).toBeInTheDocument();
    const campo = row(r1, 1);
    const entidad = within(campo).getByLabelText('Entidad');
    expect(within(entidad).getByRole('group', { name: 'Entidades del bot' })).toBeInTheDocument();
    expect(within(entidad).getByRole('group', { name: 'Entidades internas' })).toBeInTheDocument();
    await userEvent.selectOptions(entidad, 'Ciudad');
    await userEvent.selectOptions(within(campo).getByLabelText('Dato'), 'length');
    expect(within(campo).queryByLabelText('Valor')).toBeNull();
    await userEvent.selectOptions(within(campo).getByLabelText('Operación'), 'Mayor que');
    await userEvent.type(within(campo).getByLabelText('Valor'), '3');
    await userEvent.clear(within(campo).getByLabelText('Orden'));
    await userEvent.type(within(campo).getByLabelText('Orden'), '2');
    await userEvent.type(within(campo).getByLabelText('Mensaje si falta'), '¿En qué ciudad está?');
    await userEvent.click(within(r1).getByLabelText('Alguno de los campos (OR)'));
    await userEvent.type(within(r1).getByLabelText('Nuevo mensaje'), 'Necesito algunos datos{Enter}');
    expect(served.saves).toHaveLength(0);
    await userEvent.click(within(r1).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(served.saves).toHaveLength(1));
    expect(served.saves[0].body).toEqual({
      idBot: 'b1',
      idSkill: 's1',
      tp: 0,
      op: 'OR',
      fields: [{ id: 'e1', type: 0, path: 'length', op: 'GREATER_THAN', value: '3', order: 2, replyMissing: '¿En qué ciudad está?' }],
      replyMissing: ['Necesito algunos datos'],
    });
    expect(await noticeText()).toBe('Guardado con éxito');
    expect(await within(card('Requerimiento 1')).findByText('Ciudad · length · Mayor que · 3 — Mensaje si falta: ¿En qué ciudad está?')).toBeInTheDocument();
    expect(within(card('Requerimiento 1')).queryByRole('button', { name: 'Guardar' })).toBeNull();
  });
});

describe('Requerimientos: entidades internas', () => {
  it('un campo sobre una entidad interna se envía con type 1 y su dato', async () => {
    const served = serve([]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar requerimiento' }));
    const campo = row(card('Requerimiento 1'), 1);
    const internas = within(within(campo).getByLabelText('Entidad')).getByRole('group', { name: 'Entidades internas' });
    expect(within(internas).getAllByRole('option').map((o) => o.textContent)).toEqual(['Correo electrónico', 'Teléfono']);
    await userEvent.selectOptions(within(campo).getByLabelText('Entidad'), 'Correo electrónico');
    expect(within(campo).getByLabelText('Operación')).toHaveValue('IS_PRESENT');
    await userEvent.click(within(card('Requerimiento 1')).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(served.saves).toHaveLength(1));
    expect(served.saves[0].body).toEqual({
      idBot: 'b1', idSkill: 's1', tp: 0, op: 'AND', replyMissing: [],
      fields: [{ id: 'email', type: 1, path: 'text', op: 'IS_PRESENT', order: 1 }],
    });
    expect(await screen.findByText('Correo electrónico · text · Está presente')).toBeInTheDocument();
  });

  it('una entidad del bot sin datos propios ofrece text y length', async () => {
    serve([]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar requerimiento' }));
    const campo = row(card('Requerimiento 1'), 1);
    await userEvent.selectOptions(within(campo).getByLabelText('Entidad'), 'Producto');
    expect(within(within(campo).getByLabelText('Dato')).getAllByRole('option').map((o) => o.textContent)).toEqual(['text', 'length']);
  });
});

describe('Requerimientos: reglas al guardar', () => {
  it('muestra cada mensaje de las filas en su campo y no envía nada', async () => {
    const served = serve([]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar requerimiento' }));
    const r1 = card('Requerimiento 1');
    for (let n = 0; n < 3; n++) await userEvent.click(within(r1).getByRole('button', { name: 'Agregar campo' }));
    await userEvent.selectOptions(within(row(r1, 2)).getByLabelText('Operación'), 'Es igual a');
    await userEvent.selectOptions(within(row(r1, 3)).getByLabelText('Operación'), 'Mayor que');
    await userEvent.type(within(row(r1, 3)).getByLabelText('Valor'), 'tres');
    await userEvent.selectOptions(within(row(r1, 4)).getByLabelText('Operación'), 'Cumple la expresión');
    await userEvent.type(within(row(r1, 4)).getByLabelText('Valor'), '(abc');
    await userEvent.click(within(r1).getByRole('button', { name: 'Guardar' }));

    expect(await within(row(r1, 1)).findByText('Seleccione')).toBeInTheDocument();
    expect(within(row(r1, 1)).getByLabelText('Entidad')).toHaveAccessibleDescription('Seleccione');
    expect(within(row(r1, 2)).getByLabelText('Valor')).toHaveAccessibleDescription('Ingrese un valor');
    expect(within(row(r1, 3)).getByLabelText('Valor')).toHaveAccessibleDescription('Ingrese un número');
    expect(within(row(r1, 4)).getByLabelText('Valor')).toHaveAccessibleDescription('La expresión regular no es válida');
    expect(within(r1).getByText('Faltan datos o no son válidos')).toBeInTheDocument();

    for (let n = 4; n >= 1; n--) await userEvent.click(within(r1).getByRole('button', { name: `Quitar campo ${n}` }));
    await userEvent.click(within(r1).getByRole('button', { name: 'Guardar' }));
    expect(await within(r1).findByText('Debe ingresar al menos un campo')).toBeInTheDocument();
    expect(within(r1).getByRole('button', { name: 'Agregar campo' })).toHaveAccessibleDescription('Debe ingresar al menos un campo');
    expect(served.saves).toHaveLength(0);
    // Four rows typed into and a save twice: more than the default on a busy machine.
  }, 40_000);

  it("Enter sin texto en los mensajes dice 'Debe ingresar un texto valido para ser agregado' y no agrega nada", async () => {
    serve([]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar requerimiento' }));
    const r1 = card('Requerimiento 1');
    await userEvent.type(within(r1).getByLabelText('Nuevo mensaje'), '   {Enter}');
    expect(within(r1).getByLabelText('Nuevo mensaje')).toHaveAccessibleDescription(SKILL_MESSAGES.textoInvalido);
    expect(await noticeText()).toBe(SKILL_MESSAGES.textoInvalido);
    expect(within(r1).queryByRole('button', { name: /Quitar mensaje/ })).toBeNull();
    await userEvent.type(within(r1).getByLabelText('Nuevo mensaje'), 'Falta un dato{Enter}');
    expect(within(r1).getByText('Falta un dato')).toBeInTheDocument();
    await userEvent.click(within(r1).getByRole('button', { name: 'Quitar mensaje: Falta un dato' }));
    expect(within(r1).queryByText('Falta un dato')).toBeNull();
  });

  it("un campo que nombra una entidad borrada dice 'La entidad no existe en este bot'", async () => {
    const served = serve([requerimiento('r1', { fields: [{ id: 'e9', type: 0, path: 'text', op: 'IS_PRESENT' }] })]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Requerimiento 1' }));
    await userEvent.click(within(card('Requerimiento 1')).getByRole('button', { name: 'Guardar' }));
    expect(await within(row(card('Requerimiento 1'), 1)).findByText(SKILL_MESSAGES.entidadAjena)).toBeInTheDocument();
    expect(served.saves).toHaveLength(0);
  });
});

describe('Requerimientos: respuestas del servidor', () => {
  it('un 400 muestra su mensaje y lo marca en el campo que nombra', async () => {
    serve([requerimiento('r1')]);
    const saves = record('post', '/requerimiento', () => refusal(400, 'Esta operación no se usa en Requerimientos', 'fields.0.op'));
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Requerimiento 1' }));
    const r1 = card('Requerimiento 1');
    await userEvent.selectOptions(within(row(r1, 1)).getByLabelText('Operación'), 'No está presente');
    await userEvent.click(within(r1).getByRole('button', { name: 'Guardar' }));
    expect(await noticeText()).toBe('Esta operación no se usa en Requerimientos');
    expect(saves).toHaveLength(1);
    const op = within(row(r1, 1)).getByLabelText('Operación');
    expect(op).toHaveAccessibleDescription('Esta operación no se usa en Requerimientos');
    expect(op).toHaveFocus();
    expect(within(r1).getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
  });

  it('un 409 muestra que otra persona lo cambió y conserva lo escrito', async () => {
    serve([requerimiento('r1')]);
    const saves = record('post', '/requerimiento', () => refusal(409, SKILL_MESSAGES.stale));
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Requerimiento 1' }));
    const r1 = card('Requerimiento 1');
    await userEvent.type(within(row(r1, 1)).getByLabelText('Mensaje si falta'), 'Escriba su correo');
    await userEvent.click(within(r1).getByRole('button', { name: 'Guardar' }));
    expect(await noticeText()).toBe(SKILL_MESSAGES.stale);
    expect((saves[0].body as { rev: number; id: string }).rev).toBe(2);
    expect((saves[0].body as { rev: number; id: string }).id).toBe('r1');
    expect(within(row(r1, 1)).getByLabelText('Mensaje si falta')).toHaveValue('Escriba su correo');
    expect(within(r1).getByText('Cambios pendientes de guardar')).toBeInTheDocument();
  });
});

describe('Requerimientos: eliminar, cancelar y una tarjeta a la vez', () => {
  it("borrar uno guardado pregunta 'Seguro desea borrar?' y luego envía DELETE /requerimiento", async () => {
    const served = serve([requerimiento('r1'), requerimiento('r2', { fields: [{ id: 'phone', type: 1, path: 'text', op: 'IS_PRESENT' }] })]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Requerimiento 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Seguro desea borrar?')).toBeInTheDocument();
    expect(served.deletes).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(served.deletes).toHaveLength(1));
    expect(served.deletes[0].url.searchParams.get('id')).toBe('r1');
    expect(await noticeText()).toBe('Eliminado con éxito');
    await waitFor(() => expect(screen.queryByText('Correo electrónico · text · Está presente')).toBeNull());
    expect(within(card('Requerimiento 1')).getByText('Teléfono · text · Está presente')).toBeInTheDocument();
  });

  it('borrar uno sin guardar lo quita sin preguntar ni llamar al servidor', async () => {
    const served = serve([]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar requerimiento' }));
    await userEvent.click(within(card('Requerimiento 1')).getByRole('button', { name: 'Eliminar Requerimiento 1' }));
    expect(screen.queryByRole('region', { name: 'Requerimiento 1' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(served.deletes).toHaveLength(0);
    expect(screen.getByText('Este skill no tiene requerimientos.')).toBeInTheDocument();
  });

  it('Cancelar devuelve lo guardado', async () => {
    serve([requerimiento('r1')]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Requerimiento 1' }));
    const r1 = card('Requerimiento 1');
    await userEvent.selectOptions(within(row(r1, 1)).getByLabelText('Entidad'), 'Teléfono');
    await userEvent.click(within(r1).getByRole('button', { name: 'Cancelar' }));
    expect(within(r1).getByText('Correo electrónico · text · Está presente')).toBeInTheDocument();
    await userEvent.click(within(r1).getByRole('button', { name: 'Editar Requerimiento 1' }));
    expect(within(row(r1, 1)).getByLabelText('Entidad')).toHaveDisplayValue('Correo electrónico');
  });

  it("con cambios sin guardar en una tarjeta, no abre otra ni agrega: 'Cambios pendientes de guardar'", async () => {
    serve([requerimiento('r1'), requerimiento('r2')]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Requerimiento 1' }));
    const r1 = card('Requerimiento 1');
    await userEvent.type(within(row(r1, 1)).getByLabelText('Mensaje si falta'), 'x');
    expect(within(r1).getByText('Cambios pendientes de guardar')).toBeInTheDocument();
    await userEvent.click(within(card('Requerimiento 2')).getByRole('button', { name: 'Editar Requerimiento 2' }));
    expect(await noticeText()).toBe('Cambios pendientes de guardar');
    expect(within(card('Requerimiento 2')).queryByRole('button', { name: 'Guardar' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar requerimiento' }));
    expect(screen.queryByRole('region', { name: 'Requerimiento 3' })).toBeNull();
    // Without changes, opening another card closes this one.
    await userEvent.clear(within(row(r1, 1)).getByLabelText('Mensaje si falta'));
    await userEvent.click(within(card('Requerimiento 2')).getByRole('button', { name: 'Editar Requerimiento 2' }));
    expect(within(card('Requerimiento 2')).getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(within(r1).queryByRole('button', { name: 'Guardar' })).toBeNull();
  });
});

describe('Requerimientos sin isBotEdit', () => {
  it('se leen, sin Agregar, Editar ni Eliminar', async () => {
    serve([requerimiento('r1')]);
    renderTab({ canEdit: false });
    const r1 = await screen.findByRole('region', { name: 'Requerimiento 1' });
    expect(within(r1).getByText('Correo electrónico · text · Está presente')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar requerimiento' })).toBeNull();
    expect(within(r1).queryByRole('button', { name: /Editar|Eliminar/ })).toBeNull();
    expect(within(r1).queryByRole('combobox')).toBeNull();
  });
});
