// The msw server of the console tests, answering GET /public/athena by default (as to a visitor
// who is signed out).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { TEST_KEY } from './fixtures';

export const athenaHandler = http.get('*/api/public/athena', () =>
  HttpResponse.json({ k: TEST_KEY, brand: { name: 'Quipu', alt: false }, microsoft: false, sesion: false }),
);

export const aboutHandler = http.get('*/api/public/about', () =>
  HttpResponse.json({ branch: 'main', commitId: '0123456789abcdef', commitTime: '2026-03-04T15:06:00-05:00' }),
);

export const server = setupServer(athenaHandler, aboutHandler);
