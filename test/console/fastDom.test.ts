// The faster labels and computed styles of fastDom.ts give what jsdom's own give, and follow
// every change to the document.
import { afterEach, describe, expect, it } from 'vitest';
import { elementLabels, jsdomControl, jsdomLabels, labelControl } from './fastDom';

afterEach(() => {
  document.body.innerHTML = '';
  document.head.querySelectorAll('style').forEach((style) => style.remove());
});

const ids = (labels: Iterable<HTMLLabelElement> | null) => (labels === null ? null : [...labels].map((label) => label.id));

const FORMS = `
  <label id="l1" for="a">A</label><input id="a">
  <label id="l2">B <input id="b"><input id="b2"></label>
  <label id="l3" for="a">A otra vez</label>
  <label id="l4" for="oculto">Oculto</label><input id="oculto" type="hidden">
  <label id="l5" for="d">Div</label><div id="d"></div>
  <label id="l6" for="">Vacío</label>
  <label id="l7" for="dup">Primero</label><select id="dup"></select><textarea id="dup"></textarea>
  <label id="l8">Envuelve <span><button id="c">C</button></span> y <label id="l9" for="a">anidada</label></label>
  <label id="l10" for="falta">Nadie</label>
  <label id="l11"><input type="hidden" id="h2"><meter id="m"></meter></label>
  <label id="l12" for="b">B por for</label>
  <label id="l13" for="z">Z<input id="z2"></label><progress id="z"></progress><output id="o"></output>
`;

describe('labels y control', () => {
  it('dan las mismas etiquetas que jsdom para cada control, en el mismo orden', () => {
    document.body.innerHTML = FORMS;
    const elements = [...document.body.querySelectorAll('input, select, textarea, button, meter, progress, output')];
    expect(elements.length).toBeGreaterThan(10);
    for (const element of elements) {
      expect(ids(elementLabels(element)), element.id).toEqual(ids(jsdomLabels(element)));
      expect(ids((element as HTMLInputElement).labels)).toEqual(ids(elementLabels(element)));
    }
    for (const label of document.body.querySelectorAll('label')) {
      expect(labelControl(label), label.id).toBe(jsdomControl.call(label));
    }
    // A few answers spelt out, so the comparison cannot pass by both being empty.
    expect(ids(elementLabels(document.getElementById('a')!))).toEqual(['l1', 'l3', 'l9']);
    expect(ids(elementLabels(document.getElementById('b')!))).toEqual(['l2', 'l12']);
    expect(elementLabels(document.getElementById('oculto')!)).toBeNull();
    expect(ids(elementLabels(document.getElementById('c')!))).toEqual(['l8']);
  });

  it('siguen los cambios de id, de for y del árbol', () => {
    document.body.innerHTML = FORMS;
    const input = document.getElementById('a')!;
    input.id = 'nuevo';
    expect(elementLabels(input)).toEqual([]);
    document.getElementById('l10')!.setAttribute('for', 'nuevo');
    expect(ids(elementLabels(input))).toEqual(['l10']);
    document.getElementById('l2')!.append(input);
    expect(ids(elementLabels(input))).toEqual(['l10']);
    expect(ids(jsdomLabels(input))).toEqual(['l10']);
  });

  it('en un árbol fuera del documento, como jsdom', () => {
    const root = document.createElement('div');
    root.innerHTML = FORMS;
    for (const element of root.querySelectorAll('input, select, textarea, button')) {
      expect(ids(elementLabels(element)), element.id).toEqual(ids(jsdomLabels(element)));
    }
  });
});

describe('getComputedStyle', () => {
  it('sigue las clases, los estilos en línea y las hojas de estilo que cambian', () => {
    document.body.innerHTML = '<div id="x"><span id="y">y</span></div>';
    const x = document.getElementById('x')!;
    const style = document.createElement('style');
    style.textContent = '.oculto { display: none } .tenue { visibility: hidden }';
    document.head.append(style);
    expect(getComputedStyle(x).display).toBe('block');
    expect(getComputedStyle(x)).toBe(getComputedStyle(x));
    x.classList.add('oculto');
    expect(getComputedStyle(x).display).toBe('none');
    x.classList.remove('oculto');
    expect(getComputedStyle(x).display).toBe('block');
    x.style.display = 'inline';
    expect(getComputedStyle(x).display).toBe('inline');
    x.classList.add('tenue');
    expect(getComputedStyle(document.getElementById('y')!).visibility).toBe('hidden');
    style.sheet!.insertRule('#x { visibility: visible !important }', style.sheet!.cssRules.length);
    expect(getComputedStyle(document.getElementById('y')!).visibility).toBe('visible');
    style.remove();
    x.classList.add('oculto');
    expect(getComputedStyle(x).display).toBe('inline');
  });
});
