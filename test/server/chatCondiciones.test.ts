// Branching inside a skill: any action with conditions (`cond`, `op`) runs only when they hold, and a
// webhook that maps `$status` keeps the HTTP status of any answer (a 404 is the skill's to read; no
// answer still says the failure text). Against a real local HTTP server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, type ChatMessage } from '../../common/schemas/chat';
import { SKILL_MESSAGES } from '../../common/schemas/skillRules';
import { validateAccion } from '../../common/actions';
import { companyId } from './adminFixtures';
import { addRegexEntity, addRequirement, addSkill, insertChatBot, newPsi, say, texts, type ChatBot } from './chatFixtures';
import { createTestApp, dialects, type Client, type TestApp } from './helpers';
import { listenLocally } from './localServer';

/** Orders: 'A-1' exists, any other code is a 404 with a JSON body; '/caido' never answers in time. */
function startServer() {
  return listenLocally((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/caido') return void req.socket.destroy();
    const codigo = url.searchParams.get('codigo');
    return codigo === 'A-1' ? json(200, { estado: 'en camino' }) : json(404, { message: 'Pedido no encontrado' });
  });
}

const memory = (id: string, op: string, value: string | null = null) => ({ id, type: 2, path: null, op, value, order: 0 });

describe.each(dialects)('acciones con condiciones y el estado HTTP del webhook (%s)', (dialect) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startServer>>;
  let chat: ChatBot;
  let c: Client;
  let psi: string;
  const talk = (text: string) => say(c, chat.bot, psi, text);

  beforeAll(async () => {
    t = await createTestApp(dialect, { outboundAllow: ['127.0.0.1'] });
    server = await startServer();
  });
  beforeEach(async () => {
    await t.reset();
    chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
    c = await t.login('compania@quipu.test');
    psi = newPsi();
    const codigo = await addRegexEntity(t, chat.bot, 'codigo', '\\b[A-Z]-\\d\\b');
    const pedido = await addSkill(t, chat.bot, 'Pedido', ['estado de mi pedido', 'dónde está mi pedido', 'consultar mi pedido', 'rastrear mi pedido'], [
      ['WEB_HOOK', { method: 'GET', url: `${server.base}/pedido`, headers: [], fields: [{ k: 'codigo', v: '{{codigo}}' }], resp: [{ path: '$status', k: 'status' }, { path: 'estado', k: 'estado' }], cond: [], op: 'AND' }],
      ['TEXT', { text: ['Su pedido {{codigo}} está {{estado}}.'], cond: [memory('status', 'IS', '200')], op: 'AND' }],
      ['TEXT', { text: ['No encontramos el pedido {{codigo}}.'], cond: [memory('status', 'IS', '404')], op: 'AND' }],
      ['TEXT', { text: ['No pudimos consultar el pedido.'], cond: [memory('status', 'NOT_IN', '200, 404')], op: 'AND' }],
    ]);
    await addRequirement(t, chat.bot, pedido, 0, [{ id: codigo, type: 0, path: 'text', op: 'IS_PRESENT', value: null, order: 0, replyMissing: '¿Cuál es el código?' }]);
    await addRequirement(t, chat.bot, pedido, 1, [{ id: codigo, type: 0, path: 'text', op: 'AS', value: 'codigo', order: 0 }]);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it('con el estado en memoria, un 200 y un 404 siguen cada uno por su texto', async () => {
    expect(texts(await talk('dónde está mi pedido A-1'))).toEqual(['Su pedido A-1 está en camino.']);
    const missing = await talk('dónde está mi pedido B-2');
    expect(texts(missing)).toEqual(['No encontramos el pedido B-2.']);
    expect((missing[0] as ChatMessage).debug).toMatchObject({ memory: { status: 404 }, webhooks: [{ status: 404 }] });
  });

  it('sin respuesta del servidor (ningún estado) sigue siendo la falla', async () => {
    await t.app.db.updateTable('accion').set({ cfg: JSON.stringify({ method: 'GET', url: `${server.base}/caido`, headers: [], fields: [], resp: [{ path: '$status', k: 'status' }], cond: [], op: 'AND', red: [8] }) }).where('type', '=', 'WEB_HOOK').where('idBot', '=', chat.bot).execute();
    expect(texts(await talk('dónde está mi pedido A-1'))).toEqual([CHAT_MESSAGES.webhookFallo]);
  });

  it('un TEXT con condiciones se salta cuando no se cumplen (AND) y corre cuando alguna se cumple (OR)', async () => {
    await addSkill(t, chat.bot, 'Clima', ['cómo está el clima', 'qué tiempo hace', 'va a llover hoy', 'hace frío afuera'], [
      ['TEXT', { text: ['Sin datos del clima.'], cond: [memory('ciudad', 'IS_PRESENT')], op: 'AND' }],
      ['TEXT', { text: ['Consultando el clima.'], cond: [memory('ciudad', 'IS_PRESENT'), memory('ciudad', 'IS_ABSENT')], op: 'OR' }],
    ]);
    expect(texts(await talk('cómo está el clima'))).toEqual(['Consultando el clima.']);
  });

  it('las condiciones de cualquier acción se revisan con las reglas del editor', () => {
    const problems = validateAccion({ type: 'TEXT', text: ['hola'], red: [8], cond: [{ id: 'status', type: 2, op: '', value: null, order: 0 }] } as never);
    expect(problems).toEqual([expect.objectContaining({ field: 'cond.0.op', message: SKILL_MESSAGES.seleccione })]);
  });
});
