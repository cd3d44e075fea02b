// The distinct clients of a bot on a day and channel, as a HyperLogLog sketch (table uso_clientes):
// 2^14 one-byte registers, merged by taking each register's maximum, so a range of days and
// channels is the merge of its sketches. Read with Ertl's improved estimator ("New cardinality
// estimation algorithms for HyperLogLog sketches", 2017), whose relative standard error is
// 1.04 / √16384 ≈ 0.81 % at any size, with no bias table.
import { createHash } from 'node:crypto';

export const HLL_PRECISION = 14;
/** Registers of a sketch, one byte each: its size in bytes. */
export const HLL_REGISTERS = 1 << HLL_PRECISION;
/** Bits of the hash after the register's: a rank is 1 to HLL_RANK_BITS + 1. */
const HLL_RANK_BITS = 64 - HLL_PRECISION;

/**
 * Up to this many client-days, a range's distinct clients are counted from chat_cliente_dia (about
 * 4 µs a row where the rows are scattered, so at most some 20 ms); past it, estimated from sketches.
 */
export const EXACT_CLIENT_DAYS = 5_000;

/** Where a client falls in any sketch: its register and the rank it leaves there. */
export interface SketchPoint {
  reg: number;
  rank: number;
}

/** The client's point: the first 64 bits of the SHA-256 of its id, the first 14 the register, the rank one more than the zeros that lead the rest. */
export function sketchPoint(idClt: string): SketchPoint {
  const hash = createHash('sha256').update(idClt, 'utf8').digest();
  const high = hash.readUInt32BE(0);
  const low = hash.readUInt32BE(4);
  const reg = high >>> (32 - HLL_PRECISION);
  const rest = high & ((1 << (32 - HLL_PRECISION)) - 1);
  const zeros = rest !== 0 ? Math.clz32(rest) - HLL_PRECISION : low !== 0 ? 32 - HLL_PRECISION + Math.clz32(low) : HLL_RANK_BITS;
  return { reg, rank: zeros + 1 };
}

/** A sketch of no client (a Buffer, which both databases store as bytes). */
export function emptySketch(): Buffer {
  return Buffer.alloc(HLL_REGISTERS);
}

/** Adds a client's point to a sketch. */
export function addPoint(sketch: Uint8Array, { reg, rank }: SketchPoint): void {
  if (sketch[reg] < rank) sketch[reg] = rank;
}

const HIGH_BITS = 0x80808080;

/** Merges `other` into `sketch`: each register keeps the greater value. */
export function mergeSketch(sketch: Uint8Array, other: Uint8Array): void {
  const n = Math.min(sketch.length, other.length);
  if (n % 4 !== 0 || sketch.byteOffset % 4 !== 0 || other.byteOffset % 4 !== 0) {
    for (let i = 0; i < n; i++) if (other[i] > sketch[i]) sketch[i] = other[i];
    return;
  }
  // Four registers at a time. A register is at most 51, below 128: (a | 0x80 each) - b keeps each
  // byte apart, with its high bit set where a ≥ b; that bit spread over the byte picks a or b.
  const a = new Uint32Array(sketch.buffer, sketch.byteOffset, n / 4);
  const b = new Uint32Array(other.buffer, other.byteOffset, n / 4);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    const keep = Math.imul((((x | HIGH_BITS) - y) & HIGH_BITS) >>> 7, 0xff);
    a[i] = (x & keep) | (y & ~keep);
  }
}

/** How many distinct clients a sketch has seen, estimated (0 for an empty one). */
export function estimateSketch(sketch: Uint8Array): number {
  const m = HLL_REGISTERS;
  const counts = new Array<number>(HLL_RANK_BITS + 2).fill(0);
  for (let i = 0; i < m; i++) counts[Math.min(sketch[i] ?? 0, HLL_RANK_BITS + 1)] += 1;
  if (counts[0] === m) return 0;
  let z = m * tau(1 - counts[HLL_RANK_BITS + 1] / m);
  for (let k = HLL_RANK_BITS; k >= 1; k--) z = 0.5 * (z + counts[k]);
  z += m * sigma(counts[0] / m);
  return Math.round((m * m) / (2 * Math.LN2) / z);
}

function sigma(x: number): number {
  if (x === 1) return Infinity;
  let y = 1;
  let z = x;
  for (;;) {
    x *= x;
    const before = z;
    z += x * y;
    y += y;
    if (z === before) return z;
  }
}

function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  for (;;) {
    x = Math.sqrt(x);
    const before = z;
    y *= 0.5;
    z -= (1 - x) ** 2 * y;
    if (z === before) return z / 3;
  }
}

/**
 * PostgreSQL's get_byte(bytea, n) and set_byte(bytea, n, value) for SQLite, registered on every
 * connection by db/index.ts, so a sketch's register is read and set in SQL alike on both.
 */
export function getByte(blob: Uint8Array, n: number | bigint): number {
  return blob[Number(n)];
}

export function setByte(blob: Uint8Array, n: number | bigint, value: number | bigint): Uint8Array {
  const copy = Buffer.from(blob);
  copy[Number(n)] = Number(value);
  return copy;
}
