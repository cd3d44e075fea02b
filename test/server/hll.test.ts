// The sketch of distinct clients (db/hll.ts): a client always lands on the same register, adding
// one twice changes nothing, a merge keeps each register's greater value (four at a time or one by
// one), and the estimate is exact for a handful of clients and within the sketch's error for many.
import { describe, expect, it } from 'vitest';
import { HLL_REGISTERS, addPoint, emptySketch, estimateSketch, mergeSketch, sketchPoint } from '../../server/src/db/hll';

const sketchOf = (ids: string[]) => {
  const sketch = emptySketch();
  for (const id of ids) addPoint(sketch, sketchPoint(id));
  return sketch;
};
const ids = (n: number, prefix = 'c') => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe('boceto de clientes distintos', () => {
  it('un cliente cae siempre en el mismo registro, con un rango de 1 a 51', () => {
    expect(sketchPoint('ana')).toEqual(sketchPoint('ana'));
    for (const id of ids(2000)) {
      const { reg, rank } = sketchPoint(id);
      expect(reg).toBeGreaterThanOrEqual(0);
      expect(reg).toBeLessThan(HLL_REGISTERS);
      expect(rank).toBeGreaterThanOrEqual(1);
      expect(rank).toBeLessThanOrEqual(51);
    }
  });

  it('contar dos veces al mismo cliente no cambia nada; unos pocos clientes se cuentan exactos', () => {
    expect(estimateSketch(emptySketch())).toBe(0);
    const once = sketchOf(ids(7));
    expect(sketchOf([...ids(7), ...ids(7)]).equals(once)).toBe(true);
    for (const n of [1, 2, 7, 50]) expect(estimateSketch(sketchOf(ids(n)))).toBe(n);
  });

  it('unir bocetos da el boceto de todos sus clientes, alineados o no', () => {
    const a = sketchOf(ids(5000, 'a'));
    const b = sketchOf(ids(5000, 'b'));
    const both = sketchOf([...ids(5000, 'a'), ...ids(5000, 'b')]);
    const merged = Buffer.from(a);
    mergeSketch(merged, b);
    expect(merged.equals(both)).toBe(true);
    // A copy one byte into its buffer is merged one register at a time, to the same result.
    const shifted = new Uint8Array(HLL_REGISTERS + 1).subarray(1);
    shifted.set(a);
    mergeSketch(shifted, b);
    expect(Buffer.from(shifted).equals(both)).toBe(true);
  });

  it('con muchos clientes la estimación queda a menos de 3 errores típicos (0,81 % cada uno)', () => {
    for (const n of [20_000, 200_000]) {
      const error = Math.abs(estimateSketch(sketchOf(ids(n, `m${n}`))) - n) / n;
      expect(error, `${n}`).toBeLessThan(3 * 0.0081);
    }
  });
});
