// 'Probar Bot': the chat over the live topic, every
// message type, postbacks, the channel, clearing, and the answer's own copy when STOMP drops it.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { record } from '../resources/support';
import { debug, log, openTestChat, say, seriousViolations, stomp, text, webchat } from './chatSupport';

vi.mock('../../../src/resources/bots/testChat/stompTransport', () => ({
  openStompTransport: (topic: string, handlers: never) => stomp.open(topic, handlers),
}));

beforeEach(() => {
  stomp.reset();
  sessionStorage.clear();
});


describe('Probar Bot: el chat', () => {
  it('envía el texto con test, red 3 (Web, por defecto) y el psi del destino /user/bot/{idBot}/{psi}, y muestra la respuesta', async () => {
    const sent = webchat((body, turn) => [text(`Hola, ¿en qué le ayudo?\nEstoy para servirle`, debug(turn, body.message ?? ''))]);
    await openTestChat();
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Canal' })).toHaveTextContent('Web');
    await say('hola');
    expect(await within(log()).findByText(/Hola, ¿en qué le ayudo\?/)).toBeInTheDocument();
    expect(within(log()).getByRole('button', { name: 'hola' })).toBeInTheDocument();
    const body = sent[0].body as Record<string, unknown>;
    expect(body).toEqual({ psi: expect.stringMatching(/^demo-/), idBot: 'b1', test: true, red: 3, message: 'hola' });
    expect(stomp.current()?.topic).toBe(`/user/bot/b1/${String(body.psi)}`);
  });

  it(`rechaza un mensaje vacío con 'Escriba un mensaje o elija una opción'`, async () => {
    const sent = webchat(() => []);
    await openTestChat();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveAccessibleDescription('Escriba un mensaje o elija una opción');
    expect(sent).toHaveLength(0);
  });

  it("ofrece cada tipo de canal que conoce el motor y 'Todos', y envía el elegido como red ('Todos' es 8)", async () => {
    const sent = webchat(() => []);
    await openTestChat();
    await userEvent.click(screen.getByRole('combobox', { name: 'Canal' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Twitter', 'Facebook', 'Telegram', 'Web', 'WhatsApp', 'Microsoft Teams', 'Slack', 'Google', 'Todos']);
    await userEvent.click(screen.getByRole('option', { name: 'Todos' }));
    await say('hola');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ red: 8 });
  });

  it.each([
    ['Slack', 7],
    ['Google', 9],
    ['Microsoft Teams', 6],
  ])("envía %s como red %i", async (name, red) => {
    const sent = webchat(() => []);
    await openTestChat();
    await userEvent.click(screen.getByRole('combobox', { name: 'Canal' }));
    await userEvent.click(screen.getByRole('option', { name }));
    await say('hola');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ red });
  });

  it('muestra cada tipo de mensaje: TEXT, IMAGE, CARD, CAROUSEL y BUTTON con sus enlaces', async () => {
    webchat((_body, turn) => [
      text('Mire esto', debug(turn, 'todo')),
      { ...text(''), type: 'IMAGE', text: undefined, image_url: 'https://img.test/a.png' },
      { ...text(''), type: 'IMAGE', text: undefined, image_url: 'https://img.test/b.png', title: 'Nuestro local' },
      {
        ...text(''),
        type: 'CARD',
        text: undefined,
        title: 'Plan Básico',
        subtitle: 'S/ 20 al mes',
        image_url: 'https://img.test/plan.png',
        buttons: [{ type: 'WEB_URL', title: 'Ver web', value: 'https://quipu.test/planes' }],
      },
      {
        ...text(''),
        type: 'CAROUSEL',
        text: undefined,
        carousel: [
          { title: 'Plan Uno', subtitle: 'Barato', buttons: [{ type: 'POSTBACK', title: 'Elegir Uno', value: 'PLAN_1' }] },
          { title: 'Plan Dos', buttons: [{ type: 'CALL', title: 'Llamar', value: '+5115550000' }] },
        ],
      },
      { ...text(''), type: 'BUTTON', text: undefined, title: 'Menú principal', buttons: [{ type: 'POSTBACK', title: 'Horarios', value: 'HORARIOS' }] },
    ]);
    await openTestChat();
    await say('todo');
    const chat = log();
    expect(await within(chat).findByText('Mire esto')).toBeInTheDocument();
    expect(within(chat).getByRole('img', { name: 'Imagen' })).toHaveAttribute('src', 'https://img.test/a.png');
    expect(within(chat).getByRole('img', { name: 'Nuestro local' })).toBeInTheDocument();
    expect(within(chat).getByRole('img', { name: 'Plan Básico' })).toHaveAttribute('src', 'https://img.test/plan.png');
    expect(within(chat).getByText('S/ 20 al mes')).toBeInTheDocument();
    const web = within(chat).getByRole('link', { name: 'Ver web' });
    expect(web).toHaveAttribute('href', 'https://quipu.test/planes');
    expect(web).toHaveAttribute('target', '_blank');
    expect(web.getAttribute('rel')).toContain('noopener');
    const carousel = within(chat).getByRole('list', { name: 'Carrusel' });
    expect(carousel).toHaveAttribute('tabindex', '0');
    expect(within(carousel).getAllByRole('listitem')).toHaveLength(2);
    expect(within(carousel).getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', 'tel:+5115550000');
    expect(within(chat).getByText('Menú principal')).toBeInTheDocument();
    expect(within(chat).getByRole('button', { name: 'Horarios' })).toBeInTheDocument();
  });

  it('un enlace web que no es http, https, tel: ni mailto: no se muestra como enlace', async () => {
    webchat(() => [
      { ...text(''), type: 'BUTTON', text: undefined, title: 'Enlaces', buttons: [
        { type: 'WEB_URL', title: 'Script', value: 'javascript:alert(document.cookie)' },
        { type: 'WEB_URL', title: 'Datos', value: 'data:text/html,<script>alert(1)</script>' },
        { type: 'WEB_URL', title: 'Correo', value: 'mailto:hola@quipu.test' },
      ] },
    ]);
    await openTestChat();
    await say('enlaces');
    const chat = log();
    expect(await within(chat).findByText('Enlaces')).toBeInTheDocument();
    expect(within(chat).queryByRole('link', { name: 'Script' })).not.toBeInTheDocument();
    expect(within(chat).queryByRole('link', { name: 'Datos' })).not.toBeInTheDocument();
    expect(chat.innerHTML).not.toContain('javascript:');
    expect(chat.innerHTML).not.toContain('data:text');
    expect(within(chat).getByRole('link', { name: 'Correo' })).toHaveAttribute('href', 'mailto:hola@quipu.test');
  });

  it('los botones POSTBACK de BUTTON, CARD y CAROUSEL envían {postback} y muestran su título como mensaje del usuario', async () => {
    const sent = webchat((body, turn) =>
      body.message
        ? [
            { ...text(''), type: 'BUTTON', title: 'Menú', text: undefined, buttons: [{ type: 'POSTBACK', title: 'Horarios', value: 'HORARIOS' }], debug: debug(turn, 'menu') },
            { ...text(''), type: 'CARD', title: 'Plan', text: undefined, buttons: [{ type: 'POSTBACK', title: 'Comprar', value: 'COMPRAR' }] },
            { ...text(''), type: 'CAROUSEL', text: undefined, carousel: [{ title: 'Uno', buttons: [{ type: 'POSTBACK', title: 'Elegir Uno', value: 'PLAN_1' }] }] },
          ]
        : [text(`Elegido ${body.postback}`, debug(turn, body.postback ?? '', { via: 'postback' }))],
    );
    await openTestChat();
    await say('menu');
    await userEvent.click(await within(log()).findByRole('button', { name: 'Horarios' }));
    await within(log()).findByText('Elegido HORARIOS');
    await userEvent.click(within(log()).getByRole('button', { name: 'Comprar' }));
    await within(log()).findByText('Elegido COMPRAR');
    await userEvent.click(within(log()).getByRole('button', { name: 'Elegir Uno' }));
    await within(log()).findByText('Elegido PLAN_1');
    const bodies = sent.map((call) => call.body as Record<string, unknown>);
    expect(bodies.slice(1).map((body) => [body.postback, body.message])).toEqual([
      ['HORARIOS', undefined],
      ['COMPRAR', undefined],
      ['PLAN_1', undefined],
    ]);
    // The user's side of the chat shows each button's title.
    for (const title of ['Horarios', 'Comprar', 'Elegir Uno']) {
      expect(within(log()).getAllByRole('button', { name: title }).length).toBeGreaterThanOrEqual(1);
    }
    expect(within(log()).getAllByRole('button', { name: 'Horarios' })).toHaveLength(2);
  });

  it('las respuestas rápidas son chips que se van una vez elegida una', async () => {
    const sent = webchat((body, turn) =>
      body.message
        ? [text('¿Le ayudo en algo más?', debug(turn, 'x'), { quick: true, buttons: [{ type: 'POSTBACK', title: 'Sí', value: 'SI' }, { type: 'POSTBACK', title: 'No', value: 'NO' }] })]
        : [text('Hasta luego', debug(turn, 'NO'))],
    );
    await openTestChat();
    await say('x');
    const chips = await within(log()).findByRole('group', { name: 'Respuestas rápidas' });
    await userEvent.click(within(chips).getByRole('button', { name: 'No' }));
    await within(log()).findByText('Hasta luego');
    expect(within(log()).queryByRole('group', { name: 'Respuestas rápidas' })).not.toBeInTheDocument();
    expect(sent[1].body).toMatchObject({ postback: 'NO' });
  });

  it('muestra los mensajes de la respuesta del POST que STOMP no trajo en 1,5 s, una sola vez', async () => {
    stomp.delivers = false;
    webchat((body, turn) => [text('Respuesta sin socket', debug(turn, body.message ?? ''))]);
    await openTestChat();
    await say('hola');
    expect(within(log()).queryByText('Respuesta sin socket')).not.toBeInTheDocument();
    expect(await within(log()).findByText('Respuesta sin socket', undefined, { timeout: 4_000 })).toBeInTheDocument();
    stomp.delivers = true;
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(within(log()).getAllByText('Respuesta sin socket')).toHaveLength(1);
  });

  it("'Limpiar' borra la conversación (DELETE /webchat/demo?idBot&psi) y sigue con un psi nuevo", async () => {
    const sent = webchat((body, turn) => [text(`eco ${body.message}`, debug(turn, body.message ?? ''))]);
    const deletes = record('delete', '/webchat/demo', () => new Response(null, { status: 204 }));
    await openTestChat();
    await say('hola');
    await within(log()).findByText('eco hola');
    const first = (sent[0].body as { psi: string }).psi;
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(within(log()).queryByText('eco hola')).not.toBeInTheDocument());
    expect(deletes[0].url.searchParams.get('idBot')).toBe('b1');
    expect(deletes[0].url.searchParams.get('psi')).toBe(first);
    await say('otra vez');
    await within(log()).findByText('eco otra vez');
    const second = (sent[1].body as { psi: string }).psi;
    expect(second).not.toBe(first);
    expect(stomp.current()?.topic).toBe(`/user/bot/b1/${second}`);
  });

  it('la conversación sigue tras recargar la página (sessionStorage por bot)', async () => {
    webchat((body, turn) => [text(`eco ${body.message}`, debug(turn, body.message ?? ''))]);
    const { panel } = await openTestChat();
    await say('hola');
    await within(log()).findByText('eco hola');
    expect(panel).toBeInTheDocument();
    const stored = JSON.parse(sessionStorage.getItem('quipu.testChat.b1') ?? '{}') as { entries: unknown[] };
    expect(stored.entries).toHaveLength(2);
  });

  it('el panel abierto no tiene violaciones serias ni críticas de axe', async () => {
    webchat((_body, turn) => [
      text('Hola', debug(turn, 'hola', { entities: [{ id: 'email', nm: 'Correo', type: 1, value: 'a@b.pe', text: 'a@b.pe' }], memory: { nombre: 'Ana' } })),
      { ...text(''), type: 'CAROUSEL', text: undefined, carousel: [{ title: 'Uno', image_url: 'https://img.test/1.png', buttons: [{ type: 'POSTBACK', title: 'Elegir', value: 'E' }] }] },
      text('¿Algo más?', undefined, { quick: true, buttons: [{ type: 'POSTBACK', title: 'Sí', value: 'SI' }] }),
    ]);
    await openTestChat();
    await say('hola');
    await within(log()).findByText('¿Algo más?');
    expect(await seriousViolations()).toEqual([]);
  }, 45_000);

  it("al volver la conexión dice 'Conexión recuperada.', pide lo que el bot dijo mientras tanto, después de la última respuesta mostrada, y lo muestra", async () => {
    webchat(() => [{ ...text('Primera respuesta'), id: 'm1' }]);
    const missed = record('get', '/webchat/demo/mensajes', () => ({ messages: [{ ...text('Le escribe una persona del equipo'), id: 'm2' }] }));
    await openTestChat();
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    await say('hola');
    expect(await within(log()).findByText('Primera respuesta')).toBeInTheDocument();
    const { handlers } = stomp.current() as { handlers: { onState: (state: 'conectando' | 'conectado' | 'reintentando') => void } };
    act(() => handlers.onState('reintentando'));
    expect(await screen.findByText('Sin conexión: reintentando')).toBeInTheDocument();
    act(() => handlers.onState('conectado'));
    expect(await screen.findByText('Conexión recuperada.')).toHaveAttribute('role', 'status');
    expect(await within(log()).findByText('Le escribe una persona del equipo')).toBeInTheDocument();
    expect(missed).toHaveLength(1);
    expect(Object.fromEntries(missed[0].url.searchParams)).toEqual({ idBot: 'b1', psi: expect.stringMatching(/^demo-/), desde: 'm1' });
  });
});
