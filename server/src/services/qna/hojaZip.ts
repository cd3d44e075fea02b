// An .xlsx is a zip: before a reader inflates it, its structure is checked and every entry is
// inflated once, counting the real bytes, so a zip bomb is refused whatever sizes it declares.
import { createInflateRaw } from 'node:zlib';
import { HOJA_EXPANDIDA, HOJA_ILEGIBLE, HojaError } from './hojaFilas';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

const unreadable = () => new HojaError(HOJA_ILEGIBLE);

interface Entry {
  flags: number;
  method: number;
  compressed: number;
  offset: number;
}

/** The end-of-central-directory record's offset; a zip comment may follow it (up to 64 KB). */
function endRecord(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === EOCD) return at;
  }
  throw unreadable();
}

/** The bytes `data` inflates to, refused past `budget`. */
function inflated(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        reject(new HojaError(HOJA_EXPANDIDA));
      }
    });
    inflate.on('error', () => reject(unreadable()));
    inflate.on('end', () => resolve(size));
    inflate.end(data);
  });
}

/**
 * Refuses a zip that is not whole and plain (no zip64, no encryption, stored or deflated entries
 * laid one after another from the start up to the central directory, so a streaming reader sees
 * exactly the entries counted here) or that inflates past `maxInflatedBytes`: first by its
 * declared sizes, then by the bytes each entry really inflates to.
 */
export async function checkZip(zip: Buffer, maxInflatedBytes: number): Promise<void> {
  const end = endRecord(zip);
  const total = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const start = zip.readUInt32LE(end + 16);
  if (zip.readUInt16LE(end + 4) || zip.readUInt16LE(end + 6) || total === 0xffff || start + size > end) throw unreadable();

  const entries: Entry[] = [];
  let declared = 0;
  for (let at = start, i = 0; i < total; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const entry = { flags: zip.readUInt16LE(at + 8), method: zip.readUInt16LE(at + 10), compressed: zip.readUInt32LE(at + 20), offset: zip.readUInt32LE(at + 42) };
    const plain = zip.readUInt32LE(at + 24);
    if ([entry.compressed, plain, entry.offset].includes(0xffffffff) || entry.flags & 1) throw unreadable();
    declared += plain;
    entries.push(entry);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  if (declared > maxInflatedBytes) throw new HojaError(HOJA_EXPANDIDA);

  let expected = 0;
  let budget = maxInflatedBytes;
  for (const entry of entries.sort((a, b) => a.offset - b.offset)) {
    const at = entry.offset;
    if (at !== expected || at + 30 > start || zip.readUInt32LE(at) !== LOCAL) throw unreadable();
    const flags = zip.readUInt16LE(at + 6);
    if (flags !== entry.flags || zip.readUInt16LE(at + 8) !== entry.method) throw unreadable();
    if (!(flags & 8) && zip.readUInt32LE(at + 18) !== entry.compressed) throw unreadable();
    const dataStart = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const dataEnd = dataStart + entry.compressed;
    if (dataEnd > start) throw unreadable();
    const data = zip.subarray(dataStart, dataEnd);
    if (entry.method === 0) budget -= data.length;
    else if (entry.method === 8) budget -= await inflated(data, budget);
    else throw unreadable();
    if (budget < 0) throw new HojaError(HOJA_EXPANDIDA);
    expected = dataEnd;
    if (flags & 8) expected += dataEnd + 4 <= start && zip.readUInt32LE(dataEnd) === DESCRIPTOR ? 16 : 12;
  }
  if (expected !== start) throw unreadable();
}
