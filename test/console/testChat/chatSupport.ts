// Shared by the test chat's tests: a fake transport in place of STOMP (the tests decide what
// arrives over it), chat messages with their debug, and the bot editor opened with 'Probar Bot'.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ChatMessage, Prueba, TurnDebug, WebchatBody } from '../../../src/api/chat';
import type { ChatTransportHandlers } from '../../../src/resources/bots/testChat/transport';
import { bot, compania, skills } from '../resources/botSupport';
import { record, renderAdmin } from '../resources/support';

interface OpenTopic {
  topic: string;
  handlers: ChatTransportHandlers;
  closed: boolean;
}

/** The topics the chat followed, newest last; `publish` delivers to the open one. */
export const stomp = {
  topics: [] as OpenTopic[],
  /** false: the socket drops every message (the POST answer must bring them). */
  delivers: true,
  open(topic: string, handlers: ChatTransportHandlers) {
    const opened = { topic, handlers, closed: false };
    stomp.topics.push(opened);
    handlers.onState('conectando');
    queueMicrotask(() => handlers.onState('conectado'));
    return { ready: () => Promise.resolve(), close: () => void (opened.closed = true) };
  },
  current() {
    return stomp.topics.filter((topic) => !topic.closed).at(-1);
  },
  publish(messages: ChatMessage[]) {
    const open = stomp.current();
    if (!open || !stomp.delivers) return;
    act(() => messages.forEach((message) => open.handlers.onMessage(message)));
  },
  reset() {
    stomp.topics = [];
    stomp.delivers = true;
  },
};

export function debug(turn: string, input: string, extra: Partial<TurnDebug> = {}): TurnDebug {
  return {
    turn,
    input,
    via: 'clasificador',
    skill: { id: 's1', nm: 'Saludo', score: 0.92 },
    recognised: true,
    candidates: [
      { skillId: 's1', nm: 'Saludo', score: 0.92, threshold: 0.5, passed: true, reason: 'clasificador' },
      { skillId: 's2', nm: 'Ingreso', score: 0.31, threshold: 0.6, passed: false, reason: 'umbral' },
      { skillId: 's3', nm: 'No entendí', score: 0.05, threshold: 0.5, passed: false, reason: 'umbral' },
    ],
    skills: [{ id: 's1', nm: 'Saludo' }],
    entities: [],
    memory: {},
    missing: [],
    webhooks: [],
    human: false,
    bot: { id: 'b1', nm: 'Bot b1' },
    ...extra,
  };
}

let ids = 0;
export const text = (value: string, turnDebug?: TurnDebug, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${++ids}`,
  type: 'TEXT',
  text: value,
  fc: '2026-03-01T10:00:00.000Z',
  ...(turnDebug ? { debug: turnDebug } : {}),
  ...extra,
});

/**
 * Answers POST /webchat/demo like the server: `reply` gives the messages for each body; they are
 * published to the topic (unless the socket drops them) and are the answer's body too.
 */
export function webchat(reply: (body: WebchatBody, turn: string) => ChatMessage[]) {
  let turns = 0;
  return record('post', '/webchat/demo', ({ body }) => {
    const sent = body as WebchatBody;
    const messages = reply(sent, `t${++turns}`);
    stomp.publish(messages);
    return { psi: sent.psi, messages };
  });
}

export function prueba(id: string, nm: string, extra: Partial<Prueba> = {}): Prueba {
  return { id, idBot: 'b1', nm, red: 1, pasos: [{ text: 'hola', skills: ['s1'] }], fc: '2026-03-01T10:00:00.000Z', ...extra };
}

/** Opens /bot/b1 and its 'Probar Bot' panel; GET /bot.pruebas answers `pruebas`. */
export async function openTestChat(pruebas: Prueba[] = []) {
  record('get', '/bot', () => bot('b1'));
  record('get', '/skills', () => skills);
  record('get', '/bot-version', () => null);
  const pruebasCalls = record('get', '/bot.pruebas', () => pruebas);
  renderAdmin('/bot/b1', compania);
  await userEvent.click(await screen.findByRole('button', { name: 'Probar Bot' }));
  const panel = await screen.findByRole('dialog', { name: 'Probar Bot' });
  return { panel, pruebasCalls };
}

export async function seriousViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

/** The chat's message list. */
export const log = () => screen.getByRole('log', { name: 'Conversación' });

/** Types a message in the chat and sends it with Enter. */
export async function say(value: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Mensaje' }), `${value}{Enter}`);
}
