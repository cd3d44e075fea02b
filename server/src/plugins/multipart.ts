// multipart/form-data bodies for the routes that take a file: the exact bytes stay in
// request.rawBody (the integrity signature covers them), and the parts are read from that buffer.
// Registered by the route plugin that needs it, so no other route accepts a multipart body.
import { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import type { App } from '../types';

/** A file part: the name it was sent with and its bytes. */
export interface MultipartFile {
  filename: string;
  data: Buffer;
}

/** The parts of a multipart body, or why it could not be read. */
export type MultipartForm =
  | { ok: true; fields: Map<string, string>; files: Map<string, MultipartFile> }
  | { ok: false };

export interface MultipartLimits {
  files: number;
  fields: number;
  /** A field's value, in bytes. */
  fieldSize: number;
}

/** The parts of `body`; a malformed body, or one past the limits, reads as { ok: false }. */
export function readMultipart(body: Buffer, contentType: string, limits: MultipartLimits): Promise<MultipartForm> {
  return new Promise((resolve) => {
    const fields = new Map<string, string>();
    const files = new Map<string, MultipartFile>();
    let failed = false;
    const fail = () => {
      failed = true;
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({ headers: { 'content-type': contentType }, limits: { ...limits, parts: limits.files + limits.fields }, defCharset: 'utf8' });
    } catch {
      resolve({ ok: false });
      return;
    }
    const reading: Array<Promise<void>> = [];
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) fail();
      else if (!fields.has(name)) fields.set(name, value);
    });
    parser.on('file', (name, stream, filename) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      reading.push(
        new Promise((done) => {
          stream.on('end', () => {
            if (!files.has(name)) files.set(name, { filename, data: Buffer.concat(chunks) });
            done();
          });
          stream.on('error', () => {
            fail();
            done();
          });
        }),
      );
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) parser.on(limit, fail);
    parser.on('error', () => resolve({ ok: false }));
    parser.on('finish', () => {
      void Promise.all(reading).then(() => resolve(failed ? { ok: false } : { ok: true, fields, files }));
    });
    Readable.from([body]).pipe(parser);
  });
}

/** Accepts multipart/form-data on the routes of `app`'s scope: rawBody keeps the bytes, the body is the parts. */
export function acceptMultipart(app: App, limits: MultipartLimits): void {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    request.rawBody = bytes;
    readMultipart(bytes, String(request.headers['content-type']), limits).then(
      (form) => done(null, form),
      () => done(null, { ok: false }),
    );
  });
}
