// The list of actions (the action editors, the first action's rules, who edits, the messages): one
// card edited at a time, cancel, delete with and without asking, the card's states in words, the
// server's refusals, read-only without isBotEdit, and the leave-page prompt.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccionBody } from '../../../../src/api/skills';
import { SKILL_MESSAGES } from '../../../../common/schemas/skillRules';
import { serveSkills, skill } from '../../flow/support';
import { record } from '../../resources/support';
import { accion, card, findCard, inCard, menu, renderAcciones, saludo, serveAcciones } from './support';

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const mensaje1 = () => inCard('Texto 1').getByRole('textbox', { name: 'Mensaje 1' });

describe('Lista de acciones', () => {
  afterEach(() => vi.restoreAllMocks());

  it('muestra las acciones en orden, cada una legible', async () => {
    serveAcciones([saludo, menu, accion('a3', 'WEB_HOOK', { method: 'POST', url: 'https://crm.test/clientes', headers: [{ k: 'Content-Type', v: 'application/json' }], red: [1, 4] })]);
    renderAcciones();
    await findCard('Texto 1');
    expect(titles()).toEqual(['Texto 1', 'Botón 2', 'WebHook 3']);
    expect(inCard('Texto 1').getByText('Hola, soy el asistente de ventas')).toBeInTheDocument();
    expect(inCard('Botón 2').getByText('¿En qué le ayudo?')).toBeInTheDocument();
    expect(inCard('Botón 2').getByText('Precios')).toBeInTheDocument();
    expect(inCard('WebHook 3').getByText('POST https://crm.test/clientes')).toBeInTheDocument();
    expect(inCard('WebHook 3').getByText('Canales: Facebook, Whatsapp')).toBeInTheDocument();
  });

  it("una tarjeta a la vez: con cambios sin guardar, agregar o editar otra se rechaza con 'Cambios pendientes de guardar' y vuelve a ella", async () => {
    serveAcciones([saludo, menu]);
    renderAcciones();
    await findCard('Texto 1');

    await userEvent.click(screen.getByRole('button', { name: 'Editar Texto 1' }));
    // Without changes, opening another card just closes this one.
    await userEvent.click(screen.getByRole('button', { name: 'Editar Botón 2' }));
    expect(inCard('Texto 1').queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(inCard('Botón 2').getByRole('button', { name: 'Guardar' })).toBeInTheDocument();

    await userEvent.type(inCard('Botón 2').getAllByRole('textbox', { name: 'Título' })[0], ' Hoy');
    expect(inCard('Botón 2').getByText(SKILL_MESSAGES.pendiente)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Card' }));
    expect(await screen.findByText(SKILL_MESSAGES.pendiente, { selector: '.MuiSnackbarContent-message' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Card 3' })).not.toBeInTheDocument();
    expect(inCard('Botón 2').getAllByRole('textbox', { name: 'Título' })[0]).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Editar Texto 1' }));
    expect(inCard('Texto 1').queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(inCard('Botón 2').getAllByRole('textbox', { name: 'Título' })[0]).toHaveValue('¿En qué le ayudo? Hoy');
  });

  it('Cancelar deja la acción como estaba; una nueva desaparece', async () => {
    serveAcciones([saludo]);
    renderAcciones();
    await findCard('Texto 1');
    await userEvent.click(screen.getByRole('button', { name: 'Editar Texto 1' }));
    await userEvent.type(mensaje1(), ' y de soporte');
    await userEvent.click(inCard('Texto 1').getByRole('button', { name: 'Cancelar' }));
    expect(inCard('Texto 1').getByText('Hola, soy el asistente de ventas')).toBeInTheDocument();
    expect(screen.queryByText(SKILL_MESSAGES.pendiente)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Editar Texto 1' }));
    expect(mensaje1()).toHaveValue('Hola, soy el asistente de ventas');
    await userEvent.click(inCard('Texto 1').getByRole('button', { name: 'Cancelar' }));

    await userEvent.click(screen.getByRole('button', { name: 'Card' }));
    await findCard('Card 2');
    await userEvent.click(inCard('Card 2').getByRole('button', { name: 'Cancelar' }));
    expect(titles()).toEqual(['Texto 1']);
  });

  it('eliminar una tarjeta sin guardar la quita sin preguntar ni llamar al servidor', async () => {
    serveAcciones([saludo]);
    const deletes = record('delete', '/accion', () => ({}));
    renderAcciones();
    await findCard('Texto 1');
    await userEvent.click(screen.getByRole('button', { name: 'Humano' }));
    await findCard('Humano 2');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Humano 2' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(titles()).toEqual(['Texto 1']);
    expect(deletes).toHaveLength(0);
  });

  it("eliminar una guardada pregunta 'Seguro desea borrar?', llama DELETE /accion y dice 'Eliminado con éxito'", async () => {
    serveAcciones([saludo, menu]);
    const deletes = record('delete', '/accion', () => ({}));
    renderAcciones();
    await findCard('Texto 1');

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Texto 1' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(SKILL_MESSAGES.seguroBorrar);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Texto 1' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Eliminado con éxito')).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    expect(deletes[0].url.searchParams.get('id')).toBe('a1');
    await waitFor(() => expect(titles()).toEqual(['Botón 1']));
  });

  it("los estados de la tarjeta: 'Cambios pendientes de guardar', 'Faltan datos o no son válidos' y 'Guardando...'", async () => {
    serveAcciones([]);
    let answer: (value: unknown) => void = () => undefined;
    const saves = record('post', '/accion', ({ body }) => new Promise((resolve) => (answer = () => resolve({ ...(body as AccionBody), id: 'a9', order: 0, rev: 0 }))));
    renderAcciones();
    await userEvent.click(await screen.findByRole('button', { name: 'Botón' }));
    await findCard('Botón 1');
    expect(inCard('Botón 1').getByRole('status')).toHaveTextContent(SKILL_MESSAGES.pendiente);

    await userEvent.click(inCard('Botón 1').getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(inCard('Botón 1').getByRole('status')).toHaveTextContent(SKILL_MESSAGES.faltanDatos));

    await userEvent.type(inCard('Botón 1').getAllByRole('textbox', { name: 'Título' })[0], 'Elija');
    await userEvent.click(inCard('Botón 1').getByRole('button', { name: 'Agregar botón' }));
    await userEvent.selectOptions(inCard('Botón 1').getByRole('combobox', { name: 'Tipo' }), 'Respuesta');
    await userEvent.type(inCard('Botón 1').getAllByRole('textbox', { name: 'Título' })[1], 'Sí');
    await userEvent.type(inCard('Botón 1').getByRole('textbox', { name: 'Valor' }), 'si');
    await userEvent.click(inCard('Botón 1').getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(inCard('Botón 1').getByRole('status')).toHaveTextContent(SKILL_MESSAGES.guardando));
    expect(saves).toHaveLength(1);

    answer(undefined);
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    await waitFor(() => expect(inCard('Botón 1').queryByRole('status')).not.toBeInTheDocument());
    expect(inCard('Botón 1').getByRole('button', { name: 'Editar Botón 1' })).toBeInTheDocument();
  });

  it('guardar una existente envía su id y su rev; la respuesta queda como la nueva versión', async () => {
    serveAcciones([saludo]);
    const saves = record('post', '/accion', ({ body }) => ({ ...(body as AccionBody), order: 0, rev: ((body as AccionBody).rev ?? 0) + 1 }));
    renderAcciones();
    await findCard('Texto 1');
    await userEvent.click(screen.getByRole('button', { name: 'Editar Texto 1' }));
    await userEvent.type(mensaje1(), '!');
    await userEvent.click(inCard('Texto 1').getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({ id: 'a1', rev: 0, type: 'TEXT', idBot: 'b1', idSkill: 's1', unique: false, red: [8], text: ['Hola, soy el asistente de ventas!'] });
    expect(await inCard('Texto 1').findByText('Hola, soy el asistente de ventas!')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Editar Texto 1' }));
    await userEvent.type(mensaje1(), '!');
    await userEvent.click(inCard('Texto 1').getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1].body).toMatchObject({ id: 'a1', rev: 1, text: ['Hola, soy el asistente de ventas!!'] });
  });

  it('un 400 muestra el mensaje del servidor y lo marca en su campo', async () => {
    serveAcciones([menu]);
    record('post', '/accion', () => HttpResponse.json({ message: 'Máximo 50 caracteres', field: 'buttons.0.title' }, { status: 400 }));
    renderAcciones();
    await findCard('Botón 1');
    await userEvent.click(screen.getByRole('button', { name: 'Editar Botón 1' }));
    await userEvent.type(inCard('Botón 1').getByRole('textbox', { name: 'Texto mostrado' }), 'Ver');
    await userEvent.click(inCard('Botón 1').getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Máximo 50 caracteres', { selector: '.MuiSnackbarContent-message' })).toBeInTheDocument();
    const titulo = inCard('Botón 1').getAllByRole('textbox', { name: 'Título' })[1];
    await waitFor(() => expect(titulo).toHaveAccessibleDescription('Máximo 50 caracteres7/50'));
    expect(titulo).toHaveAttribute('aria-invalid', 'true');
  });

  it('un 409 (otra persona guardó antes) avisa y conserva lo escrito', async () => {
    serveAcciones([saludo]);
    record('post', '/accion', () => HttpResponse.json({ message: SKILL_MESSAGES.stale }, { status: 409 }));
    renderAcciones();
    await findCard('Texto 1');
    await userEvent.click(screen.getByRole('button', { name: 'Editar Texto 1' }));
    await userEvent.type(mensaje1(), ' de siempre');
    await userEvent.click(inCard('Texto 1').getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SKILL_MESSAGES.stale)).toBeInTheDocument();
    expect(mensaje1()).toHaveValue('Hola, soy el asistente de ventas de siempre');
    expect(inCard('Texto 1').getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
  });

  it("la primera acción es un salto: solo se agregan saltos ('La primera acción es de tipo: Skill no puede agregar un: Texto')", async () => {
    serveAcciones([accion('a1', 'GO_SKILL', { sk: 's2', fields: [] })]);
    serveSkills([skill('s1', 'Saludo'), skill('s2', 'Pedidos')]);
    record('get', '/bots', () => []);
    renderAcciones();
    await findCard('Skill 1');
    expect(await inCard('Skill 1').findByText('Pedidos')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Texto' }));
    expect(await screen.findByText('La primera acción es de tipo: Skill no puede agregar un: Texto')).toBeInTheDocument();
    expect(titles()).toEqual(['Skill 1']);

    await userEvent.click(screen.getByRole('button', { name: 'Bot' }));
    expect(await findCard('Bot 2')).toBeInTheDocument();
  });

  it('sin isBotEdit todo es de solo lectura: sin agregar, sin mover, sin Editar ni Eliminar', async () => {
    serveAcciones([
      saludo,
      accion('a2', 'QUICK_REPLY', { title: '¿Le ayudo en algo más?', buttons: [{ type: 'POSTBACK', title: 'Sí', value: 'si' }] }),
      accion('a3', 'WEB_HOOK', { method: 'GET', url: 'https://crm.test/saldo' }),
      accion('a4', 'GO_SKILL', { sk: 's2' }),
    ]);
    serveSkills([skill('s1', 'Saludo'), skill('s2', 'Pedidos')]);
    renderAcciones({ canEdit: false });
    await findCard('Texto 1');
    expect(titles()).toEqual(['Texto 1', 'Respuesta rápida 2', 'WebHook 3', 'Skill 4']);
    expect(inCard('Respuesta rápida 2').getByText('¿Le ayudo en algo más?')).toBeInTheDocument();
    expect(inCard('WebHook 3').getByText('GET https://crm.test/saldo')).toBeInTheDocument();
    expect(await inCard('Skill 4').findByText('Pedidos')).toBeInTheDocument();
    for (const name of ['Texto', 'Card', 'Carousel', 'Botón', 'WebHook', 'Skill', 'Bot', 'Humano', 'Respuesta rápida']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /^(Mover|Editar|Eliminar) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("con una acción sin guardar, salir pregunta '¿Seguro deseas salir sin guardar tus cambios?'", async () => {
    serveAcciones([saludo]);
    const confirm = vi.spyOn(window, 'confirm');
    const { router } = renderAcciones();
    await findCard('Texto 1');

    await userEvent.click(screen.getByRole('button', { name: 'Card' }));
    await findCard('Card 2');
    await userEvent.click(screen.getByRole('link', { name: 'Volver al bot' }));
    const pregunta = () => screen.findByRole('dialog', { name: '¿Seguro deseas salir sin guardar tus cambios?' });
    await userEvent.click(within(await pregunta()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/skill/s1');
    expect(card('Card 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Volver al bot' }));
    await userEvent.click(within(await pregunta()).getByRole('button', { name: 'Salir sin guardar' }));
    expect(await screen.findByRole('heading', { name: 'Editor del bot' })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('sin cambios se sale sin preguntar', async () => {
    serveAcciones([saludo]);
    const confirm = vi.spyOn(window, 'confirm');
    renderAcciones();
    await findCard('Texto 1');
    await userEvent.click(screen.getByRole('button', { name: 'Editar Texto 1' }));
    await userEvent.click(screen.getByRole('link', { name: 'Volver al bot' }));
    expect(await screen.findByRole('heading', { name: 'Editor del bot' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });
});
