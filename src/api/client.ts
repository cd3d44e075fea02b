// The console's single instances: API base, HTTP client, progress, session calls and store.
import { createHttpClient } from './http';
import { createProgressStore } from './progress';
import { createSessionApi } from './session';
import { createSessionStore } from './sessionStore';

/** API base (`/api`, configurable at build time through VITE_API_BASE). */
export const API_URL = new URL(import.meta.env.VITE_API_BASE ?? '/api', window.location.origin).href.replace(/\/$/, '');

/** The console's base path (BASE_PATH at build time), without the trailing slash: '' at the root. */
export const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

export const progress = createProgressStore();
export const transport = createHttpClient({ apiUrl: API_URL, progress });
export const session = createSessionApi(API_URL, transport.fetchJson, transport);
export const sessionStore = createSessionStore();
