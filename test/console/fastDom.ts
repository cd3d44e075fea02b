// Two of jsdom's DOM reads, answered the same way for less work. Every role query computes the
// accessible name of each candidate, which reads the labels and the computed style of the
// elements involved, and axe reads the computed style of every element; in jsdom these reads
// cost most of a console test's time.
//
// - `labels`: jsdom walks the whole document and, for each label with a `for`, walks it again
//   to find that id. Here the candidates are found from the element's side instead (the labels
//   whose `for` is its id, and its ancestor labels), and kept only if their control is the
//   element, which is the rule itself: a label's control is the element its `for` names, if
//   labelable, or else its first labelable descendant.
// - `getComputedStyle`: jsdom keeps each element's computed style until the document changes,
//   but copies it property by property on every call. Here the copy it made last is returned
//   again while jsdom's own cache still holds (it is replaced on every change to the document or
//   its style sheets). The declaration is read-only, so sharing it changes nothing for a reader.

const LABELABLE = 'button, meter, output, progress, select, textarea, input';

export function isLabelable(element: Element): boolean {
  if (!element.matches(LABELABLE)) return false;
  return element.localName !== 'input' || (element as HTMLInputElement).type !== 'hidden';
}

function firstWithId(root: Node, id: string): Element | null {
  if (root instanceof Document || root instanceof DocumentFragment) return root.getElementById(id);
  if (root instanceof Element) return root.id === id ? root : root.querySelector(`[id="${CSS.escape(id)}"]`);
  return null;
}

export function labelControl(label: HTMLLabelElement): Element | null {
  const forValue = label.getAttribute('for');
  if (forValue !== null) {
    if (forValue === '') return null;
    const target = firstWithId(label.getRootNode(), forValue);
    return target && isLabelable(target) ? target : null;
  }
  for (const descendant of label.querySelectorAll(LABELABLE)) if (isLabelable(descendant)) return descendant;
  return null;
}

export function elementLabels(element: Element): HTMLLabelElement[] | null {
  if (!isLabelable(element)) return null;
  const candidates = new Set<HTMLLabelElement>();
  const root = element.getRootNode();
  if (element.id && (root instanceof Document || root instanceof DocumentFragment || root instanceof Element)) {
    const selector = `label[for="${CSS.escape(element.id)}"]`;
    if (root instanceof Element && root.matches(selector)) candidates.add(root as HTMLLabelElement);
    for (const label of root.querySelectorAll<HTMLLabelElement>(selector)) candidates.add(label);
  }
  for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
    if (ancestor instanceof HTMLLabelElement && !ancestor.hasAttribute('for')) candidates.add(ancestor);
  }
  return [...candidates]
    .filter((label) => labelControl(label) === element)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

const LABELABLE_CLASSES = [
  HTMLButtonElement,
  HTMLInputElement,
  HTMLMeterElement,
  HTMLOutputElement,
  HTMLProgressElement,
  HTMLSelectElement,
  HTMLTextAreaElement,
];

/** jsdom's own getters, kept for the test that compares them with these. */
const jsdomLabelsGetters = new Map(LABELABLE_CLASSES.map((type) => [type.prototype, Object.getOwnPropertyDescriptor(type.prototype, 'labels')!.get!]));
export const jsdomLabels = (element: Element) => jsdomLabelsGetters.get(Object.getPrototypeOf(element))!.call(element) as NodeListOf<HTMLLabelElement>;
export const jsdomControl = Object.getOwnPropertyDescriptor(HTMLLabelElement.prototype, 'control')!.get! as (this: HTMLLabelElement) => Element | null;
const jsdomGetComputedStyle = window.getComputedStyle.bind(window);

export function installFastDom() {
  for (const type of LABELABLE_CLASSES) {
    Object.defineProperty(type.prototype, 'labels', {
      configurable: true,
      enumerable: true,
      get(this: Element) {
        return elementLabels(this);
      },
    });
  }
  Object.defineProperty(HTMLLabelElement.prototype, 'control', {
    configurable: true,
    enumerable: true,
    get(this: HTMLLabelElement) {
      return labelControl(this);
    },
  });

  const impl = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  if (!impl) return;
  const jsdomCache = () => (document as unknown as Record<symbol, { _styleCache: object }>)[impl]._styleCache;
  let cacheSeen = jsdomCache();
  let copies = new WeakMap<Element, CSSStyleDeclaration>();
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (pseudoElement) return jsdomGetComputedStyle(element, pseudoElement);
    if (jsdomCache() !== cacheSeen) {
      copies = new WeakMap();
      cacheSeen = jsdomCache();
    }
    let style = copies.get(element);
    if (!style) {
      style = jsdomGetComputedStyle(element);
      copies.set(element, style);
    }
    return style;
  };
}
