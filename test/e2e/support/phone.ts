// What a phone user would trip over on a screen: a page that scrolls sideways, something wider
// than the screen that is merely clipped instead of scrolling in a box of its own, and a control
// (button, link, input, tab) whose centre another element covers, so a tap lands on that one.
import type { Page } from 'playwright-core';

export const PHONE = { width: 390, height: 844 } as const;

/**
 * Waits until the screen has settled: no request in flight (the progress bar), no 'Cargando...'
 * status, the same layout for a few frames, and its transitions over.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => delete (window as unknown as { __quipuSettle?: unknown }).__quipuSettle);
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __quipuSettle?: { key: string; since: number } };
      const busy =
        document.querySelector('[role="progressbar"]') !== null ||
        [...document.querySelectorAll('[role="status"]')].some((e) => /Cargando/i.test(e.textContent ?? ''));
      const key = `${location.pathname}|${document.body.scrollHeight}|${document.querySelectorAll('*').length}`;
      if (busy || w.__quipuSettle?.key !== key) {
        w.__quipuSettle = { key, since: performance.now() };
        return false;
      }
      return performance.now() - w.__quipuSettle.since > 150;
    },
    undefined,
    { polling: 50, timeout: 15_000 },
  );
  // Transitions that move things, finished; a spinner's never finishes, and a tap's ripple moves nothing.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => !((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest?.('.MuiTouchRipple-root'))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1_500)),
    ]),
  );
}

/**
 * Everything on the current screen a phone user would trip over, one line each; [] when none.
 * The page is scrolled while controls are checked and put back at the top afterwards.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    const describe = (el: Element): string => {
      const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.getAttribute('placeholder') ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const id = el.id ? `#${el.id}` : '';
      const cls = [...el.classList].filter((c) => !/^css-/.test(c)).slice(0, 2).map((c) => `.${c}`).join('');
      return `<${el.tagName.toLowerCase()}${id}${cls}>${name ? ` «${name}»` : ''}`;
    };
    // Every element, those in open shadow roots too (the web chat's live preview is one).
    const all: Element[] = [];
    const collect = (from: Element | ShadowRoot) => {
      for (const el of from.querySelectorAll('*')) {
        all.push(el);
        if (el.shadowRoot) collect(el.shadowRoot);
      }
    };
    collect(document.body);
    const parentOf = (el: Element): Element | null => el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
    const shown = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    // A box of its own: the nearest element (not the page itself) that scrolls or clips sideways
    // and really holds this one. An absolutely placed element escapes the boxes below its
    // containing block, a fixed one every box.
    const ownBox = (el: Element): Element | null => {
      const position = getComputedStyle(el).position;
      if (position === 'fixed') return null;
      const block = position === 'absolute' ? (el as HTMLElement).offsetParent : null;
      for (let a = parentOf(el); a && a !== document.body && a !== root; a = parentOf(a)) {
        if (block && !a.contains(block)) continue;
        if (getComputedStyle(a).overflowX !== 'visible') return a;
      }
      return null;
    };

    // 1. Sideways scroll of the page.
    if (root.scrollWidth > width) problems.push(`la página se desplaza de lado: scrollWidth ${root.scrollWidth} > ${width}`);

    // 2. Anything past the screen's edges that no box of its own (one that scrolls or clips
    //    sideways, other than the page itself) holds: a page that hides its sideways scroll with
    //    overflow-x: hidden still cuts it off. The outermost such element is the one named.
    const pastEdge = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && (r.left < -0.5 || r.right > width + 0.5);
    };
    for (const el of all) {
      if (!shown(el) || !pastEdge(el)) continue;
      // Text for screen readers only, a pixel square: nothing to see or to scroll to.
      const size = el.getBoundingClientRect();
      if (size.width <= 1 && size.height <= 1) continue;
      const box = ownBox(el);
      if (box && !pastEdge(box)) continue;
      const parent = parentOf(el);
      if (parent && parent !== document.body && pastEdge(parent)) continue;
      const r = el.getBoundingClientRect();
      problems.push(`se sale de la pantalla (${Math.round(r.left)}…${Math.round(r.right)} px de ${width}): ${describe(el)}`);
    }

    // 3. Covered controls: the element at a control's centre, once it is scrolled into view, must
    //    be the control, inside it, or one of its ancestors (a control that ignores the pointer).
    const controls = all.filter((el): el is HTMLElement =>
      el.matches('button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="link"], [role="combobox"], [role="checkbox"], [role="switch"]'),
    );
    const scrollX = window.scrollX;
    const scrollY = window.scrollY;
    for (const el of controls) {
      if (!shown(el) || el.closest('[aria-hidden="true"], [inert]') || el.tabIndex < 0 && !el.matches('a[href], [role="tab"]')) continue;
      // The diagram is a canvas the user pans: a node behind its minimap is moved, not tapped.
      if (el.closest('.react-flow__viewport')) continue;
      el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      // A control its own box scrolled out of sight is not on the screen to be covered.
      let clipped = false;
      for (let a = parentOf(el); a && a !== document.body; a = parentOf(a)) {
        if (getComputedStyle(a).overflow === 'visible') continue;
        const b = a.getBoundingClientRect();
        if (x < b.left || x > b.right || y < b.top || y > b.bottom) clipped = true;
      }
      if (clipped || x < 0 || y < 0 || x > width || y > root.clientHeight) continue;
      const hit = (el.getRootNode() as Document | ShadowRoot).elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit) || hit.contains(el)) continue;
      problems.push(`${describe(el)} tapado por ${describe(hit)} en (${Math.round(x)}, ${Math.round(y)})`);
    }
    window.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' });
    return problems;
  });
}
