// axe-core on the page as the user sees it; serious and critical violations fail the test.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export async function expectAccessible(page: Page, where: string): Promise<void> {
  // Judge the page as it settles, not halfway through a notice's fade-in.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  // label-content-name-mismatch is experimental in axe, so off by default: a control's name must
  // include the text it shows (the user menu's button, WCAG 2.5.3).
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  const grave = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(grave, `axe en ${where}`).toEqual([]);
}
