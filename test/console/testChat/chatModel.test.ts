// The test chat's pure parts: which user message each answer belongs to, the POST answer's copy,
// the debug of an answer, the steps 'Guardar como prueba' saves, and the STOMP address.
import { describe, expect, it } from 'vitest';
import { debugOf, missingFrom, type Conversation, newConversation, receive, settleTurn, toPruebaBody, userEntry, userText } from '../../../src/resources/bots/testChat/chatModel';
import { brokerUrl, jitteredDelay } from '../../../src/resources/bots/testChat/stompTransport';
import { debug, text } from './chatSupport';
import { addChatFiles } from '../../../common/schemas/chatFiles';

describe('chatModel', () => {
  it('una respuesta llegada por STOMP pertenece al mensaje más antiguo que espera la suya; el POST la confirma', () => {
    const uno = userEntry('uno');
    const dos = userEntry('dos');
    let conversation: Conversation = { ...newConversation(), entries: [uno, dos] };
    const a = text('a', debug('t1', 'uno'));
    const b = text('b', debug('t2', 'dos'));
    conversation = receive(conversation, b);
    conversation = settleTurn(conversation, dos.id, [b]);
    conversation = receive(conversation, a);
    expect(debugOf(conversation.entries, uno.id)?.input).toBe('uno');
    expect(debugOf(conversation.entries, dos.id)?.input).toBe('dos');
    expect(debugOf(conversation.entries)?.input).toBe('uno');
  });

  it('un mensaje se guarda una sola vez (por id), y la copia del POST solo trae los que faltan', () => {
    const message = text('hola', debug('t1', 'hola'));
    const other = text('otro', debug('t1', 'hola'));
    const conversation = receive(receive({ ...newConversation(), entries: [userEntry('hola')] }, message), message);
    expect(conversation.entries).toHaveLength(2);
    expect(missingFrom(conversation, [message, other])).toEqual([other]);
  });

  it('la prueba guarda textos y postbacks con los skills de su respuesta, y el canal', () => {
    const hola = userEntry('hola');
    const boton = userEntry('Horarios', 'HORARIOS');
    const sinRespuesta = userEntry('nada');
    let conversation: Conversation = { ...newConversation(4), entries: [hola, boton, sinRespuesta] };
    conversation = receive(conversation, text('a', debug('t1', 'hola')));
    conversation = receive(conversation, text('b', debug('t2', 'HORARIOS', { skills: [{ id: 's6', nm: 'Horarios' }, { id: 's7', nm: 'Fin' }] })));
    expect(toPruebaBody('b1', 'Mi prueba', conversation)).toEqual({
      idBot: 'b1',
      nm: 'Mi prueba',
      red: 4,
      pasos: [
        { text: 'hola', skills: ['s1'] },
        { postback: 'HORARIOS', skills: ['s6', 's7'] },
        { text: 'nada', skills: [] },
      ],
    });
  });

  it('los archivos de un mensaje: hasta 5, de 1 byte a 5 MB justos; el límite de cantidad se dice una vez', () => {
    const MB = 1024 * 1024;
    const chosen = [
      { name: 'vacio.txt', size: 0 },
      { name: 'justo.pdf', size: 5 * MB },
      { name: 'grande.pdf', size: 5 * MB + 1 },
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ name: `doc${n}.pdf`, size: 1 })),
    ];
    const { files, refusals } = addChatFiles([], chosen);
    expect(files.map((file) => file.name)).toEqual(['justo.pdf', 'doc1.pdf', 'doc2.pdf', 'doc3.pdf', 'doc4.pdf']);
    expect(refusals).toEqual(['El archivo "vacio.txt" está vacío', 'El archivo "grande.pdf" supera los 5 MB', 'Se pueden adjuntar hasta 5 archivos por mensaje']);
  });

  it('la burbuja del usuario muestra el texto y una línea por archivo; un archivo solo, solo su línea', () => {
    expect(userText(userEntry('mi factura', undefined, ['a.pdf', 'b.png']))).toBe('mi factura\n📎 a.pdf\n📎 b.png');
    expect(userText(userEntry('', undefined, ['a.pdf']))).toBe('📎 a.pdf');
    expect(userText(userEntry('hola'))).toBe('hola');
  });

  it('STOMP va al mismo origen que la API, en ws o wss', () => {
    expect(brokerUrl('http://localhost:5173/api')).toBe('ws://localhost:5173/api/ws');
    expect(brokerUrl('https://quipu.test/api')).toBe('wss://quipu.test/api/ws');
  });

  it('tras perder la conexión reintenta a los 0,5 s, más o menos la mitad al azar', () => {
    expect([0, 0.5, 0.999].map((r) => jitteredDelay(() => r))).toEqual([250, 500, 750]);
  });
});
