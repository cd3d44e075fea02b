// UTF-8 text to and from base64: the Basic header, the encoded login in /renovar/{user} and the
// error query parameter of the login page.
import { base64UrlDecode, base64UrlEncode } from '../../common/integrity';

export function textToBase64Url(text: string): string {
  return base64UrlEncode(new TextEncoder().encode(text));
}

export function textToBase64(text: string): string {
  const url = textToBase64Url(text).replace(/-/g, '+').replace(/_/g, '/');
  return url + '='.repeat((4 - (url.length % 4)) % 4);
}

/** Accepts both alphabets, with or without padding; null when the text is not base64 of UTF-8. */
export function base64ToText(encoded: string): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(base64UrlDecode(encoded.trim().replace(/=+$/, '')));
  } catch {
    return null;
  }
}
