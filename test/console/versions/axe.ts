// axe-core over the rendered page (jsdom: no layout, so colour contrast is left to the end-to-end run).
import axe from 'axe-core';

/** The serious and critical violations, as 'rule: target' lines. */
export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  const { violations } = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}
