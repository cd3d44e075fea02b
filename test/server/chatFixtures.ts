// What the conversation suites share: a small Spanish bot of Demo Internacional written straight to
// the database (greeting with quick replies, prices with a carousel and a card, a registration that
// asks for an e-mail and keeps it, a handover to a person, channel-specific answers, a fallback),
// and a signed-in client's call to POST /webchat/demo.
import { randomUUID } from 'node:crypto';
import type { ChatMessage, WebchatAnswer } from '../../server/src/schemas/chat';
import { insertBot, insertSkill } from './botFixtures';
import { API, type Client, type TestApp } from './helpers';
import { insertAccion, insertRequerimiento } from './skillFixtures';

export interface ChatBot {
  bot: string;
  skills: Record<'saludo' | 'precios' | 'registro' | 'humano' | 'canal' | 'fallback', string>;
}

const postback = (title: string, value: string) => ({ type: 'POSTBACK', title, value });

export async function insertChatBot(t: TestApp, idE: string, params: object = {}): Promise<ChatBot> {
  const bot = await insertBot(t, idE, `Bot ${randomUUID().slice(0, 8)}`, { params: JSON.stringify(params) });
  const skill = (nm: string, frases: string[], tipo = 0) => insertSkill(t, bot, nm, { frases, tipo });
  const skills = {
    saludo: await skill('Saludo', ['hola', 'buenos días', 'buenas tardes', 'qué tal', 'hola, cómo estás', 'buenas noches', 'saludos']),
    precios: await skill('Precios', ['cuánto cuesta', 'qué precio tiene', 'cuáles son sus tarifas', 'precio del plan', 'cuánto vale el servicio', 'me pasa la lista de precios']),
    registro: await skill('Registro', ['quiero registrarme', 'suscribirme al boletín', 'registrar mi correo', 'quiero recibir novedades', 'anótame en la lista de correos']),
    humano: await skill('Humano', ['quiero hablar con una persona', 'necesito un asesor humano', 'pásame con un operador', 'comunícame con alguien de atención']),
    canal: await skill('Canal', ['en qué canal estoy', 'qué red es esta', 'por dónde me escribes']),
    fallback: await skill('No entendí', [], 1),
  };
  const s = (id: string) => ({ bot, skill: id });
  await insertAccion(t, s(skills.saludo), 'TEXT', 0, { text: ['¡Hola! ¿En qué le ayudo?'], red: [8] });
  await insertAccion(t, s(skills.saludo), 'QUICK_REPLY', 1, { title: 'Elija una opción', buttons: [postback('Ver precios', 'cuánto cuesta'), postback('Registrarme', skills.registro)], red: [8] });
  await insertAccion(t, s(skills.precios), 'TEXT', 0, { text: ['Estos son nuestros planes.'], red: [8] });
  await insertAccion(t, s(skills.precios), 'CAROUSEL', 1, {
    carousel: [
      { title: 'Plan Básico', subtitle: 'S/ 50 al mes', imageUrl: 'https://example.com/basico.png', invalidOption: '', buttons: [postback('Quiero el básico', 'quiero registrarme')] },
      { title: 'Plan Pro', subtitle: 'S/ 90 al mes', imageUrl: 'https://example.com/pro.png', invalidOption: '', buttons: [{ type: 'WEB_URL', title: 'Detalles', value: 'https://example.com/pro' }] },
    ],
    red: [8],
  });
  await insertAccion(t, s(skills.precios), 'CARD', 2, { imageUrl: 'https://example.com/menu.png', title: '¿Algo más?', subTitle: 'Elija', invalidOption: 'Elija una opción del menú', buttons: [postback('Hablar con alguien', skills.humano)], red: [8] });
  await insertRequerimiento(t, s(skills.registro), 0, [{ id: 'email', type: 1, path: 'text', op: 'IS_PRESENT', value: null, order: 0, replyMissing: '¿A qué correo le escribimos?' }]);
  await insertRequerimiento(t, s(skills.registro), 1, [{ id: 'email', type: 1, path: 'text', op: 'AS', value: 'correo', order: 0 }]);
  await insertAccion(t, s(skills.registro), 'TEXT', 0, { text: ['Listo, le escribiremos a {{correo}}.'], red: [8] });
  await insertAccion(t, s(skills.humano), 'GO_HUMAN', 0, { b: null, red: [8] });
  await insertAccion(t, s(skills.canal), 'TEXT', 0, { text: ['Está en WhatsApp'], red: [4] });
  await insertAccion(t, s(skills.canal), 'TEXT', 1, { text: ['Está en Facebook'], red: [1] });
  await insertAccion(t, s(skills.canal), 'TEXT', 2, { text: ['En cualquier canal'], red: [8] });
  await insertAccion(t, s(skills.fallback), 'TEXT', 0, { text: ['No le entendí. Puedo darle precios o registrarlo.'], red: [8] });
  return { bot, skills };
}

/** A new test-chat conversation id. */
export const newPsi = () => `demo-${randomUUID()}`;

/** Sends a message (or `{postback}`) to the bot; returns the answer's messages, failing on any status but 200. */
export async function say(c: Client, bot: string, psi: string, input: string | { postback: string }, extra: object = {}): Promise<ChatMessage[]> {
  const body = { psi, idBot: bot, test: true, red: 1, ...(typeof input === 'string' ? { message: input } : input), ...extra };
  const response = await c.post(`${API}/webchat/demo`, body);
  if (response.statusCode !== 200) throw new Error(`webchat ${response.statusCode}: ${response.body}`);
  return (response.json() as WebchatAnswer).messages;
}

/** The texts (or titles) of messages, as a person reads them. */
export const texts = (messages: ChatMessage[]) => messages.map((m) => m.text ?? m.title ?? m.carousel?.map((c) => c.title).join(' | ') ?? m.type);
