// A signed multipart upload as msw receives it: its exact bytes, its headers and its parts, and
// whether the integrity headers sign exactly those bytes.
import { canonicalText, signature } from '../../common/integrity';
import { SIGNED_IN_KEY, TEST_KEY } from './fixtures';

export interface Upload {
  url: URL;
  contentType: string;
  bytes: Uint8Array;
  headers: Headers;
  form: FormData;
}

/** The request's bytes (read from a clone) and its parts. */
export async function uploadOf(request: Request): Promise<Upload> {
  const bytes = new Uint8Array(await request.clone().arrayBuffer());
  return { url: new URL(request.url), contentType: request.headers.get('Content-Type') ?? '', bytes, headers: request.headers, form: await request.formData() };
}

/** Whether the integrity headers sign exactly these bytes (with the key before or after sign-in). */
export function signedOver(upload: Upload): boolean {
  const ts = upload.headers.get('X-Ts') ?? '';
  const nonce = upload.headers.get('X-Nonce') ?? '';
  const text = canonicalText('POST', upload.url.pathname + upload.url.search, ts, nonce, upload.bytes);
  return [TEST_KEY, SIGNED_IN_KEY].some((key) => signature(key, text) === upload.headers.get('X-Sig'));
}
