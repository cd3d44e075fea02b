// The integrity headers of every write call: one implementation, used by the
// console to sign and by the server to verify.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export const SIGNED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const MAX_SKEW_MS = 5 * 60 * 1000;

export interface IntegrityHeaders {
  'X-Ts': string;
  'X-Nonce': string;
  'X-Sig': string;
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64UrlDecode(text: string): Uint8Array {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(normal + '='.repeat((4 - (normal.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The text that is signed: METHOD \n path-with-query \n ts \n nonce \n hex(SHA-256(body)). */
export function canonicalText(method: string, pathWithQuery: string, ts: string, nonce: string, body: Uint8Array | string): string {
  const bytes = typeof body === 'string' ? utf8ToBytes(body) : body;
  return canonicalTextWithHash(method, pathWithQuery, ts, nonce, bytesToHex(sha256(bytes)));
}

/** canonicalText with the body's SHA-256 already in hex (the server hashes with node:crypto). */
export function canonicalTextWithHash(method: string, pathWithQuery: string, ts: string, nonce: string, bodySha256Hex: string): string {
  return [method.toUpperCase(), pathWithQuery, ts, nonce, bodySha256Hex].join('\n');
}

export function signature(key: string, text: string): string {
  return base64UrlEncode(hmac(sha256, base64UrlDecode(key), utf8ToBytes(text)));
}

export function signRequest(key: string, method: string, pathWithQuery: string, body: Uint8Array | string, now = Date.now()): IntegrityHeaders {
  const ts = String(now);
  const nonce = base64UrlEncode(randomBytes(16));
  return { 'X-Ts': ts, 'X-Nonce': nonce, 'X-Sig': signature(key, canonicalText(method, pathWithQuery, ts, nonce, body)) };
}

/** Constant-time comparison of two base64url signatures. */
export function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
