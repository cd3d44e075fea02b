// The conversations an instance keeps as it last wrote them (conversation/store.ts): bounded by
// count and by the characters of their state, least recently used dropped first.
import { describe, expect, it } from 'vitest';
import { KeptConversations, type ConversationRow } from '../../server/src/conversation/store';

const row = (id: string, estado = '{}'): ConversationRow => ({ id, idClt: 'c', idSesion: 's', estado, ua: 0, rev: 0, idU: null, clientTest: 0 });

describe('conversaciones guardadas por la instancia', () => {
  it('guarda hasta su capacidad y olvida primero la usada hace más tiempo', () => {
    const kept = new KeptConversations(2, 1_000_000);
    kept.set('a', row('a'));
    kept.set('b', row('b'));
    expect(kept.get('a')?.id).toBe('a');
    kept.set('c', row('c'));
    expect([kept.get('a')?.id, kept.get('b'), kept.get('c')?.id]).toEqual(['a', undefined, 'c']);
  });

  it('no pasa de su presupuesto de caracteres, y un estado demasiado grande no se guarda', () => {
    const kept = new KeptConversations(100, 6400);
    for (const key of ['a', 'b', 'c', 'd']) kept.set(key, row(key, 'x'.repeat(100)));
    kept.set('e', row('e', 'x'.repeat(6300)));
    expect(kept.get('e')).toBeUndefined();
    expect(kept.size).toBe(4);
    for (let i = 0; i < 100; i++) kept.set(`k${i}`, row(`k${i}`, 'x'.repeat(100)));
    expect(kept.size).toBe(64);
    kept.forget('k99');
    expect(kept.size).toBe(63);
  });

  it('lo que se vuelve a guardar reemplaza lo anterior sin contarlo dos veces', () => {
    const kept = new KeptConversations(100, 6400);
    for (let i = 0; i < 200; i++) kept.set('a', row('a', 'x'.repeat(100)));
    expect(kept.size).toBe(1);
    for (let i = 0; i < 63; i++) kept.set(`k${i}`, row(`k${i}`, 'x'.repeat(100)));
    expect(kept.size).toBe(64);
    expect(kept.get('a')).toBeDefined();
  });
});
