// Shared by the web channel editor's tests: a stored web channel, the calls the editor makes
// (recorded), the clipboard, and opening /canal/web/{id} as a user with channel access.
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { Canal } from '../../../../src/api/canales';
import { WEB_DEFAULTS } from '../../../../common/schemas/canales';
import { newCanal } from '../../../../src/pages/canales/common/canalModel';
import { makeSession } from '../../fixtures';
import { record, renderAdmin, type Call } from '../../resources/support';

export const compania = makeSession({ rol: 'ROLE_COMPANIA', idE: '3' });

export function canalWeb(extra: Partial<Canal> = {}): Canal {
  return {
    ...newCanal('Web'),
    id: 'c1',
    dsc: 'Tienda en línea',
    idE: '3',
    idR: 'r-1',
    b: 'b1',
    bot: 'Asistente Quipu',
    web: { ...structuredClone(WEB_DEFAULTS), domain: ['tienda.ejemplo.com'], headerTitle: 'Tienda Andina' } as Canal['web'],
    rev: 4,
    ...extra,
  };
}

/** GET /ch?id answers `canal`; POST /ch/web answers what was sent, saved (id c9 for a new one, rev + 1). */
export function channelCalls(canal: Canal = canalWeb()) {
  const gets = record('get', '/ch', () => canal);
  const saves = record('post', '/ch/web', ({ body }) => {
    const sent = body as Partial<Canal>;
    return { ...canal, ...sent, id: sent.id ?? 'c9', b: sent.id ? canal.b : null, bot: sent.id ? canal.bot : null, rev: (sent.rev ?? 0) + 1 };
  });
  const bots = record('get', '/bots', () => [
    { id: 'b1', nm: 'Asistente Quipu' },
    { id: 'b2', nm: 'Ventas' },
  ]);
  return { gets, saves, bots };
}

/** Opens the editor and waits for its form (the name field). */
export async function openEditor(id: string) {
  renderAdmin(`/canal/web/${id}`, compania);
  return screen.findByRole('textbox', { name: /Nombre del canal/ });
}

/** The clipboard the browser would give (user-event's setup replaces navigator.clipboard: call after it). */
export function stubClipboard(read: () => Promise<string>) {
  const writes: string[] = [];
  const clipboard = {
    readText: vi.fn(read),
    writeText: vi.fn(async (text: string) => {
      writes.push(text);
    }),
  };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return { clipboard, writes };
}

export type { Call };
