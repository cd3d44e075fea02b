// The adapters' pure parts: each provider's message format at its limits (long texts, many
// buttons, long postbacks, links and phone numbers), reading what each provider posts, and the
// signatures (Slack's documented example).
import { describe, expect, it } from 'vitest';
import { buttonData, pressed, split } from '../../server/src/channels/adapter';
import { readSlack } from '../../server/src/channels/slack/receive';
import { escapeText, toSlack } from '../../server/src/channels/slack/format';
import { checkSlackSignature } from '../../server/src/channels/slack/verify';
import { makeState, readState } from '../../server/src/channels/slack/oauth';
import { toTelegram } from '../../server/src/channels/telegram/format';
import { readUpdate } from '../../server/src/channels/telegram/receive';
import { toWhatsapp } from '../../server/src/channels/whatsapp/format';
import { readCloudWebhook } from '../../server/src/channels/whatsapp/receive';
import { checkHubSignature, hubChallenge, hubSignature } from '../../server/src/channels/whatsapp/verify';
import type { ChatButton, ChatMessage } from '../../common/schemas/chat';

const at = '2026-03-02T15:00:00.000Z';
const postback = (title: string, value: string): ChatButton => ({ type: 'POSTBACK', title, value });
const buttons = (b: ChatButton[], title = 'Elija'): ChatMessage => ({ id: '1', type: 'BUTTON', title, buttons: b, fc: at });
const many = (n: number) => Array.from({ length: n }, (_, i) => postback(`Opción ${i + 1}`, `op-${i + 1}`));
const LONG_VALUE = 'quiero registrarme para recibir las novedades del boletín mensual de la tienda'.repeat(4);

describe('formato de Telegram', () => {
  it('un texto de más de 4096 caracteres va en varios mensajes, con el teclado en el último', () => {
    const text = `${'palabra '.repeat(600)}fin`;
    const calls = toTelegram([{ id: '1', type: 'TEXT', text, buttons: [postback('Sí', 'si')], fc: at }]);
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.method === 'sendMessage' && [...c.text].length <= 4096)).toBe(true);
    expect(calls.map((c) => c.method === 'sendMessage' && c.text).join(' ')).toBe(text);
    expect(calls[0]).not.toHaveProperty('reply_markup');
    expect(calls[1]).toHaveProperty('reply_markup', { inline_keyboard: [[{ text: 'Sí', callback_data: 'si' }]] });
  });

  it('llamadas y enlaces que no son http van como líneas del texto; un botón sin título pide elegir', () => {
    const calls = toTelegram([buttons([{ type: 'CALL', title: 'Llámenos', value: '+51 1 705 2300' }, { type: 'WEB_URL', title: 'Correo', value: 'mailto:hola@tienda.pe' }, postback('Menú', 'menu')], '')]);
    expect(calls).toEqual([{ method: 'sendMessage', text: 'Llámenos: +51 1 705 2300\nCorreo: mailto:hola@tienda.pe', reply_markup: { inline_keyboard: [[{ text: 'Menú', callback_data: 'menu' }]] } }]);
    expect(toTelegram([buttons([postback('Menú', 'menu')], '')])[0]).toMatchObject({ text: 'Elija una opción' });
  });

  it('postbacks de más de 64 bytes llevan la marca con su posición', () => {
    const calls = toTelegram([buttons([postback('Corto', 'corto'), postback('Largo', LONG_VALUE), postback('Acentos', 'ñ'.repeat(33))])]);
    expect(calls[0]).toMatchObject({ reply_markup: { inline_keyboard: [[{ callback_data: 'corto' }], [{ callback_data: '~t:1' }], [{ callback_data: '~t:2' }]] } });
  });

  it('una tarjeta de leyenda larga manda la foto y luego el texto; una imagen lleva su texto como leyenda', () => {
    const long = 'x'.repeat(1100);
    expect(toTelegram([{ id: '1', type: 'CARD', title: 'T', subtitle: long, image_url: 'https://example.com/a.png', buttons: [], fc: at }])).toEqual([
      { method: 'sendPhoto', photo: 'https://example.com/a.png' },
      { method: 'sendMessage', text: `T\n${long}` },
    ]);
    expect(toTelegram([{ id: '1', type: 'IMAGE', image_url: 'https://example.com/b.png', text: 'Mire', fc: at }])).toEqual([{ method: 'sendPhoto', photo: 'https://example.com/b.png', caption: 'Mire' }]);
  });

  it('lee textos y botones pulsados; lo demás no trae nada que responder', () => {
    expect(readUpdate({ update_id: 5, message: { message_id: 1, date: 1, chat: { id: -100, type: 'group', title: 'g' }, from: { id: 9, is_bot: false, first_name: 'Ana' }, text: 'hola' } } as never))
      .toEqual({ psi: '-100', nm: 'Ana', text: 'hola', delivery: '5', to: { id: '-100' } });
    expect(readUpdate({ update_id: 6, edited_message: { message_id: 1, date: 1, chat: { id: 1, type: 'private' }, text: 'x' } } as never)).toBeUndefined();
    expect(readUpdate({ update_id: 7, message: { message_id: 1, date: 1, chat: { id: 1, type: 'private' }, photo: [] } } as never)).toBeUndefined();
    // A button of a message too old to read: its title cannot be found, so nothing reaches the bot.
    const old = readUpdate({ update_id: 8, callback_query: { id: 'q', from: { id: 3, is_bot: false, first_name: 'A' }, chat_instance: '1', data: '~t:0', message: { message_id: 1, date: 0, chat: { id: 3, type: 'private' } } } } as never);
    expect(old).toMatchObject({ psi: '3', callbackQueryId: 'q' });
    expect(old).not.toHaveProperty('postback');
    expect(old?.text).toBeUndefined();
  });
});

describe('formato de WhatsApp', () => {
  it('hasta 3 postbacks con títulos de hasta 20 caracteres son botones de respuesta', () => {
    expect(toWhatsapp([buttons(many(3))])).toEqual([{
      type: 'interactive',
      interactive: { type: 'button', body: { text: 'Elija' }, action: { buttons: many(3).map((b) => ({ type: 'reply', reply: { id: b.value, title: b.title } })) } },
    }]);
  });

  it('de 4 a 10 (o títulos de más de 20) son una lista; más de 10, un texto con las opciones para escribir', () => {
    expect(toWhatsapp([buttons(many(4))])).toEqual([{
      type: 'interactive',
      interactive: { type: 'list', body: { text: 'Elija' }, action: { button: 'Ver opciones', sections: [{ rows: many(4).map((b) => ({ id: b.value, title: b.title })) }] } },
    }]);
    expect(toWhatsapp([buttons([postback('Un título de veintiún c', 'a'), postback('B', 'b')])])[0]).toMatchObject({ interactive: { type: 'list' } });
    expect(toWhatsapp([buttons(many(11))])).toEqual([{ type: 'text', text: { body: `Elija\n\n${many(11).map((b) => `• ${b.title}`).join('\n')}\n\nEscriba la opción que prefiera.`, preview_url: false } }]);
  });

  it('los ids repetidos o de más de 256 caracteres viajan por el título, y los enlaces y teléfonos van en el texto', () => {
    const [message] = toWhatsapp([buttons([postback('A', 'mismo'), postback('B', 'mismo'), postback('C', LONG_VALUE), { type: 'WEB_URL', title: 'Web', value: 'https://tienda.pe' }, { type: 'CALL', title: 'Fono', value: '+51 1 705 2300' }])]);
    expect(message).toEqual({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Elija\nWeb: https://tienda.pe\nFono: +51 1 705 2300' },
        action: { buttons: [{ type: 'reply', reply: { id: 'mismo', title: 'A' } }, { type: 'reply', reply: { id: '~t:1', title: 'B' } }, { type: 'reply', reply: { id: '~t:2', title: 'C' } }] },
      },
    });
  });

  it('un texto largo se parte en mensajes de hasta 4096 caracteres', () => {
    const parts = toWhatsapp([{ id: '1', type: 'TEXT', text: 'a b '.repeat(2500), fc: at }]);
    expect(parts.length).toBe(3);
    expect(parts.every((p) => p.type === 'text' && [...p.text.body].length <= 4096)).toBe(true);
  });

  it('lee textos, respuestas de botón y de lista, y botones de plantilla', () => {
    const value = {
      metadata: { phone_number_id: 'P1' },
      contacts: [{ wa_id: '519', profile: { name: 'Ana' } }],
      messages: [
        { from: '519', id: 'w1', type: 'text', text: { body: 'hola' } },
        { from: '519', id: 'w2', type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: '~t:1', title: 'B' } } },
        { from: '519', id: 'w3', type: 'button', button: { payload: 'pago', text: 'Pagar' } },
        { from: '519', id: 'w4', type: 'image', image: { id: 'm' } },
      ],
    };
    expect(readCloudWebhook({ entry: [{ changes: [{ field: 'messages', value }] }] }, 'P1')).toEqual([
      { psi: '519', nm: 'Ana', text: 'hola', delivery: 'w1', to: { id: '519' } },
      { psi: '519', nm: 'Ana', text: 'B', delivery: 'w2', to: { id: '519' } },
      { psi: '519', nm: 'Ana', postback: 'pago', delivery: 'w3', to: { id: '519' } },
    ]);
    expect(readCloudWebhook({ entry: 'x' })).toEqual([]);
    expect(readCloudWebhook(null)).toEqual([]);
  });

  it('la firma X-Hub-Signature-256 y el saludo del verify token', () => {
    const body = Buffer.from('{"object":"whatsapp_business_account"}');
    expect(checkHubSignature('s', { 'x-hub-signature-256': hubSignature('s', body) }, body)).toBe(true);
    expect(checkHubSignature('s', { 'x-hub-signature-256': hubSignature('t', body) }, body)).toBe(false);
    expect(checkHubSignature('s', {}, body)).toBe(false);
    expect(hubChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': 'v', 'hub.challenge': '42' }, 'v')).toBe('42');
    expect(hubChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': 'v', 'hub.challenge': '42' }, undefined)).toBeUndefined();
    expect(hubChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '42' }, '')).toBeUndefined();
  });
});

describe('formato de Slack', () => {
  it('escapa &, < y > del texto y no lee markup en las secciones', () => {
    expect(escapeText('<@U1> & <!channel>')).toBe('&lt;@U1&gt; &amp; &lt;!channel&gt;');
    expect(toSlack([{ id: '1', type: 'TEXT', text: 'Precio <b>S/ 5</b> & más', fc: at }])).toEqual([{ text: 'Precio &lt;b&gt;S/ 5&lt;/b&gt; &amp; más' }]);
  });

  it('más de 25 botones van en varios bloques actions; los valores de más de 2000 bytes viajan por el título', () => {
    const [post] = toSlack([buttons([...many(29), postback('Largo', 'x'.repeat(2001))])]);
    const actions = post.blocks!.filter((b) => b.type === 'actions') as Array<{ elements: Array<{ value?: string }> }>;
    expect(actions.map((a) => a.elements.length)).toEqual([25, 5]);
    expect(actions[1].elements.at(-1)?.value).toBe('~t');
  });

  it('lee mensajes directos, menciones y botones; ignora lo demás', () => {
    expect(readSlack({ type: 'event_callback', event_id: 'E1', event: { type: 'message', user: 'U1', channel: 'D1', text: 'a &amp; b', ts: '1.2' } })).toEqual({
      kind: 'messages', messages: [{ psi: 'U1', text: 'a & b', delivery: 'msg:D1:1.2', to: { id: 'D1' } }],
    });
    expect(readSlack({ type: 'event_callback', event: { type: 'app_mention', user: 'U1', channel: 'C1', text: '<@UB> precios', ts: '2', thread_ts: '1' } }, 'UB')).toEqual({
      kind: 'messages', messages: [{ psi: 'U1', text: 'precios', delivery: 'msg:C1:2', to: { id: 'C1', thread: '1' } }],
    });
    expect(readSlack({ type: 'event_callback', event: { type: 'reaction_added', user: 'U1' } })).toEqual({ kind: 'messages', messages: [] });
    expect(readSlack('payload=%7Bno-es-json')).toEqual({ kind: 'messages', messages: [] });
    expect(readSlack({ type: 'url_verification', challenge: 'c' })).toEqual({ kind: 'challenge', challenge: 'c' });
  });

  it('la firma v0 con el ejemplo de la documentación de Slack, y su ventana de cinco minutos', () => {
    const body = Buffer.from('token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c');
    const headers = { 'x-slack-request-timestamp': '1531420618', 'x-slack-signature': 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503' };
    const secret = '8f742231b10e8888abcd99yyyzzz85a5';
    expect(checkSlackSignature(secret, headers, body, 1531420618_000 + 60_000)).toBe('ok');
    expect(checkSlackSignature(secret, headers, Buffer.concat([body, Buffer.from('x')]), 1531420618_000)).toBe('bad');
    expect(checkSlackSignature(secret, headers, body, 1531420618_000 + 5 * 60_000 + 1000)).toBe('stale');
    expect(checkSlackSignature(secret, { 'x-slack-request-timestamp': '1531420618' }, body, 1531420618_000)).toBe('missing');
  });

  it('el state de la autorización: firmado, y cualquier cambio lo invalida', () => {
    const key = Buffer.alloc(32, 3);
    const state = makeState(key, { id: 'c1', idE: 'e1' }, { id: 'u1' }, 1000);
    expect(readState(key, state)).toMatchObject({ c: 'c1', e: 'e1', u: 'u1', x: 1000 + 10 * 60_000 });
    expect(readState(Buffer.alloc(32, 4), state)).toBeUndefined();
    expect(readState(key, `${state}.x`)).toBeUndefined();
    expect(readState(key, state.replace(/^./, (c) => (c === 'e' ? 'f' : 'e')))).toBeUndefined();
  });
});

describe('piezas comunes', () => {
  it('split corta en saltos o espacios sin perder texto; buttonData y pressed se corresponden', () => {
    expect(split('uno dos tres', 7)).toEqual(['uno dos', 'tres']);
    expect(split('uno dos tres', 6)).toEqual(['uno', 'dos', 'tres']);
    expect(split('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(split('', 10)).toEqual(['']);
    expect(buttonData('corto', 64)).toBe('corto');
    expect(buttonData('~tengo tilde', 64)).toBe('~t');
    expect(pressed('corto', 'Título')).toEqual({ postback: 'corto' });
    expect(pressed('~t:3', 'Título')).toEqual({ text: 'Título' });
    expect(pressed(undefined, 'Título')).toEqual({ text: 'Título' });
  });
});
