// The filter operators (server/src/engine/operators.ts) and memory templates (template.ts).
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../server/src/engine/operators';
import { fillTemplate, readPath } from '../../../server/src/engine/template';

describe('evaluate', () => {
  it('IS / IS_NOT: igual sin mayúsculas, tildes ni espacios alrededor; números como números', () => {
    expect(evaluate('IS', '  Bogotá ', 'bogota')).toBe(true);
    expect(evaluate('IS', 'Lima', 'Cusco')).toBe(false);
    expect(evaluate('IS', '2,50', '2.5')).toBe(true);
    expect(evaluate('IS', 3, '3.0')).toBe(true);
    expect(evaluate('IS_NOT', 'Lima', 'Cusco')).toBe(true);
    expect(evaluate('IS_NOT', 'LIMA', 'lima')).toBe(false);
  });

  it('IN / NOT_IN: una lista separada por comas o por punto y coma', () => {
    expect(evaluate('IN', 'Cusco', 'lima, cusco, arequipa')).toBe(true);
    expect(evaluate('IN', 'piura', 'lima;cusco')).toBe(false);
    expect(evaluate('IN', '2,5', '1; 2,5; 3')).toBe(true);
    expect(evaluate('NOT_IN', 'piura', 'lima, cusco')).toBe(true);
    expect(evaluate('NOT_IN', 'Lima', 'lima, cusco')).toBe(false);
  });

  it('MATCHES / MATCHES_NOT: una expresión regular; una inválida es falsa, nunca un error', () => {
    expect(evaluate('MATCHES', 'ABC-123', '^[A-Z]{3}-\\d{3}$')).toBe(true);
    expect(evaluate('MATCHES', 'abc', '^\\d+$')).toBe(false);
    expect(evaluate('MATCHES_NOT', 'abc', '^\\d+$')).toBe(true);
    expect(evaluate('MATCHES', 'abc', '(abc')).toBe(false);
    expect(evaluate('MATCHES_NOT', 'abc', '(abc')).toBe(false);
  });

  it('GREATER_THAN / LOWER_THAN: números, fechas ISO y horas', () => {
    expect(evaluate('GREATER_THAN', '10', '9')).toBe(true);
    expect(evaluate('GREATER_THAN', 2.5, '2,6')).toBe(false);
    expect(evaluate('LOWER_THAN', '-1', '0')).toBe(true);
    expect(evaluate('GREATER_THAN', '2026-03-15', '2026-03-01')).toBe(true);
    expect(evaluate('LOWER_THAN', '2026-03-15', '2026-12-01')).toBe(true);
    expect(evaluate('GREATER_THAN', '9:30', '14:00')).toBe(false);
    expect(evaluate('LOWER_THAN', '09:30', '14:00')).toBe(true);
    expect(evaluate('GREATER_THAN', 'abc', '3')).toBe(false);
    expect(evaluate('LOWER_THAN', '2026-03-15', '14:00')).toBe(false);
  });

  it('IS_PRESENT / IS_ABSENT: un valor no vacío o no', () => {
    expect(evaluate('IS_PRESENT', 'x', null)).toBe(true);
    expect(evaluate('IS_PRESENT', 0, null)).toBe(true);
    expect(evaluate('IS_PRESENT', '  ', null)).toBe(false);
    expect(evaluate('IS_ABSENT', '', null)).toBe(true);
    expect(evaluate('IS_ABSENT', 'x', null)).toBe(false);
  });

  it.each([
    ['IS', false],
    ['IN', false],
    ['MATCHES', false],
    ['GREATER_THAN', false],
    ['LOWER_THAN', false],
    ['IS_PRESENT', false],
    ['', false],
    ['IS_ABSENT', true],
    ['NOT_IN', true],
    ['IS_NOT', true],
    ['MATCHES_NOT', true],
    ['AS', true],
    ['WEBHOOK', true],
  ] as const)('sin valor, %s es %s', (op, expected) => {
    expect(evaluate(op, undefined, 'lima')).toBe(expected);
  });

  it('AS y WEBHOOK no comparan: siempre verdaderos', () => {
    expect(evaluate('AS', 'x', 'y')).toBe(true);
    expect(evaluate('WEBHOOK', 'x', null)).toBe(true);
  });
});

describe('fillTemplate', () => {
  const memory = { nombre: 'Ana', edad: 31, vip: true, pedido: { items: [{ nombre: 'pizza' }, { nombre: 'gaseosa' }], total: 45.5 }, 'cliente.id': 'c-1', nada: null };

  it('reemplaza {{nombre}} y rutas con puntos en objetos y listas', () => {
    expect(fillTemplate('Hola {{nombre}}, tienes {{ edad }} años', memory)).toBe('Hola Ana, tienes 31 años');
    expect(fillTemplate('{{pedido.items.1.nombre}} por S/ {{pedido.total}}', memory)).toBe('gaseosa por S/ 45.5');
    expect(fillTemplate('{{vip}}', memory)).toBe('true');
  });

  it('una clave con punto se lee entera antes que como ruta', () => {
    expect(fillTemplate('{{cliente.id}}', memory)).toBe('c-1');
  });

  it('lo desconocido o nulo queda vacío; un objeto se escribe como JSON', () => {
    expect(fillTemplate('[{{apellido}}][{{nada}}][{{pedido.items.9.nombre}}]', memory)).toBe('[][][]');
    expect(fillTemplate('{{pedido.items.0}}', memory)).toBe('{"nombre":"pizza"}');
  });

  it('deja el texto sin llaves tal cual', () => {
    expect(fillTemplate('Sin datos {nombre}', memory)).toBe('Sin datos {nombre}');
  });
});

describe('readPath', () => {
  const json = { data: { clientes: [{ nombre: 'Ana', tags: ['a', 'b'] }], 'con espacio': 1 }, ok: false };

  it("lee 'a.b.0.c', '$.a.b' y 'a[0].c'", () => {
    expect(readPath(json, 'data.clientes.0.nombre')).toBe('Ana');
    expect(readPath(json, '$.data.clientes[0].tags[1]')).toBe('b');
    expect(readPath(json, "data['con espacio']")).toBe(1);
    expect(readPath(json, 'ok')).toBe(false);
    expect(readPath(json, '$')).toBe(json);
  });

  it('da undefined cuando falta', () => {
    expect(readPath(json, 'data.clientes.3.nombre')).toBeUndefined();
    expect(readPath(json, 'data.nombre.largo')).toBeUndefined();
    expect(readPath('texto', 'a')).toBeUndefined();
    expect(readPath(json, 'data.toString')).toBeUndefined();
  });
});
