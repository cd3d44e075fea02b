// The registry of conversations an instance answered: a bounded shortcut past the conversation
// table, which still answers for the ones it dropped.
import { describe, expect, it } from 'vitest';
import { ConversationRegistry, type Conversation } from '../../../server/src/realtime/conversations';

const stored = new Map<string, Conversation>([
  ['a', { idBot: 'bot-a', idE: 'e1' }],
  ['b', { idBot: 'bot-b', idE: 'e1', sesion: 's1' }],
  ['c', { idBot: 'bot-c', idE: 'e2' }],
]);

function registry(capacity: number) {
  const looked: string[] = [];
  const conversations = new ConversationRegistry(capacity);
  conversations.lookUpWith(async (psi) => {
    looked.push(psi);
    return stored.get(psi);
  });
  return { conversations, looked };
}

describe('ConversationRegistry', () => {
  it('guarda las conversaciones más recientes y deja de guardar la que menos se usó', async () => {
    const { conversations, looked } = registry(2);
    for (const psi of ['a', 'b', 'c']) conversations.register(psi, stored.get(psi)!);
    expect(await conversations.find('b')).toEqual(stored.get('b'));
    expect(await conversations.find('c')).toEqual(stored.get('c'));
    expect(looked).toEqual([]);
    // 'a' was dropped: the table answers for it.
    expect(await conversations.find('a')).toEqual(stored.get('a'));
    expect(looked).toEqual(['a']);
  });

  it('una conversación que vuelve a hablar pasa a ser la más reciente', async () => {
    const { conversations, looked } = registry(2);
    conversations.register('a', stored.get('a')!);
    conversations.register('b', stored.get('b')!);
    conversations.register('a', stored.get('a')!);
    conversations.register('c', stored.get('c')!);
    await conversations.find('a');
    await conversations.find('b');
    expect(looked).toEqual(['b']);
  });

  it('olvidar una conversación la deja solo en manos de la tabla', async () => {
    const { conversations, looked } = registry(10);
    conversations.register('b', stored.get('b')!);
    conversations.forget('b');
    expect(await conversations.find('b')).toEqual(stored.get('b'));
    expect(await conversations.find('zzz')).toBeUndefined();
    expect(looked).toEqual(['b', 'zzz']);
  });
});
