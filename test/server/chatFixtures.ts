// What the conversation suites share: a small Spanish bot of Demo Internacional written straight to
// the database (greeting with quick replies, prices with a carousel and a card, a registration that
// asks for an e-mail and keeps it, a handover to a person, channel-specific answers, a fallback),
// a signed-in client's call to POST /webchat/demo, and a channel client's message.
import { randomUUID } from 'node:crypto';
import type { ChatMessage, WebchatAnswer } from '../../common/schemas/chat';
import { deliver } from '../../server/src/conversation';
import type { TurnInput } from '../../server/src/engine/runtime';
import { loadDefinition } from '../../server/src/services/bots/definition';
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
      { title: 'Plan Básico', subtitle: 'S/ 50 al mes', imageUrl: 'https://example.com/basico.png', invalidOption: 'Elija un plan', buttons: [postback('Quiero el básico', 'quiero registrarme')] },
      { title: 'Plan Pro', subtitle: 'S/ 90 al mes', imageUrl: 'https://example.com/pro.png', invalidOption: 'Elija un plan', buttons: [{ type: 'WEB_URL', title: 'Detalles', value: 'https://example.com/pro' }] },
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

/**
 * A message of a channel's client to the deployed bot, handed to the conversation module as a
 * provider's adapter hands it (on a Facebook channel unless told): a real conversation, counted
 * and listed in the history, which the console's chat never makes. The input may carry the files
 * the client attached (`{ text, files }`). Returns the answer's messages.
 */
export async function fromChannel(t: TestApp, bot: string, psi: string, input: string | TurnInput, options: { nm?: string; idChannel?: string; red?: number } = {}): Promise<ChatMessage[]> {
  const entry = await t.app.bots.botEntry(t.app.db, bot);
  const compiled = entry ? await t.app.bots.deployedBot(t.app.db, entry.idVersion) : undefined;
  if (!entry || !compiled) throw new Error(`el bot ${bot} no está desplegado`);
  const to = { bot: entry.bot, compiled, idChannel: options.idChannel ?? 'canal-facebook', red: options.red ?? 1, psi, test: false, nm: options.nm, timeZone: entry.timeZone };
  return (await deliver(t.app, to, typeof input === 'string' ? { text: input } : input)).messages;
}

/** The texts (or titles) of messages, as a person reads them. */
export const texts = (messages: ChatMessage[]) => messages.map((m) => m.text ?? m.title ?? m.carousel?.map((c) => c.title).join(' | ') ?? m.type);

/** A skill of the bot with its actions, in order (each `[type, cfg]`); returns its id. */
export async function addSkill(t: TestApp, bot: string, nm: string, frases: string[], actions: Array<[string, object]> = [], tipo = 0): Promise<string> {
  const skill = await insertSkill(t, bot, nm, { frases, tipo });
  for (const [i, [type, cfg]] of actions.entries()) await insertAccion(t, { bot, skill }, type, i, { red: [8], ...cfg });
  return skill;
}

/** A requirement (tp 0) or memory (tp 1) with its operator between fields and its general missing messages. */
export async function addRequirement(t: TestApp, bot: string, skill: string, tp: 0 | 1, fields: object[], options: { op?: 'AND' | 'OR'; replyMissing?: string[] } = {}): Promise<string> {
  const id = randomUUID();
  await t.app.db
    .insertInto('requerimiento')
    .values({ id, idBot: bot, idSkill: skill, op: options.op ?? 'AND', tp, fields: JSON.stringify(fields), replyMissing: JSON.stringify(options.replyMissing ?? []) })
    .execute();
  return id;
}

/** A regular-expression entity of the bot (the first capture group is its value); returns its id. */
export async function addRegexEntity(t: TestApp, bot: string, nm: string, format: string): Promise<string> {
  const id = randomUUID();
  await t.app.db
    .insertInto('entidad')
    .values({ id, idBot: bot, nm, dsc: null, rgx: 1, format, keywords: '[]', type: null, paths: JSON.stringify([{ nm: 'text', tp: 'text' }, { nm: 'length', tp: 'number' }]) })
    .execute();
  return id;
}

/** Replaces the bot's parameters (and other bot columns when given). */
export async function setBot(t: TestApp, bot: string, params: object, columns: Record<string, unknown> = {}): Promise<void> {
  await t.app.db.updateTable('bot').set({ params: JSON.stringify(params), ...columns }).where('id', '=', bot).execute();
}

/** Deploys the working definition as version 1 straight in the database (its model is trained on first use). */
export async function deployNow(t: TestApp, bot: string): Promise<void> {
  const definition = await loadDefinition(t.app.db, bot);
  const fc = new Date(t.clock.now).toISOString();
  await t.app.db.insertInto('bot_version').values({ id: randomUUID(), idBot: bot, version: 1, fc, ffin: fc, done: 1, error: 0, snapshot: JSON.stringify(definition) }).execute();
  await t.app.db.updateTable('bot').set({ version: 1 }).where('id', '=', bot).execute();
}

/** The raw answer of POST /webchat/demo, whatever its status. */
export function post(c: Client, bot: string, psi: string, input: string | { postback: string }, extra: object = {}) {
  const body = { psi, idBot: bot, test: true, red: 1, ...(typeof input === 'string' ? { message: input } : input), ...extra };
  return c.post(`${API}/webchat/demo`, body);
}

/** The recorded rows of a test conversation: its client, its sessions (oldest first) and each session's messages in order. */
export async function recorded(t: TestApp, psi: string) {
  const { db } = t.app;
  const client = await db.selectFrom('chat_cliente').selectAll().where('psi', '=', psi).executeTakeFirst();
  const sesiones = client ? await db.selectFrom('chat_sesion').selectAll().where('idClt', '=', client.id).orderBy('fi').orderBy('id').execute() : [];
  const mensajes = await Promise.all(sesiones.map((s) => db.selectFrom('chat_mensaje').selectAll().where('idSesion', '=', s.id).orderBy('seq').execute()));
  const conversacion = await db.selectFrom('conversacion').selectAll().where('psi', '=', psi).executeTakeFirst();
  return { client, sesiones, mensajes, conversacion };
}
