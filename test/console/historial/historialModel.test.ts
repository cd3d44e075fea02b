// A file's size as the history shows it beside the file's name: in steps of 1024, one decimal at
// most, with a Spanish decimal comma.
import { describe, expect, it } from 'vitest';
import { formatSize } from '../../../src/pages/historial/historialModel';

describe('formatSize', () => {
  it("dice los bytes de un archivo de menos de 1 KB ('1 byte', '800 bytes')", () => {
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(800)).toBe('800 bytes');
    expect(formatSize(1023)).toBe('1023 bytes');
  });

  it("dice KB, MB y GB con coma decimal ('12 KB', '1,5 MB', '2,3 GB')", () => {
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(12 * 1024)).toBe('12 KB');
    expect(formatSize(12 * 1024 + 700)).toBe('12,7 KB');
    expect(formatSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatSize(2.3 * 1024 ** 3)).toBe('2,3 GB');
  });

  it("lo que redondeado llegaría a 1024 ya es la unidad siguiente ('1 MB', no '1024 KB')", () => {
    expect(formatSize(1024 * 1024 - 10)).toBe('1 MB');
  });
});
