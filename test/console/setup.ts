// Console test set-up: jest-dom matchers, the msw server's lifecycle, DOM cleanup, and a
// matchMedia that answers width queries against the window (MUI's useMediaQuery).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw';

function matchesWidth(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

window.matchMedia = (query: string) =>
  ({
    matches: matchesWidth(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// The admin app's first render imports react-admin: give screens time to appear on a slow machine.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => {
  // A worker may run several files in one window: each file starts from jsdom's own window size
  // and empty storage, as if it had the window to itself.
  for (const [name, value] of [['innerWidth', 1024], ['innerHeight', 768]] as const) {
    Object.defineProperty(window, name, { configurable: true, writable: true, value });
  }
  sessionStorage.clear();
  localStorage.clear();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());
