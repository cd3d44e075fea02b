// Multipart/form-data bodies as the console builds them, posted signed over their exact bytes.
import type { LightMyRequestResponse } from 'fastify';
import { signRequest } from '../../common/integrity';
import type { Client, TestApp } from './helpers';

export interface Part {
  name: string;
  value: string | Buffer;
  /** A file part's name; a part without one is a field. */
  filename?: string;
}

/** A multipart/form-data body as the console builds it. */
export function multipart(parts: readonly Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----quipu${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? '\r\nContent-Type: application/octet-stream' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs the parts to `url` as the client's signed write. */
export async function postMultipart(t: TestApp, c: Client, url: string, parts: readonly Part[]): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart(parts);
  if (!c.key) await c.athena();
  return c.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...signRequest(c.key!, 'POST', url, payload, t.clock.now) } });
}
