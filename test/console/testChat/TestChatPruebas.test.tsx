// The bot's regression tests in 'Probar Bot': 'Guardar como prueba' (the body
// POST /bot.prueba gets), the list with delete, and 'Probar todo' with what passes and fails.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PruebaResultado } from '../../../src/api/chat';
import { bot, compania, skills } from '../resources/botSupport';
import { record, renderAdmin } from '../resources/support';
import { debug, log, openTestChat, prueba, say, seriousViolations, stomp, text, webchat } from './chatSupport';

vi.mock('../../../src/resources/bots/testChat/stompTransport', () => ({
  openStompTransport: (topic: string, handlers: never) => stomp.open(topic, handlers),
}));

beforeEach(() => {
  stomp.reset();
  sessionStorage.clear();
});

const pruebas = () => screen.getByRole('region', { name: 'Pruebas' });

describe('Probar Bot: pruebas de regresión', () => {
  it("'Guardar como prueba' pide el nombre y guarda cada paso con los skills de su respuesta", async () => {
    webchat((body, turn) =>
      body.message
        ? [{ ...text(''), type: 'BUTTON', text: undefined, title: 'Menú', buttons: [{ type: 'POSTBACK', title: 'Horarios', value: 'HORARIOS' }], debug: debug(turn, 'menu', { skills: [{ id: 's5', nm: 'Menú' }] }) }]
        : [text('De 9 a 18', debug(turn, 'HORARIOS', { skills: [{ id: 's6', nm: 'Horarios' }, { id: 's7', nm: 'Despedida' }] }))],
    );
    const saves = record('post', '/bot.prueba', ({ body }) => ({ ...(body as object), id: 'p9', fc: '2026-03-01T10:00:00.000Z' }));
    await openTestChat();
    const guardar = within(pruebas()).getByRole('button', { name: 'Guardar como prueba' });
    expect(guardar).toBeDisabled();
    await say('menu');
    await userEvent.click(await within(log()).findByRole('button', { name: 'Horarios' }));
    await within(log()).findByText('De 9 a 18');
    await userEvent.click(guardar);
    const dialog = await screen.findByRole('dialog', { name: 'Guardar como prueba' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByRole('textbox', { name: 'Nombre de la prueba' })).toHaveAccessibleDescription('Ingrese un nombre para la prueba');
    expect(saves).toHaveLength(0);
    expect(await seriousViolations()).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre de la prueba' }), 'Menú y horarios');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toEqual({
      idBot: 'b1',
      nm: 'Menú y horarios',
      red: 3,
      pasos: [
        { text: 'menu', skills: ['s5'] },
        { postback: 'HORARIOS', skills: ['s6', 's7'] },
      ],
    });
  }, 45_000);

  it("lista las pruebas del bot y borra una tras 'Seguro desea borrar?'", async () => {
    const deletes = record('delete', '/bot.prueba', () => new Response(null, { status: 204 }));
    const { pruebasCalls } = await openTestChat([prueba('p1', 'Saludo'), prueba('p2', 'Compra', { pasos: [{ text: 'a', skills: [] }, { text: 'b', skills: [] }] })]);
    expect(await within(pruebas()).findByText('Compra')).toBeInTheDocument();
    expect(within(pruebas()).getByText('2 pasos')).toBeInTheDocument();
    expect(pruebasCalls[0].url.searchParams.get('idBot')).toBe('b1');
    await userEvent.click(within(pruebas()).getByRole('button', { name: 'Borrar la prueba Compra' }));
    const confirm = await screen.findByRole('dialog', { name: 'Seguro desea borrar?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Si' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0].url.searchParams.get('id')).toBe('p2');
    await waitFor(() => expect(pruebasCalls.length).toBeGreaterThan(1));
  });

  it("'Probar todo' muestra 'Pasa' o 'Falla', los pasos que fallan y 'N de M pruebas pasan'", async () => {
    const results: PruebaResultado[] = [
      { id: 'p1', nm: 'Saludo', ok: true, pasos: [{ input: 'hola', expected: [{ id: 's1', nm: 'Saludo' }], got: [{ id: 's1', nm: 'Saludo' }], ok: true }] },
      {
        id: 'p2',
        nm: 'Compra',
        ok: false,
        pasos: [
          { input: 'quiero comprar', expected: [{ id: 's1', nm: 'Saludo' }], got: [{ id: 's1', nm: 'Saludo' }], ok: true },
          { input: 'PLAN_1', expected: [{ id: 's8', nm: 'Planes' }, { id: 's9', nm: 'Pago' }], got: [{ id: 's3', nm: 'No entendí' }], ok: false },
        ],
      },
    ];
    const runs = record('post', '/bot.pruebas.run', () => results);
    await openTestChat([prueba('p1', 'Saludo'), prueba('p2', 'Compra')]);
    await userEvent.click(await within(pruebas()).findByRole('button', { name: 'Probar todo' }));
    const resultados = await within(pruebas()).findByRole('region', { name: 'Resultados' });
    expect(runs[0].url.searchParams.get('idBot')).toBe('b1');
    expect(within(resultados).getByText('1 de 2 pruebas pasan')).toBeInTheDocument();
    const [saludo, compra] = within(resultados).getAllByRole('listitem').filter((item) => item.parentElement?.parentElement === resultados);
    expect(saludo).toHaveTextContent('Saludo: Pasa');
    expect(compra).toHaveTextContent('Compra: Falla');
    expect(compra).toHaveTextContent('Entrada: «PLAN_1»');
    expect(compra).toHaveTextContent('Skills esperados: Planes → Pago');
    expect(compra).toHaveTextContent('Skills ejecutados: No entendí');
    expect(compra).not.toHaveTextContent('quiero comprar');
  });
});

describe('Editor de bot: parámetros y Probar Bot', () => {
  it("'Detener el despliegue si falla una prueba' se guarda en params.pruebasBloquean; con cambios sin guardar se avisa qué se prueba", async () => {
    record('get', '/bot', () => bot('b1'));
    record('get', '/skills', () => skills);
    record('get', '/bot-version', () => null);
    const saves = record('post', '/bot', ({ body }) => ({ ...bot('b1'), ...(body as object), rev: 5 }));
    renderAdmin('/bot/b1', compania);
    // The parameters start closed.
    await userEvent.click(await screen.findByRole('button', { name: /^Parámetros ·/ }));
    const bloquean = await screen.findByRole('switch', { name: 'Detener el despliegue si falla una prueba' });
    expect(bloquean).not.toBeChecked();
    expect(screen.queryByText('Se prueba la definición guardada')).not.toBeInTheDocument();
    // A bot that never set it sends no key.
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect((saves[0].body as { params: Record<string, unknown> }).params).not.toHaveProperty('pruebasBloquean');
    await userEvent.click(bloquean);
    expect(screen.getByText('Se prueba la definición guardada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect((saves[1].body as { params: Record<string, unknown> }).params).toMatchObject({ pruebasBloquean: true, maxAttempt: 3 });
  }, 30_000);
});
