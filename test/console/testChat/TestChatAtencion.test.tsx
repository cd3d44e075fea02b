// 'Terminar atención' in 'Probar Bot': while the conversation waits for a person (the answer's debug
// says so) the chat offers to end the wait, which calls POST /webchat/demo.terminar and shows the
// bot's notice; once the bot has the conversation back the button is gone.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { record } from '../resources/support';
import { debug, log, openTestChat, say, stomp, text, webchat } from './chatSupport';

vi.mock('../../../src/resources/bots/testChat/stompTransport', () => ({
  openStompTransport: (topic: string, handlers: never) => stomp.open(topic, handlers),
}));

beforeEach(() => {
  stomp.reset();
  sessionStorage.clear();
});

describe("Probar Bot: 'Terminar atención'", () => {
  it('aparece mientras la conversación espera a una persona, la devuelve al bot con POST /webchat/demo.terminar y desaparece', async () => {
    const sent = webchat((body, turn) =>
      body.message === 'quiero hablar con una persona'
        ? [text('Un momento por favor, le comunicamos con una persona de nuestro equipo.', debug(turn, body.message, { via: 'clasificador', human: true }))]
        : [text(`eco ${body.message}`, debug(turn, body.message ?? ''))],
    );
    const ended = record('post', '/webchat/demo.terminar', ({ body }) => ({
      psi: (body as { psi: string }).psi,
      messages: [text('La atención de nuestro equipo terminó. Sigue conversando con el asistente virtual.', debug('t9', '', { via: 'humano', human: false }))],
    }));
    await openTestChat();
    await say('hola');
    await within(log()).findByText('eco hola');
    expect(screen.queryByRole('button', { name: 'Terminar atención' })).not.toBeInTheDocument();

    await say('quiero hablar con una persona');
    await userEvent.click(await screen.findByRole('button', { name: 'Terminar atención' }));
    expect(await within(log()).findByText('La atención de nuestro equipo terminó. Sigue conversando con el asistente virtual.')).toBeInTheDocument();
    const psi = (sent[0].body as { psi: string }).psi;
    expect(ended.map((call) => call.body)).toEqual([{ psi, idBot: 'b1', test: true, red: 3 }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Terminar atención' })).not.toBeInTheDocument());
  });
});
