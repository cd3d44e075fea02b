// Probar Bot when the bot sends nothing back: the answer of POST /webchat/demo carries the turn's
// debug, and 'Depuración' says why nothing came (no skills; no skill recognised the message and no
// fallback; the skill that ran sent no message) instead of 'Sin datos de depuración'.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, TurnDebug, WebchatBody } from '../../../src/api/chat';
import { API_URL, transport } from '../../../src/api/client';
import { createDataProvider } from '../../../src/api/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { TestChatPanel } from '../../../src/resources/bots/testChat/TestChatPanel';
import { record } from '../resources/support';
import { debug, log, stomp, text } from './chatSupport';

vi.mock('../../../src/resources/bots/testChat/stompTransport', () => ({
  openStompTransport: (topic: string, handlers: never) => stomp.open(topic, handlers),
}));

beforeEach(() => {
  stomp.reset();
  sessionStorage.clear();
});

const PIZZA = 'quiero una pizza hawaiana';
const depuracion = () => screen.getByRole('region', { name: 'Depuración' });

/** Sends a message: pasted (typing each key is what costs), then Enter. */
async function say(value: string) {
  await userEvent.click(screen.getByRole('textbox', { name: 'Mensaje' }));
  await userEvent.paste(value);
  await userEvent.keyboard('{Enter}');
}

/** The panel of bot b1; POST /webchat/demo answers what `answer` gives for each turn (no message and its debug, unless told). */
function renderChat(answer: (turn: string) => { messages?: ChatMessage[]; debug: TurnDebug }) {
  let turns = 0;
  record('get', '/bot.pruebas', () => []);
  record('post', '/webchat/demo', ({ body }) => {
    const { messages = [], debug: turnDebug } = answer(`t${++turns}`);
    stomp.publish(messages);
    return { psi: (body as WebchatBody).psi, messages, debug: turnDebug };
  });
  const dataProvider = createDataProvider(API_URL, transport.fetchJson, () => '3');
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <TestChatPanel idBot="b1" open dirty={false} onClose={() => undefined} />
    </AdminContext>,
  );
}

describe('Probar Bot: un turno sin respuesta', () => {
  it('sin skill que reconozca el mensaje ni skill de respaldo, Depuración lo dice', async () => {
    renderChat((turn) => ({ debug: debug(turn, PIZZA, { skill: null, recognised: false, candidates: [], skills: [], noAnswer: 'sinRespaldo' }) }));
    expect(within(depuracion()).getByText('Sin datos de depuración')).toBeInTheDocument();
    await say(PIZZA);
    const panel = depuracion();
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'El bot no respondió: ningún skill reconoció el mensaje y el bot no tiene un skill de respaldo (Fallback).',
    );
    expect(within(panel).getByText(`Respuesta a: «${PIZZA}»`)).toBeInTheDocument();
    expect(within(panel).getByText('Frase no reconocida')).toBeInTheDocument();
    expect(within(panel).queryByText('Sin datos de depuración')).not.toBeInTheDocument();
    // The user's message is there, with nothing of the bot's after it.
    expect(within(log()).getByText(PIZZA)).toBeInTheDocument();
  });

  it('un bot sin skills, y un skill que no envió nada: cada turno dice su motivo, también al elegir el mensaje', async () => {
    renderChat((turn) => ({
      debug:
        turn === 't1'
          ? debug(turn, 'hola', { skill: null, recognised: false, candidates: [], skills: [], noAnswer: 'sinSkills' })
          : debug(turn, 'a qué hora abren', { skill: { id: 's9', nm: 'Horarios', score: 0.9 }, skills: [{ id: 's9', nm: 'Horarios' }], noAnswer: 'sinMensajes' }),
    }));
    await say('hola');
    expect(await within(depuracion()).findByText('El bot no respondió: no tiene skills. Agregue un skill, y un skill de respaldo (Fallback) para lo que no entienda.')).toBeInTheDocument();
    await say('a qué hora abren');
    expect(
      await within(depuracion()).findByText('El bot no respondió: «Horarios» no envió ningún mensaje (no tiene acciones, o ninguna responde en este canal o cumple sus condiciones).'),
    ).toBeInTheDocument();
    // Choosing the first message shows its own turn's reason.
    await userEvent.click(within(log()).getByRole('button', { name: /hola/ }));
    expect(await within(depuracion()).findByText(/no tiene skills/)).toBeInTheDocument();
  });

  it('una respuesta con mensajes no muestra motivo', async () => {
    renderChat((turn) => ({ messages: [text('Abrimos a las 9', debug(turn, 'a qué hora abren'))], debug: debug(turn, 'a qué hora abren') }));
    await say('a qué hora abren');
    await within(log()).findByText('Abrimos a las 9');
    expect(within(depuracion()).getByText('Saludo (92%)')).toBeInTheDocument();
    expect(within(depuracion()).queryByRole('status')).not.toBeInTheDocument();
  });
});
