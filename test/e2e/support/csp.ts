// Collects what the browser reports about the Content Security Policy: every refusal shows up in
// the console, so a page that works only because nothing was checked cannot pass.
import type { Page } from 'playwright-core';

export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}
