// Reordering the actions: by keyboard on each card's handle
// (Space lifts, the arrows move, Space drops), POST /accion.order with the move, and the refusals.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SKILL_MESSAGES } from '../../../../common/schemas/skillRules';
import { record } from '../../resources/support';
import { accion, findCard, menu, renderAcciones, saludo, serveAcciones } from './support';

const portada = accion('a3', 'CARD', { order: 2, imageUrl: 'https://tienda.test/portada.png', title: 'Catálogo', subTitle: '', invalidOption: '', buttons: [] });

/**
 * jsdom lays nothing out: each card (the node dnd-kit measures, [data-accion]) gets a 200 px
 * high box in list order, so the keyboard moves from one card to the next.
 */
function layOutCards() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const cards = Array.from(document.querySelectorAll('[data-accion]'));
    const index = cards.indexOf(this);
    if (index < 0) return original.call(this);
    const top = index * 200;
    return { x: 0, y: top, top, left: 0, right: 600, bottom: top + 180, width: 600, height: 180, toJSON: () => ({}) } as DOMRect;
  });
}

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

/** Space on the handle, `steps` arrows down (or up when negative), Space again. */
async function moveByKeyboard(handleName: string, steps: number) {
  screen.getByRole('button', { name: handleName }).focus();
  await userEvent.keyboard('[Space]');
  for (let i = 0; i < Math.abs(steps); i++) await userEvent.keyboard(steps > 0 ? '[ArrowDown]' : '[ArrowUp]');
  await userEvent.keyboard('[Space]');
}

describe('Orden de las acciones', () => {
  beforeEach(layOutCards);
  afterEach(() => vi.restoreAllMocks());

  it('con el teclado: Espacio levanta, la flecha baja y Espacio suelta; POST /accion.order lleva el movimiento', async () => {
    serveAcciones([saludo, menu, portada]);
    const orders = record('post', '/accion.order', () => [
      { ...menu, order: 0 },
      { ...saludo, order: 1, rev: 1 },
      { ...portada, order: 2 },
    ]);
    renderAcciones();
    await findCard('Texto 1');
    expect(titles()).toEqual(['Texto 1', 'Botón 2', 'Card 3']);

    await moveByKeyboard('Mover Texto 1', 1);

    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0].body).toEqual({ source: 0, destination: 1, idBot: 'b1', skillId: 's1', id: 'a1' });
    await waitFor(() => expect(titles()).toEqual(['Botón 1', 'Texto 2', 'Card 3']));
    expect(screen.getByText('Hola, soy el asistente de ventas')).toBeInTheDocument();
  });

  it('anuncia en español lo que pasa al mover', async () => {
    serveAcciones([saludo, menu, portada]);
    record('post', '/accion.order', () => [menu, saludo, portada]);
    renderAcciones();
    await findCard('Texto 1');
    const handle = screen.getByRole('button', { name: 'Mover Texto 1' });
    expect(handle).toHaveAttribute('aria-roledescription', 'ordenable');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby')!);
    expect(instructions).toHaveTextContent('Para mover una acción, pulse Espacio o Intro sobre su asa.');

    handle.focus();
    await userEvent.keyboard('[Space]');
    const live = () => document.querySelector('[aria-live="assertive"]');
    await waitFor(() => expect(live()).toHaveTextContent('Se levantó Texto 1, en la posición 1 de 3.'));
    await userEvent.keyboard('[ArrowDown]');
    await waitFor(() => expect(live()).toHaveTextContent('Texto 1 está sobre la posición 2 de 3.'));
    await userEvent.keyboard('[Escape]');
    await waitFor(() => expect(live()).toHaveTextContent('Se canceló el movimiento: Texto 1 vuelve a la posición 1 de 3.'));
    expect(titles()).toEqual(['Texto 1', 'Botón 2', 'Card 3']);
  });

  it("se rechaza con una acción sin guardar: 'Primero debe guardar todas las acciones' y el orden se queda", async () => {
    serveAcciones([saludo, menu]);
    const orders = record('post', '/accion.order', () => []);
    renderAcciones();
    await findCard('Texto 1');
    await userEvent.click(screen.getByRole('button', { name: 'Texto' }));
    await findCard('Texto 3');

    await moveByKeyboard('Mover Texto 1', 1);

    expect(await screen.findByText(SKILL_MESSAGES.guardeAcciones)).toBeInTheDocument();
    expect(titles()).toEqual(['Texto 1', 'Botón 2', 'Texto 3']);
    expect(orders).toHaveLength(0);
  });

  it('se rechaza un orden que deja un salto primero delante de otras acciones', async () => {
    serveAcciones([saludo, accion('a2', 'GO_SKILL', { order: 1, sk: 's2', fields: [] })]);
    record('get', '/skills', () => []);
    const orders = record('post', '/accion.order', () => []);
    renderAcciones();
    await findCard('Skill 2');

    await moveByKeyboard('Mover Skill 2', -1);

    expect(await screen.findByText('Una acción de tipo: Skill solo puede ir primero si las demás acciones también son saltos')).toBeInTheDocument();
    expect(titles()).toEqual(['Texto 1', 'Skill 2']);
    expect(orders).toHaveLength(0);
  });

  it('si otra persona cambió la lista (409) muestra el mensaje del servidor y vuelve a cargarla', async () => {
    const served = serveAcciones([saludo, menu]);
    record('post', '/accion.order', () => HttpResponse.json({ message: SKILL_MESSAGES.ordenCambiado }, { status: 409 }));
    renderAcciones();
    await findCard('Texto 1');
    served.acciones = [{ ...menu, order: 0 }, accion('a7', 'GO_HUMAN', { order: 1, b: 'Ventas' }), { ...saludo, order: 2 }];

    await moveByKeyboard('Mover Texto 1', 1);

    expect(await screen.findByText(SKILL_MESSAGES.ordenCambiado)).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Botón 1', 'Humano 2', 'Texto 3']));
    expect(served.calls).toHaveLength(2);
  });
});
