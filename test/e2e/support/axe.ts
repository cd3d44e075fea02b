// axe-core on the page as the user sees it. expectAccessible fails on serious and critical
// violations; axeViolations names every violation, whatever its impact.
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

async function violations(page: Page, inPageOnly = false): Promise<Result[]> {
  // Judge the page as it settles, not halfway through a notice's fade-in.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  // label-content-name-mismatch is experimental in axe, so off by default: a control's name must
  // include the text it shows (the user menu's button, WCAG 2.5.3).
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .setLegacyMode(inPageOnly)
    .analyze();
  return results.violations;
}

const line = (v: Result) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`;

export async function expectAccessible(page: Page, where: string): Promise<void> {
  const grave = (await violations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map(line);
  expect(grave, `axe en ${where}`).toEqual([]);
}

/**
 * Every axe violation on the page, minor and moderate ones too, one line each; [] when none.
 * axe runs inside the page only, not in frames from other origins (the console has none), which
 * spares the blank page the default mode opens to merge the frames' results: a third less time.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await violations(page, true)).map(line);
}
