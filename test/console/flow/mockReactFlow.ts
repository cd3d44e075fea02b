// React Flow measures the page with ResizeObserver, DOMMatrixReadOnly and element sizes, which jsdom
// lacks (React Flow's testing guide). Here the canvas measures 1000 × 600 and a node its drawn
// 220 × 80, so onlyRenderVisibleElements draws the nodes in view the way a browser would; every
// other element keeps the size jsdom gives it. Any test that renders the flow editor installs it.
let installed = false;

export function mockReactFlow() {
  if (installed) return;
  installed = true;
  class ResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback([{ target } as ResizeObserverEntry], this as unknown as globalThis.ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  class DOMMatrixReadOnly {
    m22: number;
    constructor(transform: string) {
      const scale = transform?.match(/scale\(([1-9.]+)\)/)?.[1];
      this.m22 = scale !== undefined ? +scale : 1;
    }
  }
  Object.assign(globalThis, { ResizeObserver, DOMMatrixReadOnly });
  const jsdomSize = (axis: 'offsetWidth' | 'offsetHeight') => Object.getOwnPropertyDescriptor(HTMLElement.prototype, axis)!.get!;
  const original = { width: jsdomSize('offsetWidth'), height: jsdomSize('offsetHeight') };
  const size = (element: HTMLElement, axis: 'width' | 'height') => {
    if (element.classList.contains('react-flow__renderer')) return axis === 'width' ? 1000 : 600;
    if (element.classList.contains('react-flow__node')) return axis === 'width' ? 220 : 80;
    return original[axis].call(element) as number;
  };
  Object.defineProperties(HTMLElement.prototype, {
    offsetWidth: { configurable: true, get(this: HTMLElement) { return size(this, 'width'); } },
    offsetHeight: { configurable: true, get(this: HTMLElement) { return size(this, 'height'); } },
  });
  (SVGElement.prototype as unknown as { getBBox: () => DOMRect }).getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 }) as DOMRect;
}
