// One server and one browser per test file; a fresh browser context (no cookies) per page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium';
import { startServer, type RunningServer } from './server';

export interface Quipu {
  server: RunningServer;
  newPage: (options?: { width?: number }) => Promise<Page>;
}

export function setupQuipu(env: Record<string, string> = {}): Quipu {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const quipu = {} as Quipu;
  beforeAll(async () => {
    [quipu.server, browser] = await Promise.all([startServer(env), launchChromium()]);
    quipu.newPage = async ({ width = 1280 } = {}) => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'es-PE', timezoneId: 'America/Lima' });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      return context.newPage();
    };
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await browser?.close();
    await quipu.server?.stop();
  });
  return quipu;
}

export const DEMO_PASSWORD = 'Demo.2026';
