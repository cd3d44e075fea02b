// Secrets at rest (encrypted bot extras, later provider tokens): AES-256-GCM with the server's key.
// A ciphertext is `v1.<kid>.<iv>.<tag>.<data>` in base64url, where kid fingerprints the key, so a
// value encrypted elsewhere (an import from another installation) is recognised as such.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SECRET_KEY_BYTES = 32;
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const SECRET_KEY_INVALID = `SECRET_KEY debe ser una clave de ${SECRET_KEY_BYTES} bytes codificada en base64 (por ejemplo: openssl rand -base64 32)`;
export const SECRET_UNREADABLE = 'No se pudo descifrar el valor: está dañado o se cifró con otra clave';

/** The key fingerprint a ciphertext carries: the first 8 bytes of SHA-256(key), base64url. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');
}

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, keyId(key), iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The key fingerprint of a ciphertext, or undefined when the text is not one of ours. */
export function cipherKeyId(cipher: string): string | undefined {
  const parts = cipher.split('.');
  return parts.length === 5 && parts[0] === VERSION ? parts[1] : undefined;
}

/** True when `cipher` was encrypted with `key` (by its fingerprint; decryptSecret still verifies it). */
export function encryptedWith(key: Buffer, cipher: string): boolean {
  return cipherKeyId(cipher) === keyId(key);
}

/** The plain text; throws when the value was altered, is malformed or was encrypted with another key. */
export function decryptSecret(key: Buffer, cipher: string): string {
  const [version, kid, iv, tag, data] = cipher.split('.');
  if (version !== VERSION || kid !== keyId(key) || data === undefined) throw new Error(SECRET_UNREADABLE);
  try {
    const tagBytes = Buffer.from(tag, 'base64url');
    if (tagBytes.length !== TAG_BYTES) throw new Error('tag');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(SECRET_UNREADABLE);
  }
}

/** SECRET_KEY's bytes; refuses (with the Spanish reason) anything but base64 of exactly 32 bytes. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  // Buffer.from skips what is not base64; a re-encoding that differs means the text was not clean base64.
  const clean = trimmed.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (key.length !== SECRET_KEY_BYTES || key.toString('base64').replace(/=+$/, '') !== clean) throw new Error(SECRET_KEY_INVALID);
  return key;
}

export const KEY_FILE = 'secret.key';

/**
 * The embedded default's key: `$DATA_DIR/secret.key` (base64 text, mode 0600), created on the
 * first start and read on every later one. Two processes starting together agree: only one
 * creates the file, the other reads it.
 */
export function keyFromDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written whole under a private name, then linked in place: link fails if the file appeared meanwhile.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  try {
    return parseSecretKey(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`El archivo ${file} no contiene una clave válida de ${SECRET_KEY_BYTES} bytes en base64; restáurelo o defina SECRET_KEY`);
  }
}
