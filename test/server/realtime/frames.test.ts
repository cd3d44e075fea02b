// The STOMP 1.2 frame codec, and the fan-out's encoding of messages into NOTIFY payloads.
import { describe, expect, it } from 'vitest';
import { parseDestination } from '../../../common/topics';
import { CHUNK_CHARS, NOTIFY_LIMIT, NotificationDecoder, channelFor, decodePresence, encodeNotifications, encodePresence } from '../../../server/src/realtime/fanout';
import { FrameParser, StompError, escapeHeader, serializeFrame, unescapeHeader } from '../../../server/src/realtime/frames';
import { STOMP_MESSAGES } from '../../../server/src/realtime/messages';

function parseAll(...chunks: Array<string | Buffer>) {
  const parser = new FrameParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

function failure(action: () => unknown): StompError {
  try {
    action();
  } catch (error) {
    if (error instanceof StompError) return error;
    throw error;
  }
  throw new Error('no falló');
}

describe('FrameParser', () => {
  it('lee comando, cabeceras y cuerpo hasta el NUL', () => {
    const [frame] = parseAll('SEND\ndestination:/app/x\ncontent-type:text/plain\n\nhola\0');
    expect(frame.command).toBe('SEND');
    expect({ ...frame.headers }).toEqual({ destination: '/app/x', 'content-type': 'text/plain' });
    expect(frame.body.toString()).toBe('hola');
  });

  it('acepta CRLF como fin de línea y EOLs sueltos (heart-beats) entre tramas', () => {
    const frames = parseAll('\n\r\nSEND\r\ndestination:/x\r\n\r\nuno\0\n\n\r\nSEND\ndestination:/y\n\ndos\0\n');
    expect(frames.map((f) => [f.headers.destination, f.body.toString()])).toEqual([['/x', 'uno'], ['/y', 'dos']]);
    expect(parseAll('\n', '\r', '\n', '\n')).toEqual([]);
  });

  it('varias tramas en un solo mensaje', () => {
    const text = Array.from({ length: 5 }, (_, i) => `SUBSCRIBE\nid:${i}\ndestination:/topic/${i}\n\n\0`).join('');
    expect(parseAll(text).map((f) => f.headers.id)).toEqual(['0', '1', '2', '3', '4']);
  });

  it('una trama partida en muchos mensajes, byte a byte, incluso dentro de un carácter UTF-8', () => {
    const bytes = Buffer.from('SEND\ndestination:/x\ncontent-length:6\n\nañoñ\0SEND\ndestination:/z\n\n¿sí?\0');
    const parser = new FrameParser();
    const frames = [];
    for (let i = 0; i < bytes.length; i += 1) frames.push(...parser.push(bytes.subarray(i, i + 1)));
    expect(frames.map((f) => f.body.toString())).toEqual(['añoñ', '¿sí?']);
  });

  it('con content-length el cuerpo puede contener NUL', () => {
    const [frame] = parseAll(Buffer.concat([Buffer.from('SEND\ndestination:/x\ncontent-length:3\n\n'), Buffer.from([0x61, 0x00, 0x62]), Buffer.from([0])]));
    expect([...frame.body]).toEqual([0x61, 0x00, 0x62]);
  });

  it('deshace los escapes \\n \\r \\c \\\\ en nombres y valores', () => {
    const [frame] = parseAll('MESSAGE\na\\cb:uno\\ndos\\rtres\\\\cuatro\\cfin\n\n\0');
    expect({ ...frame.headers }).toEqual({ 'a:b': 'uno\ndos\rtres\\cuatro:fin' });
  });

  it('CONNECT no se desescapa (compatibilidad con STOMP 1.0) y los valores conservan los dos puntos', () => {
    const [frame] = parseAll('CONNECT\naccept-version:1.2\npasscode:a\\cb:c\n\n\0');
    expect(frame.headers.passcode).toBe('a\\cb:c');
  });

  it('una cabecera repetida conserva el primer valor', () => {
    const [frame] = parseAll('SEND\ndestination:/primero\ndestination:/segundo\n\n\0');
    expect(frame.headers.destination).toBe('/primero');
  });

  it('una cabecera llamada __proto__ es una cabecera más', () => {
    const [frame] = parseAll('SEND\n__proto__:x\ndestination:/x\n\n\0');
    expect(frame.headers.__proto__).toBe('x');
    expect(Object.getPrototypeOf(frame.headers)).toBeNull();
  });

  it.each([
    ['un escape no definido', 'SEND\nx:a\\tb\n\n\0', STOMP_MESSAGES.badEscape],
    ['una barra invertida final', 'SEND\nx:a\\\n\n\0', STOMP_MESSAGES.badEscape],
    ['una línea sin dos puntos', 'SEND\nsin-dos-puntos\n\n\0', STOMP_MESSAGES.malformed],
    ['un comando que no es de mayúsculas', 'Send\n\n\0', STOMP_MESSAGES.malformed],
    ['un CR sin LF', 'SEND\rx\n\n\0', STOMP_MESSAGES.malformed],
    ['content-length no numérico', 'SEND\ncontent-length:-1\n\n\0', STOMP_MESSAGES.badContentLength],
    ['content-length menor que el cuerpo', 'SEND\ncontent-length:1\n\nabc\0', STOMP_MESSAGES.missingNul],
  ])('%s es un error', (_, text, message) => {
    expect(failure(() => parseAll(text)).message).toBe(message);
  });

  it('un CR suelto entre tramas es un error', () => {
    expect(failure(() => parseAll('\rSEND\n\n\0')).message).toBe(STOMP_MESSAGES.malformed);
  });

  it('cabeceras que no son UTF-8 son un error', () => {
    expect(failure(() => parseAll(Buffer.from([0x53, 0x45, 0x4e, 0x44, 0x0a, 0x78, 0x3a, 0xff, 0x0a, 0x0a, 0x00]))).message).toBe(STOMP_MESSAGES.notUtf8);
  });

  it('el error de una trama con receipt lleva su receipt', () => {
    expect(failure(() => parseAll('SEND\nreceipt:77\ncontent-length:1\n\nabc\0')).receipt).toBe('77');
  });

  describe('límites', () => {
    const limits = { maxFrameBytes: 100, maxHeaders: 3, maxHeaderBytes: 60 };

    it('una trama mayor que maxFrameBytes, con o sin content-length, aunque no haya terminado de llegar', () => {
      const parser = new FrameParser(limits);
      expect(failure(() => parser.push(`SEND\n\n${'a'.repeat(120)}`)).message).toBe(STOMP_MESSAGES.tooLarge);
      expect(failure(() => new FrameParser(limits).push('SEND\ncontent-length:500\n\nabc')).message).toBe(STOMP_MESSAGES.tooLarge);
      expect(failure(() => new FrameParser(limits).push(`SEND\n\n${'a'.repeat(120)}\0`)).message).toBe(STOMP_MESSAGES.tooLarge);
    });

    it('cabeceras más largas que maxHeaderBytes, aunque falte el fin de línea', () => {
      expect(failure(() => new FrameParser(limits).push(`SEND\nx:${'b'.repeat(80)}`)).message).toBe(STOMP_MESSAGES.tooLarge);
      expect(failure(() => new FrameParser(limits).push(`SEND\nx:${'b'.repeat(80)}\n\n\0`)).message).toBe(STOMP_MESSAGES.tooLarge);
    });

    it('más cabeceras que maxHeaders', () => {
      expect(new FrameParser(limits).push('SEND\na:1\nb:2\nc:3\n\n\0')).toHaveLength(1);
      expect(failure(() => new FrameParser(limits).push('SEND\na:1\nb:2\nc:3\nd:4\n\n\0')).message).toBe(STOMP_MESSAGES.tooManyHeaders);
    });

    it('dentro de los límites, muchas tramas pequeñas seguidas no los acumulan', () => {
      const parser = new FrameParser(limits);
      for (let i = 0; i < 50; i += 1) expect(parser.push(`SEND\nid:${i}\n\n${'a'.repeat(50)}\0`)).toHaveLength(1);
    });
  });
});

describe('serializeFrame', () => {
  it('escribe content-length en bytes UTF-8 y termina en NUL', () => {
    const text = serializeFrame('MESSAGE', { destination: '/topic/a', 'content-type': 'application/json' }, '{"text":"¿Qué tal? ñ"}');
    expect(text).toBe('MESSAGE\ndestination:/topic/a\ncontent-type:application/json\ncontent-length:25\n\n{"text":"¿Qué tal? ñ"}\0');
    expect(Buffer.byteLength('{"text":"¿Qué tal? ñ"}')).toBe(25);
  });

  it('escapa las cabeceras, salvo en CONNECTED, y omite las que no tienen valor', () => {
    expect(serializeFrame('RECEIPT', { 'receipt-id': 'a:b\nc\\d', nada: undefined })).toBe('RECEIPT\nreceipt-id:a\\cb\\nc\\\\d\n\n\0');
    expect(serializeFrame('CONNECTED', { version: '1.2', server: 'a:b' })).toBe('CONNECTED\nversion:1.2\nserver:a:b\n\n\0');
  });

  it('lo que escribe, el parser lo lee igual', () => {
    const headers = { destination: '/topic/bot/a:b', raro: 'línea\nnueva\r\\fin' };
    const [frame] = parseAll(serializeFrame('MESSAGE', headers, 'cuerpo con \n y ñ'));
    expect({ ...frame.headers }).toEqual({ ...headers, 'content-length': String(Buffer.byteLength('cuerpo con \n y ñ')) });
    expect(frame.body.toString()).toBe('cuerpo con \n y ñ');
    expect(unescapeHeader(escapeHeader('a:b\\c\nd\re'))).toBe('a:b\\c\nd\re');
  });
});

describe('parseDestination', () => {
  it.each([
    ['/user/bot/bot-1/psi-1', { kind: 'bot', idBot: 'bot-1', psi: 'psi-1' }],
    ['/user/bot/bot-1/a:b', { kind: 'bot', idBot: 'bot-1', psi: 'a:b' }],
    ['/user/conversacion', { kind: 'conversation' }],
    ['/topic/bot-1/psi-1', null],
    ['/topic/psi-1', null],
    ['/user/bot/bot-1', null],
    ['/user/bot//psi', null],
    ['/user/bot/a/b/c', null],
    ['/usuario/u/bot/b/p', null],
    ['/canal/c/p', null],
    ['/queue/a', null],
    ['user/bot/a/b', null],
    ['/user/bot/a/con espacio', null],
    ['/user/bot/a/a\u0000b', null],
  ])('%s', (text, expected) => {
    expect(parseDestination(text)).toEqual(expected);
  });
});

describe('notificaciones de la difusión entre instancias', () => {
  const decoder = () => new NotificationDecoder('instancia-b');

  it('un mensaje pequeño va en una notificación, y la propia se ignora', () => {
    const notes = encodeNotifications('instancia-a', '1', '/topic/b/p', '{"text":"hola"}');
    expect(notes).toEqual(['instancia-a\n/topic/b/p\n{"text":"hola"}']);
    expect(decoder().take(notes[0])).toEqual({ destination: '/topic/b/p', json: '{"text":"hola"}' });
    expect(new NotificationDecoder('instancia-a').take(notes[0])).toBeNull();
  });

  it('uno grande va en trozos bajo el límite de NOTIFY, que se rearman en cualquier orden', () => {
    const json = JSON.stringify({ text: 'ñandú 🦙 '.repeat(3000) });
    const notes = encodeNotifications('instancia-a', '9', '/topic/b/p', json);
    expect(notes.length).toBeGreaterThan(3);
    for (const note of notes) expect(Buffer.byteLength(note)).toBeLessThanOrEqual(NOTIFY_LIMIT);
    expect(notes[0].split('\n')[2].length).toBe(CHUNK_CHARS);
    const d = decoder();
    const shuffled = [...notes].reverse();
    const results = shuffled.map((note) => d.take(note));
    expect(results.slice(0, -1).every((r) => r === null)).toBe(true);
    expect(results.at(-1)).toEqual({ destination: '/topic/b/p', json });
  });

  it('trozos de mensajes distintos no se mezclan, y un trozo repetido no cuenta dos veces', () => {
    const a = encodeNotifications('instancia-a', '1', '/topic/x', 'a'.repeat(20_000));
    const b = encodeNotifications('instancia-a', '2', '/topic/y', 'b'.repeat(20_000));
    const d = decoder();
    expect(d.take(a[0])).toBeNull();
    expect(d.take(a[0])).toBeNull();
    expect(d.take(b[0])).toBeNull();
    for (const note of a.slice(1, -1)) expect(d.take(note)).toBeNull();
    expect(d.take(a.at(-1) as string)?.destination).toBe('/topic/x');
    for (const note of b.slice(1, -1)) d.take(note);
    expect(d.take(b.at(-1) as string)?.json).toBe('b'.repeat(20_000));
  });

  it('los trozos de un mensaje que nunca se completa se descartan pasado un minuto', () => {
    const notes = encodeNotifications('instancia-a', '1', '/topic/x', 'a'.repeat(20_000));
    const d = decoder();
    d.take(notes[0], 0);
    for (const note of notes.slice(1)) expect(d.take(note, 120_000)).toBeNull();
  });

  it('los avisos de presencia se distinguen de los mensajes, y el decodificador de mensajes los salta', () => {
    for (const kind of ['hello', 'here', 'bye'] as const) {
      const note = encodePresence('instancia-a', kind);
      expect(decodePresence(note)).toEqual({ origin: 'instancia-a', kind });
      // A decoder that knows only messages (an instance of an earlier version) gets nothing from it.
      expect(decoder().take(note)).toBeNull();
    }
    const message = encodeNotifications('instancia-a', '1', '/topic/b/p', '!hello');
    const chunks = encodeNotifications('instancia-a', '2', '/topic/b/p', 'a'.repeat(20_000));
    for (const note of [...message, ...chunks]) expect(decodePresence(note)).toBeNull();
    expect(decoder().take(message[0])).toEqual({ destination: '/topic/b/p', json: '!hello' });
    for (const garbage of ['', 'instancia-a', 'instancia-a\n!hola', 'instancia-a\n!hello\n', 'instancia-a\nhello']) expect(decodePresence(garbage)).toBeNull();
  });

  it('el canal es propio de cada esquema y siempre un identificador válido', () => {
    expect(channelFor('public')).toBe('quipu_rt_public');
    expect(channelFor('quipu_test_abc123')).toBe('quipu_rt_quipu_test_abc123');
    expect(channelFor('Esquema "raro"')).toMatch(/^quipu_rt_[0-9a-f]{32}$/);
    expect(channelFor('x'.repeat(80)).length).toBeLessThanOrEqual(63);
  });
});
