// The web channel editor's data: defaults, paste, rgba text, checks.
import { describe, expect, it } from 'vitest';
import {
  formatRgba,
  isCssLength,
  isSiteAddress,
  isWelcomeHeight,
  parseColour,
  parsePastedCanal,
  pasteInto,
  toCopiedJson,
  toWebForm,
  withWebForm,
} from '../../../../src/pages/canales/web/canalWebModel';

describe('valores por defecto del canal web', () => {
  it('un canal nuevo mide 540px de alto por 360px de ancho y su bienvenida 60, en morado y blanco', () => {
    const web = toWebForm(undefined);
    expect(web.height).toBe('540px');
    expect(web.width).toBe('360px');
    expect(web.welcomeHeight).toBe(60);
    expect(web.theme.headerBgColor).toBe('rgba(103, 58, 183, 1)');
    expect(web.theme.background).toBe('rgba(255, 255, 255, 1)');
  });

  it('un canal guardado conserva lo suyo y completa lo que falta, sin campos desconocidos', () => {
    const web = toWebForm({ width: '400px', welcomeHeight: 0, theme: { botBubbleColor: 'rgba(0, 0, 0, 1)', raro: 'x' }, raro: true });
    expect(web.width).toBe('400px');
    expect(web.height).toBe('540px');
    expect(web.welcomeHeight).toBe(0);
    expect(web.theme.botBubbleColor).toBe('rgba(0, 0, 0, 1)');
    expect(web.theme.userBubbleColor).toBe('rgba(255, 255, 255, 1)');
    expect(web.floatingIcon).toBe('');
    expect(web).not.toHaveProperty('raro');
    expect(web.theme).not.toHaveProperty('raro');
  });

  it('un valor del tipo equivocado toma el valor por defecto', () => {
    const web = toWebForm({ width: 360, floating: 'si', domain: ['a.com', 3], welcomeHeight: '90' });
    expect(web.width).toBe('360px');
    expect(web.floating).toBe(true);
    expect(web.domain).toEqual([]);
    expect(web.welcomeHeight).toBe(60);
  });

  it('withWebForm no comparte la lista de sitios con los valores por defecto', () => {
    const a = withWebForm({ web: null });
    a.web.domain.push('tienda.ejemplo.com');
    expect(withWebForm({ web: null }).web.domain).toEqual([]);
  });
});

describe('pegar configuración', () => {
  it("un texto sin llave o que no es JSON no se decodifica ('Error al decodificar canal')", () => {
    expect(parsePastedCanal('hola')).toBeNull();
    expect(parsePastedCanal('[1, 2]')).toBeNull();
    expect(parsePastedCanal('{"dsc": "Tienda"')).toBeNull();
    expect(parsePastedCanal('x {dsc: Tienda}')).toBeNull();
    expect(parsePastedCanal('[{"dsc": "Tienda"}]')).toBeNull();
  });

  it('un JSON con llave reemplaza lo que edita el formulario y conserva id e idR del canal actual', () => {
    const pasted = parsePastedCanal(
      JSON.stringify({ id: 'otro', idE: '99', idR: 'tenant-otro', dsc: 'Tienda', porHora: true, hi: '08:00', hf: '18:00', web: { headerTitle: 'Hola', width: '300px' }, extra: 1 }),
    );
    expect(pasted).not.toBeNull();
    const current = { id: 'c1', idR: 'tenant-1', dsc: 'Antes', porHora: false, hi: null, hf: null, msgFueraHora: 'x', web: toWebForm({ headerTitle: 'Antes' }), secretos: {} };
    const after = pasteInto(current, pasted!);
    expect(after.id).toBe('c1');
    expect(after.idR).toBe('tenant-1');
    expect(after).not.toHaveProperty('idE');
    expect(after).not.toHaveProperty('extra');
    expect(after.dsc).toBe('Tienda');
    expect(after.porHora).toBe(true);
    expect(after.hi).toBe('08:00');
    expect(after.msgFueraHora).toBeNull();
    expect(after.web.headerTitle).toBe('Hola');
    expect(after.web.width).toBe('300px');
    expect(after.web.height).toBe('540px');
    expect(after.secretos).toEqual({});
  });

  it('lo copiado se vuelve a pegar igual', () => {
    const canal = { id: 'c1', name: 'Web', idE: '3', idR: null, activo: true, b: 'b1' };
    const values = { dsc: 'Tienda', porHora: true, hi: '09:00', hf: '17:30', msgFueraHora: null, web: toWebForm({ headerTitle: 'Ventas' }) };
    const copied = toCopiedJson(canal, values);
    expect(JSON.parse(copied)).toMatchObject({ id: 'c1', name: 'Web', idE: '3', b: 'b1', dsc: 'Tienda', web: { headerTitle: 'Ventas' } });
    expect(parsePastedCanal(copied)).toEqual(values);
  });
});

describe('colores rgba', () => {
  it("escribe 'rgba(r, g, b, a)' con canales enteros y alfa de dos decimales", () => {
    expect(formatRgba({ r: 103.4, g: 58, b: 183, a: 1 })).toBe('rgba(103, 58, 183, 1)');
    expect(formatRgba({ r: 300, g: -2, b: 0, a: 0.456 })).toBe('rgba(255, 0, 0, 0.46)');
  });

  it('lee rgba(), rgb() y #hex, y rechaza lo demás', () => {
    expect(parseColour('rgba(103, 58, 183, 0.5)')).toEqual({ r: 103, g: 58, b: 183, a: 0.5 });
    expect(parseColour('rgb(1,2,3)')).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    expect(parseColour('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColour('#673ab780')).toEqual({ r: 103, g: 58, b: 183, a: 0.5 });
    expect(parseColour('rgba(256, 0, 0, 1)')).toBeNull();
    expect(parseColour('rgba(0, 0, 0, 2)')).toBeNull();
    expect(parseColour('morado')).toBeNull();
  });
});

describe('comprobaciones', () => {
  it('altura de bienvenida: un entero de 0 a 150', () => {
    expect([0, 60, 150].map(isWelcomeHeight)).toEqual([true, true, true]);
    expect([-1, 151, 2.5, null, '60'].map(isWelcomeHeight)).toEqual([false, false, false, false, false]);
  });

  it('medidas CSS', () => {
    expect(['360px', '80%', '2.5rem', '0'].every(isCssLength)).toBe(true);
    expect(['360', 'px', 'grande', '10px 5px'].some(isCssLength)).toBe(false);
  });

  it('sitios: dominios u orígenes, sin rutas ni espacios', () => {
    expect(['tienda.ejemplo.com', 'https://tienda.ejemplo.com', 'http://localhost:5173', 'localhost'].every(isSiteAddress)).toBe(true);
    expect(['tienda ejemplo', 'https://tienda.com/pagina', 'ftp://x.com', ''].some(isSiteAddress)).toBe(false);
  });
});
