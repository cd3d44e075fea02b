// Secrets at rest (encrypted bot extras, channel provider secrets): AES-256-GCM with the server's
// key. A ciphertext is `v2.<kid>.<iv>.<tag>.<data>` in base64url, where kid fingerprints the key, so
// a value encrypted elsewhere (an import from another installation) is recognised as such. A v2
// value is bound to its place (company, bot or channel, and field) as associated data: copied to
// another field, bot or company it no longer decrypts. `v1` values, written before values were
// bound, carry no place; they still decrypt, and are written again as v2 when next saved.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SECRET_KEY_BYTES = 32;
const UNBOUND = 'v1';
const BOUND = 'v2';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const SECRET_KEY_INVALID = `SECRET_KEY debe ser una clave de ${SECRET_KEY_BYTES} bytes codificada en base64 (por ejemplo: openssl rand -base64 32)`;
export const SECRET_UNREADABLE = 'No se pudo descifrar el valor: está dañado o se cifró con otra clave';

/** The key fingerprint a ciphertext carries: the first 8 bytes of SHA-256(key), base64url. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');
}

/** Where a secret lives; encoded as JSON so no choice of ids or names makes two places alike. */
export type SecretPlace = readonly ['extra', idE: string, idBot: string, key: string] | readonly ['canal', idE: string, idCanal: string, name: string];

/** The place of a bot's encrypted extra `key`. */
export const botExtraPlace = (idE: string, idBot: string, key: string): SecretPlace => ['extra', idE, idBot, key];
/** The place of a channel's provider secret `name`. */
export const canalSecretPlace = (idE: string, idCanal: string, name: string): SecretPlace => ['canal', idE, idCanal, name];

const aad = (place: SecretPlace) => Buffer.from(JSON.stringify(place), 'utf8');

/** A v2 ciphertext bound to `place`; without a place, an unbound v1 one (kept for older callers and tests). */
export function encryptSecret(key: Buffer, plain: string, place?: SecretPlace): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (place) cipher.setAAD(aad(place));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [place ? BOUND : UNBOUND, keyId(key), iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The key fingerprint of a ciphertext, or undefined when the text is not one of ours. */
export function cipherKeyId(cipher: string): string | undefined {
  const parts = cipher.split('.');
  return parts.length === 5 && (parts[0] === UNBOUND || parts[0] === BOUND) ? parts[1] : undefined;
}

/** True when `cipher` was encrypted with `key` (by its fingerprint; decryptSecret still verifies it). */
export function encryptedWith(key: Buffer, cipher: string): boolean {
  return cipherKeyId(cipher) === keyId(key);
}

/** True for a v1 value, which is bound to no place. */
export function isUnbound(cipher: string): boolean {
  return cipher.startsWith(`${UNBOUND}.`);
}

/**
 * The plain text; throws when the value was altered, is malformed, was encrypted with another key,
 * or (v2) belongs to another place than `place`. A v1 value ignores the place.
 */
export function decryptSecret(key: Buffer, cipher: string, place?: SecretPlace): string {
  const [version, kid, iv, tag, data] = cipher.split('.');
  if ((version !== UNBOUND && version !== BOUND) || kid !== keyId(key) || data === undefined) throw new Error(SECRET_UNREADABLE);
  if (version === BOUND && !place) throw new Error(SECRET_UNREADABLE);
  try {
    const tagBytes = Buffer.from(tag, 'base64url');
    if (tagBytes.length !== TAG_BYTES) throw new Error('tag');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(tagBytes);
    if (version === BOUND) decipher.setAAD(aad(place!));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(SECRET_UNREADABLE);
  }
}

/** The plain text, or undefined when `cipher` cannot be read at `place`. */
export function readSecret(key: Buffer, cipher: string | null | undefined, place: SecretPlace): string | undefined {
  if (!cipher) return undefined;
  try {
    return decryptSecret(key, cipher, place);
  } catch {
    return undefined;
  }
}

/**
 * The value to keep at `place` for a stored ciphertext: a readable v1 value is written again as v2
 * bound to it; anything else stays as it is.
 */
export function bindSecret(key: Buffer, cipher: string, place: SecretPlace): string {
  if (!isUnbound(cipher)) return cipher;
  const plain = readSecret(key, cipher, place);
  return plain === undefined ? cipher : encryptSecret(key, plain, place);
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
