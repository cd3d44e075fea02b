// Console test set-up: jest-dom matchers, the msw server's lifecycle, DOM cleanup, and a
// matchMedia that answers width queries against the window (MUI's useMediaQuery).
import '@testing-library/jest-dom/vitest';
import { withEmotionCache, type EmotionCache } from '@emotion/react';
import { cleanup, configure, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { installFastDom } from './fastDom';
import { server } from './msw';

installFastDom();

// The styles MUI's components insert stay in the document after they unmount, and a worker keeps
// one document for all its files: thousands of rules that jsdom matches against every element on
// each getComputedStyle, which every role query and axe run calls. After each test, the default
// emotion cache forgets what it inserted and its style elements go, so each test's styles are
// only those of what it renders.
let emotionCache: EmotionCache | undefined;
const ReadCache = withEmotionCache((_props: object, cache: EmotionCache) => {
  emotionCache = cache;
  return null;
});

function forgetStyles() {
  if (!emotionCache) return;
  emotionCache.sheet.flush();
  for (const name of Object.keys(emotionCache.inserted)) delete emotionCache.inserted[name];
}

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
  render(createElement(ReadCache));
  cleanup();
  forgetStyles();
});
afterEach(() => {
  cleanup();
  forgetStyles();
  server.resetHandlers();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());
