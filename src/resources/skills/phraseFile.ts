// Reading a phrase file (.txt, one phrase a line) in the browser. A file that cannot be read, or is
// not text (NUL bytes, mostly control characters), gives null: 'no se puede leer el archivo'.
import { phraseLines } from '../../../common/schemas/skillRules';

function readBytes(file: Blob): Promise<Uint8Array | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result instanceof ArrayBuffer ? new Uint8Array(reader.result) : null);
    reader.onerror = () => resolve(null);
    reader.onabort = () => resolve(null);
    reader.readAsArrayBuffer(file);
  });
}

/** The text of `bytes`: UTF-16 with its BOM, UTF-8, or else Windows-1252 (Notepad's ANSI). Null when binary. */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return null;
    // Tab, line feed, form feed and carriage return are text; the other C0 codes are not.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) control++;
  }
  if (control > bytes.length / 20) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The phrases of a .txt, or null when it cannot be read as text. */
export async function readPhraseFile(file: Blob): Promise<string[] | null> {
  const bytes = await readBytes(file);
  if (!bytes) return null;
  const text = decodeText(bytes);
  return text === null ? null : phraseLines(text);
}
