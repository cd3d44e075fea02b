// What any user, at any width, would trip over on a screen besides its layout: errors in the
// browser's console (a failed request among them), buttons that have no name or show nothing,
// and dialogs wider than the screen.
import axe from 'axe-core';
import type { ConsoleMessage, Page } from 'playwright-core';

export interface ConsoleWatch {
  /** The errors logged since the last call, one line each, with the address of the page's server left out. */
  take: () => string[];
}

/** Watches the page's console errors and uncaught exceptions, from now on. */
export function watchConsole(page: Page, baseUrl: string): ConsoleWatch {
  let errors: string[] = [];
  const short = (url: string) => (url.startsWith(baseUrl) ? url.slice(baseUrl.length) || '/' : url);
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    // A failed request is logged as 'Failed to load resource: …' at the request's address.
    const { url, lineNumber } = message.location();
    const at = !url ? '' : /^Failed to load resource/.test(message.text()) ? ` — ${short(url)}` : ` (${short(url)}:${lineNumber})`;
    errors.push(`error en la consola: ${message.text()}${at}`);
  });
  page.on('pageerror', (error) => errors.push(`excepción sin capturar: ${error.message}`));
  return {
    take: () => {
      const taken = errors;
      errors = [];
      return taken;
    },
  };
}

/**
 * Every shown button (button, [role=button], input buttons) that has no accessible name, or that
 * shows nothing: no visible text and no visible icon or image of some size. An empty box fails
 * however it is named. [] when none.
 */
export async function buttonProblems(page: Page): Promise<string[]> {
  // axe's own computation of accessible names, put in the page once per document.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(() => {
    const axe = (window as unknown as { axe: typeof import('axe-core') & { commons: { text: { accessibleText: (el: Element) => string } } } }).axe;
    const problems: string[] = [];
    const buttons: Element[] = [];
    const collect = (from: Element | ShadowRoot) => {
      for (const el of from.querySelectorAll('*')) {
        if (el.matches('button, [role="button"], input[type="button"], input[type="submit"], input[type="reset"], input[type="image"]')) buttons.push(el);
        if (el.shadowRoot) collect(el.shadowRoot);
      }
    };
    collect(document.body);
    const shown = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const sized = (r: DOMRect) => r.width > 1 && r.height > 1;
    const parentOf = (el: Element): Element | null => el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
    /** The part of `r` that the boxes between `from` and `button` (both included) that clip leave to see. */
    const unclipped = (r: DOMRect, from: Element, button: Element): DOMRect | null => {
      let { left, top, right, bottom } = r;
      for (let a: Element | null = from; a; a = a === button ? null : parentOf(a)) {
        const style = getComputedStyle(a);
        if (style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '')) return null;
        if (style.overflow === 'visible') continue;
        const b = a.getBoundingClientRect();
        left = Math.max(left, b.left);
        top = Math.max(top, b.top);
        right = Math.min(right, b.right);
        bottom = Math.min(bottom, b.bottom);
      }
      return right - left > 1 && bottom - top > 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
    };
    const showsSomething = (button: Element): boolean => {
      if (button instanceof HTMLInputElement && button.type !== 'image') return button.value.trim() !== '';
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const parent = text.parentElement;
        if (!parent || !(text.textContent ?? '').trim() || !shown(parent)) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        if (unclipped(range.getBoundingClientRect(), parent, button)) return true;
      }
      for (const el of [button, ...button.querySelectorAll('*')]) {
        if (!shown(el)) continue;
        const seen = () => sized(el.getBoundingClientRect()) && unclipped(el.getBoundingClientRect(), el, button) !== null;
        const image = el instanceof HTMLImageElement ? el.complete && el.naturalWidth > 0 : el.matches('svg, canvas, video, input[type="image"]');
        const style = getComputedStyle(el);
        const drawn = (pseudo: string) => !['none', 'normal', '""', "''"].includes(getComputedStyle(el, pseudo).content);
        if ((image || style.backgroundImage !== 'none' || drawn('::before') || drawn('::after')) && seen()) return true;
      }
      return false;
    };
    const describe = (el: Element, name: string) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = [...el.classList].filter((c) => !/^css-/.test(c)).slice(0, 3).map((c) => `.${c}`).join('');
      const r = el.getBoundingClientRect();
      return `<${el.tagName.toLowerCase()}${id}${cls}>${name ? ` «${name.slice(0, 60)}»` : ''} de ${Math.round(r.width)}×${Math.round(r.height)} px en (${Math.round(r.left)}, ${Math.round(r.top)})`;
    };
    try {
      axe.teardown();
    } catch {
      // not set up
    }
    axe.setup(document);
    try {
      for (const button of buttons) {
        if (!shown(button) || !sized(button.getBoundingClientRect()) || button.closest('[aria-hidden="true"], [inert]')) continue;
        const name = axe.commons.text.accessibleText(button).trim().replace(/\s+/g, ' ');
        if (!name) problems.push(`botón sin nombre accesible: ${describe(button, '')}`);
        if (!showsSomething(button)) problems.push(`botón que no muestra texto ni icono: ${describe(button, name)}`);
      }
    } finally {
      axe.teardown();
    }
    return problems;
  });
}

/** Every shown dialog ([role=dialog], [role=alertdialog], an open <dialog>) wider than the screen or past its sides; [] when none. */
export function dialogProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const dialogs: Element[] = [];
    const collect = (from: Element | ShadowRoot) => {
      for (const el of from.querySelectorAll('*')) {
        if (el.matches('[role="dialog"], [role="alertdialog"], dialog[open]')) dialogs.push(el);
        if (el.shadowRoot) collect(el.shadowRoot);
      }
    };
    collect(document.body);
    const problems: string[] = [];
    for (const dialog of dialogs) {
      const r = dialog.getBoundingClientRect();
      if (!dialog.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || r.width === 0 || r.height === 0) continue;
      if (r.width <= width + 0.5 && r.left >= -0.5 && r.right <= width + 0.5) continue;
      const labelledBy = dialog.getAttribute('aria-labelledby');
      const name = dialog.getAttribute('aria-label') ?? (labelledBy ? (document.getElementById(labelledBy)?.textContent ?? '') : '');
      const cls = [...dialog.classList].filter((c) => !/^css-/.test(c)).slice(0, 2).map((c) => `.${c}`).join('');
      problems.push(`diálogo más ancho que la pantalla (${Math.round(r.left)}…${Math.round(r.right)} px, ${Math.round(r.width)} de ancho, en ${width}): <${dialog.tagName.toLowerCase()}${cls}>${name ? ` «${name.trim()}»` : ''}`);
    }
    return problems;
  });
}
