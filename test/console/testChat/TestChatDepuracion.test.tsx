// 'Depuración' beside the test chat: the answer's skill and score, the next two
// candidates, how it was chosen, the skills that ran, entities, memory, missing requirements,
// webhook calls and the handover; a user message selects its answer, by keyboard too.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { debug, log, openTestChat, say, stomp, text, webchat } from './chatSupport';

vi.mock('../../../src/resources/bots/testChat/stompTransport', () => ({
  openStompTransport: (topic: string, handlers: never) => stomp.open(topic, handlers),
}));

beforeEach(() => {
  stomp.reset();
  sessionStorage.clear();
});

const depuracion = () => screen.getByRole('region', { name: 'Depuración' });

describe('Probar Bot: Depuración', () => {
  it("sin respuestas dice 'Sin datos de depuración'", async () => {
    await openTestChat();
    expect(within(depuracion()).getByText('Sin datos de depuración')).toBeInTheDocument();
  });

  it('muestra lo que hizo el motor con la última respuesta', async () => {
    webchat((_body, turn) => [
      text('Anotado, Ana', debug(turn, 'soy Ana, mi correo es ana@demo.pe', {
        via: 'requerimiento',
        skill: { id: 's2', nm: 'Ingreso', score: 0.874 },
        candidates: [
          { skillId: 's2', nm: 'Ingreso', score: 0.874, threshold: 0.6, passed: true, reason: 'clasificador' },
          { skillId: 's1', nm: 'Saludo', score: 0.42, threshold: 0.5, passed: false, reason: 'umbral' },
          { skillId: 's3', nm: 'No entendí', score: 0.1, threshold: 0.7, passed: false, reason: 'umbral' },
        ],
        skills: [{ id: 's2', nm: 'Ingreso' }, { id: 's4', nm: 'Consulta' }],
        entities: [{ id: 'email', nm: 'Correo electrónico', type: 1, value: 'ana@demo.pe', text: 'ana@demo.pe' }],
        memory: { nombre: 'Ana', edad: 30 },
        missing: [{ id: 'r1', nm: 'documento', message: 'Indique su DNI' }],
        webhooks: [
          { method: 'POST', url: 'https://api.demo.test/clientes', status: 201, ms: 48.6 },
          { method: 'GET', url: 'https://api.demo.test/caido', status: null, ms: 5000, error: 'Tiempo agotado' },
          { method: 'GET', url: 'https://api.demo.test/token', status: 200, ms: 12, droppedHeaders: ['host', 'x-forwarded-for'] },
        ],
        human: true,
        bot: { id: 'b9', nm: 'Bot de ventas' },
      })),
    ]);
    await openTestChat();
    await say('soy Ana, mi correo es ana@demo.pe');
    await within(log()).findByText('Anotado, Ana');
    const panel = depuracion();
    expect(within(panel).getByText('Ingreso (87%)')).toBeInTheDocument();
    expect(within(panel).getByText('Elegido por: Requerimiento pendiente')).toBeInTheDocument();
    expect(within(panel).getByText('Saludo: 42% (umbral 50%)')).toBeInTheDocument();
    expect(within(panel).getByText('No entendí: 10% (umbral 70%)')).toBeInTheDocument();
    expect(within(panel).getByText('Ingreso → Consulta')).toBeInTheDocument();
    const [entidades, memoria, webhooks] = within(panel).getAllByRole('table');
    expect(within(entidades).getByRole('row', { name: 'Correo electrónico ana@demo.pe ana@demo.pe' })).toBeInTheDocument();
    expect(within(memoria).getByRole('row', { name: 'nombre Ana' })).toBeInTheDocument();
    expect(within(memoria).getByRole('row', { name: 'edad 30' })).toBeInTheDocument();
    expect(within(panel).getByText('documento: Indique su DNI')).toBeInTheDocument();
    expect(within(webhooks).getByRole('row', { name: 'POST https://api.demo.test/clientes 201 49' })).toBeInTheDocument();
    expect(within(webhooks).getByRole('row', { name: 'GET https://api.demo.test/caido Tiempo agotado 5000' })).toBeInTheDocument();
    expect(within(webhooks).getByRole('row', { name: 'GET https://api.demo.test/token 200 · Cabeceras no enviadas: host, x-forwarded-for 12' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Esperando a una persona' }).nextSibling).toHaveTextContent('Sí');
    expect(within(panel).getByText('La conversación pasó al bot Bot de ventas')).toBeInTheDocument();
  });

  it('un mensaje del usuario (con clic o teclado) elige su respuesta; por defecto la última', async () => {
    webchat((body, turn) => [text(`eco ${body.message}`, debug(turn, body.message ?? '', { skill: { id: 's1', nm: `Skill ${body.message}`, score: 0.5 } }))]);
    await openTestChat();
    await say('uno');
    await within(log()).findByText('eco uno');
    await say('dos');
    await within(log()).findByText('eco dos');
    expect(within(depuracion()).getByText('Skill dos (50%)')).toBeInTheDocument();

    await userEvent.click(within(log()).getByRole('button', { name: 'uno' }));
    expect(within(depuracion()).getByText('Skill uno (50%)')).toBeInTheDocument();
    expect(within(log()).getByRole('button', { name: 'uno' })).toHaveAttribute('aria-pressed', 'true');

    within(log()).getByRole('button', { name: 'dos' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(within(depuracion()).getByText('Skill dos (50%)')).toBeInTheDocument();
    expect(within(depuracion()).getByText('Respuesta a: «dos»')).toBeInTheDocument();
  });
});
