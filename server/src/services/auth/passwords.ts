// Password hashing (scrypt from node:crypto) and generated passwords. The policy for chosen
// passwords is shared with the console: common/passwordPolicy.ts.
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost N used in production (OWASP's minimum with r=8, p=1); tests may pass a lower one to stay fast. */
export const DEFAULT_SCRYPT_N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

// N·r·128 bytes, with headroom: node's default maxmem (32 MiB) is too tight for these costs.
const maxmem = (n: number, r: number) => 256 * n * r + 1024 * 1024;

/** Hashes a password as `scrypt$N$r$p$saltB64$hashB64`. */
export async function hashPassword(plain: string, n: number = DEFAULT_SCRYPT_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(plain.normalize('NFC'), salt, KEY_LENGTH, { N: n, r: R, p: P, maxmem: maxmem(n, R) });
  return ['scrypt', n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `plain` matches the stored hash; false for any malformed hash. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length === 0) return false;
  try {
    const key = await scryptAsync(plain.normalize('NFC'), salt, expected.length, { N: n, r, p, maxmem: maxmem(n, r) });
    return timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<number, Promise<string>>();

/** Spends the time of a real verification, so an unknown login answers as slowly as a known one. */
export async function verifyAgainstDummy(plain: string, n: number = DEFAULT_SCRYPT_N): Promise<false> {
  let hash = dummyHashes.get(n);
  if (!hash) {
    hash = hashPassword(randomBytes(12).toString('base64'), n);
    dummyHashes.set(n, hash);
  }
  await verifyPassword(plain, await hash);
  return false;
}

/** True when a stored hash is weaker than what `n` (with r=8, p=1) gives today: it is rehashed at the next sign-in. */
export function needsRehash(stored: string, n: number = DEFAULT_SCRYPT_N): boolean {
  const [scheme, cost, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(cost) < n || Number(r) < R || Number(p) < P;
}

// Look-alike characters (0/O, 1/l/I) are left out: the password is read from a mail.
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '.-_*#!%+';

/** A random 12-character password with lower and upper case letters, digits and a symbol. */
export function generatePassword(length = 12): string {
  const all = LOWER + UPPER + DIGITS;
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  // Fisher-Yates, so the required classes do not sit at fixed positions.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
